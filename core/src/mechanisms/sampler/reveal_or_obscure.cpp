#include "mechanisms/sampler/reveal_or_obscure.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {
namespace {

constexpr uint64_t kTwoTo53 = uint64_t{1} << 53;

uint32_t uniform_record_symbol(const std::vector<uint32_t>& symbols, RandomSource& random) {
  return symbols[random.uniform_below(symbols.size())];
}

}  // namespace

bool draw_at_least(double p, RandomSource& random) {
  const double scaled = std::ceil(std::clamp(p, 0.0, 1.0) * static_cast<double>(kTwoTo53));
  return random.bernoulli_ratio(static_cast<uint64_t>(scaled), kTwoTo53);
}

uint32_t draw_reveal_or_obscure(const std::vector<uint32_t>& symbols, uint32_t k, double gamma, RandomSource& random) {
  if (draw_at_least(gamma, random)) return static_cast<uint32_t>(random.uniform_below(k));  // obscure
  return uniform_record_symbol(symbols, random);                                            // reveal
}

uint32_t draw_subsampled_randomized_response(const std::vector<uint32_t>& symbols, uint32_t k, double epsilon0,
                                             RandomSource& random) {
  const uint32_t record = uniform_record_symbol(symbols, random);
  // P(another symbol) = (k - 1) / (e^eps0 + k - 1), rounded up (more randomization, less loss).
  const double change = static_cast<double>(k - 1) / (std::exp(epsilon0) + static_cast<double>(k - 1));
  if (!draw_at_least(change, random)) return record;
  const uint32_t other = static_cast<uint32_t>(random.uniform_below(k - 1));
  return other < record ? other : other + 1;
}

}  // namespace privsynth
