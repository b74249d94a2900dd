// Private schema discovery (docs/privacy/domain-discovery.md): the request read and checked
// (discovery_request.hpp), then each column's domain discovered in turn and charged to one
// accountant first (domain_discovery.hpp), then the schema and its receipt.
#include "discovery/schema_discovery_with_random.hpp"

#include <algorithm>
#include <memory>
#include <set>
#include <nlohmann/json.hpp>

#include "base/json_text.hpp"
#include "base/number_text.hpp"
#include "data/encoding.hpp"
#include "data/time_text.hpp"
#include "discovery/discovery_receipt.hpp"
#include "discovery/discovery_request.hpp"
#include "discovery/domain_discovery.hpp"
#include "discovery/person_sample.hpp"
#include "privacy/receipt_privacy.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/version.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

// One CSV column's cells as the encoder reads them, without the missing-value tokens.
struct ColumnCells {
  const CellGridView& grid;
  size_t index;
  const std::set<std::string>& missing;

  std::vector<std::string> values() const {
    std::vector<std::string> values;
    for (size_t row = 1; row < grid.rows; ++row) {
      std::string value(cell_token(grid.cell(row, index)));
      if (!missing.count(value)) values.push_back(std::move(value));
    }
    return values;
  }
  // The cells that read as numbers (as dates or times, in steps, for such a column); others are ignored.
  std::vector<double> numbers(const Column& column) const {
    std::vector<double> numbers;
    for (size_t row = 1; row < grid.rows; ++row) {
      const std::string_view token = cell_token(grid.cell(row, index));
      double value = 0;
      if (!missing.count(std::string(token)) && parse_column_value(token, column, value)) numbers.push_back(value);
    }
    return numbers;
  }
};

Result<size_t> column_index(const CellGridView& grid, const std::string& name) {
  size_t index = grid.columns;
  for (size_t c = 0; c < grid.columns; ++c) {
    if (cell_token(grid.cell(0, c)) == name) index = c;
  }
  if (index == grid.columns) return Status::error(ErrorCode::InvalidData, "the CSV has no column \"" + name + "\"");
  return index;
}

// A categorical column's categories: the values whose noisy count reaches the threshold.
Status discover_categorical(Column& column, const ColumnCells& cells, const DiscoveryRequest& request,
                            Accountant& accountant, RandomSource& random) {
  const std::vector<std::string> values = cells.values();
  PRIVSYNTH_RETURN_IF_ERROR(
      accountant.charge({"categories of \"" + column.name + "\"", "discrete Laplace counts above a threshold",
                         ApproximateCost{request.column_epsilon(), request.column_delta()}}));
  PRIVSYNTH_ASSIGN_OR_RETURN(const DiscoveredCategories found,
                             discover_categories(values, request.column_epsilon(), request.column_delta(), random));
  if (found.categories.empty()) {
    return Status::error(ErrorCode::EmptyData, "no value of column \"" + column.name +
                                                   "\" is frequent enough to be released privately at this epsilon and "
                                                   "delta; give its categories in a schema or raise epsilon");
  }
  for (const std::string& label : found.categories) column.categories.push_back({label, std::nullopt});
  return Status::ok();
}

// A numeric column's bounds: two private quantiles on the public grid of its rough range.
Status discover_numeric(Column& column, const DiscoveryColumnRequest& requested, const ColumnCells& cells,
                        const DiscoveryRequest& request, Accountant& accountant, RandomSource& random) {
  const std::vector<double> values = cells.numbers(column);
  const auto text = [&](double bound) { return column_value_text(column, bound); };
  for (const char* bound : {"lower bound (0.5% quantile)", "upper bound (99.5% quantile)"}) {
    PRIVSYNTH_RETURN_IF_ERROR(
        accountant.charge({std::string(bound) + " of \"" + column.name + "\"",
                           "exponential mechanism over a grid of " + std::to_string(kPublicGridSteps) + " steps of [" +
                               text(requested.lower) + ", " + text(requested.upper) + "] (Smith 2011)",
                           ExponentialCost{1.0, request.column_epsilon() / 2}}));
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(const DiscoveredBounds bounds,
                             discover_numeric_bounds(values, requested.lower, requested.upper, request.column_epsilon(),
                                                     column.integer, random));
  column.min = bounds.min;
  column.max = bounds.max;
  // Narrow whole-number bounds hold fewer values than bins; the schema refuses empty bins.
  if (column.integer) column.bins = static_cast<int>(std::min<double>(column.bins, column.max - column.min + 1));
  return Status::ok();
}

std::string discovery_receipt(const Schema& schema, const Accountant& accountant, bool seeded) {
  Json privacy = privacy_json(accountant);
  privacy["note"] = "every synthesis with this schema adds this cost to its own (its receipt's privacy.total)";
  const Json receipt = discovery_receipt_json(schema, accountant, seeded, privacy);
  return to_json_text(receipt, 1);
}

}  // namespace

Result<SchemaDiscoveryOutput> discover_schema(std::string_view request_json, const CellGridView& grid) {
  const Json request = Json::parse(request_json.begin(), request_json.end(), nullptr, false);
  const Json* seed = request.is_object() && request.contains("testSeed") ? &request["testSeed"] : nullptr;
  if (seed && (!seed->is_number_integer() || seed->get<long long>() < 0)) {
    return Status::error(ErrorCode::InvalidArgument, "schema discovery: \"testSeed\" must be a whole number >= 0");
  }
  // On the heap: a source holds a 64 KiB buffer, too much for a wasm stack.
  const std::unique_ptr<RandomSource> random =
      seed ? std::unique_ptr<RandomSource>(new SeededTestRandom(seed->get<uint64_t>()))
           : std::unique_ptr<RandomSource>(new SystemRandom());
  return discover_schema_with_random(request_json, grid, *random);
}

namespace {

// A request with "privacyUnit": the discovery reads one row per person, without the unit's column
// (discovery/person_sample.hpp); the schema gets the unit as its "id" column and privacyUnit.
Result<SchemaDiscoveryOutput> discover_per_person(Json request, const CellGridView& grid, RandomSource& random) {
  if (!request["privacyUnit"].is_string() || request["privacyUnit"].get<std::string>().empty()) {
    return Status::error(ErrorCode::InvalidArgument,
                         "schema discovery: \"privacyUnit\" must name the column that identifies a person");
  }
  const std::string unit = request["privacyUnit"].get<std::string>();
  request.erase("privacyUnit");
  // "perPerson": the columns to mark as one value per person in the schema found (public: the
  // caller's knowledge, never read from the data).
  std::set<std::string> per_person;
  if (request.contains("perPerson")) {
    const Json& names = request["perPerson"];
    if (!names.is_array()) {
      return Status::error(ErrorCode::InvalidArgument,
                           "schema discovery: \"perPerson\" must be a list of column names");
    }
    for (const Json& name : names) {
      if (!name.is_string() || name.get<std::string>() == unit) {
        return Status::error(ErrorCode::InvalidArgument,
                             "schema discovery: \"perPerson\" must list the names of columns other than the "
                             "privacyUnit");
      }
      per_person.insert(name.get<std::string>());
    }
    request.erase("perPerson");
  }
  std::vector<std::string> missing = {""};
  if (request.contains("missing") && request["missing"].is_array()) {
    missing.clear();
    for (const Json& token : request["missing"]) {
      if (token.is_string()) missing.push_back(token.get<std::string>());
    }
  }
  if (request.contains("columns") && request["columns"].is_array()) {
    Json& columns = request["columns"];
    for (size_t i = columns.size(); i-- > 0;) {
      const bool named = columns[i] == unit || (columns[i].is_object() && columns[i].value("name", "") == unit);
      if (named) columns.erase(i);
    }
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(const PersonSample sample, one_row_per_person_cells(grid, unit, missing, random));
  for (const std::string& name : per_person) {
    if (!column_index(sample.cells.view(), name).is_ok()) {
      return Status::error(ErrorCode::InvalidArgument,
                           "schema discovery: \"perPerson\" names \"" + name + "\", which the CSV does not have");
    }
  }
  Result<SchemaDiscoveryOutput> found = discover_schema_with_random(request.dump(), sample.cells.view(), random);
  if (!found.is_ok() && found.status().code() == ErrorCode::EmptyData) {
    // Read one row per person, it is the number of persons that is too small, not the file.
    return Status::error(
        ErrorCode::EmptyData,
        found.status().message() + " (with \"" + unit +
            "\" as the person column the schema is found from one row of each person, so it is the "
            "number of persons that is too small: give a schema, a larger epsilon, or no person column "
            "if each row is a different person)");
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(SchemaDiscoveryOutput output, std::move(found));
  PRIVSYNTH_ASSIGN_OR_RETURN(Schema schema, parse_schema_json(output.schema_json));
  size_t position = 0;
  while (position < grid.columns && cell_token(grid.cell(0, position)) != unit) ++position;
  for (UnmeasuredColumn& column : schema.unmeasured) {
    if (column.position >= position) ++column.position;  // the unit's column is back in its place
  }
  schema.unmeasured.insert(schema.unmeasured.begin(), UnmeasuredColumn{unit, UnmeasuredKind::Id, "", position});
  std::sort(schema.unmeasured.begin(), schema.unmeasured.end(),
            [](const UnmeasuredColumn& a, const UnmeasuredColumn& b) { return a.position < b.position; });
  schema.privacy_unit = unit;
  if (schema.discovered) schema.discovered->privacy_unit = unit;
  for (Column& column : schema.columns) column.per_person = per_person.count(column.name) > 0;
  output.schema_json = schema_to_json(schema);
  Json receipt = Json::parse(output.receipt_json);
  receipt["privacyUnit"] = {
      {"column", unit},
      {"protects", "one person: every row with the same \"" + unit + "\""},
      {"note",
       "the discovery read one row of each person, drawn at random, and never the identifiers: one person changes "
       "one row of what it read, so its guarantee for one row is its guarantee for one person"}};
  output.receipt_json = to_json_text(receipt, 1);
  return output;
}

// A partial schema that names a privacy unit, completed by a discovery: the request's own
// privacyUnit and perPerson become the schema's, and the schema given loses its unit's column (the
// discovery never reads it) and its marks (set again on the whole schema found).
Json with_unit_of_given_schema(Json request) {
  Json& given = request["schema"];
  request["privacyUnit"] = given["privacyUnit"];
  const std::string unit = given["privacyUnit"].is_string() ? given["privacyUnit"].get<std::string>() : "";
  Json per_person = request.contains("perPerson") ? request["perPerson"] : Json::array();
  Json kept = Json::array();
  if (given.contains("columns") && given["columns"].is_array()) {
    for (Json column : given["columns"]) {
      if (column.is_object() && column.value("name", "") == unit) continue;
      if (column.is_object() && column.value("perPerson", false) && per_person.is_array()) {
        per_person.push_back(column["name"]);
      }
      if (column.is_object()) column.erase("perPerson");
      kept.push_back(column);
    }
  }
  given.erase("privacyUnit");
  given["columns"] = kept;
  if (kept.empty()) request.erase("schema");
  if (!per_person.empty()) request["perPerson"] = per_person;
  return request;
}

}  // namespace

Result<SchemaDiscoveryOutput> discover_schema_with_random(std::string_view request_json, const CellGridView& grid,
                                                          RandomSource& random) {
  const Json parsed = Json::parse(request_json.begin(), request_json.end(), nullptr, false);
  if (parsed.is_object() && parsed.contains("privacyUnit")) return discover_per_person(parsed, grid, random);
  if (parsed.is_object() && parsed.contains("schema") && parsed["schema"].is_object() &&
      parsed["schema"].contains("privacyUnit")) {
    return discover_per_person(with_unit_of_given_schema(parsed), grid, random);
  }
  if (is_automatic_discovery_request(request_json)) {
    PRIVSYNTH_ASSIGN_OR_RETURN(const AutomaticDiscoveryRequest automatic,
                               read_automatic_discovery_request(request_json));
    return discover_schema_automatically(automatic, grid, random);
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(DiscoveryRequest request, read_discovery_request(request_json));
  const bool seeded = random.is_test_seeded();
  if (grid.rows == 0) return Status::error(ErrorCode::EmptyData, "the CSV has no header row");

  Schema schema;
  schema.name = request.name;
  schema.source = std::string("discovered with differential privacy from the data (privsynth ") + version() + ")";
  schema.missing_tokens = request.missing;
  // A seeded discovery is not private, and neither is anything built on its schema: the schema
  // carries the fact (schema.hpp), and every receipt made with it says so.
  const std::string seeded_reason = "a fixed test seed replaced the secure random number generator";
  schema.discovered =
      DiscoveryCost{request.epsilon, request.delta,
                    seeded ? std::vector<std::string>{seeded_reason} : std::vector<std::string>{}, std::nullopt, 0};
  PRIVSYNTH_ASSIGN_OR_RETURN(Accountant accountant,
                             Accountant::create(PrivacyModel{Neighbours::AddRemove, Accounting::Basic}.with_budget(
                                 request.epsilon, request.delta)));
  const std::set<std::string> missing(request.missing.begin(), request.missing.end());
  for (const DiscoveryColumnRequest& requested : request.columns) {
    Column column = requested.column;
    PRIVSYNTH_ASSIGN_OR_RETURN(const size_t index, column_index(grid, column.name));
    const ColumnCells cells{grid, index, missing};
    PRIVSYNTH_RETURN_IF_ERROR(column.kind == ColumnKind::Categorical
                                  ? discover_categorical(column, cells, request, accountant, random)
                                  : discover_numeric(column, requested, cells, request, accountant, random));
    schema.columns.push_back(std::move(column));
  }
  // Fail closed: nothing leaves a discovery whose randomness failed (random.hpp).
  PRIVSYNTH_RETURN_IF_ERROR(random.health());
  SchemaDiscoveryOutput output;
  output.schema_json = schema_to_json(schema);
  output.receipt_json = discovery_receipt(schema, accountant, seeded);
  return output;
}

}  // namespace privsynth
