#include "discovery/discovery_request.hpp"

#include <cmath>
#include <set>
#include <nlohmann/json.hpp>

#include "data/time_column_json.hpp"
#include "data/time_text.hpp"
#include "privacy/definition.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

Status invalid(const std::string& message) {
  return Status::error(ErrorCode::InvalidArgument, "schema discovery: " + message);
}

// A key's text or flag, `fallback` when absent; another type is refused (nlohmann's value() would throw).
Result<std::string> text_of(const Json& object, const char* key, const std::string& fallback,
                            const std::string& where) {
  if (!object.contains(key)) return fallback;
  if (!object[key].is_string()) return invalid(where + "\"" + key + "\" must be a string");
  return object[key].get<std::string>();
}

Result<bool> flag_of(const Json& object, const char* key, const std::string& where) {
  if (!object.contains(key)) return false;
  if (!object[key].is_boolean()) return invalid(where + "\"" + key + "\" must be true or false");
  return object[key].get<bool>();
}

Result<DiscoveryColumnRequest> read_bins(const Json& item, DiscoveryColumnRequest& request, const std::string& where) {
  const Json& bins = item.contains("bins") ? item["bins"] : Json(kDefaultBins);
  if (!bins.is_number_integer() || bins.get<long long>() < 1 || bins.get<long long>() > kMaxBins) {
    return invalid(where + "\"bins\" must be a whole number from 1 to " + std::to_string(kMaxBins));
  }
  request.column.bins = static_cast<int>(bins.get<long long>());
  return request;
}

// A date or date-time column: its public rough "range" as two ISO 8601 texts, its granularity,
// time zone and format as in a schema (docs/schema.md); the bounds are then found in steps.
Result<DiscoveryColumnRequest> read_time_request(const Json& item, bool with_time, DiscoveryColumnRequest& request,
                                                 const std::string& where) {
  for (const auto& [key, value] : item.items()) {
    static const std::set<std::string> known = {"name", "type",        "nullable", "range",
                                                "bins", "granularity", "timezone", "format"};
    if (!known.count(key)) return invalid(where + "unknown key \"" + key + "\"");
  }
  const Result<TimeColumn> time = read_time_column(item, with_time, "column \"" + request.column.name + "\"");
  if (!time.is_ok()) return invalid(time.status().message());
  const Json& range = item.contains("range") ? item["range"] : Json();
  const bool read = range.is_array() && range.size() == 2 && range[0].is_string() && range[1].is_string() &&
                    parse_time_bound(range[0].get<std::string>(), time.value(), request.lower) &&
                    parse_time_bound(range[1].get<std::string>(), time.value(), request.upper);
  if (!read || !(request.lower < request.upper)) {
    return invalid(where + "a " + (with_time ? "datetime" : "date") +
                   " column needs a public rough \"range\": [first, last] in ISO 8601, first before last (such as [" +
                   time_bound_example(time.value()) + ", \"2030-12-31\"])");
  }
  request.column.kind = ColumnKind::Numeric;
  request.column.integer = true;
  request.column.time = time.value();
  return read_bins(item, request, where);
}

Result<DiscoveryColumnRequest> read_column(const Json& item) {
  if (!item.is_object() || !item.contains("name") || !item["name"].is_string() ||
      item["name"].get<std::string>().empty()) {
    return invalid("every column needs a \"name\"");
  }
  DiscoveryColumnRequest request;
  request.column.name = item["name"].get<std::string>();
  const std::string where = "column \"" + request.column.name + "\": ";
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string type, text_of(item, "type", "", where));
  PRIVSYNTH_ASSIGN_OR_RETURN(request.column.nullable, flag_of(item, "nullable", where));
  if (type == "categorical") {
    for (const auto& [key, value] : item.items()) {
      if (key != "name" && key != "type" && key != "nullable") return invalid(where + "unknown key \"" + key + "\"");
    }
    return request;
  }
  if (type == "date" || type == "datetime") return read_time_request(item, type == "datetime", request, where);
  if (type != "numeric") {
    return invalid(where + "\"type\" must be \"categorical\", \"numeric\", \"date\" or \"datetime\"");
  }
  for (const auto& [key, value] : item.items()) {
    if (key != "name" && key != "type" && key != "nullable" && key != "range" && key != "integer" && key != "bins") {
      return invalid(where + "unknown key \"" + key + "\"");
    }
  }
  const Json& range = item.contains("range") ? item["range"] : Json();
  if (!range.is_array() || range.size() != 2 || !range[0].is_number() || !range[1].is_number() ||
      !(range[0].get<double>() < range[1].get<double>()) || !std::isfinite(range[0].get<double>()) ||
      !std::isfinite(range[1].get<double>())) {
    return invalid(where +
                   "a numeric column needs a public rough \"range\": [lower, upper] with lower < upper (what anyone "
                   "could say about it, e.g. [0, 150] for an age)");
  }
  request.column.kind = ColumnKind::Numeric;
  request.lower = range[0].get<double>();
  request.upper = range[1].get<double>();
  PRIVSYNTH_ASSIGN_OR_RETURN(request.column.integer, flag_of(item, "integer", where));
  return read_bins(item, request, where);
}

Result<std::vector<std::string>> read_missing(const Json& request) {
  if (!request.contains("missing")) return std::vector<std::string>{""};
  if (!request["missing"].is_array()) return invalid("\"missing\" must be an array of strings");
  std::vector<std::string> missing;
  for (const Json& token : request["missing"]) {
    if (!token.is_string()) return invalid("\"missing\" must be an array of strings");
    missing.push_back(token.get<std::string>());
  }
  return missing;
}

}  // namespace

Result<DiscoveryRequest> read_discovery_request(std::string_view request_json) {
  const Json request = Json::parse(request_json.begin(), request_json.end(), nullptr, false);
  if (request.is_discarded() || !request.is_object()) return invalid("the request is not a JSON object");
  for (const auto& [key, value] : request.items()) {
    static const std::set<std::string> known = {"epsilon", "delta", "name", "missing", "testSeed", "columns"};
    if (!known.count(key)) return invalid("unknown key \"" + key + "\"");
  }
  DiscoveryRequest read;
  read.epsilon = request.contains("epsilon") && request["epsilon"].is_number() ? request["epsilon"].get<double>() : 0.0;
  if (!(read.epsilon > 0) || !std::isfinite(read.epsilon)) return invalid("\"epsilon\" must be a number > 0");
  if (!request.contains("columns") || !request["columns"].is_array() || request["columns"].empty()) {
    return invalid("\"columns\" must be a non-empty array");
  }
  std::set<std::string> names;
  for (const Json& item : request["columns"]) {
    PRIVSYNTH_ASSIGN_OR_RETURN(DiscoveryColumnRequest column, read_column(item));
    if (!names.insert(column.column.name).second)
      return invalid("column \"" + column.column.name + "\" is listed twice");
    read.categorical += column.column.kind == ColumnKind::Categorical ? 1 : 0;
    read.columns.push_back(std::move(column));
  }
  if (read.categorical > 0) {
    if (!request.contains("delta") || !request["delta"].is_number() || !(request["delta"].get<double>() > 0) ||
        !(request["delta"].get<double>() < 1)) {
      return invalid(
          "categorical columns need \"delta\" strictly between 0 and 1 (e.g. 1e-6): no pure epsilon-DP mechanism can "
          "release values from an open-ended set");
    }
    read.delta = request["delta"].get<double>();
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(read.missing, read_missing(request));
  PRIVSYNTH_ASSIGN_OR_RETURN(read.name, text_of(request, "name", "discovered", ""));
  return read;
}

bool is_automatic_discovery_request(std::string_view request_json) {
  const Json request = Json::parse(request_json.begin(), request_json.end(), nullptr, false);
  return request.is_object() && request.contains("share");
}

Result<AutomaticDiscoveryRequest> read_automatic_discovery_request(std::string_view request_json) {
  const Json request = Json::parse(request_json.begin(), request_json.end(), nullptr, false);
  if (request.is_discarded() || !request.is_object()) return invalid("the request is not a JSON object");
  for (const auto& [key, value] : request.items()) {
    static const std::set<std::string> known = {"epsilon", "delta",    "share",  "bins",   "name",
                                                "missing", "testSeed", "schema", "columns"};
    if (!known.count(key)) {
      return invalid("unknown key \"" + key + "\"");
    }
  }
  AutomaticDiscoveryRequest read;
  const auto number = [&](const char* key, double low, double high, double& out, const std::string& rule) -> Status {
    if (!request.contains(key) || !request[key].is_number() || !(request[key].get<double>() > low) ||
        !(request[key].get<double>() < high)) {
      return invalid("\"" + std::string(key) + "\" must be " + rule);
    }
    out = request[key].get<double>();
    return Status::ok();
  };
  PRIVSYNTH_RETURN_IF_ERROR(number("epsilon", 0, 1e6, read.epsilon, "a number > 0 (the whole release's)"));
  read.delta = kDefaultDelta;
  if (request.contains("delta")) {
    PRIVSYNTH_RETURN_IF_ERROR(number("delta", 0, 0.5, read.delta, "a number in (0, 0.5) (the whole release's)"));
  }
  PRIVSYNTH_RETURN_IF_ERROR(number("share", 0, 1, read.share, "strictly between 0 and 1 (the discovery's share)"));
  if (request.contains("bins")) {
    const Json& bins = request["bins"];
    if (!bins.is_number_integer() || bins.get<long long>() < 2 || bins.get<long long>() > 1000) {
      return invalid("\"bins\" must be a whole number from 2 to 1000");
    }
    read.bins = static_cast<int>(bins.get<long long>());
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(read.missing, read_missing(request));
  PRIVSYNTH_ASSIGN_OR_RETURN(read.name, text_of(request, "name", "discovered", ""));
  if (request.contains("columns")) {
    const Json& columns = request["columns"];
    if (!columns.is_array() || columns.empty()) return invalid("\"columns\" must be a non-empty array of column names");
    for (const Json& name : columns) {
      if (!name.is_string()) return invalid("\"columns\" must be a non-empty array of column names");
      read.only.push_back(name.get<std::string>());
    }
  }
  if (request.contains("schema")) {
    if (!request["schema"].is_object()) return invalid("\"schema\" must be a (partial) schema object");
    Json given = request["schema"];
    if (!given.contains("version")) given["version"] = 1;
    if (!given.contains("name")) given["name"] = read.name;
    if (!given.contains("missing")) given["missing"] = read.missing;
    Result<Schema> schema = parse_schema_json(given.dump());
    if (!schema.is_ok())
      return Status::error(schema.status().code(), "the partial schema: " + schema.status().message());
    if (schema.value().discovered || schema.value().inferred_from_data) {
      return invalid("the partial schema must be public (\"provenance\": \"public\")");
    }
    read.missing = schema.value().missing_tokens;
    read.given = std::move(schema.value());
  }
  return read;
}

}  // namespace privsynth
