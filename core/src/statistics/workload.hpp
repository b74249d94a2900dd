#pragma once
// Test-function families F. Here: every cell of every marginal of degree 1..d over a table's
// columns (Boedihardjo, Strohmer, Vershynin 2022, §2.2), with the constant function handled as the
// record count. A cell's statistic is f(x) = 1{x agrees with the cell}, so f maps into [0, 1].
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data/table.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct Marginal {
  std::vector<int> columns;     // increasing column indices
  std::vector<size_t> strides;  // cell = sum code[columns[i]] * strides[i] (row-major)
  size_t cells = 0;
  size_t offset = 0;  // index of the marginal's first cell among all statistics
};

// Cell of a marginal hit by a record, given a function code(column) -> code.
template <class CodeOf>
size_t cell_of(const Marginal& marginal, CodeOf&& code) {
  size_t cell = 0;
  for (size_t i = 0; i < marginal.columns.size(); ++i) cell += code(marginal.columns[i]) * marginal.strides[i];
  return cell;
}

// Cell of a marginal hit by row `row` of a table.
inline size_t cell_of_row(const Marginal& marginal, const EncodedTable& table, size_t row) {
  return cell_of(marginal, [&](int c) { return table.codes[static_cast<size_t>(c)][row]; });
}

inline constexpr size_t kMaxWorkloadStatistics = 5'000'000;

class MarginalWorkload {
 public:
  // All marginals of degree 1..degree over columns with the given level counts, in order of
  // degree then lexicographic column sets. Fails for degree outside [1, min(3, columns)] or when the
  // statistics would exceed max_statistics.
  static Result<MarginalWorkload> all_up_to_degree(const std::vector<int>& levels, int degree,
                                                   size_t max_statistics = kMaxWorkloadStatistics);

  // The marginals of the given column sets (each non-empty, increasing, distinct), in the given
  // order; degree() is the largest set size.
  static Result<MarginalWorkload> from_column_sets(const std::vector<int>& levels,
                                                   const std::vector<std::vector<int>>& column_sets,
                                                   size_t max_statistics = kMaxWorkloadStatistics);

  const std::vector<Marginal>& marginals() const { return marginals_; }
  int degree() const { return degree_; }
  size_t statistic_count() const { return statistics_; }

  // L1 sensitivity of the vector of all marginal count tables under add/remove-one neighbours:
  // adding or removing a record changes exactly one cell of each marginal by exactly 1.
  double l1_sensitivity_add_remove() const { return static_cast<double>(marginals_.size()); }

  // Concatenated count tables of all marginals (length statistic_count()).
  std::vector<int64_t> count(const EncodedTable& table) const;
  // Same, for records weighted by `weights` (one per row), e.g. a density on a reduced space.
  std::vector<double> weighted_sum(const EncodedTable& table, const std::vector<double>& weights) const;

 private:
  Status add(const std::vector<int>& levels, const std::vector<int>& columns, size_t max_statistics);
  std::vector<Marginal> marginals_;
  size_t statistics_ = 0;
  int degree_ = 0;
};

// All column subsets of size `size` of {0..columns-1}, in lexicographic order.
std::vector<std::vector<int>> column_subsets(int columns, int size);

// Builds one marginal's strides and cell count for a column set (no offset).
Marginal make_marginal(const std::vector<int>& levels, const std::vector<int>& columns);

}  // namespace privsynth
