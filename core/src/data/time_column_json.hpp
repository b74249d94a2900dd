#pragma once
// The keys that make a column a date or date-time (docs/schema.md): "granularity", "timezone" and
// "format", read from a schema column or a discovery request's column. Errors are InvalidSchema,
// naming `where`.
#include <string>
#include <nlohmann/json.hpp>

#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

Result<TimeColumn> read_time_column(const nlohmann::json& object, bool with_time, const std::string& where);

// An ISO 8601 example of a bound at the column's granularity, quoted: "\"2020-01\"".
std::string time_bound_example(const TimeColumn& time);

}  // namespace privsynth
