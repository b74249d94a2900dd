#pragma once
// The exact output distribution of one sample of the Reveal-or-Obscure family given the data's
// counts (docs/spec/algorithms.md §1): P_D(x) = gamma / k + (1 - gamma) c_x / n, with gamma fixed (ROO,
// subsampled randomized response) or g(min_x c_x) (DS-ROO). Exact: no sampling involved.
#include <cstdint>
#include <vector>

#include "mechanisms/sampler/obscuring.hpp"

namespace privsynth {

// c_x / n; counts must not all be 0.
std::vector<double> empirical_distribution(const std::vector<uint64_t>& counts);

// gamma / k + (1 - gamma) c_x / n over the k = counts.size() symbols.
std::vector<double> reveal_or_obscure_distribution(const std::vector<uint64_t>& counts, double gamma);

// ROO at epsilon (n = the sum of the counts).
std::vector<double> roo_distribution(const std::vector<uint64_t>& counts, double epsilon);

// DS-ROO with a table made for n = the sum of the counts and k = counts.size().
std::vector<double> ds_roo_distribution(const std::vector<uint64_t>& counts, const DsRooTable& table);

// 1/2 sum_x |p(x) - q(x)| over vectors of the same length.
double total_variation(const std::vector<double>& p, const std::vector<double>& q);

}  // namespace privsynth
