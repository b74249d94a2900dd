#include "graphical_model/model_sampling.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace privsynth {
namespace {

void shuffle(std::vector<size_t>& items, RandomSource& random) {
  for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[random.uniform_below(i)]);
}

// The codes of `attributes` in a cell index of their row-major product.
void write_cell(const Factor& layout, size_t cell, size_t row, EncodedTable& table) {
  for (size_t i = layout.attributes.size(); i-- > 0;) {
    const size_t size = size_t(layout.sizes[i]);
    table.codes[size_t(layout.attributes[i])][row] = static_cast<uint32_t>(cell % size);
    cell /= size;
  }
}

size_t cell_of_row(const Factor& layout, size_t row, const EncodedTable& table) {
  size_t cell = 0;
  for (size_t i = 0; i < layout.attributes.size(); ++i) {
    cell = cell * size_t(layout.sizes[i]) + table.codes[size_t(layout.attributes[i])][row];
  }
  return cell;
}

}  // namespace

std::vector<size_t> systematic_counts(const std::vector<double>& weights, size_t total, RandomSource& random) {
  std::vector<size_t> counts(weights.size(), 0);
  double sum = 0;
  for (double w : weights) sum += std::max(w, 0.0);
  if (total == 0 || weights.empty()) return counts;
  const double u = random.uniform_unit();
  double cumulative = 0;
  double previous = std::floor(u);
  for (size_t j = 0; j < weights.size(); ++j) {
    cumulative += sum > 0 ? std::max(weights[j], 0.0) / sum * double(total) : double(total) / double(weights.size());
    const double next = j + 1 == weights.size() ? double(total) + std::floor(u) : std::floor(cumulative + u);
    counts[j] = static_cast<size_t>(std::max(0.0, next - previous));
    previous = std::max(previous, next);
  }
  return counts;
}

EncodedTable sample_model_records(const GraphicalModel& model, size_t rows, RandomSource& random) {
  const JunctionTree& tree = model.tree();
  EncodedTable table = make_empty_table(model.levels(), rows);
  if (rows == 0) return table;
  std::vector<int> top_down{0};
  top_down.insert(top_down.end(), tree.upward_order.rbegin(), tree.upward_order.rend());
  std::vector<size_t> order(rows);
  std::iota(order.begin(), order.end(), size_t{0});
  for (int c : top_down) {
    const Factor& belief = model.clique_marginals()[size_t(c)];
    const Factor separator = make_factor(tree.separator[size_t(c)], model.levels());
    const Factor fresh = make_factor(set_difference(tree.cliques[size_t(c)], separator.attributes), model.levels());
    // conditional[s * fresh + f]: the clique's mass at separator cell s and fresh cell f.
    const std::vector<uint32_t> to_separator = sub_cell_index(belief, separator.attributes);
    const std::vector<uint32_t> to_fresh = sub_cell_index(belief, fresh.attributes);
    std::vector<double> conditional(belief.cells());
    for (size_t i = 0; i < belief.cells(); ++i) {
      conditional[size_t(to_separator[i]) * fresh.cells() + to_fresh[i]] = belief.values[i];
    }
    // Group the records by their separator cell (each group in random order), then split each group.
    shuffle(order, random);
    std::vector<std::vector<size_t>> groups(separator.cells());
    for (size_t row : order) groups[cell_of_row(separator, row, table)].push_back(row);
    std::vector<double> weights(fresh.cells());
    for (size_t s = 0; s < groups.size(); ++s) {
      if (groups[s].empty()) continue;
      std::copy(conditional.begin() + std::ptrdiff_t(s * fresh.cells()),
                conditional.begin() + std::ptrdiff_t((s + 1) * fresh.cells()), weights.begin());
      const std::vector<size_t> counts = systematic_counts(weights, groups[s].size(), random);
      size_t next = 0;
      for (size_t f = 0; f < counts.size(); ++f) {
        for (size_t i = 0; i < counts[f]; ++i) write_cell(fresh, f, groups[s][next++], table);
      }
    }
  }
  return table;
}

}  // namespace privsynth
