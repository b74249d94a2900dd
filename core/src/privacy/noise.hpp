#pragma once
// Noise. Counts get integer noise from the exact discrete Laplace draws of Canonne,
// Kamath and Steinke ("The Discrete Gaussian for Differential Privacy", NeurIPS 2020, Alg. 2),
// which uses only integer arithmetic, so floating-point attacks on the Laplace mechanism do not apply.
#include <cstdint>

#include "base/random.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// A noise scale held as an exact fraction numerator/denominator.
struct RationalScale {
  uint64_t numerator = 1;
  uint64_t denominator = 1;
  double value() const { return static_cast<double>(numerator) / static_cast<double>(denominator); }
};

inline constexpr double kMaxNoiseScale = 1e9;

// The smallest fraction with denominator 2^20 that is >= scale: rounding up only adds noise, so
// the privacy guarantee computed from `scale` still holds. Fails for scale <= 0, NaN or > 1e9.
Result<RationalScale> rational_scale_at_least(double scale);

// True with probability exp(-numerator / denominator), exactly (CKS 2020, Alg. 1).
bool bernoulli_exp_minus(RandomSource& random, uint64_t numerator, uint64_t denominator);

// Integer Z with P(Z = z) = (1 - a) / (1 + a) * a^|z|, a = exp(-1 / scale) (CKS 2020, Alg. 2).
// Adding it to an integer query of L1 sensitivity D gives (D / scale)-DP.
int64_t sample_discrete_laplace(RandomSource& random, const RationalScale& scale);

// G with P(G = j) = (1 - a) a^j, j = 0, 1, ..., a = exp(-1 / scale): the magnitude step of the
// discrete Laplace noise, exact (CKS 2020, Alg. 2).
uint64_t sample_geometric(RandomSource& random, const RationalScale& scale);

// Real Z with density exp(-|z| / scale) / (2 scale), by inversion at 53-bit resolution. For
// real-valued statistics only; counts use sample_discrete_laplace.
double sample_laplace(RandomSource& random, double scale);

// Mean absolute value of the noise: discrete Laplace of scale b (P(z) ∝ exp(-|z|/b)): exactly
// 1 / sinh(1/b) (<= b, ~ b for b >> 1); discrete Gaussian of parameter sigma: summed exactly up to
// sigma = 1000, above that sigma sqrt(2/pi) (1 - 1/(12 sigma^2)) (Euler-Maclaurin; the continuous
// Gaussian's sigma sqrt(2/pi) is 1/(12 sigma^2) too high).
double expected_abs_discrete_laplace(double scale);
double expected_abs_discrete_gaussian(double sigma);

}  // namespace privsynth
