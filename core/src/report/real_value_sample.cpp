#include "report/real_value_sample.hpp"

#include <algorithm>
#include <cmath>

#include "data/encoding.hpp"
#include "report/reservoir.hpp"

namespace privsynth {

namespace {
// Which real rows the owner-only report measures is not noise: a fixed public seed (as the 3-way
// sample of report/marginal_report.cpp), never the run's randomness.
constexpr uint64_t kReservoirSeed = 20240934;
}  // namespace

Result<RealValueSample> RealValueSample::create(const Schema& schema, const std::vector<std::string>& header,
                                                size_t capacity) {
  RealValueSample sample;
  sample.width_ = header.size();
  sample.capacity_ = capacity;
  sample.missing_tokens_ = schema.missing_tokens;
  sample.random_ = std::make_unique<SeededTestRandom>(kReservoirSeed);
  for (size_t c = 0; c < schema.columns.size(); ++c) {
    const Column& column = schema.columns[c];
    if (column.kind != ColumnKind::Numeric) continue;
    const auto named = std::find_if(header.begin(), header.end(),
                                    [&](const std::string& name) { return cell_token(name) == column.name; });
    if (named == header.end()) {
      return Status::error(ErrorCode::InvalidData, "the table has no column \"" + column.name + "\"");
    }
    sample.columns_.push_back(static_cast<int>(c));
    sample.schema_columns_.push_back(column);
    sample.source_.push_back(static_cast<size_t>(named - header.begin()));
  }
  sample.counts_.resize(sample.columns_.size());
  if (!sample.columns_.empty()) {
    sample.capacity_ = std::min(capacity, std::max<size_t>(1, kFidelitySampleValues / sample.columns_.size()));
  }
  return sample;
}

Status RealValueSample::add_rows(const CellGridView& grid, size_t first_row) {
  if (columns_.empty() || grid.rows <= first_row) return Status::ok();
  if (grid.columns != width_) {
    return Status::error(ErrorCode::InvalidArgument, "a chunk of rows has " + std::to_string(grid.columns) +
                                                         " columns but the header has " + std::to_string(width_));
  }
  const size_t k = columns_.size();
  std::vector<double> row_values(k);
  for (size_t row = first_row; row < grid.rows; ++row) {
    for (size_t c = 0; c < k; ++c) {
      const std::string_view token = cell_token(grid.cell(row, source_[c]));
      RealColumnCounts& counts = counts_[c];
      double value = 0;
      row_values[c] = std::nan("");
      if (std::find(missing_tokens_.begin(), missing_tokens_.end(), token) != missing_tokens_.end()) {
        ++counts.missing;
      } else if (!parse_column_value(token, schema_columns_[c], value)) {
        ++counts.unparsable;
      } else {
        row_values[c] = value;
        ++counts.values;
        if (value < schema_columns_[c].min) ++counts.below_min;
        if (value > schema_columns_[c].max) ++counts.above_max;
        counts.min = counts.values == 1 ? value : std::min(counts.min, value);
        counts.max = counts.values == 1 ? value : std::max(counts.max, value);
      }
    }
    const std::optional<size_t> slot = reservoir_slot(rows_read_++, capacity_, *random_);
    if (slot && *slot * k == values_.size()) {  // the reservoir is still filling
      values_.insert(values_.end(), row_values.begin(), row_values.end());
    } else if (slot) {
      std::copy(row_values.begin(), row_values.end(), values_.begin() + static_cast<std::ptrdiff_t>(*slot * k));
    }
  }
  return Status::ok();
}

std::vector<double> RealValueSample::sample_column(size_t k) const {
  std::vector<double> column;
  column.reserve(sample_rows());
  for (size_t i = k; i < values_.size(); i += columns_.size()) column.push_back(values_[i]);
  return column;
}

}  // namespace privsynth
