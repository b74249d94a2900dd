#include "graphical_model/belief_propagation.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {
namespace {

void scale_to_sum(std::vector<double>& values, double target) {
  double sum = 0;
  for (double v : values) sum += v;
  if (!(sum > 0)) {
    std::fill(values.begin(), values.end(), target / double(values.size()));
    return;
  }
  const double factor = target / sum;
  for (double& v : values) v *= factor;
}

}  // namespace

BeliefPropagation::BeliefPropagation(const JunctionTree& tree) {
  const size_t k = tree.cliques.size();
  own_separator_.resize(k);
  parent_separator_.resize(k);
  upward_.resize(k);
  for (int c : tree.upward_order) {
    const Factor clique = make_factor(tree.cliques[size_t(c)], tree.levels);
    const Factor parent = make_factor(tree.cliques[size_t(tree.parent[size_t(c)])], tree.levels);
    own_separator_[size_t(c)] = sub_cell_index(clique, tree.separator[size_t(c)]);
    parent_separator_[size_t(c)] = sub_cell_index(parent, tree.separator[size_t(c)]);
    upward_[size_t(c)] = make_factor(tree.separator[size_t(c)], tree.levels);
  }
}

void BeliefPropagation::calibrate(const JunctionTree& tree, const std::vector<Factor>& log_potentials, double total,
                                  std::vector<Factor>& beliefs) {
  beliefs.resize(log_potentials.size());
  for (size_t c = 0; c < log_potentials.size(); ++c) {
    const Factor& theta = log_potentials[c];
    Factor& belief = beliefs[c];
    belief.attributes = theta.attributes;
    belief.sizes = theta.sizes;
    belief.values.resize(theta.values.size());
    const double top = *std::max_element(theta.values.begin(), theta.values.end());
    for (size_t i = 0; i < theta.values.size(); ++i) belief.values[i] = std::exp(theta.values[i] - top);
  }
  // Upward: each clique, once its children have sent, sends its sum onto the separator.
  for (int c : tree.upward_order) {
    Factor& message = upward_[size_t(c)];
    sum_onto(beliefs[size_t(c)], own_separator_[size_t(c)], message);
    scale_to_sum(message.values, 1.0);
    std::vector<double>& parent = beliefs[size_t(tree.parent[size_t(c)])].values;
    const std::vector<uint32_t>& index = parent_separator_[size_t(c)];
    for (size_t i = 0; i < parent.size(); ++i) parent[i] *= message.values[index[i]];
  }
  // Downward: parents first; the parent's calibrated belief on the separator, divided by what the
  // child sent up, multiplies the child's belief.
  Factor down;
  for (auto it = tree.upward_order.rbegin(); it != tree.upward_order.rend(); ++it) {
    const int c = *it;
    const Factor& up = upward_[size_t(c)];
    down.attributes = up.attributes;
    down.sizes = up.sizes;
    down.values.assign(up.values.size(), 0.0);
    sum_onto(beliefs[size_t(tree.parent[size_t(c)])], parent_separator_[size_t(c)], down);
    for (size_t s = 0; s < down.values.size(); ++s)
      down.values[s] = up.values[s] > 0 ? down.values[s] / up.values[s] : 0;
    scale_to_sum(down.values, 1.0);
    std::vector<double>& child = beliefs[size_t(c)].values;
    const std::vector<uint32_t>& index = own_separator_[size_t(c)];
    for (size_t i = 0; i < child.size(); ++i) child[i] *= down.values[index[i]];
  }
  for (Factor& belief : beliefs) scale_to_sum(belief.values, total);
}

}  // namespace privsynth
