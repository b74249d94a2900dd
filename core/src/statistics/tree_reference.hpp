#pragma once
// A scalable private reference measure for wide discrete tables: a Chow-Liu tree (Chow & Liu
// 1968) fitted to noisy 2-way marginals, as in MST (McKenna, Miklau & Sheldon 2021) but with all
// pairs measured at once instead of a privately selected tree. Where the full-domain perturbed
// histogram needs one count per cell of the product domain (10^13 for Adult), this needs only the
// 2-way tables. Privacy note: docs/privacy/tree-reference.md.
//
//   1. every 2-way marginal's cell counts + discrete Laplace noise of scale P/eps, where P is the
//      number of pairs (adding or removing a record changes one cell of each pair table by 1);
//   2. post-processing: clip at 0, the mutual information of each pair, a maximum spanning tree;
//   3. mu(x) = P(x_root) prod_{edges (u -> v)} P(x_v | x_u), all from the noisy pair tables.
// A single column has no pairs: its noisy 1-way marginal is mu.
#include <cstddef>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privacy/accountant.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"
#include "statistics/conditional_model.hpp"
#include "statistics/marginal_source.hpp"
#include "statistics/workload.hpp"

namespace privsynth {

inline constexpr size_t kMaxTreeReferenceCells = 5'000'000;

struct TreeEdge {
  int parent = 0, child = 0;
  double mutual_information = 0;    // of the noisy pair table, in nats
  std::vector<double> conditional;  // P(child = b | parent = a) at [a * levels[child] + b]
};

struct TreeReference {
  std::vector<int> levels;
  int root = 0;
  std::vector<double> root_marginal;  // P(x_root)
  std::vector<TreeEdge> edges;        // in sampling order: every parent precedes its children
  RationalScale scale;                // discrete Laplace scale on each pair-table cell
  double epsilon = 0;
  size_t measured_cells = 0;
};

// What release_tree_reference measures, from public inputs only (the run forecast uses it too):
// every pair table (the 1-way marginal for a single column) and the discrete Laplace scale P / eps.
// Fails like release_tree_reference (DomainTooLarge beyond max_cells).
struct TreeReferencePlan {
  MarginalWorkload workload;
  RationalScale scale;
};
Result<TreeReferencePlan> plan_tree_reference(const std::vector<int>& levels, double epsilon,
                                              size_t max_cells = kMaxTreeReferenceCells);

// Charges `epsilon` once for all pair tables, then fits the tree. Fails (DomainTooLarge) when the
// pair tables would exceed max_cells. disable_noise (tests only) uses exact counts.
// The pair tables are read from rows or from given count tables (statistics/marginal_source.hpp).
Result<TreeReference> release_tree_reference(const MarginalSource& data, double epsilon, Accountant& accountant,
                                             RandomSource& random, bool disable_noise = false,
                                             size_t max_cells = kMaxTreeReferenceCells);

// A noisy 2-way table of columns (first, second), cells [a * levels[second] + b].
struct PairTable {
  int first = 0, second = 0;
  std::vector<double> counts;
};

// The tree distribution of already released tables (post-processing): the spanning tree given by
// `tables` (one per edge, p - 1 of them, connecting all p columns) is rooted at column 0, each
// table is clipped at 0, the root's distribution comes from `root_counts` (its noisy 1-way counts)
// and each child's conditional from its edge's table. Used by the MST-style selection of the
// marginal LP, whose selected 2-way marginals form such a tree.
TreeReference tree_from_tables(const std::vector<int>& levels, std::vector<double> root_counts,
                               const std::vector<PairTable>& tables);

// The tree as a Bayesian network: the root, then each child given its parent.
ConditionalModel model_of_tree(const TreeReference& tree);

// m independent draws from mu (post-processing).
EncodedTable sample_from_tree(const TreeReference& tree, size_t m, RandomSource& random);

// `rows` records whose counts realize mu as closely as whole records can (post-processing, as
// private-pgm's synthetic_data): the root's counts are n P(x_root) rounded by largest remainders,
// and within each group of rows sharing a parent value the child's counts are the group size times
// P(child | parent) rounded the same way, assigned in random order. Each marginal along the tree is
// within 1 record per cell of its expectation, instead of the sqrt(n p) spread of independent draws.
Result<EncodedTable> round_from_tree(const TreeReference& tree, size_t rows, RandomSource& random);

}  // namespace privsynth
