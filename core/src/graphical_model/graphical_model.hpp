#pragma once
// A discrete graphical model as Private-PGM estimates it (McKenna, Sheldon & Miklau, "Graphical-
// model based estimation and inference for differential privacy", ICML 2019): the distribution
// P(x) ∝ exp(sum_r theta_r(x_r)) with one log-potential table theta_r per measured attribute set
// r, held on the junction tree of those sets. calibrate() computes every clique's marginal by
// belief propagation; marginal() then answers the marginal of any attribute set, inside one
// clique or across several. Marginals are scaled to a total (a number of records), as the noisy
// counts they are fitted to.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graphical_model/belief_propagation.hpp"
#include "graphical_model/factor.hpp"
#include "graphical_model/junction_tree.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

class GraphicalModel {
 public:
  // The uniform distribution (theta = 0) over `levels` with potentials on `sets` (each sorted,
  // repeats dropped; every attribute not in a set gets a set of its own); DomainTooLarge when its
  // junction tree would hold more than max_cells cells.
  static Result<GraphicalModel> create(const std::vector<int>& levels, const std::vector<AttributeSet>& sets,
                                       double max_cells);
  // The same distribution with potentials on more sets too (theta_r kept for the sets it has,
  // zeros for the new ones): how an adaptive mechanism warm-starts the next fit.
  Result<GraphicalModel> with_sets(const std::vector<AttributeSet>& more, double max_cells) const;

  const std::vector<int>& levels() const { return levels_; }
  const JunctionTree& tree() const { return tree_; }
  const std::vector<AttributeSet>& sets() const { return sets_; }
  // The index of `set` among sets(), or -1.
  int set_index(const AttributeSet& set) const;
  std::vector<Factor>& potentials() { return potentials_; }
  const std::vector<Factor>& potentials() const { return potentials_; }

  // Recomputes every clique's marginal from the potentials, scaled to sum to `total`.
  void calibrate(double total);
  double total() const { return total_; }
  const std::vector<Factor>& clique_marginals() const { return beliefs_; }
  // The calibrated marginal of set r (sets()[r]), written into `out` (resized).
  void set_marginal(size_t r, Factor& out) const;
  // Every set's calibrated marginal (out[r] for sets()[r]), each summed from the smallest set or
  // clique that holds it: cheaper than one clique pass per set.
  void set_marginals(std::vector<Factor>& out) const;
  // The calibrated marginal of any attribute set (increasing, within the domain): summed from one
  // clique when one holds it, else by eliminating along the smallest subtree that covers it.
  Factor marginal(const AttributeSet& attributes) const;

 private:
  GraphicalModel() = default;
  void index_sets();

  std::vector<int> levels_;
  std::vector<AttributeSet> sets_;
  std::vector<Factor> potentials_;  // theta_r over sets_[r]
  JunctionTree tree_;
  std::vector<int> set_clique_;                 // the clique each set's potential lives in
  std::vector<std::vector<uint32_t>> set_map_;  // [r]: cells of clique set_clique_[r] -> cells of set r
  // The smallest other set of the same clique that strictly holds set r (-1: none, the clique),
  // with the map from its cells to r's; and the sets from the largest to the smallest.
  std::vector<int> set_source_;
  std::vector<std::vector<uint32_t>> source_map_;
  std::vector<size_t> largest_first_;
  mutable std::vector<Factor> assembled_;  // calibrate's per-set sums of potentials
  BeliefPropagation propagation_;
  std::vector<Factor> clique_potentials_, beliefs_;
  double total_ = 1;
};

}  // namespace privsynth
