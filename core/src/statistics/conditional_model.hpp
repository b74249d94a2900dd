#pragma once
// A Bayesian network over encoded columns, each column drawn given at most a few parent columns:
// P(x) = prod_v P(x_v | x_parents(v)). MST's tree (one parent) and the target-augmented tree of
// the marginal LP's ML fit (each feature given the target and one feature, as Friedman, Geiger &
// Goldszmidt's TAN, 1997) are both such models. Built only from released (noisy) tables, so
// everything here is post-processing.
#include <cstddef>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// A (noisy or estimated) count table over increasing `columns`, cells in row-major order (the
// last column varies fastest), as MarginalWorkload lays them out.
struct MarginalTable {
  std::vector<int> columns;
  std::vector<double> counts;
};

struct ModelNode {
  int column = 0;
  std::vector<int> parents;  // columns drawn before this one
  // P(column = v | parents = c) at [c * levels[column] + v], c row-major over `parents` in order.
  std::vector<double> conditional;
};

struct ConditionalModel {
  std::vector<int> levels;
  std::vector<ModelNode> nodes;  // in drawing order: every parent precedes its children
};

// P(child | parents) from a table over {child} + parents (any order of `parents`; the table's
// columns are increasing). Negative counts count as 0; a parent configuration without mass gets
// the child's marginal in the table (uniform if the table has none).
ModelNode node_from_table(const std::vector<int>& levels, const MarginalTable& table, int child,
                          const std::vector<int>& parents);

// `rows` records whose counts realize the model as closely as whole records can (as private-pgm's
// synthetic_data): within each group of rows sharing the parents' values, the child's counts are the
// group size times P(child | parents) rounded by largest remainders, assigned in random order. Each
// cell of a node's family table is then within one record per parent configuration of n P(x).
// InvalidArgument if a node's parent comes later or its table has the wrong size.
Result<EncodedTable> round_from_model(const ConditionalModel& model, size_t rows, RandomSource& random);

// `rows` independent draws from the model (ancestral sampling). Errors as round_from_model.
Result<EncodedTable> sample_from_model(const ConditionalModel& model, size_t rows, RandomSource& random);

}  // namespace privsynth
