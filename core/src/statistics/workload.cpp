#include "statistics/workload.hpp"

#include <algorithm>
#include <string>

namespace privsynth {

std::vector<std::vector<int>> column_subsets(int columns, int size) {
  std::vector<std::vector<int>> subsets;
  if (size <= 0 || size > columns) return subsets;
  std::vector<int> current(size);
  for (int i = 0; i < size; ++i) current[i] = i;
  for (;;) {
    subsets.push_back(current);
    int i = size - 1;
    while (i >= 0 && current[i] == columns - size + i) --i;
    if (i < 0) break;
    ++current[i];
    for (int j = i + 1; j < size; ++j) current[j] = current[j - 1] + 1;
  }
  return subsets;
}

Marginal make_marginal(const std::vector<int>& levels, const std::vector<int>& columns) {
  Marginal marginal;
  marginal.columns = columns;
  marginal.strides.assign(columns.size(), 1);
  size_t cells = 1;
  for (size_t i = columns.size(); i-- > 0;) {
    marginal.strides[i] = cells;
    cells *= static_cast<size_t>(levels[columns[i]]);
  }
  marginal.cells = cells;
  return marginal;
}

Result<MarginalWorkload> MarginalWorkload::all_up_to_degree(const std::vector<int>& levels, int degree,
                                                            size_t max_statistics) {
  const int columns = static_cast<int>(levels.size());
  if (columns == 0) return Status::error(ErrorCode::InvalidArgument, "the workload needs at least one column");
  if (degree < 1 || degree > 3) {
    return Status::error(ErrorCode::InvalidArgument, "degree must be 1, 2 or 3 (got " + std::to_string(degree) + ")");
  }
  if (degree > columns) {
    return Status::error(ErrorCode::InvalidArgument, "degree " + std::to_string(degree) + " needs at least " +
                                                         std::to_string(degree) + " columns, but only " +
                                                         std::to_string(columns) + " were chosen");
  }
  std::vector<std::vector<int>> column_sets;
  for (int size = 1; size <= degree; ++size) {
    for (std::vector<int>& subset : column_subsets(columns, size)) column_sets.push_back(std::move(subset));
  }
  return from_column_sets(levels, column_sets, max_statistics);
}

Result<MarginalWorkload> MarginalWorkload::from_column_sets(const std::vector<int>& levels,
                                                            const std::vector<std::vector<int>>& column_sets,
                                                            size_t max_statistics) {
  if (column_sets.empty()) return Status::error(ErrorCode::InvalidArgument, "the workload needs at least one marginal");
  MarginalWorkload workload;
  for (const std::vector<int>& columns : column_sets) {
    PRIVSYNTH_RETURN_IF_ERROR(workload.add(levels, columns, max_statistics));
  }
  return workload;
}

Status MarginalWorkload::add(const std::vector<int>& levels, const std::vector<int>& columns, size_t max_statistics) {
  if (columns.empty()) return Status::error(ErrorCode::InvalidArgument, "a marginal needs at least one column");
  double cells = 1;  // in double first so that huge products cannot overflow
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] < 0 || columns[i] >= static_cast<int>(levels.size()) || (i > 0 && columns[i] <= columns[i - 1])) {
      return Status::error(ErrorCode::InvalidArgument,
                           "a marginal's columns must be distinct, increasing indices of existing columns");
    }
    cells *= levels[columns[i]];
  }
  for (const Marginal& existing : marginals_) {
    if (existing.columns == columns) return Status::error(ErrorCode::InvalidArgument, "a marginal is listed twice");
  }
  if (static_cast<double>(statistics_) + cells > static_cast<double>(max_statistics)) {
    return Status::error(ErrorCode::DomainTooLarge, "the chosen marginals have more than " +
                                                        std::to_string(max_statistics) +
                                                        " cells; choose fewer columns, a lower degree, or fewer bins");
  }
  Marginal marginal = make_marginal(levels, columns);
  marginal.offset = statistics_;
  statistics_ += marginal.cells;
  degree_ = std::max(degree_, static_cast<int>(columns.size()));
  marginals_.push_back(std::move(marginal));
  return Status::ok();
}

std::vector<int64_t> MarginalWorkload::count(const EncodedTable& table) const {
  std::vector<int64_t> counts(statistics_, 0);
  for (size_t row = 0; row < table.rows; ++row) {
    for (const Marginal& marginal : marginals_) {
      ++counts[marginal.offset + cell_of_row(marginal, table, row)];
    }
  }
  return counts;
}

std::vector<double> MarginalWorkload::weighted_sum(const EncodedTable& table,
                                                   const std::vector<double>& weights) const {
  std::vector<double> sums(statistics_, 0.0);
  for (size_t row = 0; row < table.rows; ++row) {
    for (const Marginal& marginal : marginals_) {
      sums[marginal.offset + cell_of_row(marginal, table, row)] += weights[row];
    }
  }
  return sums;
}

}  // namespace privsynth
