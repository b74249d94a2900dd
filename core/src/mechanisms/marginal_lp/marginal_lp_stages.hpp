#pragma once
// The stages of a marginal-lp run, in the order marginal_lp.cpp runs them: measure the first
// marginals; compress the domain and derive the noisy record count (post-processing); select and
// measure the tree's tables (MST); estimate consistent marginals and the model they define; fit
// the rows; describe the run for the receipt. A stage that releases something charges it to the
// run's accountant first; everything after the measurements is post-processing of them.
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include <nlohmann/json.hpp>

#include "mechanisms/marginal_lp/marginal_lp.hpp"
#include "statistics/conditional_model.hpp"
#include "statistics/domain_compression.hpp"
#include "statistics/marginal_source.hpp"
#include "statistics/tree_reference.hpp"
#include "statistics/workload.hpp"

namespace privsynth {

// What the run has measured, all of it differentially private, and what follows from it alone.
struct MarginalMeasurements {
  std::vector<std::vector<int>> sets;               // the measured marginals' columns, in the order measured
  std::vector<double> noisy_cells;                  // their noisy cells, in the same order
  std::vector<std::vector<double>> one_way_counts;  // each column's noisy 1-way counts (compressed)
  DomainCompression compression;                    // MST's merging of rare values; the identity otherwise
  std::optional<MarginalSource> compressed;         // the private counts in the compressed domain (unless identity)
  double noisy_count = 1;                           // the mean of the 1-way totals, at least 1
  std::vector<std::vector<double>> one_way_distribution;  // each column's counts clipped at 0, normalized
  // MST: the selected tree's edges (over the features only for a target tree), and a target
  // tree's edges oriented (parent, child) from `root`.
  std::vector<std::vector<int>> tree;
  std::vector<std::pair<int, int>> oriented;
  int root = 0;

  // The private counts in the domain the measurements after compression use.
  const MarginalSource& data(const MarginalSource& original) const { return compressed ? *compressed : original; }
};

// 1. The first release: every column's 1-way marginal (MST), or every marginal of degree 1..d.
Result<MarginalMeasurements> measure_first_marginals(const MechanismContext& context, const MarginalSource& data,
                                                     const MarginalLpOptions& options, const MarginalLpPlan& plan);

// 2. Post-processing of the 1-way counts: MST's domain compression (values whose noisy count is
// below 3 noise standard deviations merge into one per column, or one per group of the column's
// public hierarchy), the noisy record count (the mean of the 1-way totals) and the 1-way
// distributions.
void compress_and_count(const MarginalSource& data, const MarginalLpOptions& options, const MarginalLpPlan& plan,
                        const std::vector<std::vector<LevelGrouping>>& hierarchies, MarginalMeasurements& measured);

// 3. MST: the spanning tree, chosen by the exponential mechanism (with three or more columns),
// and the noisy cells of its tables: its 2-way marginals (plus every pair (target, x) for the LP
// with a target), or for a target tree (target, root) and (target, parent, child) per edge.
Status select_and_measure_tree(const MechanismContext& context, const MarginalSource& data,
                               const MarginalLpOptions& options, const MarginalLpPlan& plan,
                               MarginalMeasurements& measured);

// 4. Post-processing: the fit's targets and, for MST, the consistent estimates' model.
struct MarginalEstimates {
  MarginalWorkload workload;    // every measured marginal, in the compressed domain
  std::vector<double> targets;  // consistent estimates (MST), else the clamped noisy frequencies
  TreeReference mu;             // MST without a target tree: the tree distribution (the LP draws its points from it)
  ConditionalModel model;       // MST: the model the tree fit draws rows from
  // MST: how the measurements became consistent: "graphical-model" (Private-PGM's estimate, the
  // tree fits) or "projection" (each table projected to the simplex, then proportional fitting).
  std::string estimation;
};
// `levels`: the compressed domain's; `progress` gets the graphical model's fit as phase "fit".
Result<MarginalEstimates> estimate_marginals(const MarginalLpPlan& plan, const std::vector<int>& levels, int target,
                                             const MarginalMeasurements& measured, const ProgressSink& progress);

// 5. The synthetic rows (compressed domain): from the tree, or by the reweighting LP over the full
// domain when it fits, else over a reduced space drawn from the tree (or the 1-way product).
struct FittedRows {
  SyntheticRecords records;   // in compressed codes; deferred under MechanismContext::defer_sampling
  nlohmann::json parameters;  // the receipt's fit parameters
  nlohmann::json released;    // the receipt's released by-products
  bool solved_lp = false;
};
Result<FittedRows> fit_rows(const MechanismContext& context, const MarginalLpOptions& options,
                            const MarginalLpPlan& plan, const MarginalMeasurements& measured,
                            const MarginalEstimates& estimates);

// 6. The receipt's description and parameters (without the fit's).
nlohmann::json marginal_lp_description(const MarginalLpPlan& plan);
nlohmann::json marginal_lp_parameters(const MarginalLpOptions& options, const MarginalLpPlan& plan,
                                      const MarginalMeasurements& measured, const MarginalWorkload& workload);

// The noisy cells of every marginal of `workload`, discrete Gaussian noise of std `noise_std` on
// each, charged first as one release ("what") of L2 sensitivity sqrt(#marginals).
Result<std::vector<double>> measure_with_gaussian_noise(const MarginalSource& data, const MarginalWorkload& workload,
                                                        double noise_std, const std::string& what,
                                                        const MechanismContext& context, bool disable_noise);

// {c, d, ...} in increasing order: a marginal's columns as the workload keys them.
std::vector<int> sorted_columns(std::vector<int> columns);

}  // namespace privsynth
