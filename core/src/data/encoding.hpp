#pragma once
// From text cells to an EncodedTable under a schema (docs/architecture.md §2): categorical -> category index,
// numeric -> bin of [min, max], missing tokens -> the missing level of nullable columns. Values
// outside the public domain follow an explicit policy and are counted, never silently dropped.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/choice.hpp"
#include "data/table.hpp"
#include "privsynth/cell_grid.hpp"
#include "privsynth/progress.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

enum class OutOfDomainPolicy {
  Clamp,   // numeric: clamp into [min, max] (and round in integer columns); categorical: map an
           // unknown value to the missing level if the column is nullable. Unfixable rows are rejected.
  Reject,  // drop every row with a value outside the domain
  Error,   // stop with an error that names the first offending cell
};

inline constexpr Choice<OutOfDomainPolicy> kOutOfDomainPolicies[] = {
    {"clamp", OutOfDomainPolicy::Clamp}, {"reject", OutOfDomainPolicy::Reject}, {"error", OutOfDomainPolicy::Error}};
Result<OutOfDomainPolicy> parse_out_of_domain_policy(const std::string& name);

// What becomes of a record with a cell that no policy can fix (a missing value in a column that is
// not nullable, an unreadable number or an unknown category where there is no missing level).
enum class UnfixableCells {
  // The record is left out (counted in the report). Right for add/remove neighbours: leaving out
  // a record is the same map for every table, so neighbours stay neighbours or become equal.
  DropRecord,
  // The cell is set to its column's first level (code 0) and the record kept (counted in the
  // report): under replace-one neighbours n is public, and a dropped record would change it. The
  // run refuses Reject for those mechanisms before it reads a record (read_run_setup), so that
  // "reject" never means anything but dropping.
  FirstLevel,
};
const char* out_of_domain_policy_name(OutOfDomainPolicy policy);

struct ColumnEncodingCounts {
  size_t missing = 0;             // missing tokens kept as the missing level
  size_t clamped = 0;             // numeric values moved into [min, max] or rounded to a whole number
  size_t mapped_to_missing = 0;   // unknown categories / unreadable numbers stored as missing
  size_t set_to_first_level = 0;  // unfixable cells set to the first level (UnfixableCells::FirstLevel)
  size_t rejected = 0;            // rows dropped because of this column
};

struct EncodingReport {
  size_t input_rows = 0;
  size_t kept_rows = 0;
  size_t rejected_rows = 0;
  std::vector<ColumnEncodingCounts> columns;  // in schema order
  std::vector<std::string> ignored_columns;   // CSV columns the schema does not mention
  // With a privacy unit: rows left out because their person identifier was missing.
  size_t rows_without_person = 0;
};

struct EncodedData {
  EncodedTable table;
  EncodingReport report;
  // When asked for: each numeric column's values scaled to [0, 1] by its public bounds,
  // (x - min) / (max - min), NaN where missing; empty for categorical columns.
  std::vector<std::vector<double>> unit_values;
  // With the schema's privacy unit: each kept row's person, numbered 0, 1, ... in order of first
  // appearance (persons of them); empty without one.
  std::vector<uint32_t> person;
  size_t persons = 0;
};

// How the encoder reads a cell, for every other reader of raw cells (schema discovery): the text
// without surrounding spaces, tabs and line ends ...
std::string_view cell_token(std::string_view raw);
// ... and, for numbers, a strict decimal parse: the whole token must be a finite number.
bool parse_cell_number(std::string_view token, double& out);
// A numeric column's token as its value: a number, or for a date or time column its steps
// (time_text.hpp).
bool parse_column_value(std::string_view token, const Column& column, double& out);

// Limits on input size that keep memory bounded (wasm32 has at most 2 GiB here).
inline constexpr size_t kMaxInputRows = 5'000'000;
inline constexpr size_t kMaxInputCells = 60'000'000;

// Encodes a table chunk by chunk, as a streaming CSV reader hands it over, so that only codes (never
// the text) of the whole table are kept. Rows are numbered from 1 in errors, as in the CSV's data.
class TableEncoder {
 public:
  // `header`: the CSV's column names in order. Every schema column must be among them.
  static Result<TableEncoder> create(const Schema& schema, const std::vector<std::string>& header,
                                     OutOfDomainPolicy policy, bool keep_unit_values = false,
                                     UnfixableCells unfixable = UnfixableCells::DropRecord);

  // Encodes rows [first_row, rows.rows) of the grid; its columns are the header's. Stops at the
  // input limits (kMaxInputRows, kMaxInputCells) with an error. `progress` gets the fraction of
  // this grid done.
  Status add_rows(const CellGridView& rows, size_t first_row = 0, const ProgressSink& progress = {});

  size_t rows_read() const { return data_.report.input_rows; }

  // The encoded table and its report; the encoder is empty afterwards.
  EncodedData finish();

 private:
  TableEncoder() = default;
  struct State;
  std::shared_ptr<const State> state_;  // the schema's lookups, shared by copies
  EncodedData data_;
  OutOfDomainPolicy policy_ = OutOfDomainPolicy::Clamp;
  bool keep_unit_values_ = false;
  UnfixableCells unfixable_ = UnfixableCells::DropRecord;
  // With a privacy unit: each identifier's person number so far.
  std::unordered_map<std::string, uint32_t> person_numbers_;
};

// Encodes every data row of the grid. Columns are matched to the schema by header name; every
// schema column must be present.
Result<EncodedData> encode_cells(const Schema& schema, const CellGridView& grid, OutOfDomainPolicy policy,
                                 const ProgressSink& progress = {}, bool keep_unit_values = false,
                                 UnfixableCells unfixable = UnfixableCells::DropRecord);

}  // namespace privsynth
