#pragma once
// The exponential mechanism for selection (McSherry & Talwar 2007): choose candidate i with
// probability ∝ exp(eps * score_i / (2 * sensitivity)), where `sensitivity` bounds how much any
// one score can change between neighbouring datasets. It is eps-DP, and eps-bounded range, hence
// eps^2 / 8-zCDP (Cesar & Rogers 2021); charge it as an ExponentialCost (privacy/charge.hpp).
// MST and AIM use it with the non-monotone factor 2 kept, as here (docs/spec/algorithms.md §6).
#include <cstddef>
#include <vector>

#include "base/random.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// The selection probabilities exp(eps (score_i - max) / (2 sensitivity)) / sum_j (same), in
// double precision. Subtracting the maximum score keeps every weight in (0, 1] with the best
// candidate at 1, so nothing overflows; a weight that underflows to 0 (its probability is below
// about 1e-308 relative to the best) is never chosen. Fails for an empty score list, a non-finite
// score, or eps / sensitivity not finite and > 0.
Result<std::vector<double>> exponential_mechanism_probabilities(const std::vector<double>& scores, double epsilon,
                                                                double sensitivity);

// Samples the index of one candidate by inversion: U = uniform_unit() (a multiple of 2^-53) times
// the total weight, then the first i whose cumulative weight exceeds it. Floating-point caveat:
// the probabilities realised are those of the computed double weights, so each differs from the
// exact softmax by a relative rounding error of order n * 2^-53 plus at most 2^-53 absolute from
// the resolution of U; the eps-DP guarantee holds for the exact softmax, so treat it as holding up
// to that error (no integer-exact draw of exp(real) probabilities is attempted here).
Result<size_t> exponential_mechanism(const std::vector<double>& scores, double epsilon, double sensitivity,
                                     RandomSource& random);

}  // namespace privsynth
