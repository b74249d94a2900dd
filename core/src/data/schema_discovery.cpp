#include "data/schema_discovery_with_random.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "data/domain_discovery.hpp"
#include "data/encoding.hpp"
#include "base/json_text.hpp"
#include "base/number_text.hpp"
#include "privacy/receipt_privacy.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/version.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidArgument, "schema discovery: " + message); }

struct ColumnRequest {
  Column column;        // name, kind, integer, bins, nullable
  double lower = 0, upper = 0;
};

Result<ColumnRequest> read_column(const Json& item) {
  if (!item.is_object() || !item.contains("name") || !item["name"].is_string() || item["name"].get<std::string>().empty()) {
    return invalid("every column needs a \"name\"");
  }
  ColumnRequest request;
  request.column.name = item["name"].get<std::string>();
  const std::string where = "column \"" + request.column.name + "\": ";
  const std::string type = item.value("type", "");
  request.column.nullable = item.value("nullable", false);
  if (type == "categorical") {
    for (const auto& [key, value] : item.items()) {
      if (key != "name" && key != "type" && key != "nullable") return invalid(where + "unknown key \"" + key + "\"");
    }
    return request;
  }
  if (type != "numeric") return invalid(where + "\"type\" must be \"categorical\" or \"numeric\"");
  for (const auto& [key, value] : item.items()) {
    if (key != "name" && key != "type" && key != "nullable" && key != "range" && key != "integer" && key != "bins") {
      return invalid(where + "unknown key \"" + key + "\"");
    }
  }
  const Json& range = item.contains("range") ? item["range"] : Json();
  if (!range.is_array() || range.size() != 2 || !range[0].is_number() || !range[1].is_number() ||
      !(range[0].get<double>() < range[1].get<double>()) || !std::isfinite(range[0].get<double>()) ||
      !std::isfinite(range[1].get<double>())) {
    return invalid(where + "a numeric column needs a public rough \"range\": [lower, upper] with lower < upper "
                           "(what anyone could say about it, e.g. [0, 150] for an age)");
  }
  request.column.kind = ColumnKind::Numeric;
  request.lower = range[0].get<double>();
  request.upper = range[1].get<double>();
  request.column.integer = item.value("integer", false);
  const Json& bins = item.contains("bins") ? item["bins"] : Json(kDefaultBins);
  if (!bins.is_number_integer() || bins.get<long long>() < 1 || bins.get<long long>() > kMaxBins) {
    return invalid(where + "\"bins\" must be a whole number from 1 to " + std::to_string(kMaxBins));
  }
  request.column.bins = static_cast<int>(bins.get<long long>());
  return request;
}

}  // namespace

Result<SchemaDiscoveryOutput> discover_schema(std::string_view request_json, const CellGridView& grid) {
  const Json request = Json::parse(request_json.begin(), request_json.end(), nullptr, false);
  const Json* seed = request.is_object() && request.contains("testSeed") ? &request["testSeed"] : nullptr;
  if (seed && (!seed->is_number_integer() || seed->get<long long>() < 0)) return invalid("\"testSeed\" must be a whole number >= 0");
  // On the heap: a source holds a 64 KiB buffer, too much for a wasm stack.
  const std::unique_ptr<RandomSource> random = seed ? std::unique_ptr<RandomSource>(new SeededTestRandom(seed->get<uint64_t>()))
                                                    : std::unique_ptr<RandomSource>(new SystemRandom());
  return discover_schema_with_random(request_json, grid, *random);
}

Result<SchemaDiscoveryOutput> discover_schema_with_random(std::string_view request_json, const CellGridView& grid,
                                                         RandomSource& random) {
  const Json request = Json::parse(request_json.begin(), request_json.end(), nullptr, false);
  if (request.is_discarded() || !request.is_object()) return invalid("the request is not a JSON object");
  for (const auto& [key, value] : request.items()) {
    static const std::set<std::string> known = {"epsilon", "delta", "name", "missing", "testSeed", "columns"};
    if (!known.count(key)) return invalid("unknown key \"" + key + "\"");
  }
  const double epsilon = request.value("epsilon", 0.0);
  if (!request.contains("epsilon") || !request["epsilon"].is_number() || !(epsilon > 0) || !std::isfinite(epsilon)) {
    return invalid("\"epsilon\" must be a number > 0");
  }
  if (!request.contains("columns") || !request["columns"].is_array() || request["columns"].empty()) {
    return invalid("\"columns\" must be a non-empty array");
  }
  std::vector<ColumnRequest> columns;
  std::set<std::string> names;
  size_t categorical = 0;
  for (const Json& item : request["columns"]) {
    Result<ColumnRequest> column = read_column(item);
    if (!column.is_ok()) return column.status();
    if (!names.insert(column.value().column.name).second) return invalid("column \"" + column.value().column.name + "\" is listed twice");
    categorical += column.value().column.kind == ColumnKind::Categorical ? 1 : 0;
    columns.push_back(std::move(column).value());
  }
  double delta = 0;
  if (categorical > 0) {
    if (!request.contains("delta") || !request["delta"].is_number() || !(request["delta"].get<double>() > 0) ||
        !(request["delta"].get<double>() < 1)) {
      return invalid("categorical columns need \"delta\" strictly between 0 and 1 (e.g. 1e-6): no pure epsilon-DP "
                     "mechanism can release values from an open-ended set");
    }
    delta = request["delta"].get<double>();
  }
  std::vector<std::string> missing = {""};
  if (request.contains("missing")) {
    if (!request["missing"].is_array()) return invalid("\"missing\" must be an array of strings");
    missing.clear();
    for (const Json& token : request["missing"]) {
      if (!token.is_string()) return invalid("\"missing\" must be an array of strings");
      missing.push_back(token.get<std::string>());
    }
  }
  const bool seeded = random.is_test_seeded();
  if (grid.rows == 0) return Status::error(ErrorCode::EmptyData, "the CSV has no header row");

  const double column_epsilon = epsilon / double(columns.size());
  const double column_delta = categorical > 0 ? delta / double(categorical) : 0;
  const std::set<std::string> missing_set(missing.begin(), missing.end());
  Schema schema;
  schema.name = request.value("name", std::string("discovered"));
  schema.source = std::string("discovered with differential privacy from the data (privsynth ") + version() + ")";
  schema.missing_tokens = missing;
  // A seeded discovery is not private, and neither is anything built on its schema: the schema
  // carries the fact (schema.hpp), and every receipt made with it says so.
  const std::string seeded_reason = "a fixed test seed replaced the secure random number generator";
  schema.discovered = DiscoveryCost{epsilon, delta, seeded ? std::vector<std::string>{seeded_reason} : std::vector<std::string>{}};
  PRIVSYNTH_ASSIGN_OR_RETURN(Accountant made, Accountant::create(
      PrivacyDefinition{Neighbours::AddRemove, Accounting::Basic, epsilon, delta, std::nullopt}));
  Accountant& accountant = made;
  for (ColumnRequest& request_column : columns) {
    Column& column = request_column.column;
    size_t index = grid.columns;
    for (size_t c = 0; c < grid.columns; ++c) {
      if (cell_token(grid.cell(0, c)) == column.name) index = c;
    }
    if (index == grid.columns) {
      return Status::error(ErrorCode::InvalidData, "the CSV has no column \"" + column.name + "\"");
    }
    if (column.kind == ColumnKind::Categorical) {
      std::vector<std::string> values;
      for (size_t row = 1; row < grid.rows; ++row) {  // cells read as the encoder reads them
        const std::string value(cell_token(grid.cell(row, index)));
        if (!missing_set.count(value)) values.push_back(value);
      }
      PRIVSYNTH_RETURN_IF_ERROR(accountant.charge({"categories of \"" + column.name + "\"",
                                                   "discrete Laplace counts above a threshold",
                                                   ApproximateCost{column_epsilon, column_delta}}));
      Result<DiscoveredCategories> found = discover_categories(values, column_epsilon, column_delta, random);
      if (!found.is_ok()) return found.status();
      if (found.value().categories.empty()) {
        return Status::error(ErrorCode::EmptyData, "no value of column \"" + column.name +
                                                       "\" is frequent enough to be released privately at this epsilon and delta; "
                                                       "give its categories in a schema or raise epsilon");
      }
      for (const std::string& label : found.value().categories) column.categories.push_back({label, std::nullopt});
    } else {
      std::vector<double> values;
      for (size_t row = 1; row < grid.rows; ++row) {
        const std::string_view token = cell_token(grid.cell(row, index));
        double value = 0;
        if (!missing_set.count(std::string(token)) && parse_cell_number(token, value)) values.push_back(value);  // others: ignored
      }
      for (const char* bound : {"lower bound (0.5% quantile)", "upper bound (99.5% quantile)"}) {
        PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
            {std::string(bound) + " of \"" + column.name + "\"",
             "exponential mechanism over a grid of " + std::to_string(kPublicGridSteps) + " steps of [" +
                 format_number(request_column.lower) + ", " + format_number(request_column.upper) + "] (Smith 2011)",
             ExponentialCost{1.0, column_epsilon / 2}}));
      }
      Result<DiscoveredBounds> bounds = discover_numeric_bounds(values, request_column.lower, request_column.upper,
                                                                column_epsilon, column.integer, random);
      if (!bounds.is_ok()) return bounds.status();
      column.min = bounds.value().min;
      column.max = bounds.value().max;
      // Narrow whole-number bounds hold fewer values than bins; the schema refuses empty bins.
      if (column.integer) column.bins = static_cast<int>(std::min<double>(column.bins, column.max - column.min + 1));
    }
    schema.columns.push_back(column);
  }
  // Fail closed: nothing leaves a discovery whose randomness failed (random.hpp).
  PRIVSYNTH_RETURN_IF_ERROR(random.health());
  SchemaDiscoveryOutput output;
  output.schema_json = schema_to_json(schema);
  Json privacy = privacy_json(accountant);
  privacy["note"] = "every synthesis with this schema adds this cost to its own (its receipt's privacy.total)";
  const Json receipt = {
      {"kind", "privsynth privacy receipt"},
      {"format", 1},
      {"release", "schema discovery"},
      {"software", {{"name", "privsynth"}, {"version", version()}}},
      {"private", !seeded},
      {"notPrivateReasons", schema.discovered->not_private_reasons},
      {"privacy", privacy},
      {"ledger", ledger_json(accountant)},
      {"randomness", seeded ? "fixed test seed (NOT PRIVATE)" : "platform CSPRNG"}};
  output.receipt_json = to_json_text(receipt, 1);
  return output;
}

}  // namespace privsynth
