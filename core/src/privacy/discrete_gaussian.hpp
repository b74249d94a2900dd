#pragma once
// Exact discrete Gaussian noise (Canonne, Kamath & Steinke, "The Discrete Gaussian for
// Differential Privacy", NeurIPS 2020, Algorithm 3), integer arithmetic only, built on the exact
// discrete Laplace and Bernoulli(exp(-x/y)) draws of noise.hpp.
//
// Privacy: adding N_Z(0, s^2) to each coordinate of an integer-valued query with L2 sensitivity D2
// is D2^2 / (2 s^2)-zCDP, the same bound as the continuous Gaussian (CKS 2020, Thm. 4); charge it
// with gaussian_zcdp_cost(D2, sqrt(variance.value())) from zcdp.hpp.
#include <cstdint>

#include "base/random.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// The variance parameter s^2 of N_Z(0, s^2) as an exact fraction numerator/denominator.
// (s^2 is the parameter of the pmf ∝ exp(-x^2 / (2 s^2)); the variance of N_Z is slightly below it.)
struct RationalVariance {
  uint64_t numerator = 1;
  uint64_t denominator = 1;
  double value() const { return static_cast<double>(numerator) / static_cast<double>(denominator); }
};

inline constexpr double kMaxNoiseVariance = 1e15;  // s ≈ 3.2e7
inline constexpr uint64_t kMaxVarianceNumerator = uint64_t{1} << 50;
inline constexpr uint64_t kMaxVarianceDenominator = uint64_t{1} << 20;

// The smallest fraction numerator / 2^k >= variance with k <= 20 as large as keeps the numerator
// <= 2^50 (k = 20, i.e. resolution 2^-20, for every variance below 2^30): rounding up only adds
// noise, so the privacy computed from `variance` still holds. Fails for variance <= 0, NaN or > 1e15.
Result<RationalVariance> rational_variance_at_least(double variance);

// The variance (rounded up as above) that makes discrete Gaussian noise on a query of L2
// sensitivity D2 cost exactly rho-zCDP or less: (D2 / sqrt(2 rho))^2 (zcdp.hpp).
Result<RationalVariance> variance_for_rho(double l2_sensitivity, double rho);

// Integer Z with P(Z = z) = exp(-z^2 / (2 s^2)) / sum_{x in Z} exp(-x^2 / (2 s^2)), s^2 = variance,
// exactly. Requires 1 <= numerator <= 2^50 and 1 <= denominator <= 2^20, as every value of
// rational_variance_at_least has. Each proposal is accepted with probability >= 0.44 (0.76 for
// large s), so a draw costs at most about 2.3 proposals on average.
int64_t sample_discrete_gaussian(RandomSource& random, const RationalVariance& variance);

}  // namespace privsynth
