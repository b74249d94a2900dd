// marginal-lp, stage 4 (post-processing of the noisy counts): the fit's targets and, for MST, the
// consistent estimates of the measured marginals and the tree model they define.
#include <algorithm>

#include "mechanisms/marginal_lp/marginal_lp_stages.hpp"
#include "statistics/marginal_estimation.hpp"

namespace privsynth {
namespace {

// The target-augmented tree (TAN: Friedman, Geiger & Goldszmidt 1997) of consistent tables:
// tables[0] over {target, root}, then one over {target, parent, child} per oriented edge.
ConditionalModel target_tree_model(const std::vector<int>& levels, int target,
                                   const std::vector<double>& target_marginal, int root,
                                   const std::vector<std::pair<int, int>>& edges,
                                   const std::vector<MarginalTable>& tables) {
  ConditionalModel model{levels, {{target, {}, target_marginal}}};
  model.nodes.push_back(node_from_table(levels, tables[0], root, {target}));
  for (size_t e = 0; e < edges.size(); ++e) {
    model.nodes.push_back(node_from_table(levels, tables[e + 1], edges[e].second, {target, edges[e].first}));
  }
  return model;
}

// The measured marginals as NoisyMarginalTables: sets[0..p) are the 1-way marginals (already in
// one_way_counts), the rest tables whose noisy cells follow in `cells`.
NoisyMarginalTables noisy_tables(const std::vector<int>& levels, const std::vector<std::vector<double>>& one_way_counts,
                                 double one_way_std, const std::vector<std::vector<int>>& sets,
                                 const std::vector<double>& cells, double table_std) {
  NoisyMarginalTables noisy{levels, one_way_counts, one_way_std * one_way_std, {}, table_std * table_std};
  size_t offset = 0;
  for (const std::vector<double>& counts : one_way_counts) offset += counts.size();
  for (size_t s = one_way_counts.size(); s < sets.size(); ++s) {
    size_t size = 1;
    for (int column : sets[s]) size *= size_t(levels[size_t(column)]);
    noisy.tables.push_back({sets[s], std::vector<double>(cells.begin() + std::ptrdiff_t(offset),
                                                         cells.begin() + std::ptrdiff_t(offset + size))});
    offset += size;
  }
  return noisy;
}

}  // namespace

Result<MarginalEstimates> estimate_marginals(const MarginalLpPlan& plan, const std::vector<int>& levels, int target,
                                             const MarginalMeasurements& measured) {
  MarginalEstimates estimates;
  PRIVSYNTH_ASSIGN_OR_RETURN(estimates.workload, MarginalWorkload::from_column_sets(levels, measured.sets));
  std::vector<double>& targets = estimates.targets;
  if (!plan.mst) {
    for (double cell : measured.noisy_cells) targets.push_back(std::clamp(cell / measured.noisy_count, 0.0, 1.0));
    return estimates;
  }
  const size_t p = measured.one_way_counts.size();
  const ConsistentMarginals consistent = estimate_consistent_marginals(
      noisy_tables(levels, measured.one_way_counts, marginal_noise_std(p, plan.rho_one), measured.sets,
                   measured.noisy_cells, marginal_noise_std(measured.sets.size() - p, plan.rho_tables)),
      measured.noisy_count);
  // Consistent estimates as targets gave a lower 2-way error than the clamped noisy frequencies
  // (all of Adult with income as the target, eps = 1).
  for (const std::vector<double>& column : consistent.one_way)
    targets.insert(targets.end(), column.begin(), column.end());
  for (const MarginalTable& t : consistent.tables) targets.insert(targets.end(), t.counts.begin(), t.counts.end());
  if (plan.target_tree) {
    estimates.model = target_tree_model(levels, target, consistent.one_way[size_t(target)], measured.root,
                                        measured.oriented, consistent.tables);
  } else {
    std::vector<PairTable> pairs;
    for (size_t e = 0; e < measured.tree.size(); ++e) {
      pairs.push_back({consistent.tables[e].columns[0], consistent.tables[e].columns[1], consistent.tables[e].counts});
    }
    estimates.mu = tree_from_tables(levels, consistent.one_way[0], pairs);
    estimates.model = model_of_tree(estimates.mu);
  }
  return estimates;
}

}  // namespace privsynth
