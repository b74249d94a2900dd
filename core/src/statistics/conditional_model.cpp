#include "statistics/conditional_model.hpp"

#include <algorithm>
#include <string>

#include "statistics/bootstrap.hpp"

namespace privsynth {
namespace {

size_t position_of(const std::vector<int>& columns, int column) {
  return size_t(std::find(columns.begin(), columns.end(), column) - columns.begin());
}

size_t draw(const double* probabilities, size_t count, RandomSource& random) {
  double u = random.uniform_unit();
  for (size_t i = 0; i < count; ++i) {
    if (u < probabilities[i]) return i;
    u -= probabilities[i];
  }
  // Round-off left u just above the total: the last level with positive probability.
  for (size_t i = count; i-- > 0;) {
    if (probabilities[i] > 0) return i;
  }
  return count - 1;
}

// The parents' configuration index of every row, checking the node against the drawn columns.
Result<std::vector<size_t>> configurations_of(const ConditionalModel& model, const ModelNode& node,
                                              const EncodedTable& table, const std::vector<bool>& drawn) {
  size_t configurations = 1;
  for (int parent : node.parents) {
    if (parent < 0 || size_t(parent) >= drawn.size() || !drawn[size_t(parent)]) {
      return Status::error(
          ErrorCode::InvalidArgument,
          "column " + std::to_string(parent) + " is not drawn before its child " + std::to_string(node.column));
    }
    configurations *= size_t(model.levels[size_t(parent)]);
  }
  if (node.conditional.size() != configurations * size_t(model.levels[size_t(node.column)])) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the conditional table of column " + std::to_string(node.column) + " has the wrong size");
  }
  std::vector<size_t> configuration(table.rows, 0);
  for (size_t row = 0; row < table.rows; ++row) {
    for (int parent : node.parents) {
      configuration[row] = configuration[row] * size_t(model.levels[size_t(parent)]) + table.codes[size_t(parent)][row];
    }
  }
  return configuration;
}

}  // namespace

ModelNode node_from_table(const std::vector<int>& levels, const MarginalTable& table, int child,
                          const std::vector<int>& parents) {
  ModelNode node{child, parents, {}};
  const size_t child_levels = size_t(levels[size_t(child)]);
  size_t configurations = 1;
  for (int parent : parents) configurations *= size_t(levels[size_t(parent)]);
  // Strides of the table's columns (row-major, last fastest).
  std::vector<size_t> stride(table.columns.size(), 1);
  for (size_t i = table.columns.size(); i-- > 1;) stride[i - 1] = stride[i] * size_t(levels[size_t(table.columns[i])]);
  std::vector<double> joint(configurations * child_levels, 0.0), child_marginal(child_levels, 0.0);
  for (size_t cell = 0; cell < table.counts.size(); ++cell) {
    const double count = std::max(table.counts[cell], 0.0);
    size_t configuration = 0;
    for (int parent : parents) {
      const size_t i = position_of(table.columns, parent);
      configuration =
          configuration * size_t(levels[size_t(parent)]) + (cell / stride[i]) % size_t(levels[size_t(parent)]);
    }
    const size_t value = (cell / stride[position_of(table.columns, child)]) % child_levels;
    joint[configuration * child_levels + value] += count;
    child_marginal[value] += count;
  }
  double marginal_total = 0;
  for (double c : child_marginal) marginal_total += c;
  for (double& c : child_marginal) c = marginal_total > 0 ? c / marginal_total : 1.0 / double(child_levels);
  node.conditional.resize(joint.size());
  for (size_t c = 0; c < configurations; ++c) {
    double total = 0;
    for (size_t v = 0; v < child_levels; ++v) total += joint[c * child_levels + v];
    for (size_t v = 0; v < child_levels; ++v) {
      node.conditional[c * child_levels + v] = total > 0 ? joint[c * child_levels + v] / total : child_marginal[v];
    }
  }
  return node;
}

namespace {

// Fills the columns node by node, parents first: fill(node, parents' configuration of each row,
// the child's levels, the child's codes).
template <class Fill>
Result<EncodedTable> fill_nodes(const ConditionalModel& model, size_t rows, Fill&& fill) {
  EncodedTable table = make_empty_table(model.levels, rows);
  std::vector<bool> drawn(model.levels.size(), false);
  for (const ModelNode& node : model.nodes) {
    PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<size_t> configuration, configurations_of(model, node, table, drawn));
    PRIVSYNTH_RETURN_IF_ERROR(
        fill(node, configuration, size_t(model.levels[size_t(node.column)]), table.codes[size_t(node.column)]));
    drawn[size_t(node.column)] = true;
  }
  return table;
}

}  // namespace

Result<EncodedTable> round_from_model(const ConditionalModel& model, size_t rows, RandomSource& random) {
  return fill_nodes(model, rows,
                    [&](const ModelNode& node, const std::vector<size_t>& configuration, size_t levels,
                        std::vector<uint32_t>& child) -> Status {
                      std::vector<std::vector<size_t>> group(node.conditional.size() / levels);
                      for (size_t row = 0; row < rows; ++row) group[configuration[row]].push_back(row);
                      for (size_t c = 0; c < group.size(); ++c) {
                        if (group[c].empty()) continue;
                        const std::vector<double> conditional(
                            node.conditional.begin() + std::ptrdiff_t(c * levels),
                            node.conditional.begin() + std::ptrdiff_t((c + 1) * levels));
                        PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<size_t> values,
                                                   round_weights_to_rows(conditional, group[c].size(), random));
                        for (size_t i = 0; i < group[c].size(); ++i)
                          child[group[c][i]] = static_cast<uint32_t>(values[i]);
                      }
                      return Status::ok();
                    });
}

Result<EncodedTable> sample_from_model(const ConditionalModel& model, size_t rows, RandomSource& random) {
  return fill_nodes(model, rows,
                    [&](const ModelNode& node, const std::vector<size_t>& configuration, size_t levels,
                        std::vector<uint32_t>& child) -> Status {
                      for (size_t row = 0; row < rows; ++row) {
                        child[row] = static_cast<uint32_t>(
                            draw(node.conditional.data() + configuration[row] * levels, levels, random));
                      }
                      return Status::ok();
                    });
}

}  // namespace privsynth
