// Train-on-synthetic / test-on-real in the pipeline: the held-out split, the report, and errors.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "privacy/zcdp.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {
Result<SynthesisOutput> run(const std::string& options) {
  return testing::synthesize_on(testing::adult_data(), options);
}
const char* kColumns = R"("columns":["age","workclass","education","sex","race","income"])";
}  // namespace

TEST_CASE("mlTarget holds out a test split and reports both models", "[ml]") {
  const Result<SynthesisOutput> result =
      run(std::string(R"({"epsilon":1,"testSeed":2,"mlTarget":"income","mlTestFraction":0.2,)") + kColumns + "}");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json report = Json::parse(result.value().report_json);
  const Json& ml = report["ml"];
  REQUIRE(ml.contains("trainedOnSynthetic"));
  const size_t train = ml["rows"]["realTrain"], test = ml["rows"]["realTest"];
  CHECK(train + test == report["encoding"]["keptRows"].get<size_t>());
  // Each record held out with probability 0.2 (a Poisson split): 9,768 expected, sd 88; 5 sd.
  CHECK(std::fabs(double(test) - 0.2 * double(train + test)) < 5 * std::sqrt(0.16 * double(train + test)));
  CHECK(report["rows"]["real"].get<size_t>() == train);  // the mechanism saw the training rows only
  // The real model on these six columns: measured 0.80-0.81 accuracy; majority class 0.76.
  CHECK(ml["trainedOnReal"]["accuracy"].get<double>() > 0.78);
  CHECK(ml["trainedOnReal"]["rocAuc"].get<double>() > 0.8);
  CHECK(ml["trainedOnSynthetic"]["accuracy"].get<double>() > 0.70);
  CHECK(ml["majorityClassAccuracy"].get<double>() == Approx(0.76).margin(0.01));
  const Json receipt = Json::parse(result.value().receipt_json);
  CHECK(receipt["parameters"]["mlHoldout"]["testFraction"].get<double>() == 0.2);
  CHECK(receipt.dump().find("realTest") == std::string::npos);  // the split's sizes stay in the report
}

TEST_CASE("mlTarget errors are clear and come before any data is read", "[ml][errors]") {
  const auto message = [](const std::string& options) {
    const Result<SynthesisOutput> result = run(options);
    REQUIRE(!result.is_ok());
    return result.status().message();
  };
  CHECK_THAT(message(std::string(R"({"epsilon":1,"mlTarget":"hours-per-week",)") + kColumns + "}"),
             Catch::Contains("not among"));
  CHECK_THAT(message(std::string(R"({"epsilon":1,"mlTarget":"age",)") + kColumns + "}"),
             Catch::Contains("categorical column with 2 to 32 levels"));
  CHECK_THAT(message(std::string(R"({"epsilon":1,"mlTarget":"income","mlExtraTargets":["age"],)") + kColumns + "}"),
             Catch::Contains("option \"mlExtraTargets\": \"age\" must be a categorical column"));
  CHECK_THAT(
      message(std::string(R"({"epsilon":1,"mlTarget":"income","mlExtraTargets":["sex","income"],)") + kColumns + "}"),
      Catch::Contains("\"income\" is already a target"));
  CHECK_THAT(message(std::string(R"({"epsilon":1,"mlExtraTargets":["sex"],)") + kColumns + "}"),
             Catch::Contains("option \"mlExtraTargets\" needs \"mlTarget\""));
  CHECK_THAT(message(std::string(R"({"epsilon":1,"mlDirectDp":false,)") + kColumns + "}"),
             Catch::Contains("option \"mlDirectDp\" needs \"mlTarget\""));
  CHECK_THAT(message(std::string(R"({"epsilon":1,"mlTestFraction":0.3,)") + kColumns + "}"),
             Catch::Contains("mlTarget"));
}

TEST_CASE("marginal-lp measures every pair with the target when mlTarget is set", "[ml][marginal-lp]") {
  const Result<SynthesisOutput> result =
      run(std::string(R"({"epsilon":2,"testSeed":1,"mechanism":"marginal-lp","mlTarget":"income",)") + kColumns + "}");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json receipt = Json::parse(result.value().receipt_json);
  const Json& two_way = receipt["ledger"].back();
  // Tree (5 pairs) union star (5 pairs with income): between 5 and 9 distinct pairs.
  const double pairs = std::pow(two_way["l2Sensitivity"].get<double>(), 2);
  CHECK(pairs >= 5 - 1e-9);
  CHECK(pairs <= 9 + 1e-9);
  CHECK(receipt["parameters"]["marginals"].get<double>() == Approx(6 + pairs));
  // Measured at eps = 2, seeds 1-3: synthetic-trained accuracy 0.76-0.80 against 0.81-0.82 for
  // the real-trained model on the same split (majority class 0.76).
  const Json ml = Json::parse(result.value().report_json)["ml"];
  CHECK(ml["trainedOnReal"]["accuracy"].get<double>() - ml["trainedOnSynthetic"]["accuracy"].get<double>() < 0.08);
}

TEST_CASE("several targets from one synthetic table, each beside a model trained directly under DP",
          "[ml][dp-gd][direct-model]") {
  const std::string common = std::string(R"({"epsilon":1,"testSeed":4,"mlTarget":"income",)") + kColumns;
  const Result<SynthesisOutput> result = run(common + R"(,"mlExtraTargets":["sex","race"]})");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json report = Json::parse(result.value().report_json);
  REQUIRE(report["mlExtraTargets"].size() == 2);
  const Json& sex = report["mlExtraTargets"][0];
  const Json& race = report["mlExtraTargets"][1];
  CHECK(report["ml"]["target"] == "income");
  CHECK(sex["target"] == "sex");
  CHECK(sex["classes"] == 2);
  CHECK(race["classes"] == 5);
  CHECK_FALSE(race.contains("excessEmpiricalRisk"));  // the theorems are about one binary model
  // All on the same held-out rows.
  CHECK(sex["rows"] == report["ml"]["rows"]);
  CHECK(race["rows"] == report["ml"]["rows"]);
  // Race is 85% "White" among Adult's rows: measured at seeds 4-6, the majority class 0.846-0.859,
  // the real and the synthetic model no better (the same), the real model's macro ROC-AUC 0.65.
  CHECK(race["majorityClassAccuracy"].get<double>() == Approx(0.85).margin(0.015));
  CHECK(race["trainedOnReal"]["accuracy"].get<double>() >= race["majorityClassAccuracy"].get<double>() - 0.005);
  CHECK(race["trainedOnReal"]["rocAuc"].get<double>() > 0.6);
  // Sex from age, workclass, education, race, income: measured 0.671-0.678 (real), majority 0.663-0.668.
  CHECK(sex["trainedOnReal"]["accuracy"].get<double>() > 0.66);

  // The direct models share one budget, the run's epsilon, split equally across the three targets.
  for (const Json* section : {&report["ml"], &sex, &race}) {
    INFO((*section)["target"]);
    REQUIRE((*section).contains("directDp"));
    CHECK((*section)["directDp"]["epsilon"] == 1.0);
    CHECK((*section)["directDp"]["targetsSharing"] == 3);
    CHECK((*section)["directDp"]["accuracy"].get<double>() > 0.6);
  }
  // income from these six columns at a third of the budget, seeds 4-6: 0.79-0.81 directly under DP
  // (0.808-0.813 with all of it), 0.807-0.813 for the real model.
  CHECK(report["ml"]["directDp"]["accuracy"].get<double>() > 0.76);
  const Json file = Json::parse(result.value().direct_models_json);
  CHECK(file["kind"] == "privsynth DP models");
  const Json& models = file["models"];
  REQUIRE(models.size() == 3);
  CHECK(models[2]["target"] == "race");
  CHECK(models[2]["classes"].size() == 5);
  CHECK(models[0]["classes"].size() == 1);
  CHECK(models[0]["classes"][0]["level"] == ">50K");
  size_t features = 0;
  for (const Json& feature : models[0]["features"]) features += feature["levels"].size();
  CHECK(models[0]["classes"][0]["weights"].size() == features);
  // finding 3: one receipt for the file, whose ledger charges the run's rho once in all (each
  // target a third of it), not once per target.
  const Json& receipt = file["receipt"];
  const double rho = cdp_rho(1, 1e-9).value();
  CHECK(receipt["mechanism"]["name"] == "dp-gradient-descent");
  CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(1).epsilon(1e-6));
  CHECK(receipt["privacy"]["rhoSpent"].get<double>() == Approx(rho).epsilon(1e-9));
  for (const Json& model : models) CHECK(model["rho"].get<double>() == Approx(rho / 3).epsilon(1e-9));
  CHECK(receipt["private"] == false);  // a test seed
  // Both receipts state the same total for the table and the models published together: their
  // rho add (2 rho, converted at delta 2e-9), less than the 2 epsilon of basic composition.
  const Json table_receipt = Json::parse(result.value().receipt_json);
  const Json& together = table_receipt["privacy"]["tableAndDpModels"];
  CHECK(together == receipt["privacy"]["tableAndDpModels"]);
  CHECK(together["rho"].get<double>() == Approx(2 * rho).epsilon(1e-6));
  CHECK(together["delta"].get<double>() == Approx(2e-9).epsilon(1e-9));
  CHECK(together["epsilon"].get<double>() == Approx(cdp_eps(2 * rho, 2e-9)).epsilon(1e-9));
  CHECK(together["epsilon"].get<double>() < 1.5);
  // The direct models draw after everything else: the synthetic table and its receipt are the same without them.
  const Result<SynthesisOutput> without = run(common + R"(,"mlExtraTargets":["sex","race"],"mlDirectDp":false})");
  REQUIRE(without.is_ok());
  CHECK(without.value().direct_models_json.empty());
  REQUIRE(without.value().columns.size() == result.value().columns.size());
  for (size_t c = 0; c < result.value().columns.size(); ++c) {
    CHECK(without.value().columns[c].categories == result.value().columns[c].categories);
    CHECK(without.value().columns[c].numbers == result.value().columns[c].numbers);
  }
  Json receipt_with = Json::parse(result.value().receipt_json);
  receipt_with["privacy"].erase("tableAndDpModels");  // the one difference: they are not trained
  CHECK(Json::parse(without.value().receipt_json) == receipt_with);
  CHECK_FALSE(Json::parse(without.value().report_json)["ml"].contains("directDp"));
}
