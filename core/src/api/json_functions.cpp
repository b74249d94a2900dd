#include "privsynth/json_functions.hpp"

#include <optional>
#include <string>
#include <nlohmann/json.hpp>

#include "privsynth/mechanisms.hpp"
#include "privsynth/planner.hpp"
#include "privsynth/run_advice.hpp"
#include "privsynth/run_forecast.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/synthesis.hpp"
#include "privsynth/version.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

// The arguments of one call, read by position with an error that names the function.
class Arguments {
 public:
  Arguments(std::string_view function, Json values) : function_(function), values_(std::move(values)) {}

  Status expect_count(size_t count) const {
    if (values_.size() == count) return Status::ok();
    return Status::error(ErrorCode::InvalidArgument, function_ + " takes " + std::to_string(count) + " argument" +
                                                         (count == 1 ? "" : "s") + ", not " +
                                                         std::to_string(values_.size()));
  }
  Result<std::string> text(size_t index) const {
    if (values_[index].is_string()) return values_[index].get<std::string>();
    return Status::error(ErrorCode::InvalidArgument, wrong(index, "text"));
  }
  Result<std::optional<double>> optional_number(size_t index) const {
    if (values_[index].is_null()) return std::optional<double>();
    if (values_[index].is_number()) return std::optional<double>(values_[index].get<double>());
    return Status::error(ErrorCode::InvalidArgument, wrong(index, "a number or null"));
  }

 private:
  std::string wrong(size_t index, const char* expected) const {
    return "argument " + std::to_string(index + 1) + " of " + function_ + " must be " + expected;
  }
  std::string function_;
  Json values_;
};

Result<std::string> plan(const Arguments& arguments) {
  PRIVSYNTH_RETURN_IF_ERROR(arguments.expect_count(1));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string inputs_json, arguments.text(0));
  PRIVSYNTH_ASSIGN_OR_RETURN(const PlannerInputs inputs, read_planner_inputs(inputs_json));
  PRIVSYNTH_ASSIGN_OR_RETURN(const PlannerReport report, plan_synthesis(inputs));
  return planner_report_json(report).dump();
}

Result<std::string> forecast(const Arguments& arguments) {
  PRIVSYNTH_RETURN_IF_ERROR(arguments.expect_count(3));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string schema_json, arguments.text(0));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string options_json, arguments.text(1));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::optional<double> rows, arguments.optional_number(2));
  return forecast_run_json(schema_json, options_json, rows);
}

Result<std::string> advise(const Arguments& arguments) {
  PRIVSYNTH_RETURN_IF_ERROR(arguments.expect_count(2));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string schema_json, arguments.text(0));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string request_json, arguments.text(1));
  return advise_run_json(schema_json, request_json);
}

Result<std::string> catalogue(const Arguments& arguments) {
  PRIVSYNTH_RETURN_IF_ERROR(arguments.expect_count(0));
  return mechanism_catalogue_json();
}

Result<std::string> count_tables(const Arguments& arguments) {
  PRIVSYNTH_RETURN_IF_ERROR(arguments.expect_count(3));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string schema_json, arguments.text(0));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string options_json, arguments.text(1));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string query_json, arguments.text(2));
  return required_count_tables_json(schema_json, options_json, query_json);
}

Result<std::string> checked_schema(const Arguments& arguments) {
  PRIVSYNTH_RETURN_IF_ERROR(arguments.expect_count(1));
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::string schema_json, arguments.text(0));
  PRIVSYNTH_ASSIGN_OR_RETURN(const Schema schema, parse_schema_json(schema_json));
  return schema_to_json(schema);
}

Result<std::string> package_version(const Arguments& arguments) {
  PRIVSYNTH_RETURN_IF_ERROR(arguments.expect_count(0));
  return Json(version()).dump();
}

struct JsonFunction {
  const char* name;  // as the library calls it (web/lib/src/core-functions.ts)
  Result<std::string> (*call)(const Arguments&);
};

constexpr JsonFunction kFunctions[] = {
    {"plan", plan},
    {"forecast", forecast},
    {"advise", advise},
    {"mechanismCatalogue", catalogue},
    {"countTables", count_tables},
    {"validateSchema", checked_schema},
    {"version", package_version},
};

}  // namespace

Result<std::string> call_json_function(std::string_view name, std::string_view arguments_json) {
  Json arguments = Json::parse(arguments_json, nullptr, /*allow_exceptions=*/false);
  if (!arguments.is_array()) {
    return Status::error(ErrorCode::InvalidArgument, "the arguments must be a JSON array");
  }
  for (const JsonFunction& function : kFunctions) {
    if (name == function.name) return function.call(Arguments(name, std::move(arguments)));
  }
  return Status::error(ErrorCode::InvalidArgument, "the core has no function named " + std::string(name));
}

std::vector<std::string> json_function_names() {
  std::vector<std::string> names;
  for (const JsonFunction& function : kFunctions) names.emplace_back(function.name);
  return names;
}

}  // namespace privsynth
