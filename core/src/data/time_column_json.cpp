#include "data/time_column_json.hpp"

#include "data/time_text.hpp"

namespace privsynth {

Result<TimeColumn> read_time_column(const nlohmann::json& object, bool with_time, const std::string& where) {
  const auto error = [&](const std::string& message) {
    return Status::error(ErrorCode::InvalidSchema, where + ": " + message);
  };
  TimeColumn time;
  time.with_time = with_time;
  time.granularity = with_time ? TimeGranularity::Second : TimeGranularity::Day;
  if (object.contains("granularity")) {
    const nlohmann::json& name = object["granularity"];
    const auto granularity = name.is_string() ? granularity_from_name(name.get<std::string>()) : std::nullopt;
    const bool allowed =
        granularity && (with_time ? *granularity >= TimeGranularity::Hour : *granularity <= TimeGranularity::Day);
    if (!allowed) {
      return error(std::string("\"granularity\" must be ") +
                   (with_time ? "\"hour\", \"minute\" or \"second\"" : "\"year\", \"month\" or \"day\""));
    }
    time.granularity = *granularity;
  }
  if (object.contains("timezone")) {
    const nlohmann::json& zone = object["timezone"];
    if (!with_time || !zone.is_string() || (zone != "naive" && zone != "utc")) {
      return error("\"timezone\" belongs to a datetime column and is \"naive\" or \"utc\"");
    }
    time.utc = zone == "utc";
  }
  if (object.contains("format")) {
    if (!object["format"].is_string() || object["format"].get<std::string>().empty()) {
      return error("\"format\" must be a pattern such as \"DD/MM/YYYY\"");
    }
    time.format = object["format"].get<std::string>();
    if (const auto problem = check_time_format(time)) return error(*problem);
  }
  return time;
}

std::string time_bound_example(const TimeColumn& time) {
  const char* example = time.with_time                               ? "2020-01-31T08:00:00"
                        : time.granularity == TimeGranularity::Year  ? "2020"
                        : time.granularity == TimeGranularity::Month ? "2020-01"
                                                                     : "2020-01-31";
  return "\"" + std::string(example) + (time.utc ? "Z" : "") + "\"";
}

}  // namespace privsynth
