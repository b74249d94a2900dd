// The releases of a marginal-lp run (Zhou et al., Mechanism 1, with MST's measurements: McKenna,
// Miklau & Sheldon 2021), from the plan and calibrations the run itself uses. What the forecast
// cannot know: which tree edges the exponential mechanisms pick, and how far MST's domain
// compression shrinks the tables (their cells are upper bounds).
#include <algorithm>
#include <cmath>
#include <string>

#include "mechanisms/marginal_lp/marginal_lp.hpp"
#include "mechanisms/marginal_lp/marginal_lp_stages.hpp"
#include "privacy/zcdp.hpp"
#include "statistics/workload.hpp"

namespace privsynth {
namespace {

// A discrete Gaussian measurement of `marginals` marginals at cost rho_part, as the run's measure().
Status calibrate(ForecastRelease& release, size_t marginals, double rho_part) {
  PRIVSYNTH_ASSIGN_OR_RETURN(double used, discrete_gaussian_std_used(marginal_noise_std(marginals, rho_part)));
  release.noise = ForecastNoise::DiscreteGaussian;
  release.std = used;
  release.sensitivity = std::sqrt(double(marginals));
  release.rho = gaussian_zcdp_cost(release.sensitivity, release.std);
  return Status::ok();
}

// The tables measured after the selection (the run's `measured`): counts and candidate sets.
Status tree_tables(const MarginalLpPlan& plan, const ForecastInputs& inputs, ForecastRelease& release) {
  const int p = int(inputs.levels.size()), target = inputs.target_column;
  std::vector<std::vector<int>> feature_pairs;  // pairs of the tree's nodes
  for (const std::vector<int>& pair : column_subsets(p, 2)) {
    if (!plan.target_tree || (pair[0] != target && pair[1] != target)) feature_pairs.push_back(pair);
  }
  if (plan.target_tree) {
    // {target, root}, then {target, parent, child} per edge of the tree over the features.
    const int root = target == 0 ? 1 : 0;
    release.release = "tables (target, tree edge)";
    release.what = "noisy cells of (target, first feature) and of (target, parent, child) for each of the " +
                   std::to_string(plan.tree_nodes - 1) + " edges of the tree over the features";
    release.column_sets = {sorted_columns({target, root})};
    release.chosen = size_t(plan.tree_nodes - 1);
    for (const std::vector<int>& pair : feature_pairs)
      release.candidate_sets.push_back(sorted_columns({target, pair[0], pair[1]}));
  } else {
    release.release = "tree edges (2-way marginals)";
    release.what = "noisy cells of the " + std::to_string(p - 1) + " 2-way marginals of the spanning tree";
    if (plan.select) {
      release.chosen = size_t(p - 1);
      release.candidate_sets = feature_pairs;
    } else {
      release.column_sets = {{0, 1}};  // two columns: the only pair
    }
  }
  release.marginals = release.column_sets.size() + release.chosen;
  release.marginals_max = release.marginals;
  if (target >= 0 && !plan.target_tree) {
    // The LP fit with a target measures every pair (target, x) too: those not already tree edges.
    release.release = "tree edges and pairs (target, x)";
    release.what += ", and of each pair (target, x) that is not a tree edge";
    release.marginals_max = size_t(2 * p - 3);
    release.notes.push_back("between " + std::to_string(p - 1) + " and " + std::to_string(2 * p - 3) +
                            " tables, depending on how many tree edges touch the target; the std assumes the most");
  }
  return calibrate(release, release.marginals_max, plan.rho_tables);
}

}  // namespace

Result<MechanismForecast> forecast_marginal_lp(const MarginalLpOptions& options, const ForecastInputs& inputs) {
  const int p = int(inputs.levels.size());
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalLpPlan planned, plan_marginal_lp(options, p, inputs.target_column));
  const MarginalLpPlan& plan = planned;
  MechanismForecast forecast;
  forecast.zcdp = true;
  forecast.epsilon = options.epsilon;
  forecast.delta = options.delta;
  forecast.rho = plan.rho;

  // First release: every 1-way marginal (MST), or every marginal of degree 1..d (workload "all").
  std::vector<std::vector<int>> sets;
  for (int c = 0; c < p; ++c) sets.push_back({c});
  if (!plan.mst && options.workload == MarginalWorkloadChoice::AllUpToDegree) {
    PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload all, MarginalWorkload::all_up_to_degree(inputs.levels, options.degree));
    sets.clear();
    for (const Marginal& marginal : all.marginals()) sets.push_back(marginal.columns);
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload first, MarginalWorkload::from_column_sets(inputs.levels, sets));
  ForecastRelease one;
  const bool all = options.workload == MarginalWorkloadChoice::AllUpToDegree;
  one.release = all ? "marginals of degree 1.." + std::to_string(options.degree) : "1-way marginals";
  one.what = all ? "noisy cells of every marginal of degree 1.." + std::to_string(options.degree)
                 : "noisy cells of the 1-way marginal of every column; their mean total is the noisy record count n~";
  one.column_sets = sets;
  one.marginals = sets.size();
  PRIVSYNTH_RETURN_IF_ERROR(calibrate(one, one.marginals, plan.rho_one));
  if (plan.mst && options.compress_domain) {
    one.notes.push_back("values whose noisy count is below 3 std (" + std::to_string(3 * one.std) +
                        ") merge into one per column before the 2-way tables are measured (MST's compression)");
    for (size_t c = 0; c < inputs.hierarchies.size(); ++c) {
      if (inputs.hierarchies[c].empty()) continue;
      one.notes.push_back(hierarchy_summary(inputs.names[c], inputs.levels[c], inputs.hierarchies[c]) +
                          ": its rare values merge into one per group of its finest level");
    }
  }
  forecast.releases.push_back(one);

  size_t fit_cells = first.statistic_count(), fit_marginals = sets.size();
  if (plan.mst) {
    if (plan.select) {
      ForecastRelease selection;
      selection.release = "tree selection";
      selection.noise = ForecastNoise::ExponentialMechanism;
      selection.selections = size_t(plan.tree_nodes - 1);
      selection.what = std::to_string(selection.selections) +
                       " exponential mechanisms pick the spanning tree's edges, scored by the L1 distance of each "
                       "pair's counts from the product of the noisy 1-way marginals";
      selection.sensitivity = 1;
      selection.epsilon = plan.selection_epsilon;
      selection.rho = double(selection.selections) * exponential_mechanism_zcdp_cost(plan.selection_epsilon);
      forecast.releases.push_back(selection);
    }
    ForecastRelease tables;
    PRIVSYNTH_RETURN_IF_ERROR(tree_tables(plan, inputs, tables));
    // The LP's statistics, typically: the known tables, and the chosen ones at the median size of
    // their candidates (before MST's compression, which can only shrink them).
    std::vector<size_t> cells;
    for (const std::vector<int>& set : tables.candidate_sets) cells.push_back(make_marginal(inputs.levels, set).cells);
    for (const std::vector<int>& set : tables.column_sets) fit_cells += make_marginal(inputs.levels, set).cells;
    if (!cells.empty()) {
      std::nth_element(cells.begin(), cells.begin() + std::ptrdiff_t((cells.size() - 1) / 2), cells.end());
      fit_cells += (tables.marginals_max - tables.column_sets.size()) * cells[(cells.size() - 1) / 2];
    }
    fit_marginals += tables.marginals_max;
    forecast.releases.push_back(tables);
  }

  forecast.fit.kind = plan.target_tree ? "target-tree" : "tree";
  forecast.fit.marginals = fit_marginals;
  forecast.fit.statistics = fit_cells;
  forecast.synthetic_rows = options.synthetic_rows;
  if (plan.by_tree) {
    // One fit of the graphical model of the measured tables (no rounds); its junction tree holds
    // about the tables' cells.
    ModelFitCost model;
    model.final_iterations = kTreeModelSteps;
    model.model_cells = double(fit_cells);
    forecast.fit.model = model;
  } else {
    double domain = 1;
    for (int level : inputs.levels) domain *= level;
    const bool full_domain = domain <= double(options.full_domain_limit);
    const ReducedSpaceSchedule schedule = full_domain ? ReducedSpaceSchedule{size_t(domain), size_t(domain), 0}
                                                      : reduced_space_schedule(options, fit_cells, 0);
    forecast_lp_fit(options, schedule, full_domain, 0, forecast.fit);
    if (plan.mst && options.compress_domain && !full_domain) {
      forecast.notes.push_back("the LP runs over the full domain when the compressed domain has at most " +
                               std::to_string(options.full_domain_limit) +
                               " cells; the forecast assumes no compression");
    }
  }
  if (options.test_only_disable_noise)
    forecast.notes.push_back("testOnlyDisableNoise: the run adds no noise (NOT PRIVATE)");
  return forecast;
}

}  // namespace privsynth
