#pragma once
// The baseline of the ROO paper's comparison (after Raskhodnikova, Sivakumar, Smith & Swanberg):
// release the symbols' counts with discrete Laplace noise, project onto the probability simplex,
// and sample from the result. The histogram is epsilon-DP; every sample drawn from it afterwards
// is post-processing, so N samples cost epsilon, not N epsilon.
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Replace-one neighbours change two counts by one each: L1 sensitivity 2, scale 2 / epsilon
// (rounded up to a fraction, rational_scale_at_least). InvalidArgument for epsilon <= 0.
Result<RationalScale> laplace_histogram_scale(double epsilon);

struct NoisyHistogram {
  std::vector<int64_t> noisy_counts;
  // An L1 projection of the noisy counts onto the simplex: negative counts to 0, then scaled to sum
  // 1 (any point of the simplex at least as far from the clamped vector in each coordinate's
  // direction is equally close in L1, so the proportional one is a projection). Uniform when no
  // count stays positive.
  std::vector<double> probabilities;
};

// counts: one per symbol of the public alphabet (k >= 2).
NoisyHistogram release_laplace_histogram(const std::vector<uint64_t>& counts, const RationalScale& scale,
                                         RandomSource& random);

// The L1 projection above, of any integer vector.
std::vector<double> project_onto_simplex(const std::vector<int64_t>& noisy_counts);

// A symbol with the given probabilities (summing to 1), at 53-bit resolution: post-processing.
uint32_t draw_from_distribution(const std::vector<double>& probabilities, RandomSource& random);

}  // namespace privsynth
