#pragma once
// Bootstrap from a weighted point set (Algorithm 1, step 3): k independent draws with
// probabilities proportional to the weights. Pure post-processing.
#include <cstddef>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Indices of k independent draws from the distribution proportional to `weights` (all >= 0,
// positive sum).
Result<std::vector<size_t>> draw_weighted_indices(const std::vector<double>& weights, size_t k, RandomSource& random);

// k indices that realize `weights` as closely as an integer dataset can (Zhou et al.'s Syn outputs
// a dataset): point i appears floor(k w_i) times, and the remaining rows go to the largest
// remainders k w_i - floor(k w_i) (Hamilton's method), so every count is within 1 of k w_i and
// no sampling error is added. The order is shuffled with `random` (post-processing).
Result<std::vector<size_t>> round_weights_to_rows(const std::vector<double>& weights, size_t k, RandomSource& random);

// The rows of `table` at `indices`, in that order.
EncodedTable select_rows(const EncodedTable& table, const std::vector<size_t>& indices);

}  // namespace privsynth
