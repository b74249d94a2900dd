#include "privacy/noise.hpp"

#include <cmath>
#include <limits>

#include "base/number_text.hpp"

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
    return Status::error(ErrorCode::InvalidArgument, "noise scale " + format_number(scale) +
                                                         " is outside (0, 1e9]; epsilon is too small or invalid");
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
  const uint64_t t = scale.numerator;  // scale = t / s as in CKS Alg. 2
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

namespace {
constexpr double kPi = 3.14159265358979323846;
}  // namespace

double expected_abs_discrete_laplace(double scale) { return scale > 0 ? 1 / std::sinh(1 / scale) : 0; }

double expected_abs_discrete_gaussian(double sigma) {
  if (!(sigma > 0)) return 0;
  // Euler-Maclaurin on sum_z |z| exp(-z^2 / 2 sigma^2): the kink of |z| at 0 leaves a relative
  // -1/(12 sigma^2) against the continuous sigma sqrt(2/pi); the next term is below 1e-12 here.
  if (sigma > 1000) return sigma * std::sqrt(2 / kPi) * (1 - 1 / (12 * sigma * sigma));
  // E|Z| = 2 sum_{z>0} z exp(-z^2 / 2 sigma^2) / (1 + 2 sum_{z>0} exp(-z^2 / 2 sigma^2)), to 40 sigma.
  double weighted = 0, total = 1;
  const long long last = static_cast<long long>(std::ceil(40 * sigma)) + 1;
  for (long long z = 1; z <= last; ++z) {
    const double w = std::exp(-double(z) * double(z) / (2 * sigma * sigma));
    weighted += 2 * double(z) * w;
    total += 2 * w;
  }
  return weighted / total;
}

}  // namespace privsynth
