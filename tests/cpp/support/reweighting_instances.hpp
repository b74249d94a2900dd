#pragma once
// Seeded instances of the reweighting LP  min_{h in simplex} max_f |(A h)_f - b_f|  for the LP
// solver tests: correlated records give the marginal frequencies, a uniform perturbation makes the
// targets noisy (so the optimum t* is positive), and the reduced space is drawn uniformly.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data/table.hpp"
#include "lp/reweighting.hpp"
#include "statistics/workload.hpp"

namespace privsynth::testing {

struct ReweightingInstance {
  std::vector<int> levels;
  MarginalWorkload workload;
  EncodedTable points;
  std::vector<double> targets;  // one per statistic
};

// `records` correlated records over `levels`, targets = their frequencies over all marginals up to
// `degree` plus independent uniform noise in [-perturbation, perturbation], and m uniform points.
ReweightingInstance make_reweighting_instance(const std::vector<int>& levels, int degree, size_t m, double perturbation,
                                              uint64_t seed, size_t records = 2000);

// max_f |(A weights)_f - b_f| recomputed with MarginalWorkload::weighted_sum (not the operator).
double max_statistic_error(const ReweightingInstance& instance, const std::vector<double>& weights);

// The first `rows` rows of a table.
EncodedTable first_rows(const EncodedTable& table, size_t rows);

}  // namespace privsynth::testing
