// marginal-lp, stage 4 (post-processing of the noisy counts): the fit's targets and, for MST, the
// consistent estimates of the measured marginals and the tree model they define.
#include <algorithm>
#include <optional>

#include "graphical_model/estimation.hpp"
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

// Private-PGM's estimate of the measured marginals (McKenna, Sheldon & Miklau 2019), as MST
// uses it: the maximum-likelihood graphical model with potentials on the 1-way marginals and the
// measured tables, fitted to every measurement at its own noise; its marginals on the tables are
// one distribution's, so they agree with each other. Its junction tree is the measured tree (with
// the target in every clique for a target tree). DomainTooLarge when it would hold more than
// kTreeModelCells cells. kTreeModelSteps = 1,000 beat projecting each table on its own
// (estimate_consistent_marginals) on the mean and worst pair, and fewer or more steps did worse
// (more overfit the noise): docs/measured-defaults.md.
Result<ConsistentMarginals> estimate_by_graphical_model(const NoisyMarginalTables& noisy, double one_way_std,
                                                        double table_std, const ProgressSink& progress) {
  std::vector<AttributeSet> sets;
  std::vector<NoisyMarginal> measurements;
  for (size_t c = 0; c < noisy.one_way.size(); ++c) {
    sets.push_back({int(c)});
    measurements.push_back({{int(c)}, noisy.one_way[c], one_way_std, {}});
  }
  for (const MarginalTable& table : noisy.tables) {
    sets.push_back(table.columns);
    measurements.push_back({table.columns, table.counts, table_std, {}});
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(GraphicalModel model, GraphicalModel::create(noisy.levels, sets, kTreeModelCells));
  FitSettings settings;
  settings.iterations = kTreeModelSteps;
  settings.keep_going = [&](int done, int all) { return keep_going(progress, Phase::Fit, double(done) / all); };
  const double total = estimated_total(measurements);
  PRIVSYNTH_RETURN_IF_ERROR(fit_model(model, measurements, total, settings).status());
  const auto probabilities = [&](const AttributeSet& columns) {
    std::vector<double> cells = model.marginal(columns).values;
    for (double& v : cells) v /= total;
    return cells;
  };
  ConsistentMarginals estimates;
  for (size_t c = 0; c < noisy.one_way.size(); ++c) estimates.one_way.push_back(probabilities({int(c)}));
  for (const MarginalTable& table : noisy.tables)
    estimates.tables.push_back({table.columns, probabilities(table.columns)});
  return estimates;
}

}  // namespace

Result<MarginalEstimates> estimate_marginals(const MarginalLpPlan& plan, const std::vector<int>& levels, int target,
                                             const MarginalMeasurements& measured, const ProgressSink& progress) {
  MarginalEstimates estimates;
  PRIVSYNTH_ASSIGN_OR_RETURN(estimates.workload, MarginalWorkload::from_column_sets(levels, measured.sets));
  std::vector<double>& targets = estimates.targets;
  if (!plan.mst) {
    for (double cell : measured.noisy_cells) targets.push_back(std::clamp(cell / measured.noisy_count, 0.0, 1.0));
    return estimates;
  }
  const size_t p = measured.one_way_counts.size();
  const double one_way_std = marginal_noise_std(p, plan.rho_one);
  const double table_std = marginal_noise_std(measured.sets.size() - p, plan.rho_tables);
  const NoisyMarginalTables noisy =
      noisy_tables(levels, measured.one_way_counts, one_way_std, measured.sets, measured.noisy_cells, table_std);
  // The tree fits take Private-PGM's estimate; the LP keeps the projections, whose targets it
  // solves in a third of the time (all of Adult with income as the target, eps = 1: 9 s against 31 s).
  std::optional<ConsistentMarginals> modelled;
  if (plan.by_tree) {
    Result<ConsistentMarginals> by_model = estimate_by_graphical_model(noisy, one_way_std, table_std, progress);
    if (by_model.is_ok()) {
      modelled = std::move(by_model).value();
    } else if (by_model.status().code() != ErrorCode::DomainTooLarge) {
      return by_model.status();
    }
  }
  estimates.estimation = modelled ? "graphical-model" : "projection";
  const ConsistentMarginals consistent =
      modelled ? std::move(*modelled) : estimate_consistent_marginals(noisy, measured.noisy_count);
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
