#pragma once
// The encoding report as JSON: shown to the data owner by summarize_data() and in the utility
// report of every run. FOR THE DATA OWNER'S EYES ONLY.
#include <nlohmann/json.hpp>

#include "data/encoding.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

// {"inputRows", "keptRows", "rejectedRows", "ignoredColumns", "columns": [{name, missing,
// clamped, mappedToMissing, rejectedRows}]}: the encoding report's JSON, also used in the
// utility report of every run.
nlohmann::json encoding_report_json(const EncodingReport& report, const Schema& schema);

}  // namespace privsynth
