#pragma once
// Exact marginals of every clique of a junction tree by two-pass sum-product belief propagation in
// the Hugin form (Koller & Friedman 2009, §10.3): messages towards the root, then back down, each
// clique's belief divided by the message it sent before its parent's belief is passed on. The
// potentials are log-domain; each clique's is exponentiated after subtracting its maximum and
// every message is rescaled to sum 1, so nothing overflows. The maps from clique cells to
// separator cells are computed once per tree, so a calibration is a few passes over the cells.
#include <cstdint>
#include <vector>

#include "graphical_model/factor.hpp"
#include "graphical_model/junction_tree.hpp"

namespace privsynth {

class BeliefPropagation {
 public:
  BeliefPropagation() = default;
  explicit BeliefPropagation(const JunctionTree& tree);

  // beliefs[c] = total * P(x_C) for the distribution P(x) ∝ exp(sum_c log_potentials[c](x_C)),
  // log_potentials[c] over tree.cliques[c]; `tree` is the one this was made for. `beliefs` is
  // resized and overwritten.
  void calibrate(const JunctionTree& tree, const std::vector<Factor>& log_potentials, double total,
                 std::vector<Factor>& beliefs);

 private:
  std::vector<std::vector<uint32_t>> own_separator_;     // [c]: cells of clique c -> cells of separator[c]
  std::vector<std::vector<uint32_t>> parent_separator_;  // [c]: cells of parent[c] -> cells of separator[c]
  std::vector<Factor> upward_;                           // [c]: the message c sent to its parent
};

}  // namespace privsynth
