#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "csv_file.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {
const testing::BundledData& adult() { return testing::adult_data(); }
Result<SynthesisOutput> run(const std::string& options, const ProgressSink& progress = {}) {
  return testing::synthesize_on(adult(), options, progress);
}
}  // namespace

TEST_CASE("Adult end to end: receipt, report and a synthetic table in the schema's domain", "[synthesis]") {
  std::vector<std::string> phases;
  const Result<SynthesisOutput> result = run(
      R"({"mechanism":"reduced-space-lp","epsilon":1,"columns":["age","workclass","education","sex","race","income"],"degree":2,"testSeed":5})",
      [&](const Progress& p) {
    if (phases.empty() || phases.back() != phase_name(p.phase)) phases.push_back(phase_name(p.phase));
    return true;
      });
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  CHECK(phases == std::vector<std::string>{"encode", "measure", "lp", "sample", "evaluate"});
  const SynthesisOutput& output = result.value();
  REQUIRE(output.columns.size() == 6);
  CHECK(output.rows > 48000);
  CHECK(output.rows < 49700);
  for (double age : output.columns[0].numbers) {
    REQUIRE(age >= 17);
    REQUIRE(age <= 90);
    REQUIRE(age == std::floor(age));
  }
  for (int32_t code : output.columns[1].categories) REQUIRE((code >= -1 && code < 8));

  const Json receipt = Json::parse(output.receipt_json);
  CHECK(receipt["private"] == false);  // a test seed was used
  CHECK(receipt["notPrivateReasons"].size() == 1);
  CHECK(receipt["privacy"]["neighbours"] == "add/remove one record");
  CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(1.0));
  CHECK(receipt["ledger"].size() == 2);
  CHECK(receipt["mechanism"]["name"] == "reduced-space-lp");
  CHECK(receipt["parameters"]["marginals"] == 6 + 15);
  CHECK(receipt["schema"]["columns"].size() == 6);
  CHECK(receipt["software"]["version"].is_string());
  CHECK(receipt["software"]["lpSolver"] == "GLPK 5.0");
  CHECK(receipt.dump().find("rejected") == std::string::npos);  // no raw data-dependent counts

  const Json report = Json::parse(output.report_json);
  CHECK_THAT(report["notice"].get<std::string>(), Catch::Contains("for your eyes only"));
  CHECK(report["encoding"]["inputRows"] == 48842);
  CHECK(report["encoding"]["keptRows"] == 48842);
  CHECK(report["marginals"]["oneWay"].size() == 6);
  CHECK(report["marginals"]["twoWay"].size() == 15);
  CHECK(report["marginals"]["threeWaySample"].size() == 20);
  const double mean_two_way = report["marginals"]["meanTwoWayTV"].get<double>();
  INFO("mean 2-way TV " << mean_two_way);
  CHECK(mean_two_way < 0.15);
}

TEST_CASE("the pipeline rejects bad options before touching the data", "[synthesis][errors]") {
  const auto code_of = [](const std::string& options) { return run(options).status(); };
  CHECK(code_of("{}").message() == "option \"epsilon\" is required (the privacy budget, > 0)");
  CHECK(code_of(R"({"mechanism":"reduced-space-lp","epsilon":0})").code() == ErrorCode::InvalidArgument);
  CHECK(code_of(R"({"mechanism":"reduced-space-lp","epsilon":-1})").code() == ErrorCode::InvalidArgument);
  CHECK(code_of(R"({"mechanism":"reduced-space-lp","epsilon":"1"})").code() == ErrorCode::InvalidArgument);
  CHECK(code_of(R"({"mechanism":"reduced-space-lp","epsilon":1,"epsilom":2})").message() ==
        "unknown option \"epsilom\"");
  CHECK(code_of(R"({"mechanism":"reduced-space-lp","epsilon":1,"degree":5})").message() ==
        "option \"degree\" must be a whole number from 1 to 3");
  CHECK(code_of(R"({"mechanism":"reduced-space-lp","epsilon":1,"columns":["age","nope"]})").message() ==
        "option \"columns\": the schema has no column \"nope\"");
  CHECK(code_of(R"({"epsilon":1,"mechanism":"magic"})").message() ==
        "unknown mechanism \"magic\"; use \"auto\" or one of \"reduced-space-lp\", \"marginal-lp\", "
        "\"adaptive-marginals\", \"space-partition\", \"sampler\"");
  CHECK(code_of(R"({"mechanism":"reduced-space-lp","epsilon":1,"outOfDomain":"ignore"})").code() ==
        ErrorCode::InvalidArgument);
  CHECK(code_of(R"({"mechanism":"reduced-space-lp","epsilon":1,"countBudgetFraction":1})").code() ==
        ErrorCode::InvalidArgument);
  CHECK(code_of("[1,2]").message() == "options must be a JSON object");
  CHECK(synthesize(SynthesisInput{"{}", adult().cells.view(), R"({"mechanism":"reduced-space-lp","epsilon":1})"})
            .status()
            .code() == ErrorCode::InvalidSchema);
}

TEST_CASE("an LP failure surfaces as an error result from the pipeline", "[synthesis][errors]") {
  const Result<SynthesisOutput> result = run(
      R"({"mechanism":"reduced-space-lp","epsilon":1,"columns":["sex","race","income"],"lpIterationLimit":1,"testSeed":1})");
  REQUIRE_FALSE(result.is_ok());
  CHECK(result.status().code() == ErrorCode::LpLimitReached);
}

TEST_CASE("heart: numeric-coded categories (\"1.0\" matches 1) and a private receipt without a seed", "[synthesis]") {
  const std::string schema = *testing::read_text_file(testing::data_path("heart/heart_cleveland.schema.json"));
  const CellGrid cells = *testing::read_csv_file(testing::data_path("heart/heart_cleveland.csv"));
  const Result<SynthesisOutput> result = synthesize(SynthesisInput{
      schema, cells.view(), R"({"mechanism":"reduced-space-lp","epsilon":2,"degree":1,"outOfDomain":"error"})"});
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json receipt = Json::parse(result.value().receipt_json);
  CHECK(receipt["private"] == true);
  CHECK(receipt["randomness"] == "platform CSPRNG");
  CHECK(Json::parse(result.value().report_json)["encoding"]["keptRows"] == 303);
}

TEST_CASE("a schema labelled as read from the data makes the receipt say not private", "[synthesis]") {
  const std::string schema = R"({"version":1,"provenance":"inferred-from-data","missing":["?"],"columns":[
      {"name":"sex","type":"categorical","categories":["Female","Male"]},
      {"name":"income","type":"categorical","categories":["<=50K",">50K"]}]})";
  const Result<SynthesisOutput> result =
      synthesize(SynthesisInput{schema, adult().cells.view(), R"({"mechanism":"reduced-space-lp","epsilon":1})"});
  REQUIRE(result.is_ok());
  const Json receipt = Json::parse(result.value().receipt_json);
  CHECK(receipt["private"] == false);
  CHECK(receipt["schema"]["columns"][0]["domain"] == "read from the data: NOT PRIVATE");
  CHECK(Json::parse(result.value().report_json)["encoding"]["ignoredColumns"].size() == 14);
}

TEST_CASE("cancelling during encoding stops with CANCELLED", "[synthesis][errors]") {
  const Result<SynthesisOutput> result =
      run(R"({"mechanism":"reduced-space-lp","epsilon":1,"columns":["sex","income"]})",
          [](const Progress& p) { return p.phase != Phase::Encode || p.fraction < 0.3; });
  CHECK(result.status().code() == ErrorCode::Cancelled);
}

TEST_CASE("only the chosen columns must be in the CSV, and only their values can drop a row", "[synthesis]") {
  CellGrid cells(3);
  cells.add_row({"sex", "income", "note"});
  for (int i = 0; i < 50; ++i) cells.add_row({i % 2 ? "Male" : "Female", i % 3 ? "<=50K" : ">50K", "free text"});
  const Result<SynthesisOutput> result = synthesize(SynthesisInput{
      adult().schema, cells.view(),
      R"({"mechanism":"reduced-space-lp","epsilon":1,"columns":["sex","income"],"outOfDomain":"reject"})"});
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json report = Json::parse(result.value().report_json);
  CHECK(report["encoding"]["keptRows"] == 50);
  CHECK(report["encoding"]["ignoredColumns"] == Json::array({"note"}));
  CHECK(report["encoding"]["columns"].size() == 2);
  // All columns are needed when none are chosen.
  CHECK(synthesize(SynthesisInput{adult().schema, cells.view(), R"({"mechanism":"reduced-space-lp","epsilon":1})"})
            .status()
            .message() == "the CSV has no column \"age\" (the schema requires it)");
}
