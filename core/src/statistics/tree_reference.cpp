#include "statistics/tree_reference.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "statistics/conditional_model.hpp"
#include "statistics/workload.hpp"

namespace privsynth {
namespace {

double mutual_information(const PairTable& pair, int rows, int columns) {
  double total = 0;
  for (double c : pair.counts) total += c;
  if (!(total > 0)) return 0;
  std::vector<double> row_sum(static_cast<size_t>(rows), 0.0), column_sum(static_cast<size_t>(columns), 0.0);
  for (int a = 0; a < rows; ++a) {
    for (int b = 0; b < columns; ++b) {
      const double c = pair.counts[static_cast<size_t>(a * columns + b)];
      row_sum[static_cast<size_t>(a)] += c;
      column_sum[static_cast<size_t>(b)] += c;
    }
  }
  double information = 0;
  for (int a = 0; a < rows; ++a) {
    for (int b = 0; b < columns; ++b) {
      const double c = pair.counts[static_cast<size_t>(a * columns + b)];
      if (c > 0) information += c / total * std::log(c * total / (row_sum[size_t(a)] * column_sum[size_t(b)]));
    }
  }
  return information;
}

// Normalizes `weights` in place; all zero becomes uniform.
void normalize_or_uniform(std::vector<double>& weights) {
  double total = 0;
  for (double w : weights) total += w;
  for (double& w : weights) w = total > 0 ? w / total : 1.0 / double(weights.size());
}

// The distribution of one column of a pair table, P(column = x).
std::vector<double> one_way(const PairTable& pair, int column, const std::vector<int>& levels) {
  const int rows = levels[size_t(pair.first)], columns = levels[size_t(pair.second)];
  std::vector<double> sums(static_cast<size_t>(column == pair.first ? rows : columns), 0.0);
  for (int a = 0; a < rows; ++a) {
    for (int b = 0; b < columns; ++b)
      sums[size_t(column == pair.first ? a : b)] += pair.counts[size_t(a * columns + b)];
  }
  normalize_or_uniform(sums);
  return sums;
}

// P(child | parent) from a pair table (negative counts as 0; a parent level with no mass gets the
// child's marginal): the one-parent case of node_from_table.
std::vector<double> conditional(const PairTable& pair, int parent, const std::vector<int>& levels) {
  const int child = pair.first == parent ? pair.second : pair.first;
  return node_from_table(levels, MarginalTable{{pair.first, pair.second}, pair.counts}, child, {parent}).conditional;
}

}  // namespace

Result<TreeReferencePlan> plan_tree_reference(const std::vector<int>& levels, double epsilon, size_t max_cells) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the tree reference's epsilon"));
  const int p = static_cast<int>(levels.size());
  if (p < 1) return Status::error(ErrorCode::InvalidArgument, "the tree reference needs at least one column");
  std::vector<std::vector<int>> sets = p == 1 ? std::vector<std::vector<int>>{{0}} : column_subsets(p, 2);
  Result<MarginalWorkload> workload = MarginalWorkload::from_column_sets(levels, sets, max_cells);
  if (!workload.is_ok()) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the tree reference measures every 2-way marginal, and these " + std::to_string(p) +
                             " columns have more than " + std::to_string(max_cells) +
                             " pair cells; choose fewer columns or bins, or the uniform reference");
  }
  const double sensitivity = workload.value().l1_sensitivity_add_remove();  // one cell per pair table
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale scale, rational_scale_at_least(sensitivity / epsilon));
  return TreeReferencePlan{std::move(workload).value(), scale};
}

Result<TreeReference> release_tree_reference(const MarginalSource& data, double epsilon, Accountant& accountant,
                                             RandomSource& random, bool disable_noise, size_t max_cells) {
  const std::vector<int>& levels = data.levels();
  PRIVSYNTH_ASSIGN_OR_RETURN(TreeReferencePlan plan, plan_tree_reference(levels, epsilon, max_cells));
  const int p = static_cast<int>(levels.size());
  const MarginalWorkload& workload = plan.workload;
  // Every pair table is read before the charge: a missing one refuses the run unspent.
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<int64_t> counts, count_workload(data, workload));
  TreeReference tree;
  tree.levels = levels;
  tree.epsilon = epsilon;
  tree.measured_cells = workload.statistic_count();
  const double sensitivity = workload.l1_sensitivity_add_remove();
  tree.scale = plan.scale;
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
      {p == 1 ? std::string("noisy 1-way marginal, reference measure")
              : "noisy cell counts of all " + std::to_string(workload.marginals().size()) + " 2-way marginals (" +
                    std::to_string(tree.measured_cells) + " cells), tree reference measure",
       "discrete Laplace", LaplaceCost{sensitivity, tree.scale.value(), epsilon}}));

  std::vector<double> noisy(counts.size());
  for (size_t i = 0; i < counts.size(); ++i) {
    const int64_t value = counts[i] + (disable_noise ? 0 : sample_discrete_laplace(random, tree.scale));
    noisy[i] = static_cast<double>(std::max<int64_t>(value, 0));
  }
  if (p == 1) {
    tree.root_marginal = noisy;
    normalize_or_uniform(tree.root_marginal);
    return tree;
  }

  // Everything below is post-processing of the noisy pair tables.
  std::vector<PairTable> pairs;
  std::vector<std::vector<size_t>> pair_of(size_t(p), std::vector<size_t>(size_t(p), 0));
  for (const Marginal& marginal : workload.marginals()) {
    PairTable pair{marginal.columns[0], marginal.columns[1], {}};
    pair.counts.assign(noisy.begin() + std::ptrdiff_t(marginal.offset),
                       noisy.begin() + std::ptrdiff_t(marginal.offset + marginal.cells));
    pair_of[size_t(pair.first)][size_t(pair.second)] = pair_of[size_t(pair.second)][size_t(pair.first)] = pairs.size();
    pairs.push_back(std::move(pair));
  }
  std::vector<double> information(pairs.size());
  for (size_t i = 0; i < pairs.size(); ++i) {
    information[i] = mutual_information(pairs[i], levels[size_t(pairs[i].first)], levels[size_t(pairs[i].second)]);
  }
  // Maximum spanning tree by Prim's algorithm from column 0: each new column hangs off the tree
  // column it shares the most information with, so parents are added before their children.
  std::vector<bool> in_tree(size_t(p), false);
  std::vector<double> best(size_t(p), -1);
  std::vector<int> best_parent(size_t(p), 0);
  in_tree[0] = true;
  for (int v = 1; v < p; ++v) best[size_t(v)] = information[pair_of[0][size_t(v)]];
  for (int added = 1; added < p; ++added) {
    int next = -1;
    for (int v = 0; v < p; ++v) {
      if (!in_tree[size_t(v)] && (next < 0 || best[size_t(v)] > best[size_t(next)])) next = v;
    }
    in_tree[size_t(next)] = true;
    const PairTable& pair = pairs[pair_of[size_t(best_parent[size_t(next)])][size_t(next)]];
    tree.edges.push_back(
        {best_parent[size_t(next)], next, best[size_t(next)], conditional(pair, best_parent[size_t(next)], levels)});
    for (int v = 0; v < p; ++v) {
      const double candidate = in_tree[size_t(v)] ? -1 : information[pair_of[size_t(next)][size_t(v)]];
      if (!in_tree[size_t(v)] && candidate > best[size_t(v)]) {
        best[size_t(v)] = candidate;
        best_parent[size_t(v)] = next;
      }
    }
  }
  // The root's distribution, averaged over every pair table it appears in.
  tree.root_marginal.assign(size_t(levels[0]), 0.0);
  for (int v = 1; v < p; ++v) {
    const std::vector<double> estimate = one_way(pairs[pair_of[0][size_t(v)]], 0, levels);
    for (size_t a = 0; a < estimate.size(); ++a) tree.root_marginal[a] += estimate[a];
  }
  normalize_or_uniform(tree.root_marginal);
  return tree;
}

TreeReference tree_from_tables(const std::vector<int>& levels, std::vector<double> root_counts,
                               const std::vector<PairTable>& tables) {
  TreeReference tree;
  tree.levels = levels;
  for (double& c : root_counts) c = std::max(c, 0.0);
  normalize_or_uniform(root_counts);
  tree.root_marginal = std::move(root_counts);
  // Breadth-first from column 0, so that every parent precedes its children.
  std::vector<PairTable> clipped = tables;
  for (PairTable& table : clipped) {
    for (double& c : table.counts) c = std::max(c, 0.0);
  }
  std::vector<bool> reached(levels.size(), false);
  reached[0] = true;
  std::vector<int> frontier = {0};
  for (size_t next = 0; next < frontier.size(); ++next) {
    const int parent = frontier[next];
    for (const PairTable& table : clipped) {
      const int other = table.first == parent ? table.second : table.second == parent ? table.first : -1;
      if (other < 0 || reached[size_t(other)]) continue;
      reached[size_t(other)] = true;
      frontier.push_back(other);
      tree.edges.push_back({parent, other, 0.0, conditional(table, parent, levels)});
    }
  }
  return tree;
}

ConditionalModel model_of_tree(const TreeReference& tree) {
  ConditionalModel model{tree.levels, {{tree.root, {}, tree.root_marginal}}};
  for (const TreeEdge& edge : tree.edges) model.nodes.push_back({edge.child, {edge.parent}, edge.conditional});
  return model;
}

EncodedTable sample_from_tree(const TreeReference& tree, size_t m, RandomSource& random) {
  return sample_from_model(model_of_tree(tree), m, random).value();  // a tree's model is well formed
}

Result<EncodedTable> round_from_tree(const TreeReference& tree, size_t rows, RandomSource& random) {
  return round_from_model(model_of_tree(tree), rows, random);
}

}  // namespace privsynth
