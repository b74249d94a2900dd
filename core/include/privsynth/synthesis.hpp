#pragma once
// The end-to-end pipeline behind the library's synthesize(): schema + CSV cells + options in;
// synthetic columns, a privacy receipt and a utility report out. Nothing is returned unless every
// step succeeded.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "privsynth/cell_grid.hpp"
#include "privsynth/decoded_column.hpp"
#include "privsynth/progress.hpp"
#include "privsynth/record_stream.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct SynthesisInput {
  std::string_view schema_json;
  CellGridView cells;             // row 0 is the CSV header
  std::string_view options_json;  // see docs/api.md: epsilon, mechanism, columns, degree, ...
};

// Released bin centres in schema units (numeric centres not rounded, even in integer columns) and
// their noisy counts.
struct WeightedCentresTable {
  size_t rows = 0;
  std::vector<DecodedColumn> columns;
  std::vector<double> weights;
};

struct SynthesisOutput {
  size_t rows = 0;
  std::vector<DecodedColumn> columns;  // the synthetic table
  std::optional<WeightedCentresTable>
      weighted_centres;      // when the mechanism releases weighted points (space-partition)
  std::string receipt_json;  // public: what was released and how (docs/architecture.md §2)
  std::string report_json;   // NOT public: utility measured on the real data
  // With mlTarget and mlDirectDp: a JSON array of logistic regressions trained directly under DP,
  // one per target, each a separate release with its own receipt (docs/privacy/dp-gd.md); else empty.
  std::string direct_models_json;
  // A streamed release (CountsSynthesisInput::stream_records): its records, to draw in chunks.
  std::shared_ptr<SyntheticRecordStream> records;
};

Result<SynthesisOutput> synthesize(const SynthesisInput& input, const ProgressSink& progress = {});

// A release from exact marginal count tables computed outside privsynth -- an SQL engine inside the
// data owner's perimeter measured a table too large to bring here (docs/scale.md) -- instead of
// rows. The tables are AS SENSITIVE AS THE ROWS. Mechanisms that read the data only through count
// tables accept them (adaptive-marginals, marginal-lp, reduced-space-lp in the encoded space); for the same test seed
// the release equals the one from the rows the tables were counted from, but for the receipt's "input". No mlTarget, no
// utility report.
struct CountsSynthesisInput {
  std::string_view schema_json;
  // {"tables": [{"columns": [names], "cells": [[codes..., count], ...]}, ...]} (pipeline/count_tables.hpp)
  std::string_view counts_json;
  std::string_view options_json;
  // The records are left to SynthesisOutput::records, drawn and decoded a chunk at a time (a release
  // of any size); `columns` is then empty and `rows` counts them all.
  bool stream_records = false;
};
Result<SynthesisOutput> synthesize_from_counts(const CountsSynthesisInput& input, const ProgressSink& progress = {});

// The count tables a run with these options reads (column names), from public inputs only: what the
// SQL engine must compute. With `query_json` ({"dialect": "duckdb" | "postgres" | "spark", "from":
// table, "nulls", "typedColumns", "grouping"}; docs/scale.md) it also holds "sql", the one-pass query
// that computes them with the schema's encoding applied in SQL. Errors: those of the options or the
// query, or a mechanism that reads rows.
Result<std::string> required_count_tables_json(std::string_view schema_json, std::string_view options_json,
                                               std::string_view query_json = {});

// The same run fed chunk by chunk (a streaming CSV reader): options and schema are checked by
// start() before any record is read; only the encoded codes of the table are kept in between.
class SynthesisSession {
 public:
  // `header`: the CSV's column names in order.
  static Result<SynthesisSession> start(std::string_view schema_json, std::string_view options_json,
                                        const std::vector<std::string>& header);
  SynthesisSession(SynthesisSession&&) noexcept;
  SynthesisSession& operator=(SynthesisSession&&) noexcept;
  ~SynthesisSession();

  // Data rows [first_row, rows.rows) of a grid whose columns are the header's.
  Status add_rows(const CellGridView& rows, size_t first_row = 0, const ProgressSink& progress = {});
  size_t rows_read() const;
  // Runs the mechanism on every row added; the session is spent afterwards.
  Result<SynthesisOutput> finish(const ProgressSink& progress = {});

 private:
  struct State;
  explicit SynthesisSession(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace privsynth
