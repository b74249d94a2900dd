// The run advice: the rules a run applies (levels, the encoded domain, the continuous space, the
// reference measure "auto" picks and the budget split) and the recommended mechanism, as exact
// answers for the Adult demo columns, a numeric-only table, an mlTarget, a wide table and the
// 1,000,000-cell boundary of "auto"; and the refusals of bad inputs. The recommendation's reasons
// are pinned here, character for character, and nowhere else: they say why in words and quote no
// measured figure (pipeline/recommendation.cpp).
#include <catch2/catch.hpp>
#include <string>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "forecast/run_advice.hpp"
#include "privsynth/run_advice.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

const char* const kDemoColumns = R"("columns":["age","workclass","education","sex","race","income"])";

Json advise(const std::string& schema, const std::string& request) {
  const Result<std::string> text = advise_run_json(schema, request);
  INFO(text.status().message());
  REQUIRE(text.is_ok());
  return Json::parse(text.value());
}

Json advise_adult(const std::string& request) { return advise(testing::adult_data().schema, request); }

// The "reference" object of the advice: the measure "auto" picks and the budget split.
Json reference_json(const char* choice, const char* measure, const char* space, double budget_fraction,
                    double default_budget_fraction, double epsilon, double lp_epsilon) {
  return Json{{"choice", choice},
              {"measure", measure},
              {"space", space},
              {"budgetFraction", budget_fraction},
              {"defaultBudgetFraction", default_budget_fraction},
              {"epsilon", epsilon},
              {"lpEpsilon", lp_epsilon}};
}

std::vector<int> levels_of(const Json& advice) {
  std::vector<int> levels;
  for (const Json& column : advice["columns"]) levels.push_back(column["levels"].get<int>());
  return levels;
}

// Five categorical columns of 10 categories and an integer column 0..9 without "bins", which the
// schema's default rule gives min(16, 10) = 10 bins: 10^6 cells, or 1.1 x 10^6 when it is nullable.
std::string boundary_schema(bool nullable) {
  Json columns = Json::array();
  for (const char* name : {"a", "b", "c", "d", "e"}) {
    columns.push_back(
        {{"name", name}, {"type", "categorical"}, {"categories", {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}}});
  }
  columns.push_back(
      {{"name", "f"}, {"type", "numeric"}, {"min", 0}, {"max", 9}, {"integer", true}, {"nullable", nullable}});
  return Json{{"version", 1}, {"columns", columns}}.dump();
}

std::string error_of(const std::string& schema, const std::string& request,
                     ErrorCode code = ErrorCode::InvalidArgument) {
  const Result<std::string> advice = advise_run_json(schema, request);
  REQUIRE_FALSE(advice.is_ok());
  CHECK(advice.status().code() == code);
  return advice.status().message();
}

}  // namespace

TEST_CASE("advice on Adult's demo columns: levels, domain, uniform reference, adaptive marginals", "[advice]") {
  const Json advice = advise_adult(std::string("{") + kDemoColumns + R"(,"epsilon":1})");
  CHECK(advice["kind"] == "privsynth run advice");
  CHECK(levels_of(advice) == std::vector<int>{15, 9, 16, 2, 5, 2});  // workclass: 8 categories + missing
  CHECK(advice["columns"][1] ==
        Json{{"name", "workclass"}, {"type", "categorical"}, {"levels", 9}, {"mlTargetPossible", true}});
  CHECK(advice["columns"][0]["type"] == "numeric");
  CHECK(advice["columns"][3]["mlTargetPossible"] == true);  // sex
  CHECK(advice["columns"][5]["mlTargetPossible"] == true);  // income
  CHECK(advice["domainCells"].get<double>() == 43200);
  CHECK(advice["continuousSpacePossible"] == false);
  CHECK(advice["reference"] == reference_json("auto", "uniform", "encoded", 0, 0, 0, 1));
  CHECK(advice["recommendation"]["mechanism"] == "adaptive-marginals");
  CHECK(advice["recommendation"]["reason"] ==
        "6 columns: adaptive marginals measure, round by round, the marginals a graphical model of the data gets most "
        "wrong (AIM), and fit the model to them; they kept the table’s marginals best on every table of categories and "
        "binned numbers we measured.");
}

TEST_CASE("advice with a stated n or a small epsilon: adaptive marginals all the same", "[advice]") {
  // Adaptive marginals led at every n and epsilon measured (pipeline/recommendation.cpp): the
  // recommendation is the same, and without epsilon there is no split to state.
  const Json reference = advise_adult(std::string("{") + kDemoColumns + R"(,"epsilon":1})");
  for (const char* request : {R"(,"epsilon":1,"rows":500})", R"(,"epsilon":0.1,"rows":3000})", "}"}) {
    const Json advice = advise_adult(std::string("{") + kDemoColumns + request);
    CHECK(advice["recommendation"] == reference["recommendation"]);
  }
  const Json no_epsilon = advise_adult(std::string("{") + kDemoColumns + "}");
  CHECK(no_epsilon["reference"]["epsilon"].is_null());
  CHECK(no_epsilon["reference"]["lpEpsilon"].is_null());
}

TEST_CASE("advice with an mlTarget recommends adaptive marginals weighted to the target", "[advice]") {
  const Json advice = advise_adult(std::string("{") + kDemoColumns + R"(,"epsilon":1,"mlTarget":"income"})");
  CHECK(advice["recommendation"]["mechanism"] == "adaptive-marginals");
  CHECK(advice["recommendation"]["reason"] ==
        "a prediction target is set: adaptive marginals weight the marginals with “income” up and measure those the "
        "model gets most wrong; a model trained on their rows came closest to one trained on the real rows in our "
        "measurements.");
}

TEST_CASE("advice on a wide table: all of Adult, the tree reference with 0.3 of epsilon, adaptive marginals",
          "[advice]") {
  const Json advice = advise_adult(R"({"epsilon":1})");  // no columns: all of them, as a run takes them
  CHECK(levels_of(advice) == std::vector<int>{15, 9, 20, 16, 16, 7, 15, 6, 5, 2, 20, 20, 20, 42, 2, 2});
  CHECK(advice["domainCells"].get<double>() == 5852528640000000.0);
  CHECK(advice["reference"]["measure"] == "tree");
  CHECK(advice["reference"]["budgetFraction"] == 0.3);
  CHECK(advice["reference"]["defaultBudgetFraction"] == 0.3);
  CHECK(advice["reference"]["epsilon"] == 0.3);
  CHECK(advice["reference"]["lpEpsilon"] == 0.7);
  CHECK(advice["recommendation"]["mechanism"] == "adaptive-marginals");
  CHECK(advice["recommendation"]["reason"].get<std::string>().rfind("16 columns: adaptive marginals measure", 0) == 0);
}

TEST_CASE("advice on more than 40 columns: the marginal mechanism, for its time", "[advice]") {
  Json schema = {{"version", 1}, {"name", "wide"}, {"columns", Json::array()}};
  for (int c = 0; c < 41; ++c) {
    schema["columns"].push_back(
        {{"name", "c" + std::to_string(c)}, {"type", "categorical"}, {"categories", {"a", "b"}}});
  }
  const Json wide = advise(schema.dump(), R"({"epsilon":1})");
  CHECK(wide["recommendation"]["mechanism"] == "marginal-lp");
  CHECK(wide["recommendation"]["reason"] ==
        "41 columns, more than 40: adaptive marginals would score every pair in every round (minutes at this width); "
        "the marginal mechanism measures a privately chosen tree of pairs in seconds.");
  schema["columns"].erase(40);
  CHECK(advise(schema.dump(), R"({"epsilon":1})")["recommendation"]["mechanism"] == "adaptive-marginals");
}

TEST_CASE("advice on a numeric-only table: the continuous space, the KDE's split, space partitioning", "[advice]") {
  const std::string& schema = testing::mixture_data().schema;  // x0, x1 in [-1000, 1200], 32 bins
  const Json advice = advise(schema, R"({"epsilon":2,"referenceMeasure":"bernstein-kde"})");
  CHECK(levels_of(advice) == std::vector<int>{32, 32});
  CHECK(advice["continuousSpacePossible"] == true);
  CHECK(advice["reference"] == reference_json("bernstein-kde", "bernstein-kde", "continuous", 0.5, 0.5, 1, 1));
  CHECK(advice["recommendation"]["mechanism"] == "space-partition");
  CHECK(advice["recommendation"]["reason"] ==
        "2 numeric columns without missing values: space partitioning’s KD-tree follows the data’s density instead of "
        "the schema’s bins, and came closest on such tables in our measurements.");
  const Json one = advise(schema, R"({"columns":["x0"],"epsilon":1,"rows":1000})");
  CHECK(one["recommendation"]["reason"].get<std::string>().rfind("one numeric column without missing values: ", 0) ==
        0);
  // "auto" is the KD-tree in the continuous space, whatever the cells, with 0.3 of epsilon.
  const Json continuous = advise(schema, R"({"epsilon":1,"space":"continuous"})");
  CHECK(continuous["reference"]["measure"] == "kd-tree");
  CHECK(continuous["reference"]["epsilon"] == 0.3);
}

TEST_CASE("advice at the 1,000,000-cell boundary of auto, with the schema's default bins", "[advice]") {
  const Json at = advise(boundary_schema(false), R"({"epsilon":1})");
  CHECK(levels_of(at) == std::vector<int>{10, 10, 10, 10, 10, 10});
  CHECK(at["domainCells"].get<double>() == 1e6);
  CHECK(at["reference"]["measure"] == "uniform");
  CHECK(at["recommendation"]["mechanism"] == "adaptive-marginals");
  const Json over = advise(boundary_schema(true), R"({"epsilon":1,"rows":100000})");
  CHECK(levels_of(over).back() == 11);  // the missing level
  CHECK(over["domainCells"].get<double>() == 1.1e6);
  CHECK(over["reference"]["measure"] == "tree");
  CHECK(over["reference"]["epsilon"] == 0.3);
  CHECK(over["recommendation"]["mechanism"] == "adaptive-marginals");
}

TEST_CASE("advice takes the reference share and measure as a run does", "[advice]") {
  const Json histogram = advise_adult(std::string("{") + kDemoColumns +
                                      R"(,"epsilon":2,"referenceMeasure":"histogram","referenceBudgetFraction":0.25})");
  CHECK(histogram["reference"] == reference_json("histogram", "histogram", "encoded", 0.25, 0.5, 0.5, 1.5));
  // A share given with "auto" is dropped when auto picks the free uniform measure, as in a run.
  const Json dropped = advise_adult(std::string("{") + kDemoColumns + R"(,"epsilon":1,"referenceBudgetFraction":0.4})");
  CHECK(dropped["reference"]["measure"] == "uniform");
  CHECK(dropped["reference"]["budgetFraction"] == 0);
  CHECK(dropped["reference"]["lpEpsilon"] == 1);
  const Json kept = advise_adult(R"({"epsilon":1,"referenceBudgetFraction":0.4})");
  CHECK(kept["reference"]["measure"] == "tree");
  CHECK(kept["reference"]["epsilon"] == 0.4);
}

TEST_CASE("advice refuses bad inputs with the run's errors", "[advice]") {
  const std::string& adult = testing::adult_data().schema;
  CHECK(error_of(adult, R"({"columns":["age","agee"]})") == "option \"columns\": the schema has no column \"agee\"");
  CHECK(error_of(adult, R"({"columns":["age","age"]})") == "option \"columns\": \"age\" is listed twice");
  CHECK(error_of(adult, R"({"epsilon":0})") == "option \"epsilon\" must be a finite number greater than 0");
  CHECK(error_of(adult, R"({"rows":0})") == "option \"rows\" must be a number from 1 to 1000000000000");
  CHECK(error_of(adult, R"({"epsilom":1})") == "unknown option \"epsilom\"");
  CHECK(error_of(adult, R"({"degree":2})") == "unknown option \"degree\"");
  CHECK(error_of(adult, "[1]") == "options must be a JSON object");
  CHECK(error_of(adult, R"({"columns":["age","sex"],"mlTarget":"income"})") ==
        "option \"mlTarget\": \"income\" is not among the synthesized columns");
  CHECK(error_of(adult, R"({"mlTarget":"age"})") ==
        "option \"mlTarget\": \"age\" must be a categorical column with 2 to 32 levels (a logistic regression per "
        "class; a nullable column counts its missing level)");
  CHECK(error_of(adult, R"({"mlTarget":"native-country"})").find("2 to 32 levels") != std::string::npos);  // 42 levels
  CHECK(error_of(adult, R"({"referenceMeasure":"kde"})").rfind("option \"referenceMeasure\" must be", 0) == 0);
  CHECK(error_of(adult, R"({"referenceMeasure":"uniform","referenceBudgetFraction":0.5})") ==
        "option \"referenceBudgetFraction\" needs a private reference measure; the uniform one is free");
  CHECK(error_of(adult, R"({"referenceBudgetFraction":1})") ==
        "option \"referenceBudgetFraction\" must be strictly between 0 and 1");
  CHECK(error_of(adult, R"({"columns":["age","sex"],"referenceMeasure":"bernstein-kde"})") ==
        "the continuous space works on numeric columns, and \"sex\" is categorical; choose numeric columns with "
        "\"columns\", or use \"space\": \"encoded\"");
  CHECK(error_of("{\"version\":2}", "{}", ErrorCode::InvalidSchema) ==
        "\"version\" must be 1 (this is schema format v1)");
}

TEST_CASE("the advice's rules are the run's: a run with the advised reference spends the advised split", "[advice]") {
  // The split the advice states is the one the run's receipt reports for the same options.
  const std::string options =
      std::string("{") + kDemoColumns +
      R"(,"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"tree","testSeed":3,"degree":1})";
  const Result<SynthesisOutput> run = testing::synthesize_on(testing::adult_data(), options);
  INFO(run.status().message());
  REQUIRE(run.is_ok());
  const Json receipt = Json::parse(run.value().receipt_json);
  const Json advice = advise_adult(std::string("{") + kDemoColumns + R"(,"epsilon":1,"referenceMeasure":"tree"})");
  INFO(receipt["parameters"].dump());
  CHECK(receipt["parameters"]["budget"]["referenceMeasure"] == advice["reference"]["epsilon"]);
  CHECK(receipt["parameters"]["budget"]["lp"] == advice["reference"]["lpEpsilon"]);
  CHECK(receipt["parameters"]["referenceMeasure"]["epsilon"] == advice["reference"]["epsilon"]);
}
