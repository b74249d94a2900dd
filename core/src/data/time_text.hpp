#pragma once
// Date and time cells as numbers (docs/schema.md, "Dates and times"). A cell is read in its
// column's format as whole steps of the column's granularity since 1970-01-01T00:00, parts finer
// than the granularity dropped (floor), and written back in the same format. The default format,
// ISO 8601, reads "2020-02-29", "2020-02-29T13:45:30", "2020-02-29 13:45:30.5" and, in a UTC
// column, "...Z" or "...+02:00"; a naive column refuses a time zone. A "datetime" cell may leave
// out its time (midnight, as pandas writes whole days); a "date" cell must carry every part down
// to its granularity. Years 0001 to 9999, in the proleptic Gregorian calendar.
#include <optional>
#include <string>
#include <string_view>

#include "privsynth/schema.hpp"

namespace privsynth {

// The cell read as steps since 1970-01-01T00:00, or false when it is not a valid date or time.
bool parse_time_cell(std::string_view token, const TimeColumn& time, double& steps);

// A bound of the schema ("min", "max"): always ISO 8601, at the column's granularity or finer.
bool parse_time_bound(std::string_view text, const TimeColumn& time, double& steps);

// Whole steps (a value is floored) written in the column's format, or ISO 8601 with `iso`.
std::string format_time_steps(double steps, const TimeColumn& time, bool iso = false);

// A numeric column's value as people read it in messages and labels: a number as format_number
// writes it, a date or time column's steps in ISO 8601.
std::string column_value_text(const Column& column, double value);

// Why a format cannot be used for the column (a part the granularity needs is missing, a part is
// repeated), or nothing.
std::optional<std::string> check_time_format(const TimeColumn& time);

// "year", "month", ... and back.
const char* granularity_name(TimeGranularity granularity);
std::optional<TimeGranularity> granularity_from_name(std::string_view name);

}  // namespace privsynth
