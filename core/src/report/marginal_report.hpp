#pragma once
// Utility of a synthetic table measured against the real one: total-variation distance between
// their marginal distributions, and the largest error over a marginal workload (the papers'
// delta-accuracy, eq. (2.1) of Boedihardjo et al.). Computed on real data: for the owner's eyes
// only, never part of a release.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data/table.hpp"

namespace privsynth {

struct MarginalDistance {
  std::vector<int> columns;
  double total_variation = 0;  // (1/2) sum over cells |p_real - p_synthetic|
};

struct UtilityReport {
  std::vector<MarginalDistance> one_way, two_way, three_way_sample;
  size_t three_way_total = 0;      // number of 3-way marginals the sample was drawn from
  double max_statistic_error = 0;  // max over cells of marginals of degree 1..d of |p_real - p_synthetic|
  std::vector<int> max_statistic_error_columns;
};

double mean_total_variation(const std::vector<MarginalDistance>& distances);

// The frequencies of a marginal's cells (row-major over `columns`, increasing); all 0 when empty.
std::vector<double> marginal_frequencies(const EncodedTable& table, const std::vector<int>& columns);

// TV distance between the distributions of one marginal in two tables with the same columns.
double marginal_total_variation(const EncodedTable& real, const EncodedTable& synthetic,
                                const std::vector<int>& columns);

// The workload error of Zhou et al.'s Fig. 2 (AIM's measure): over a workload of marginals, the
// normalized L1 distance ||p_real - p_synthetic||_1 (= 2 TV) of each, averaged; a marginal with
// more than `max_cells` cells is left out (the paper's workload holds those of at most 10^6).
struct WorkloadError {
  size_t marginals = 0;  // compared
  size_t skipped = 0;    // over max_cells
  double mean_l1 = 0, worst_l1 = 0;
};
inline constexpr double kWorkloadErrorMaxCells = 1e6;
WorkloadError workload_error(const EncodedTable& real, const EncodedTable& synthetic,
                             const std::vector<std::vector<int>>& workload, double max_cells = kWorkloadErrorMaxCells);

// All 1- and 2-way marginals, a sample of up to `three_way_samples` 3-way marginals chosen with a
// fixed seed (so reports are comparable across runs), and the max error over degree <= d.
UtilityReport evaluate_marginals(const EncodedTable& real, const EncodedTable& synthetic, int degree,
                                 size_t three_way_samples = 50, uint64_t selection_seed = 20221121);

}  // namespace privsynth
