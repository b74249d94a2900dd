#include "statistics/marginal_source.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "base/number_text.hpp"
#include "statistics/workload.hpp"

namespace privsynth {
namespace {

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidData, message); }

std::string column_text(const AttributeSet& columns) {
  std::string text;
  for (int c : columns) text += (text.empty() ? "" : ", ") + std::to_string(c);
  return "{" + text + "}";
}

double cells_of(const std::vector<int>& levels, const AttributeSet& columns) {
  double cells = 1;
  for (int c : columns) cells *= double(levels[size_t(c)]);
  return cells;
}

// Each cell's code in every column of a table (the last column fastest).
std::vector<uint32_t> codes_of_cell(uint64_t cell, const std::vector<int>& levels, const AttributeSet& columns) {
  std::vector<uint32_t> codes(columns.size());
  for (size_t i = columns.size(); i-- > 0;) {
    const auto level = uint64_t(levels[size_t(columns[i])]);
    codes[i] = uint32_t(cell % level);
    cell /= level;
  }
  return codes;
}

// A table's marginal onto `columns` (a subset of its own), each column's code mapped by `code`
// (empty: unchanged) into `levels`.
std::vector<double> project(const CountTable& table, const std::vector<int>& original_levels,
                            const std::vector<std::vector<uint32_t>>& code, const std::vector<int>& levels,
                            const AttributeSet& columns) {
  const Marginal marginal = make_marginal(levels, columns);
  std::vector<size_t> position(columns.size());
  for (size_t i = 0; i < columns.size(); ++i) {
    position[i] = size_t(std::find(table.columns.begin(), table.columns.end(), columns[i]) - table.columns.begin());
  }
  std::vector<double> out(marginal.cells, 0.0);
  for (const auto& [cell, count] : table.cells) {
    const std::vector<uint32_t> codes = codes_of_cell(cell, original_levels, table.columns);
    size_t target = 0;
    for (size_t i = 0; i < columns.size(); ++i) {
      const uint32_t original = codes[position[i]];
      target += (code.empty() ? original : code[size_t(columns[i])][original]) * marginal.strides[i];
    }
    out[target] += count;
  }
  return out;
}

bool holds(const CountTable& table, const AttributeSet& columns) {
  return std::includes(table.columns.begin(), table.columns.end(), columns.begin(), columns.end());
}

}  // namespace

Status check_marginal_counts(const MarginalCounts& counts) {
  const int p = int(counts.levels.size());
  for (int level : counts.levels) {
    if (level < 1) return invalid("count tables: every column needs at least one level");
  }
  if (counts.tables.empty()) return invalid("count tables: none given");
  std::optional<double> total;
  for (const CountTable& table : counts.tables) {
    const std::string name = "count table " + column_text(table.columns);
    if (table.columns.empty()) return invalid("count tables: a table names no column");
    for (size_t i = 0; i < table.columns.size(); ++i) {
      if (table.columns[i] < 0 || table.columns[i] >= p) return invalid(name + ": a column is out of range");
      if (i > 0 && table.columns[i] <= table.columns[i - 1]) {
        return invalid(name + ": columns must be increasing and distinct");
      }
    }
    const double cells = cells_of(counts.levels, table.columns);
    double sum = 0;
    for (const auto& [cell, count] : table.cells) {
      if (double(cell) >= cells) return invalid(name + ": cell " + std::to_string(cell) + " is outside the marginal");
      if (!(count >= 0) || count != std::floor(count) || count > kLargestExactInteger) {
        return invalid(name + ": counts must be whole numbers >= 0");
      }
      sum += count;
    }
    if (total && sum != *total) {
      return invalid(name + " holds " + std::to_string(static_cast<long long>(sum)) + " records, another " +
                     std::to_string(static_cast<long long>(*total)) + ": the tables are not of one table");
    }
    total = sum;
  }
  // Every two tables agree on the marginal over the columns they share (the counts of one table
  // do). Necessary, not sufficient: tables over {a, b}, {b, c} and {a, c} can agree pairwise and
  // still be the counts of no table (docs/scale.md states what is checked).
  std::set<AttributeSet> shared_sets;
  for (size_t i = 0; i < counts.tables.size(); ++i) {
    for (size_t j = i + 1; j < counts.tables.size(); ++j) {
      AttributeSet shared;
      std::set_intersection(counts.tables[i].columns.begin(), counts.tables[i].columns.end(),
                            counts.tables[j].columns.begin(), counts.tables[j].columns.end(),
                            std::back_inserter(shared));
      if (!shared.empty()) shared_sets.insert(shared);
    }
  }
  for (const AttributeSet& shared : shared_sets) {
    std::optional<std::vector<double>> first;
    const CountTable* first_table = nullptr;
    for (const CountTable& table : counts.tables) {
      if (!holds(table, shared)) continue;
      std::vector<double> marginal = project(table, counts.levels, {}, counts.levels, shared);
      if (first && marginal != *first) {
        return invalid("count tables " + column_text(first_table->columns) + " and " + column_text(table.columns) +
                       " disagree on the counts of the columns " + column_text(shared) +
                       " they share: they are not of one table");
      }
      if (!first) first_table = &table;
      first = std::move(marginal);
    }
  }
  return Status::ok();
}

MarginalSource MarginalSource::from_rows(const EncodedTable& table) {
  MarginalSource source;
  source.levels_ = table.levels;
  source.rows_ = &table;
  return source;
}

Result<MarginalSource> MarginalSource::from_counts(MarginalCounts counts) {
  PRIVSYNTH_RETURN_IF_ERROR(check_marginal_counts(counts));
  for (CountTable& table : counts.tables) std::sort(table.cells.begin(), table.cells.end());
  MarginalSource source;
  source.levels_ = counts.levels;
  source.counts_ = std::make_shared<const MarginalCounts>(std::move(counts));
  return source;
}

double MarginalSource::records() const {
  if (rows_) return double(rows_->rows);
  double total = 0;
  if (!counts_->tables.empty()) {
    for (const auto& [cell, count] : counts_->tables.front().cells) total += count;
  }
  return total;
}

bool MarginalSource::has(const AttributeSet& columns) const {
  if (rows_) return true;
  return std::any_of(counts_->tables.begin(), counts_->tables.end(),
                     [&](const CountTable& table) { return holds(table, columns); });
}

Result<std::vector<double>> MarginalSource::dense(const AttributeSet& columns) const {
  if (rows_) {
    const Marginal marginal = make_marginal(levels_, columns);
    std::vector<double> counts(marginal.cells, 0.0);
    for (size_t r = 0; r < rows_->rows; ++r) counts[cell_of_row(marginal, *rows_, r)] += 1;
    return counts;
  }
  const CountTable* best = nullptr;
  for (const CountTable& table : counts_->tables) {
    if (holds(table, columns) && (!best || table.cells.size() < best->cells.size())) best = &table;
  }
  if (!best) {
    return Status::error(ErrorCode::InvalidArgument,
                         "no given count table holds the columns " + column_text(columns) +
                             " (the mechanism needs that marginal: give a table over them or a superset)");
  }
  return project(*best, counts_->levels, code_, levels_, columns);
}

Status require_count_tables(const MarginalSource& data, const std::vector<AttributeSet>& needed,
                            const std::vector<std::string>& names, const std::string& mechanism) {
  for (const AttributeSet& columns : needed) {
    if (data.has(columns)) continue;
    std::string listed;
    for (int c : columns) {
      listed += (listed.empty() ? "" : ", ") + (size_t(c) < names.size() ? names[size_t(c)] : std::to_string(c));
    }
    return Status::error(ErrorCode::InvalidArgument, "no given count table holds the columns " + listed + ": " +
                                                         mechanism +
                                                         " may read that marginal (give a table over them)");
  }
  return Status::ok();
}

Result<std::vector<int64_t>> count_workload(const MarginalSource& data, const MarginalWorkload& workload) {
  std::vector<int64_t> counts;
  counts.reserve(workload.statistic_count());
  for (const Marginal& marginal : workload.marginals()) {
    PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<double> dense, data.dense(marginal.columns));
    for (double count : dense) counts.push_back(static_cast<int64_t>(count));
  }
  return counts;
}

MarginalSource MarginalSource::compressed(const DomainCompression& compression) const {
  MarginalSource out;
  out.levels_ = compression.levels;
  if (rows_) {
    out.owned_rows_ = std::make_shared<const EncodedTable>(compression.compress(*rows_));
    out.rows_ = out.owned_rows_.get();
    return out;
  }
  out.counts_ = counts_;
  if (code_.empty()) {
    out.code_ = compression.code;
    return out;
  }
  out.code_.resize(code_.size());  // already compressed once: the two mappings composed
  for (size_t c = 0; c < code_.size(); ++c) {
    for (uint32_t once : code_[c]) out.code_[c].push_back(compression.code[c][once]);
  }
  return out;
}

}  // namespace privsynth
