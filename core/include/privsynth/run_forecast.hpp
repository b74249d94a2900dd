#pragma once
// A forecast of a synthesis run before it spends any budget, from public inputs only: the schema,
// the options synthesize() takes, and optionally the user's own estimate of the number of records
// n. It reads no data. Every field is described in docs/forecast.md.
#include <optional>
#include <string>
#include <string_view>

#include "privsynth/status.hpp"

namespace privsynth {

// The forecast as JSON text (camelCase). A setup the run would refuse is refused with the same error.
Result<std::string> forecast_run_json(std::string_view schema_json, std::string_view options_json,
                                      std::optional<double> rows = std::nullopt);

}  // namespace privsynth
