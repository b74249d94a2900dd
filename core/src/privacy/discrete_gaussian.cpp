#include "privacy/discrete_gaussian.hpp"

#include <cmath>

#include "base/number_text.hpp"
#include "privacy/noise.hpp"
#include "privacy/zcdp.hpp"

namespace privsynth {
namespace {
__extension__ typedef unsigned __int128 Uint128;

// Candidates beyond these magnitudes have acceptance probability below exp(-2^55) (and the
// discrete Laplace reaches them with probability below exp(-2^27)); they are rejected without a
// coin, which keeps every product below in 128 bits. Nothing else in the draw is inexact.
constexpr uint64_t kMaxMagnitudeBelowOne = uint64_t{1} << 43;
constexpr uint64_t kMaxMagnitude = uint64_t{1} << 53;
constexpr Uint128 kMaxWholeExponent = Uint128{1} << 62;

uint64_t floor_sqrt(uint64_t q) {
  uint64_t root = static_cast<uint64_t>(std::sqrt(static_cast<double>(q)));
  while (root > 0 && root * root > q) --root;
  while ((root + 1) * (root + 1) <= q) ++root;
  return root;
}

// Bernoulli(exp(-x / y)) for a 128-bit x: exp(-floor(x/y)) * exp(-(x mod y) / y), two independent
// coins from the exact draws of noise.cpp. A whole part >= 2^62 is treated as probability 0.
bool bernoulli_exp_minus_wide(RandomSource& random, Uint128 x, uint64_t y) {
  const Uint128 whole = x / y;
  if (whole >= kMaxWholeExponent) return false;
  return bernoulli_exp_minus(random, static_cast<uint64_t>(whole), 1) &&
         bernoulli_exp_minus(random, static_cast<uint64_t>(x % y), y);
}

uint64_t absolute_value(int64_t y) { return y < 0 ? 0 - static_cast<uint64_t>(y) : static_cast<uint64_t>(y); }
}  // namespace

Result<RationalVariance> rational_variance_at_least(double variance) {
  if (!(variance > 0) || !(variance <= kMaxNoiseVariance)) {
    return Status::error(ErrorCode::InvalidArgument, "noise variance " + format_number(variance) +
                                                         " is outside (0, 1e15]; rho is too small or invalid");
  }
  uint64_t denominator = kMaxVarianceDenominator;
  // Scaling by a power of two is exact in floating point, so ceil() rounds the true product up.
  double numerator = std::ceil(variance * static_cast<double>(denominator));
  while (numerator > static_cast<double>(kMaxVarianceNumerator)) {
    denominator /= 2;
    numerator = std::ceil(variance * static_cast<double>(denominator));
  }
  return RationalVariance{static_cast<uint64_t>(numerator), denominator};
}

// CKS 2020, Algorithm 3: propose Y from a discrete Laplace of scale tau and accept it with
// probability exp(-(|Y| - s^2/tau)^2 / (2 s^2)). Since
//   exp(-|y|/tau) * exp(-(|y| - s^2/tau)^2 / (2 s^2)) = exp(-y^2 / (2 s^2)) * exp(-s^2 / (2 tau^2)),
// the accepted Y is exactly N_Z(0, s^2) for every tau > 0. CKS take tau = floor(s) + 1. With
// s^2 = n/d, their acceptance exponent (|Y| d t - n)^2 / (2 n d t^2) has a denominator of order
// s^4 d^2, beyond the 64-bit coins of noise.cpp for s above ~10. So for s >= 1 we exchange the
// roles: the centre c = floor(s) is the integer and tau = s^2 / c = n / (d c) in [s, 2s), which
// leaves the exponent d (|Y| - c)^2 / (2n) with denominator 2n <= 2^51. For s < 1 we keep CKS's
// tau = 1: exponent (|Y| d - n)^2 / (2 n d), denominator 2nd < 2^41. The acceptance rate is
// >= 0.44 for every s (0.76 for large s), the same as CKS's where s is not just below an integer.
int64_t sample_discrete_gaussian(RandomSource& random, const RationalVariance& variance) {
  const uint64_t n = variance.numerator;
  const uint64_t d = variance.denominator;
  if (n < d) {  // s < 1
    const RationalScale unit_scale{1, 1};
    for (;;) {
      const int64_t y = sample_discrete_laplace(random, unit_scale);
      const uint64_t magnitude = absolute_value(y);
      if (magnitude > kMaxMagnitudeBelowOne) continue;
      const Uint128 shifted = static_cast<Uint128>(magnitude) * d;
      const Uint128 distance = shifted >= n ? shifted - n : n - shifted;
      if (bernoulli_exp_minus_wide(random, distance * distance, 2 * n * d)) return y;
    }
  }
  const uint64_t centre = floor_sqrt(n / d);  // floor(sqrt(n/d)) = floor(sqrt(floor(n/d))) >= 1
  const RationalScale scale{n, d * centre};
  for (;;) {
    const int64_t y = sample_discrete_laplace(random, scale);
    const uint64_t magnitude = absolute_value(y);
    if (magnitude > kMaxMagnitude) continue;
    const Uint128 distance = magnitude >= centre ? magnitude - centre : centre - magnitude;
    if (bernoulli_exp_minus_wide(random, distance * distance * d, 2 * n)) return y;
  }
}

Result<RationalVariance> variance_for_rho(double l2_sensitivity, double rho) {
  const double std = gaussian_noise_std_for_rho(l2_sensitivity, rho);
  return rational_variance_at_least(std * std);
}

}  // namespace privsynth
