#pragma once
// What a table looks like against its schema, before anything is spent: rows kept and rejected,
// and per column the missing values and the values outside the domain (clamped, or mapped to
// missing). FOR THE DATA OWNER'S EYES ONLY: exact counts of the real data, released nowhere.
#include <nlohmann/json.hpp>
#include <string_view>

#include "privsynth/cell_grid.hpp"
#include "privsynth/encoding.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// {"inputRows", "keptRows", "rejectedRows", "ignoredColumns", "columns": [{name, missing,
// clamped, mappedToMissing, rejectedRows}]}: the encoding report's JSON, also used in the
// utility report of every run.
nlohmann::json encoding_report_json(const EncodingReport& report, const Schema& schema);

// Encodes `grid` under the schema and the out-of-domain policy ("clamp", "reject", "error") and
// returns {"notice", ...encoding_report_json}. Errors as synthesize() would give them for these
// inputs (schema, CSV shape, a cell under policy "error").
Result<std::string> summarize_data(std::string_view schema_json, const CellGridView& grid, std::string_view policy);

}  // namespace privsynth
