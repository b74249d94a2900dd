#include "privsynth/schema.hpp"

#include <cmath>
#include <set>
#include <nlohmann/json.hpp>

#include "base/json_text.hpp"
#include "base/number_text.hpp"
#include "data/binning.hpp"
#include "data/hierarchy.hpp"
#include "data/rules.hpp"
#include "data/time_column_json.hpp"
#include "data/time_text.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

Status schema_error(const std::string& message) { return Status::error(ErrorCode::InvalidSchema, message); }

std::string describe_column(size_t index, const std::string& name) {
  return "column " + std::to_string(index + 1) + (name.empty() ? "" : " (\"" + name + "\")");
}

Status check_keys(const Json& object, const std::set<std::string>& allowed, const std::string& where) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (!allowed.count(it.key())) {
      std::string known;
      for (const auto& key : allowed) known += (known.empty() ? "" : ", ") + key;
      return schema_error(where + ": unknown key \"" + it.key() + "\" (known keys: " + known + ")");
    }
  }
  return Status::ok();
}

Status read_bool(const Json& object, const char* key, bool& out, const std::string& where) {
  if (!object.contains(key)) return Status::ok();
  if (!object[key].is_boolean()) return schema_error(where + ": \"" + key + "\" must be true or false");
  out = object[key].get<bool>();
  return Status::ok();
}

Status read_finite_number(const Json& object, const char* key, double& out, const std::string& where) {
  if (!object.contains(key)) return schema_error(where + ": numeric column needs \"" + key + "\"");
  const Json& value = object[key];
  if (!value.is_number()) return schema_error(where + ": \"" + key + "\" must be a number");
  out = value.get<double>();
  if (!std::isfinite(out)) return schema_error(where + ": \"" + key + "\" must be finite");
  return Status::ok();
}

Status parse_categories(const Json& object, Column& column, const std::string& where) {
  if (!object.contains("categories") || !object["categories"].is_array() || object["categories"].empty()) {
    return schema_error(where + ": categorical column needs a non-empty \"categories\" array");
  }
  const Json& list = object["categories"];
  if (list.size() > static_cast<size_t>(kMaxCategories)) {
    return schema_error(where + ": " + std::to_string(list.size()) + " categories (at most " +
                        std::to_string(kMaxCategories) + ")");
  }
  std::set<std::string> labels;
  std::set<double> numbers;
  for (const Json& item : list) {
    Category category;
    if (item.is_string()) {
      category.label = item.get<std::string>();
    } else if (item.is_number()) {
      category.number = item.get<double>();
      if (!std::isfinite(*category.number)) return schema_error(where + ": a category is not a finite number");
      category.label = format_number(*category.number);
      if (!numbers.insert(*category.number).second) {
        return schema_error(where + ": category " + category.label + " is listed twice");
      }
    } else {
      return schema_error(where + ": categories must be strings or numbers");
    }
    if (!labels.insert(category.label).second) {
      return schema_error(where + ": category \"" + category.label + "\" is listed twice");
    }
    column.categories.push_back(std::move(category));
  }
  return Status::ok();
}

Status parse_bins(const Json& object, Column& column, const std::string& where);
Status parse_common_values(const Json& object, Column& column, const std::string& where);

Status parse_numeric(const Json& object, Column& column, const std::string& where) {
  PRIVSYNTH_RETURN_IF_ERROR(read_finite_number(object, "min", column.min, where));
  PRIVSYNTH_RETURN_IF_ERROR(read_finite_number(object, "max", column.max, where));
  if (!(column.min < column.max)) {
    return schema_error(where + ": \"min\" (" + format_number(column.min) + ") must be less than \"max\" (" +
                        format_number(column.max) + ")");
  }
  PRIVSYNTH_RETURN_IF_ERROR(read_bool(object, "integer", column.integer, where));
  PRIVSYNTH_RETURN_IF_ERROR(parse_bins(object, column, where));
  return parse_common_values(object, column, where);
}

// "commonValues": public values (40 hours a week, a capital gain of 0) that get a level each, so
// that a spike of the data is kept exactly rather than spread over its bin.
Status parse_common_values(const Json& object, Column& column, const std::string& where) {
  if (!object.contains("commonValues")) return Status::ok();
  const Json& list = object["commonValues"];
  const std::string form = where + ": \"commonValues\" must be an array of distinct numbers in [" +
                           format_number(column.min) + ", " + format_number(column.max) + "]" +
                           (column.integer ? ", whole numbers" : "");
  if (!list.is_array() || list.size() > size_t(kMaxCommonValues)) {
    return schema_error(form + " (at most " + std::to_string(kMaxCommonValues) + ")");
  }
  std::set<double> values;
  for (const Json& item : list) {
    if (!item.is_number()) return schema_error(form + "; " + item.dump() + " is not a number");
    const double value = item.get<double>();
    if (!(value >= column.min && value <= column.max) || (column.integer && value != std::floor(value))) {
      return schema_error(form + "; " + format_number(value) + " is not");
    }
    if (!values.insert(value).second) return schema_error(form + "; " + format_number(value) + " is listed twice");
  }
  column.common_values.assign(values.begin(), values.end());
  // A bin whose whole numbers are all common could hold no record (one bin per whole number, say).
  for (double value : column.common_values) {
    if (!column.integer) break;
    const WholeNumberRange range = whole_numbers_in_bin(column, numeric_bin(column, value));
    if (common_values_in(column, range) == static_cast<size_t>(range.last - range.first + 1)) {
      return schema_error(where + ": common value " + format_number(value) +
                          " already has a bin of its own (its bin holds no other whole number): leave it out of "
                          "\"commonValues\", or give the column fewer \"bins\"");
    }
  }
  return Status::ok();
}

// One edge of "binEdges": a number, or for a date or date-time column an ISO 8601 text read in its steps.
Result<double> read_bin_edge(const Json& item, const Column& column, const std::string& form) {
  double edge = 0;
  if (column.time) {
    if (!item.is_string() || !parse_time_bound(item.get<std::string>(), *column.time, edge)) {
      return schema_error(form + "; " + item.dump() + " is not an ISO 8601 text such as " +
                          time_bound_example(*column.time));
    }
    return edge;
  }
  if (!item.is_number() || !std::isfinite(item.get<double>()))
    return schema_error(form + "; " + item.dump() + " is not");
  return item.get<double>();
}

// "binEdges": explicit public bin edges (placed where the data are, e.g. at private quantiles), from
// "min" to "max", strictly increasing; whole numbers in an integer column, so that every bin holds one.
Status parse_bin_edges(const Json& object, Column& column, const std::string& where) {
  const Json& list = object["binEdges"];
  const std::string form = where + ": \"binEdges\" must be an array of at least 2 strictly increasing " +
                           (column.time ? std::string("dates") : std::string("numbers")) + " from \"min\" to \"max\"" +
                           (column.integer && !column.time ? ", whole numbers" : "");
  if (!list.is_array() || list.size() < 2 || list.size() > size_t(kMaxBins) + 1) return schema_error(form);
  std::vector<double> edges;
  for (const Json& item : list) {
    PRIVSYNTH_ASSIGN_OR_RETURN(const double edge, read_bin_edge(item, column, form));
    if ((column.integer && edge != std::floor(edge)) || (!edges.empty() && !(edge > edges.back()))) {
      return schema_error(form + "; " + item.dump() + " is not");
    }
    edges.push_back(edge);
  }
  if (edges.front() != column.min || edges.back() != column.max) {
    return schema_error(form + "; the first must equal \"min\" and the last \"max\"");
  }
  column.bin_edges = std::move(edges);
  column.bins = static_cast<int>(column.bin_edges.size()) - 1;
  if (object.contains("bins") && object["bins"] != column.bins) {
    return schema_error(where + ": \"bins\" (" + object["bins"].dump() + ") disagrees with the " +
                        std::to_string(column.bins) + " bins of \"binEdges\"; give one of them");
  }
  return Status::ok();
}

// "bins" (default 16, or one per whole number when fewer), checked against an integer column's
// values; or "binEdges".
Status parse_bins(const Json& object, Column& column, const std::string& where) {
  if (object.contains("binEdges")) {
    if (column.integer && (column.min != std::floor(column.min) || column.max != std::floor(column.max))) {
      return schema_error(where + ": an integer column needs whole-number \"min\" and \"max\"");
    }
    return parse_bin_edges(object, column, where);
  }
  column.bins = kDefaultBins;
  if (object.contains("bins")) {
    const Json& bins = object["bins"];
    if (!bins.is_number_integer() || bins.get<long long>() < 1 || bins.get<long long>() > kMaxBins) {
      return schema_error(where + ": \"bins\" must be a whole number from 1 to " + std::to_string(kMaxBins));
    }
    column.bins = static_cast<int>(bins.get<long long>());
  }
  if (column.integer) {
    if (column.min != std::floor(column.min) || column.max != std::floor(column.max)) {
      return schema_error(where + ": an integer column needs whole-number \"min\" and \"max\"");
    }
    // Beyond 2^53 not every whole number is a double: the bins' whole numbers could not be stepped
    // through (binning.cpp whole_numbers_in_bin), and a run on such bounds never ended.
    if (std::abs(column.min) > kLargestExactInteger || std::abs(column.max) > kLargestExactInteger) {
      return schema_error(where + ": an integer column's \"min\" and \"max\" must lie within ±" +
                          format_number(kLargestExactInteger) +
                          " (2^53, where every whole number is a double); beyond it leave out \"integer\"");
    }
    const double values = column.max - column.min + 1;
    if (!object.contains("bins") && values < column.bins) column.bins = static_cast<int>(values);
    if (column.bins > values) {
      return schema_error(where + ": " + std::to_string(column.bins) + " bins but only " + format_number(values) +
                          " whole numbers in [" + format_number(column.min) + ", " + format_number(column.max) +
                          "]; some bins could never hold a value");
    }
  }
  return Status::ok();
}

Status read_time_bound(const Json& object, const char* key, const TimeColumn& time, double& out,
                       const std::string& where) {
  if (!object.contains(key) || !object[key].is_string()) {
    return schema_error(where + ": needs \"" + key + "\", an ISO 8601 text such as " + time_bound_example(time));
  }
  const std::string text = object[key].get<std::string>();
  if (!parse_time_bound(text, time, out)) {
    return schema_error(where + ": \"" + key + "\" \"" + text + "\" is not an ISO 8601 " +
                        (time.with_time ? "date-time" : "date") + " down to the " + granularity_name(time.granularity) +
                        " (such as " + time_bound_example(time) +
                        (time.with_time && !time.utc ? "; this column is naive, so no time zone" : "") + ")");
  }
  return Status::ok();
}

// "date" and "datetime" (docs/schema.md): an integer numeric column counting steps of its
// granularity since 1970-01-01T00:00, with ISO 8601 bounds and a format for its cells.
Status parse_time(const Json& object, bool with_time, Column& column, const std::string& where) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const TimeColumn time, read_time_column(object, with_time, where));
  PRIVSYNTH_RETURN_IF_ERROR(read_time_bound(object, "min", time, column.min, where));
  PRIVSYNTH_RETURN_IF_ERROR(read_time_bound(object, "max", time, column.max, where));
  if (!(column.min < column.max)) {
    return schema_error(where + ": \"min\" must be before \"max\" (at the " + granularity_name(time.granularity) + ")");
  }
  column.integer = true;
  column.time = time;
  return parse_bins(object, column, where);
}

// A column's "name", which every column needs (its description in errors comes from it).
Result<std::string> column_name(const Json& object, size_t index) {
  const std::string where = describe_column(index, "");
  if (!object.is_object()) return schema_error(where + ": must be an object");
  if (!object.contains("name") || !object["name"].is_string() || object["name"].get<std::string>().empty()) {
    return schema_error(where + ": needs a non-empty string \"name\"");
  }
  return object["name"].get<std::string>();
}

// "id" and "text" (docs/schema.md): columns kept out of every measurement.
Result<UnmeasuredColumn> parse_unmeasured(const Json& object, size_t index) {
  UnmeasuredColumn column;
  PRIVSYNTH_ASSIGN_OR_RETURN(column.name, column_name(object, index));
  const std::string where = describe_column(index, column.name);
  column.kind = object["type"] == "id" ? UnmeasuredKind::Id : UnmeasuredKind::Text;
  column.position = index;
  const char* key = column.kind == UnmeasuredKind::Id ? "prefix" : "placeholder";
  PRIVSYNTH_RETURN_IF_ERROR(check_keys(object, {"name", "type", key, "description"}, where));
  if (object.contains(key)) {
    if (!object[key].is_string()) return schema_error(where + ": \"" + key + "\" must be a string");
    column.text = object[key].get<std::string>();
  }
  return column;
}

bool is_unmeasured_type(const Json& object) {
  return object.is_object() && object.contains("type") && (object["type"] == "id" || object["type"] == "text");
}

Result<Column> parse_column(const Json& object, size_t index) {
  Column column;
  PRIVSYNTH_ASSIGN_OR_RETURN(column.name, column_name(object, index));
  const std::string where = describe_column(index, column.name);
  if (!object.contains("type") || !object["type"].is_string()) {
    return schema_error(where +
                        ": needs \"type\": \"numeric\", \"categorical\", \"date\", \"datetime\", \"id\" or \"text\"");
  }
  const std::string type = object["type"].get<std::string>();
  if (type == "categorical") {
    column.kind = ColumnKind::Categorical;
    PRIVSYNTH_RETURN_IF_ERROR(
        check_keys(object, {"name", "type", "categories", "hierarchy", "nullable", "perPerson", "description"}, where));
    PRIVSYNTH_RETURN_IF_ERROR(parse_categories(object, column, where));
    PRIVSYNTH_RETURN_IF_ERROR(read_hierarchy(object, column, where));
  } else if (type == "numeric") {
    column.kind = ColumnKind::Numeric;
    PRIVSYNTH_RETURN_IF_ERROR(check_keys(object,
                                         {"name", "type", "min", "max", "integer", "bins", "binEdges", "commonValues",
                                          "nullable", "perPerson", "description"},
                                         where));
    PRIVSYNTH_RETURN_IF_ERROR(parse_numeric(object, column, where));
  } else if (type == "date" || type == "datetime") {
    column.kind = ColumnKind::Numeric;
    PRIVSYNTH_RETURN_IF_ERROR(check_keys(object,
                                         {"name", "type", "min", "max", "bins", "binEdges", "granularity", "format",
                                          "timezone", "nullable", "perPerson", "description"},
                                         where));
    PRIVSYNTH_RETURN_IF_ERROR(parse_time(object, type == "datetime", column, where));
  } else {
    return schema_error(where + ": unknown type \"" + type +
                        "\" (expected \"numeric\", \"categorical\", \"date\", \"datetime\", \"id\" or \"text\")");
  }
  PRIVSYNTH_RETURN_IF_ERROR(read_bool(object, "nullable", column.nullable, where));
  PRIVSYNTH_RETURN_IF_ERROR(read_bool(object, "perPerson", column.per_person, where));
  return column;
}

Status parse_missing_tokens(const Json& root, Schema& schema) {
  if (!root.contains("missing")) {
    schema.missing_tokens = {""};
    return Status::ok();
  }
  if (!root["missing"].is_array()) return schema_error("\"missing\" must be an array of strings");
  for (const Json& token : root["missing"]) {
    if (!token.is_string()) return schema_error("\"missing\" must be an array of strings");
    schema.missing_tokens.push_back(token.get<std::string>());
  }
  return Status::ok();
}

// A category spelled like a missing token would be ambiguous when reading cells.
Status check_categories_against_missing(const Schema& schema) {
  for (size_t c = 0; c < schema.columns.size(); ++c) {
    for (const Category& category : schema.columns[c].categories) {
      for (const std::string& token : schema.missing_tokens) {
        if (category.label == token) {
          return schema_error(describe_column(c, schema.columns[c].name) + ": category \"" + token +
                              "\" is also a missing-value token");
        }
      }
    }
  }
  return Status::ok();
}

}  // namespace

int level_count(const Column& column) {
  const int base = column.kind == ColumnKind::Categorical ? static_cast<int>(column.categories.size())
                                                          : column.bins + static_cast<int>(column.common_values.size());
  return base + (column.nullable ? 1 : 0);
}

int missing_code(const Column& column) { return column.nullable ? level_count(column) - 1 : -1; }

const UnmeasuredColumn* find_unmeasured(const Schema& schema, std::string_view name) {
  for (const UnmeasuredColumn& column : schema.unmeasured) {
    if (column.name == name) return &column;
  }
  return nullptr;
}

int find_column(const Schema& schema, std::string_view name) {
  for (size_t i = 0; i < schema.columns.size(); ++i) {
    if (schema.columns[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

namespace {

// "privacyUnit" names an "id" column: the person each row belongs to. "perPerson" needs it.
Status read_privacy_unit(const Json& root, Schema& schema) {
  if (root.contains("privacyUnit")) {
    if (!root["privacyUnit"].is_string() || root["privacyUnit"].get<std::string>().empty()) {
      return schema_error("\"privacyUnit\" must be the name of the \"id\" column that identifies a person");
    }
    schema.privacy_unit = root["privacyUnit"].get<std::string>();
    const UnmeasuredColumn* unit = find_unmeasured(schema, schema.privacy_unit);
    if (!unit || unit->kind != UnmeasuredKind::Id) {
      return schema_error(
          "\"privacyUnit\": \"" + schema.privacy_unit +
          "\" must be a column of the schema with \"type\": " + "\"id\" (the column that identifies a person" +
          (find_column(schema, schema.privacy_unit) >= 0 ? "; it is declared as data here)" : ")"));
    }
  }
  for (const Column& column : schema.columns) {
    if (column.per_person && schema.privacy_unit.empty()) {
      return schema_error("column \"" + column.name +
                          "\": \"perPerson\" needs \"privacyUnit\", the \"id\" column that identifies a person");
    }
  }
  return Status::ok();
}

}  // namespace

Result<Schema> parse_schema_json(std::string_view text) {
  const Json root = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) return schema_error("the schema is not valid JSON");
  if (!root.is_object()) return schema_error("the schema must be a JSON object");
  PRIVSYNTH_RETURN_IF_ERROR(check_keys(root,
                                       {"version", "name", "source", "description", "provenance", "discovery",
                                        "privacyUnit", "columns", "missing", "rules"},
                                       "schema"));
  if (!root.contains("version") || !root["version"].is_number_integer() || root["version"].get<long long>() != 1) {
    return schema_error("\"version\" must be 1 (this is schema format v1)");
  }
  Schema schema;
  if (root.contains("name")) {
    if (!root["name"].is_string()) return schema_error("\"name\" must be a string");
    schema.name = root["name"].get<std::string>();
  }
  if (root.contains("source")) {
    if (!root["source"].is_string()) return schema_error("\"source\" must be a string");
    schema.source = root["source"].get<std::string>();
  }
  if (root.contains("provenance")) {
    const Json& provenance = root["provenance"];
    if (!provenance.is_string() ||
        (provenance != "public" && provenance != "inferred-from-data" && provenance != "dp-discovered")) {
      return schema_error("\"provenance\" must be \"public\", \"dp-discovered\" or \"inferred-from-data\"");
    }
    schema.inferred_from_data = provenance == "inferred-from-data";
    if (provenance == "dp-discovered") {
      const Json* cost = root.contains("discovery") ? &root["discovery"] : nullptr;
      const auto number_in = [&](const char* key, double low, double high) {
        return cost && cost->is_object() && cost->contains(key) && (*cost)[key].is_number() &&
               (*cost)[key].get<double>() >= low && (*cost)[key].get<double>() < high;
      };
      if (!number_in("epsilon", 0, 1e6) || !number_in("delta", 0, 1)) {
        return schema_error(
            "a \"dp-discovered\" schema needs \"discovery\": {\"epsilon\": >= 0, \"delta\": in [0, 1)}, the cost of "
            "discovering it, which every receipt adds");
      }
      schema.discovered = DiscoveryCost{};
      schema.discovered->epsilon = (*cost)["epsilon"].get<double>();
      schema.discovered->delta = (*cost)["delta"].get<double>();
      PRIVSYNTH_RETURN_IF_ERROR(check_keys(
          *cost, {"epsilon", "delta", "rho", "selectionDelta", "notPrivateReasons", "privacyUnit"}, "\"discovery\""));
      if (cost->contains("privacyUnit")) {
        if (!(*cost)["privacyUnit"].is_string()) {
          return schema_error(
              "\"discovery\": \"privacyUnit\" must be the name of the column it read one row per "
              "person by");
        }
        schema.discovered->privacy_unit = (*cost)["privacyUnit"].get<std::string>();
      }
      // Discovered as the first part of one release (discovery/release_budget.hpp): its zCDP rho and
      // the delta of its partition selections, which a zCDP run composes with its own rho.
      if (cost->contains("rho") || cost->contains("selectionDelta")) {
        const double delta = schema.discovered->delta;
        if (!number_in("rho", 0, 1e6) || !number_in("selectionDelta", 0, 1) ||
            !((*cost)["selectionDelta"].get<double>() < delta)) {
          return schema_error(
              "\"discovery\": \"rho\" (>= 0) and \"selectionDelta\" (in [0, delta)) go together: the zCDP cost of "
              "a discovery made as part of one release");
        }
        schema.discovered->rho = (*cost)["rho"].get<double>();
        schema.discovered->selection_delta = (*cost)["selectionDelta"].get<double>();
      }
      if (cost->contains("notPrivateReasons")) {
        const Json& reasons = (*cost)["notPrivateReasons"];
        if (!reasons.is_array())
          return schema_error("\"discovery\": \"notPrivateReasons\" must be an array of strings");
        for (const Json& reason : reasons) {
          if (!reason.is_string())
            return schema_error("\"discovery\": \"notPrivateReasons\" must be an array of strings");
          schema.discovered->not_private_reasons.push_back(reason.get<std::string>());
        }
      }
    }
  }
  if (root.contains("discovery") && !schema.discovered) {
    return schema_error("\"discovery\" belongs to a schema with \"provenance\": \"dp-discovered\"");
  }
  if (!root.contains("columns") || !root["columns"].is_array() || root["columns"].empty()) {
    return schema_error("\"columns\" must be a non-empty array");
  }
  if (root["columns"].size() > static_cast<size_t>(kMaxColumns)) {
    return schema_error("at most " + std::to_string(kMaxColumns) + " columns are supported");
  }
  std::set<std::string> names;
  for (size_t i = 0; i < root["columns"].size(); ++i) {
    const Json& item = root["columns"][i];
    std::string name;
    if (is_unmeasured_type(item)) {
      PRIVSYNTH_ASSIGN_OR_RETURN(UnmeasuredColumn column, parse_unmeasured(item, i));
      name = column.name;
      schema.unmeasured.push_back(std::move(column));
    } else {
      Result<Column> column = parse_column(item, i);
      if (!column.is_ok()) return column.status();
      name = column.value().name;
      schema.columns.push_back(std::move(column).value());
    }
    if (!names.insert(name).second) {
      return schema_error(describe_column(i, name) + ": the name is used by an earlier column");
    }
  }
  if (schema.columns.empty()) {
    return schema_error(
        "the schema has no column to synthesize: \"id\" and \"text\" columns are not measured, so it needs a "
        "categorical, numeric, date or datetime column");
  }
  PRIVSYNTH_RETURN_IF_ERROR(parse_missing_tokens(root, schema));
  PRIVSYNTH_RETURN_IF_ERROR(check_categories_against_missing(schema));
  PRIVSYNTH_RETURN_IF_ERROR(read_privacy_unit(root, schema));
  if (root.contains("rules")) {
    PRIVSYNTH_ASSIGN_OR_RETURN(schema.rules, parse_rules(root["rules"], schema));
  }
  return schema;
}

std::string schema_to_json(const Schema& schema) {
  Json root;
  root["version"] = 1;
  root["name"] = schema.name;
  if (!schema.source.empty()) root["source"] = schema.source;
  root["provenance"] = schema.inferred_from_data ? "inferred-from-data"
                       : schema.discovered       ? "dp-discovered"
                                                 : "public";
  if (schema.discovered) {
    root["discovery"] = {{"epsilon", schema.discovered->epsilon}, {"delta", schema.discovered->delta}};
    if (schema.discovered->rho) {
      root["discovery"]["rho"] = *schema.discovered->rho;
      root["discovery"]["selectionDelta"] = schema.discovered->selection_delta;
    }
    if (!schema.discovered->not_private_reasons.empty()) {
      root["discovery"]["notPrivateReasons"] = schema.discovered->not_private_reasons;
    }
    if (!schema.discovered->privacy_unit.empty()) root["discovery"]["privacyUnit"] = schema.discovered->privacy_unit;
  }
  Json columns = Json::array();
  for (const Column& column : schema.columns) {
    Json item;
    item["name"] = column.name;
    if (column.kind == ColumnKind::Categorical) {
      item["type"] = "categorical";
      Json categories = Json::array();
      for (const Category& category : column.categories) {
        if (category.number) categories.push_back(*category.number);
        else categories.push_back(category.label);
      }
      item["categories"] = categories;
      if (!column.hierarchy.empty()) item["hierarchy"] = hierarchy_json(column);
    } else if (column.time) {
      const TimeColumn& time = *column.time;
      item["type"] = time.with_time ? "datetime" : "date";
      item["min"] = format_time_steps(column.min, time, /*iso=*/true);
      item["max"] = format_time_steps(column.max, time, /*iso=*/true);
      item["granularity"] = granularity_name(time.granularity);
      if (time.with_time) item["timezone"] = time.utc ? "utc" : "naive";
      if (!time.format.empty()) item["format"] = time.format;
      item["bins"] = column.bins;
      if (!column.bin_edges.empty()) {
        item["binEdges"] = Json::array();
        for (double edge : column.bin_edges) item["binEdges"].push_back(format_time_steps(edge, time, /*iso=*/true));
      }
    } else {
      item["type"] = "numeric";
      item["min"] = column.min;
      item["max"] = column.max;
      item["integer"] = column.integer;
      item["bins"] = column.bins;
      if (!column.bin_edges.empty()) item["binEdges"] = column.bin_edges;
      if (!column.common_values.empty()) item["commonValues"] = column.common_values;
    }
    if (column.nullable) item["nullable"] = true;
    if (column.per_person) item["perPerson"] = true;
    columns.push_back(item);
  }
  for (const UnmeasuredColumn& column : schema.unmeasured) {  // back in their places, in schema order
    Json item = {{"name", column.name}, {"type", column.kind == UnmeasuredKind::Id ? "id" : "text"}};
    if (!column.text.empty()) item[column.kind == UnmeasuredKind::Id ? "prefix" : "placeholder"] = column.text;
    columns.insert(columns.begin() + std::ptrdiff_t(std::min(column.position, columns.size())), item);
  }
  if (!schema.privacy_unit.empty()) root["privacyUnit"] = schema.privacy_unit;
  root["columns"] = columns;
  root["missing"] = schema.missing_tokens;
  if (!schema.rules.empty()) {
    root["rules"] = Json::array();
    for (const Rule& rule : schema.rules) root["rules"].push_back(Json::parse(rule.json));
  }
  return to_json_text(root, 1);
}

}  // namespace privsynth
