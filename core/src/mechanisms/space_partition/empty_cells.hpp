#pragma once
// Noise on cells whose true count is 0, without enumerating them (Kreačić et al., Algorithm 5 and
// Lemma 9; Cormode et al. 2012; docs/spec/algorithms.md §4, discrete variant). With discrete Laplace
// noise Z, P(Z = z) = (1 - a)/(1 + a) a^|z|, a = exp(-1/scale), and an integer threshold t >= 1:
//   an empty cell passes with p = P(Z >= t) = a^t / (1 + a);
//   the number passing among N empty cells is Binomial(N, p);
//   a passing cell's noisy count is t + G, G ~ Geometric: P(G = j) = (1 - a) a^j (memorylessness).
// This gives exactly the distribution of adding Z to every empty cell and keeping those >= t, so it
// is the same epsilon-DP release (post-processing of the Laplace mechanism), in O(passing cells).
#include <cstdint>

#include "base/random.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct ThresholdedNoise {
  RationalScale scale;    // discrete Laplace scale of each count (sensitivity / epsilon, rounded up)
  int64_t threshold = 1;  // a noisy count is released iff it is >= threshold (>= 1)

  // P(Z >= threshold) for one empty cell.
  double pass_probability() const;
};

// Binomial(cells, p), sampled by geometric skips (Devroye, Non-Uniform Random Variate Generation,
// X.4): O(result) time for any number of cells (a double, exact up to 2^53). Call
// check_expected_passing first: `cells` (the empty ones) depends on the data, so it must not decide
// a refusal.
Result<uint64_t> binomial_by_skips(double cells, double p, RandomSource& random);

// DomainTooLarge when `public_cells` * p exceeds `limit`: the threshold is then too low for the
// number of cells. `public_cells` must not depend on the data (all cells, never the empty ones):
// a refusal is an output too.
Status check_expected_passing(double public_cells, double p, uint64_t limit, const std::string& what);

// The noisy count of an empty cell given that it passed: threshold + Geometric.
int64_t passing_empty_count(const ThresholdedNoise& noise, RandomSource& random);

// Z >= threshold for a cell of true count `count`: the explicit treatment, for non-empty cells (and
// as the reference in tests). Returns the noisy count, or 0 when it is below the threshold.
int64_t thresholded_count(int64_t count, const ThresholdedNoise& noise, RandomSource& random);

}  // namespace privsynth
