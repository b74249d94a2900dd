#include "graphical_model/junction_tree.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "base/number_text.hpp"

namespace privsynth {

int JunctionTree::clique_containing(const AttributeSet& attributes) const {
  int best = -1;
  double best_cells = std::numeric_limits<double>::infinity();
  for (size_t c = 0; c < cliques.size(); ++c) {
    if (!is_subset(attributes, cliques[c])) continue;
    const double cells_of_c = cell_count(cliques[c], levels);
    if (cells_of_c < best_cells) best = int(c), best_cells = cells_of_c;
  }
  return best;
}

std::vector<int> JunctionTree::neighbours(int c) const {
  std::vector<int> out;
  if (parent[size_t(c)] >= 0) out.push_back(parent[size_t(c)]);
  for (size_t k = 0; k < parent.size(); ++k) {
    if (parent[k] == c) out.push_back(int(k));
  }
  return out;
}

namespace {

// Adjacency as bit sets, one row of 64-bit words per attribute.
class BitGraph {
 public:
  explicit BitGraph(size_t vertices) : words_((vertices + 63) / 64), bits_(vertices * words_, 0) {}
  void connect(size_t a, size_t b) {
    bits_[a * words_ + b / 64] |= uint64_t{1} << (b % 64);
    bits_[b * words_ + a / 64] |= uint64_t{1} << (a % 64);
  }
  void disconnect(size_t a, size_t b) {
    bits_[a * words_ + b / 64] &= ~(uint64_t{1} << (b % 64));
    bits_[b * words_ + a / 64] &= ~(uint64_t{1} << (a % 64));
  }
  bool adjacent(size_t a, size_t b) const { return (bits_[a * words_ + b / 64] >> (b % 64)) & 1; }
  // The cells of v's clique if eliminated now: its levels times its neighbours'.
  double elimination_cells(size_t v, const std::vector<int>& levels) const {
    double cells = levels[v];
    for (size_t w = 0; w < words_; ++w) {
      for (uint64_t word = bits_[v * words_ + w]; word; word &= word - 1) {
        cells *= levels[w * 64 + size_t(__builtin_ctzll(word))];
      }
    }
    return cells;
  }
  // The neighbours of v, in increasing order.
  std::vector<int> neighbours(size_t v) const {
    std::vector<int> out;
    for (size_t w = 0; w < words_; ++w) {
      for (uint64_t word = bits_[v * words_ + w]; word; word &= word - 1) {
        out.push_back(int(w * 64 + size_t(__builtin_ctzll(word))));
      }
    }
    return out;
  }
  // How many pairs of v's neighbours are not adjacent (the fill edges eliminating v would add).
  size_t fill(size_t v, const std::vector<int>& around) const {
    size_t missing = 0;
    for (int a : around) {
      size_t common = 0;
      for (size_t w = 0; w < words_; ++w) {
        common += size_t(__builtin_popcountll(bits_[v * words_ + w] & bits_[size_t(a) * words_ + w]));
      }
      missing += around.size() - 1 - common;
    }
    return missing / 2;
  }

 private:
  size_t words_;
  std::vector<uint64_t> bits_;
};

}  // namespace

std::vector<AttributeSet> triangulated_cliques(const std::vector<int>& levels, const std::vector<AttributeSet>& sets) {
  const size_t p = levels.size();
  BitGraph graph(p);
  for (const AttributeSet& set : sets) {
    for (size_t i = 0; i < set.size(); ++i) {
      for (size_t j = i + 1; j < set.size(); ++j) graph.connect(size_t(set[i]), size_t(set[j]));
    }
  }
  std::vector<bool> eliminated(p, false);
  std::vector<AttributeSet> cliques;
  for (size_t step = 0; step < p; ++step) {
    int best = -1;
    double best_cells = std::numeric_limits<double>::infinity();
    constexpr size_t kUnknownFill = ~size_t{0};
    size_t best_fill = kUnknownFill;
    for (size_t v = 0; v < p; ++v) {
      if (eliminated[v]) continue;
      const double cells = graph.elimination_cells(v, levels);
      if (cells > best_cells) continue;
      if (cells < best_cells) {
        best = int(v), best_cells = cells, best_fill = kUnknownFill;
        continue;
      }
      // A tie on cells: the fewer fill edges wins, then the lower index.
      if (best_fill == kUnknownFill) best_fill = graph.fill(size_t(best), graph.neighbours(size_t(best)));
      const size_t fill = graph.fill(v, graph.neighbours(v));
      if (fill < best_fill) best = int(v), best_fill = fill;
    }
    const std::vector<int> best_around = graph.neighbours(size_t(best));
    AttributeSet clique = best_around;
    clique.insert(std::lower_bound(clique.begin(), clique.end(), best), best);
    cliques.push_back(clique);
    // Connect the neighbours (fill edges), then remove the attribute.
    for (size_t i = 0; i < best_around.size(); ++i) {
      for (size_t j = i + 1; j < best_around.size(); ++j) graph.connect(size_t(best_around[i]), size_t(best_around[j]));
      graph.disconnect(size_t(best_around[i]), size_t(best));
    }
    eliminated[size_t(best)] = true;
  }
  // Keep the maximal ones, in elimination order.
  std::vector<AttributeSet> maximal;
  for (size_t i = 0; i < cliques.size(); ++i) {
    bool contained = false;
    for (size_t j = 0; j < cliques.size() && !contained; ++j) {
      if (i == j || !is_subset(cliques[i], cliques[j])) continue;
      contained = cliques[i].size() < cliques[j].size() || j < i;  // equal sets: keep the first
    }
    if (!contained) maximal.push_back(cliques[i]);
  }
  return maximal;
}

double junction_tree_cells(const std::vector<int>& levels, const std::vector<AttributeSet>& sets) {
  double cells = 0;
  for (const AttributeSet& clique : triangulated_cliques(levels, sets)) cells += cell_count(clique, levels);
  return cells;
}

Result<JunctionTree> build_junction_tree(const std::vector<int>& levels, const std::vector<AttributeSet>& sets,
                                         double max_cells) {
  JunctionTree tree;
  tree.levels = levels;
  tree.cliques = triangulated_cliques(levels, sets);
  for (const AttributeSet& clique : tree.cliques) tree.cells += cell_count(clique, levels);
  if (tree.cells > max_cells) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the graphical model of these marginals would hold " +
                             format_grouped_like_javascript(tree.cells) + " cells, more than the limit of " +
                             format_grouped_like_javascript(max_cells) +
                             ": measure fewer or smaller marginals, or raise the model size limit");
  }
  // Prim's maximum spanning tree from clique 0 on the number of shared attributes; ties go to the
  // lowest indices. Weight 0 joins unconnected components.
  const size_t k = tree.cliques.size();
  tree.parent.assign(k, -1);
  std::vector<bool> in_tree(k, false);
  std::vector<int> best_weight(k, -1), best_parent(k, -1);
  std::vector<int> order;
  in_tree[0] = true;
  order.push_back(0);
  for (size_t c = 1; c < k; ++c) {
    best_weight[c] = int(set_intersection(tree.cliques[0], tree.cliques[c]).size());
    best_parent[c] = 0;
  }
  for (size_t added = 1; added < k; ++added) {
    int next = -1;
    for (size_t c = 0; c < k; ++c) {
      if (!in_tree[c] && (next < 0 || best_weight[c] > best_weight[size_t(next)])) next = int(c);
    }
    in_tree[size_t(next)] = true;
    tree.parent[size_t(next)] = best_parent[size_t(next)];
    order.push_back(next);
    for (size_t c = 0; c < k; ++c) {
      if (in_tree[c]) continue;
      const int weight = int(set_intersection(tree.cliques[size_t(next)], tree.cliques[c]).size());
      if (weight > best_weight[c]) best_weight[c] = weight, best_parent[c] = next;
    }
  }
  tree.separator.assign(k, {});
  for (size_t c = 1; c < k; ++c) {
    tree.separator[size_t(order[c])] =
        set_intersection(tree.cliques[size_t(order[c])], tree.cliques[size_t(tree.parent[size_t(order[c])])]);
  }
  // Prim's order has every parent before its children: reversed, children come first.
  tree.upward_order.assign(order.rbegin(), order.rend() - 1);
  return tree;
}

}  // namespace privsynth
