// marginal-lp, stage 3 (MST workload): the spanning tree of 2-way marginals, chosen by the
// exponential mechanism, and the noisy cells of its tables.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "mechanisms/marginal_lp/marginal_lp_stages.hpp"
#include "privacy/exponential_mechanism.hpp"

namespace privsynth {
namespace {

// Disjoint sets for Kruskal-style tree building.
struct Components {
  explicit Components(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), size_t{0}); }
  size_t find(size_t x) { return parent[x] == x ? x : parent[x] = find(parent[x]); }
  std::vector<size_t> parent;
};

// Each pair's score: the L1 distance between its true counts and the product of the noisy 1-way
// marginals (sensitivity 1: one record moves one true count by 1).
Result<std::vector<double>> pair_scores(const MarginalSource& data, const std::vector<std::vector<int>>& pairs,
                                        const MarginalWorkload& all_pairs,
                                        const std::vector<std::vector<double>>& one_way, double noisy_count) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<int64_t> counts, count_workload(data, all_pairs));
  std::vector<double> scores(pairs.size(), 0.0);
  for (size_t e = 0; e < pairs.size(); ++e) {
    const Marginal& marginal = all_pairs.marginals()[e];
    const std::vector<double>& a = one_way[size_t(pairs[e][0])];
    const std::vector<double>& b = one_way[size_t(pairs[e][1])];
    for (size_t i = 0; i < a.size(); ++i) {
      for (size_t j = 0; j < b.size(); ++j) {
        scores[e] += std::fabs(double(counts[marginal.offset + i * b.size() + j]) - noisy_count * a[i] * b[j]);
      }
    }
  }
  return scores;
}

// MST's selection (docs/spec/algorithms.md §6, step 3): d - 1 rounds of the exponential mechanism
// over the pairs that join two components, each an epsilon_em exponential mechanism
// (MarginalLpPlan::selection_epsilon). A column `excluded` (>= 0: the prediction target, which
// every table will hold) is left out.
Result<std::vector<std::vector<int>>> select_tree(const MarginalSource& data,
                                                  const std::vector<std::vector<double>>& one_way, double noisy_count,
                                                  double epsilon_em, Accountant& accountant, RandomSource& random,
                                                  int excluded) {
  const size_t columns = data.levels().size();
  std::vector<std::vector<int>> pairs;
  for (const std::vector<int>& pair : column_subsets(static_cast<int>(columns), 2)) {
    if (pair[0] != excluded && pair[1] != excluded) pairs.push_back(pair);
  }
  const int p = static_cast<int>(columns) - (excluded >= 0 ? 1 : 0);  // the tree's nodes
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload all_pairs, MarginalWorkload::from_column_sets(data.levels(), pairs));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<double> scores,
                             pair_scores(data, pairs, all_pairs, one_way, noisy_count));
  Components components(columns);
  std::vector<std::vector<int>> chosen;
  for (int round = 1; round < p; ++round) {
    std::vector<size_t> candidates;
    std::vector<double> candidate_scores;
    for (size_t e = 0; e < pairs.size(); ++e) {
      if (components.find(size_t(pairs[e][0])) == components.find(size_t(pairs[e][1]))) continue;
      candidates.push_back(e);
      candidate_scores.push_back(scores[e]);
    }
    PRIVSYNTH_RETURN_IF_ERROR(
        accountant.charge({"selection of tree edge " + std::to_string(round) + " of " + std::to_string(p - 1),
                           "exponential mechanism", ExponentialCost{1.0, epsilon_em}}));
    PRIVSYNTH_ASSIGN_OR_RETURN(size_t pick, exponential_mechanism(candidate_scores, epsilon_em, 1.0, random));
    const std::vector<int>& edge = pairs[candidates[pick]];
    components.parent[components.find(size_t(edge[0]))] = components.find(size_t(edge[1]));
    chosen.push_back(edge);
  }
  return chosen;
}

// The edges of a tree as (parent, child), breadth first from `root`, so parents come first.
std::vector<std::pair<int, int>> orient_tree(const std::vector<std::vector<int>>& edges, int root) {
  std::vector<std::pair<int, int>> oriented;
  std::vector<int> frontier = {root};
  std::vector<bool> used(edges.size(), false);
  for (size_t next = 0; next < frontier.size(); ++next) {
    for (size_t e = 0; e < edges.size(); ++e) {
      if (used[e] || (edges[e][0] != frontier[next] && edges[e][1] != frontier[next])) continue;
      used[e] = true;
      const int child = edges[e][0] == frontier[next] ? edges[e][1] : edges[e][0];
      oriented.push_back({frontier[next], child});
      frontier.push_back(child);
    }
  }
  return oriented;
}

// The tables measured after the selection. A target tree measures (target, root), then (target,
// parent, child) per edge, so that every feature is drawn given the target and its parent.
// Otherwise the tree's 2-way marginals, and with a target (the LP fit) every pair (target, x) as
// well: a classifier of the target needs its joint with each feature, which a spanning tree gives
// for only a few.
std::vector<std::vector<int>> tables_to_measure(const MarginalLpPlan& plan, int p, int target,
                                                MarginalMeasurements& measured) {
  std::vector<std::vector<int>> tables;
  if (plan.target_tree) {
    measured.root = target == 0 ? 1 : 0;
    measured.oriented = orient_tree(measured.tree, measured.root);
    tables.push_back(sorted_columns({target, measured.root}));
    for (const auto& [parent, child] : measured.oriented) tables.push_back(sorted_columns({target, parent, child}));
    return tables;
  }
  tables = measured.tree;
  for (int c = 0; target >= 0 && c < p; ++c) {
    if (c == target) continue;
    std::vector<int> pair = sorted_columns({c, target});
    if (std::find(tables.begin(), tables.end(), pair) == tables.end()) tables.push_back(pair);
  }
  return tables;
}

}  // namespace

std::vector<int> sorted_columns(std::vector<int> columns) {
  std::sort(columns.begin(), columns.end());
  return columns;
}

Status select_and_measure_tree(const MechanismContext& context, const MarginalSource& data,
                               const MarginalLpOptions& options, const MarginalLpPlan& plan,
                               MarginalMeasurements& measured) {
  const MarginalSource& work = measured.data(data);
  const int p = static_cast<int>(work.levels().size());
  const int target = context.target_column;
  if (plan.select) {
    if (!keep_going(context.progress, Phase::Measure, 0.3, "selecting a spanning tree of 2-way marginals")) {
      return Status::error(ErrorCode::Cancelled, "cancelled");
    }
    PRIVSYNTH_ASSIGN_OR_RETURN(
        measured.tree, select_tree(work, measured.one_way_distribution, measured.noisy_count, plan.selection_epsilon,
                                   context.accountant, context.random, plan.target_tree ? target : -1));
  } else if (!plan.target_tree) {
    measured.tree = {{0, 1}};  // two columns: the only pair
  }
  const std::vector<std::vector<int>> tables = tables_to_measure(plan, p, target, measured);
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload workload, MarginalWorkload::from_column_sets(work.levels(), tables));
  PRIVSYNTH_ASSIGN_OR_RETURN(
      const std::vector<double> cells,
      measure_with_gaussian_noise(
          work, workload, marginal_noise_std(tables.size(), plan.rho_tables),
          plan.target_tree ? "noisy cells of the " + std::to_string(tables.size()) +
                                 " tables (target, feature tree edge) of the selected tree"
                           : "noisy cells of the " + std::to_string(tables.size()) + " selected 2-way marginals",
          context, options.test_only_disable_noise));
  measured.noisy_cells.insert(measured.noisy_cells.end(), cells.begin(), cells.end());
  measured.sets.insert(measured.sets.end(), tables.begin(), tables.end());  // the tree's tables first
  return Status::ok();
}

}  // namespace privsynth
