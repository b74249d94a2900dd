#include "graphical_model/graphical_model.hpp"

#include <algorithm>
#include <deque>

namespace privsynth {

Result<GraphicalModel> GraphicalModel::create(const std::vector<int>& levels, const std::vector<AttributeSet>& sets,
                                              double max_cells) {
  GraphicalModel model;
  model.levels_ = levels;
  std::vector<bool> covered(levels.size(), false);
  for (AttributeSet set : sets) {
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    if (set.empty() || set.front() < 0 || size_t(set.back()) >= levels.size()) {
      return Status::error(ErrorCode::Internal, "a graphical model's attribute set is empty or outside its domain");
    }
    if (std::find(model.sets_.begin(), model.sets_.end(), set) != model.sets_.end()) continue;
    model.sets_.push_back(set);
    for (int a : set) covered[size_t(a)] = true;
  }
  for (size_t a = 0; a < levels.size(); ++a) {
    if (!covered[a]) model.sets_.push_back({int(a)});
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(model.tree_, build_junction_tree(levels, model.sets_, max_cells));
  for (const AttributeSet& set : model.sets_) model.potentials_.push_back(make_factor(set, levels, 0.0));
  model.index_sets();
  return model;
}

Result<GraphicalModel> GraphicalModel::with_sets(const std::vector<AttributeSet>& more, double max_cells) const {
  std::vector<AttributeSet> sets = sets_;
  sets.insert(sets.end(), more.begin(), more.end());
  PRIVSYNTH_ASSIGN_OR_RETURN(GraphicalModel model, create(levels_, sets, max_cells));
  for (size_t r = 0; r < sets_.size(); ++r) model.potentials_[r] = potentials_[r];  // same order: create keeps it
  model.total_ = total_;
  return model;
}

int GraphicalModel::set_index(const AttributeSet& set) const {
  const auto at = std::find(sets_.begin(), sets_.end(), set);
  return at == sets_.end() ? -1 : int(at - sets_.begin());
}

void GraphicalModel::index_sets() {
  set_clique_.clear();
  set_map_.clear();
  for (const AttributeSet& set : sets_) {
    const int c = tree_.clique_containing(set);
    set_clique_.push_back(c);
    set_map_.push_back(sub_cell_index(make_factor(tree_.cliques[size_t(c)], levels_), set));
  }
  // Each set's source: the smallest other set of its clique that strictly holds it.
  const size_t k = sets_.size();
  set_source_.assign(k, -1);
  source_map_.assign(k, {});
  largest_first_.resize(k);
  for (size_t r = 0; r < k; ++r) largest_first_[r] = r;
  std::stable_sort(largest_first_.begin(), largest_first_.end(), [&](size_t a, size_t b) {
    return potentials_[a].cells() != potentials_[b].cells() ? potentials_[a].cells() > potentials_[b].cells()
                                                            : sets_[a].size() > sets_[b].size();
  });
  for (size_t r = 0; r < k; ++r) {
    for (size_t other = 0; other < k; ++other) {
      if (other == r || set_clique_[other] != set_clique_[r] || sets_[other].size() <= sets_[r].size() ||
          !is_subset(sets_[r], sets_[other])) {
        continue;
      }
      if (set_source_[r] < 0 || potentials_[other].cells() < potentials_[size_t(set_source_[r])].cells()) {
        set_source_[r] = int(other);
      }
    }
    if (set_source_[r] >= 0) source_map_[r] = sub_cell_index(potentials_[size_t(set_source_[r])], sets_[r]);
  }
  assembled_ = potentials_;
  propagation_ = BeliefPropagation(tree_);
  clique_potentials_.clear();
  for (const AttributeSet& clique : tree_.cliques) clique_potentials_.push_back(make_factor(clique, levels_, 0.0));
}

void GraphicalModel::calibrate(double total) {
  // Sum the potentials from the smallest sets up: each set's own plus what the sets it holds
  // passed on, and the largest of each chain into its clique.
  for (size_t r = 0; r < sets_.size(); ++r) assembled_[r].values = potentials_[r].values;
  for (Factor& clique : clique_potentials_) std::fill(clique.values.begin(), clique.values.end(), 0.0);
  for (auto it = largest_first_.rbegin(); it != largest_first_.rend(); ++it) {
    const size_t r = *it;
    const std::vector<double>& theta = assembled_[r].values;
    const bool to_set = set_source_[r] >= 0;
    std::vector<double>& into =
        to_set ? assembled_[size_t(set_source_[r])].values : clique_potentials_[size_t(set_clique_[r])].values;
    const std::vector<uint32_t>& index = to_set ? source_map_[r] : set_map_[r];
    for (size_t i = 0; i < into.size(); ++i) into[i] += theta[index[i]];
  }
  propagation_.calibrate(tree_, clique_potentials_, total, beliefs_);
  total_ = total;
}

void GraphicalModel::set_marginal(size_t r, Factor& out) const {
  out.attributes = sets_[r];
  out.sizes = potentials_[r].sizes;
  out.values.assign(potentials_[r].values.size(), 0.0);
  sum_onto(beliefs_[size_t(set_clique_[r])], set_map_[r], out);
}

void GraphicalModel::set_marginals(std::vector<Factor>& out) const {
  out.resize(sets_.size());
  for (size_t r : largest_first_) {
    Factor& marginal = out[r];
    marginal.attributes = sets_[r];
    marginal.sizes = potentials_[r].sizes;
    marginal.values.assign(potentials_[r].values.size(), 0.0);
    if (set_source_[r] >= 0) {
      sum_onto(out[size_t(set_source_[r])], source_map_[r], marginal);
    } else {
      sum_onto(beliefs_[size_t(set_clique_[r])], set_map_[r], marginal);
    }
  }
}

Factor GraphicalModel::marginal(const AttributeSet& attributes) const {
  const int holder = tree_.clique_containing(attributes);
  if (holder >= 0) return marginalize(beliefs_[size_t(holder)], attributes);
  // One clique per attribute; the subtree joining them, rooted at the first attribute's clique.
  std::vector<int> terminals;
  for (int a : attributes) terminals.push_back(tree_.clique_containing({a}));
  const size_t k = tree_.cliques.size();
  std::vector<int> parent(k, -2), order;
  std::deque<int> queue{terminals[0]};
  parent[size_t(terminals[0])] = -1;
  while (!queue.empty()) {
    const int c = queue.front();
    queue.pop_front();
    order.push_back(c);
    for (int next : tree_.neighbours(c)) {
      if (parent[size_t(next)] == -2) parent[size_t(next)] = c, queue.push_back(next);
    }
  }
  std::vector<bool> needed(k, false);
  for (int t : terminals) {
    for (int c = t; c >= 0 && !needed[size_t(c)]; c = parent[size_t(c)]) needed[size_t(c)] = true;
  }
  // Children first: each clique's belief times P(query attributes below | separator) for each
  // needed child, then summed onto its separator with its parent plus the query attributes it holds.
  std::vector<Factor> message(k);
  Factor result;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const int c = *it;
    if (!needed[size_t(c)]) continue;
    Factor joint = beliefs_[size_t(c)];
    for (size_t child = 0; child < k; ++child) {
      if (parent[child] != c || !needed[child]) continue;
      const AttributeSet separator = set_intersection(tree_.cliques[child], tree_.cliques[size_t(c)]);
      joint = multiply(joint, divide(message[child], marginalize(beliefs_[size_t(c)], separator)));
      message[child] = Factor();
    }
    const AttributeSet held = set_intersection(joint.attributes, attributes);
    if (parent[size_t(c)] < 0) {
      result = marginalize(joint, held);
    } else {
      const AttributeSet up = set_intersection(tree_.cliques[size_t(c)], tree_.cliques[size_t(parent[size_t(c)])]);
      message[size_t(c)] = marginalize(joint, set_union(up, held));
    }
  }
  return result;
}

}  // namespace privsynth
