#pragma once
// What a table looks like against its schema, before anything is spent: rows kept and rejected,
// and per column the missing values and the values outside the domain (clamped, or mapped to
// missing). FOR THE DATA OWNER'S EYES ONLY: exact counts of the real data, released nowhere.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "privsynth/cell_grid.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Encodes `grid` under the schema and the out-of-domain policy ("clamp", "reject", "error") and
// returns {"notice", ...encoding_report_json}. Errors as synthesize() would give them for these
// inputs (schema, CSV shape, a cell under policy "error").
Result<std::string> summarize_data(std::string_view schema_json, const CellGridView& grid, std::string_view policy);

// The same summary fed chunk by chunk (a streaming CSV reader).
class DataSummarySession {
 public:
  // `header`: the CSV's column names in order.
  static Result<DataSummarySession> start(std::string_view schema_json, std::string_view policy,
                                          const std::vector<std::string>& header);
  // Data rows [first_row, rows.rows) of a grid whose columns are the header's.
  Status add_rows(const CellGridView& rows, size_t first_row = 0);
  std::string finish();

  DataSummarySession(DataSummarySession&&) noexcept;
  DataSummarySession& operator=(DataSummarySession&&) noexcept;
  ~DataSummarySession();

 private:
  struct State;
  explicit DataSummarySession(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace privsynth
