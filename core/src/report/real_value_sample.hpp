#pragma once
// The real side of the fidelity report (report/fidelity_report.hpp): every numeric column's values
// AS READ, before the encoder clamps them into the schema's bounds or bins them, over every row
// read, the rows the encoder then leaves out included. FOR THE DATA OWNER'S EYES ONLY.
//
// Counts, min and max cover every row. The values are kept for a uniform random sample of at most
// `capacity` rows (reservoir sampling, Vitter's Algorithm R), all numeric cells of a row together
// so that correlations stay paired. The sample's randomness is a fixed-seed stream of its own: it
// never draws from the run's randomness, so a seeded release is the same with or without it, and
// the report, which is never published, is repeatable.
#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "base/random.hpp"
#include "privsynth/cell_grid.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// At most this many rows, and at most this many values in all (8 bytes each: 40 MB), so that a
// table with many numeric columns keeps fewer rows.
inline constexpr size_t kFidelitySampleRows = 100'000;
inline constexpr size_t kFidelitySampleValues = 5'000'000;

struct RealColumnCounts {
  size_t values = 0;                    // cells read as a number (a date or time column: as one in its format)
  size_t missing = 0;                   // the schema's missing tokens
  size_t unparsable = 0;                // neither: counted here, never measured
  size_t below_min = 0, above_max = 0;  // values outside the schema's bounds, as read
  double min = std::numeric_limits<double>::quiet_NaN();  // over every value read
  double max = std::numeric_limits<double>::quiet_NaN();
};

class RealValueSample {
 public:
  // Reads the numeric columns of `schema` from a table whose column names are `header`, keeping at
  // most `capacity` rows (fewer when they would hold more than kFidelitySampleValues values).
  // Errors (InvalidData): a numeric column the header does not name.
  static Result<RealValueSample> create(const Schema& schema, const std::vector<std::string>& header,
                                        size_t capacity = kFidelitySampleRows);

  // Reads rows [first_row, grid.rows) of a grid whose columns are the header's.
  Status add_rows(const CellGridView& grid, size_t first_row = 0);

  // The schema positions of the numeric columns, in order; "column k" below is columns()[k].
  const std::vector<int>& columns() const { return columns_; }
  const std::vector<RealColumnCounts>& counts() const { return counts_; }
  size_t rows_read() const { return rows_read_; }
  size_t capacity() const { return capacity_; }
  size_t sample_rows() const { return columns_.empty() ? 0 : values_.size() / columns_.size(); }
  bool sampled() const { return rows_read_ > sample_rows(); }
  // Column k's value in each sampled row, NaN where missing or unparsable.
  std::vector<double> sample_column(size_t k) const;

 private:
  RealValueSample() = default;
  std::vector<int> columns_;
  std::vector<Column> schema_columns_;  // columns_' schema columns
  std::vector<size_t> source_;          // their positions in the header
  size_t width_ = 0;                    // columns of the header
  std::vector<std::string> missing_tokens_;
  size_t capacity_ = 0, rows_read_ = 0;
  std::vector<double> values_;  // row-major: sample_rows() x columns_.size()
  std::vector<RealColumnCounts> counts_;
  std::unique_ptr<RandomSource> random_;
};

}  // namespace privsynth
