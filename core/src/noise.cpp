#include "privsynth/noise.hpp"

#include <cmath>
#include <limits>

#include "privsynth/number_text.hpp"

namespace privsynth {
namespace {
constexpr uint64_t kScaleDenominator = uint64_t{1} << 20;

// Bernoulli(exp(-x / y)) for 0 <= x <= y (CKS 2020, Alg. 1, case gamma in [0, 1]): the number of
// successive successes of Bernoulli(gamma / k), k = 1, 2, ..., is odd with probability exp(-gamma).
bool bernoulli_exp_minus_at_most_one(RandomSource& random, uint64_t x, uint64_t y) {
  uint64_t k = 1;
  while (y <= std::numeric_limits<uint64_t>::max() / (k + 1) && random.bernoulli_ratio(x, y * k)) ++k;
  return k % 2 == 1;
}
}  // namespace

Result<RationalScale> rational_scale_at_least(double scale) {
  if (!(scale > 0) || !(scale <= kMaxNoiseScale)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "noise scale " + format_number(scale) + " is outside (0, 1e9]; epsilon is too small or invalid");
  }
  const double numerator = std::ceil(scale * static_cast<double>(kScaleDenominator));
  return RationalScale{static_cast<uint64_t>(numerator), kScaleDenominator};
}

bool bernoulli_exp_minus(RandomSource& random, uint64_t numerator, uint64_t denominator) {
  // exp(-g) = exp(-1)^floor(g) * exp(-(g - floor(g))), each factor an independent coin.
  uint64_t whole = numerator / denominator;
  for (; whole > 0; --whole) {
    if (!bernoulli_exp_minus_at_most_one(random, 1, 1)) return false;
  }
  return bernoulli_exp_minus_at_most_one(random, numerator % denominator, denominator);
}

uint64_t sample_geometric(RandomSource& random, const RationalScale& scale) {
  const uint64_t t = scale.numerator;    // scale = t / s as in CKS Alg. 2
  const uint64_t s = scale.denominator;
  for (;;) {
    const uint64_t u = random.uniform_below(t);
    if (!bernoulli_exp_minus_at_most_one(random, u, t)) continue;
    uint64_t v = 0;
    while (bernoulli_exp_minus_at_most_one(random, 1, 1)) ++v;
    const uint64_t x = u + t * v;  // geometric with parameter 1 - exp(-1/t)
    return x / s;                  // geometric with parameter 1 - exp(-s/t)
  }
}

int64_t sample_discrete_laplace(RandomSource& random, const RationalScale& scale) {
  for (;;) {
    const uint64_t y = sample_geometric(random, scale);
    const bool negative = random.bernoulli_ratio(1, 2);
    if (negative && y == 0) continue;
    return negative ? -static_cast<int64_t>(y) : static_cast<int64_t>(y);
  }
}

double sample_laplace(RandomSource& random, double scale) {
  const double u = 1.0 - random.uniform_unit();  // in (0, 1]
  const double magnitude = -scale * std::log(u);
  return random.bernoulli_ratio(1, 2) ? -magnitude : magnitude;
}

}  // namespace privsynth
