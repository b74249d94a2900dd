// The core's JSON functions by name (privsynth/json_functions.hpp): each answers exactly what the
// function it names answers, and a wrong name or argument is refused with a message naming it.
#include <catch2/catch.hpp>
#include <string>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "privsynth/json_functions.hpp"
#include "privsynth/mechanisms.hpp"
#include "privsynth/run_advice.hpp"
#include "privsynth/run_forecast.hpp"
#include "privsynth/version.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

std::string arguments(const Json& values) { return values.dump(); }

TEST_CASE("each JSON function answers what the function it names answers", "[api]") {
  const std::string& schema = testing::mixture_data().schema;
  CHECK(call_json_function("version", "[]").value() == Json(version()).dump());
  CHECK(call_json_function("mechanismCatalogue", "[]").value() == mechanism_catalogue_json().value());
  CHECK(call_json_function("forecast", arguments({schema, R"({"epsilon":1})", nullptr})).value() ==
        forecast_run_json(schema, R"({"epsilon":1})", std::nullopt).value());
  CHECK(call_json_function("forecast", arguments({schema, R"({"epsilon":1})", 5000})).value() ==
        forecast_run_json(schema, R"({"epsilon":1})", 5000.0).value());
  CHECK(call_json_function("advise", arguments({schema, "{}"})).value() == advise_run_json(schema, "{}").value());
  const Json checked = Json::parse(call_json_function("validateSchema", arguments({schema})).value());
  CHECK(checked["columns"].size() == 2);
}

TEST_CASE("a JSON function refuses a wrong name or wrong arguments, naming them", "[api]") {
  const Result<std::string> unknown = call_json_function("fly", "[]");
  REQUIRE_FALSE(unknown.is_ok());
  CHECK(unknown.status().message() == "the core has no function named fly");
  const Result<std::string> count = call_json_function("advise", R"(["{}"])");
  REQUIRE_FALSE(count.is_ok());
  CHECK(count.status().message() == "advise takes 2 arguments, not 1");
  const Result<std::string> type = call_json_function("forecast", R"(["{}", "{}", "many"])");
  REQUIRE_FALSE(type.is_ok());
  CHECK(type.status().message() == "argument 3 of forecast must be a number or null");
  const Result<std::string> not_array = call_json_function("version", "{}");
  REQUIRE_FALSE(not_array.is_ok());
  CHECK(not_array.status().code() == ErrorCode::InvalidArgument);
  CHECK(json_function_names().size() == 7);
}

}  // namespace
}  // namespace privsynth
