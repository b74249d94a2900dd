// The space-partitioning mechanism end to end (Kreačić et al., Algorithm 1 with implicit empty
// bins): Balog's 2-D Gaussian mixture, a mixed numeric/categorical table, the receipt's accounting
// and the refusals.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "forecast/run_forecast.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

TEST_CASE("the grid on Balog's 2-D mixture: the accounting, the default grid and a close synthetic table",
          "[space-partition][synthesis]") {
  const Result<SynthesisOutput> result = testing::synthesize_on(
      testing::mixture_data(), R"({"epsilon":1,"mechanism":"space-partition","partition":"grid","testSeed":3})");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json receipt = Json::parse(result.value().receipt_json);
  const Json report = Json::parse(result.value().report_json);
  REQUIRE(receipt["ledger"].size() == 2);
  CHECK(receipt["ledger"][0]["epsilon"].get<double>() + receipt["ledger"][1]["epsilon"].get<double>() == Approx(1.0));
  CHECK(receipt["ledger"][1]["l1Sensitivity"] == 1.0);
  // Theorem 3's grid for n ~ 100,000 at 0.95 of epsilon: floor(sqrt(0.95 n / (4 ln n))) = 45.
  const int cells = receipt["parameters"]["cellsPerNumericAxis"];
  CHECK(cells >= 44);
  CHECK(cells <= 46);
  CHECK(receipt["parameters"]["threshold"].get<int>() ==
        static_cast<int>(std::ceil(1 / 0.95 * std::log(cells * cells) - 1e-9)));
  CHECK(result.value().rows > 99000);
  CHECK(result.value().rows < 101000);
  // Values are drawn inside the bins, not at their centres: many distinct values.
  const std::vector<double>& x = result.value().columns[0].numbers;
  std::vector<double> sorted(x.begin(), x.end());
  std::sort(sorted.begin(), sorted.end());
  CHECK(std::unique(sorted.begin(), sorted.end()) - sorted.begin() > 90000);
  // Measured 0.046 (seed 3): mostly the grid's 45 cells per axis drawn uniformly against the
  // report's 32 schema bins, not noise (at epsilon = 100 the same grid gives 0.02).
  CHECK(report["marginals"]["meanOneWayTV"].get<double>() < 0.07);
}

TEST_CASE("a mixed table: numeric axes in unit scale, each category its own bin", "[space-partition][synthesis]") {
  const Result<SynthesisOutput> result = testing::synthesize_on(
      testing::adult_data(),
      R"({"epsilon":2,"mechanism":"space-partition","partition":"grid","columns":["age","hours-per-week","sex","income"],"testSeed":4})");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const SynthesisOutput& output = result.value();
  REQUIRE(output.columns.size() == 4);
  for (double age : output.columns[0].numbers) {
    REQUIRE(age >= 17);
    REQUIRE(age <= 90);
  }
  for (int32_t code : output.columns[2].categories) REQUIRE((code == 0 || code == 1));
  const Json report = Json::parse(output.report_json);
  // Measured 0.25 (seed 4): uniform draws inside 23 cells per numeric axis smear hours-per-week's
  // spike at 40 over its cell (issue 7 follow-up: align the grid with the schema's public bins).
  CHECK(report["marginals"]["meanTwoWayTV"].get<double>() < 0.35);
}

TEST_CASE("the KD-tree on categories only: no split decisions, only the leaves' counts",
          "[space-partition][synthesis]") {
  // Without a numeric axis every box is one category combination and nothing is split on the data,
  // so the run charges the record count and the leaves only (this once refused, after charging).
  const Result<SynthesisOutput> result = testing::synthesize_on(
      testing::adult_data(), R"({"epsilon":1,"mechanism":"space-partition","columns":["sex","race"],"testSeed":5})");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json receipt = Json::parse(result.value().receipt_json);
  REQUIRE(receipt["ledger"].size() == 2);
  CHECK(receipt["ledger"][0]["epsilon"].get<double>() + receipt["ledger"][1]["epsilon"].get<double>() == Approx(1.0));
  for (const Json& entry : receipt["ledger"]) {
    CHECK(entry["release"].get<std::string>().find("split decisions") == std::string::npos);
  }
  CHECK(result.value().rows > 1000);
}

TEST_CASE("the weighted centres: one per released bin, at its middle, weighted by its noisy count",
          "[space-partition][synthesis]") {
  const Result<SynthesisOutput> result = testing::synthesize_on(
      testing::adult_data(),
      R"({"epsilon":2,"mechanism":"space-partition","partition":"grid","gridCells":4,"columns":["age","hours-per-week","sex"],"testSeed":5})");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const SynthesisOutput& output = result.value();
  REQUIRE(output.weighted_centres.has_value());
  const WeightedCentresTable& centres = *output.weighted_centres;
  const Json receipt = Json::parse(output.receipt_json);
  CHECK(centres.rows == receipt["released"]["releasedBins"].get<size_t>());
  REQUIRE(centres.columns.size() == 3);
  REQUIRE(centres.weights.size() == centres.rows);
  double total = 0;
  for (double weight : centres.weights) {
    CHECK(weight >= receipt["parameters"]["threshold"].get<double>());
    total += weight;
  }
  CHECK(total == Approx(receipt["released"]["releasedWeight"].get<double>()));
  // 4 cells per numeric axis over the public bounds: age [17, 90] has centres 17 + 73 (2i + 1) / 8,
  // not rounded although the column is integer; sex is one of its two categories.
  for (size_t row = 0; row < centres.rows; ++row) {
    const double cell = (centres.columns[0].numbers[row] - 17) / 73 * 8;
    CHECK(std::abs(cell - std::round(cell)) < 1e-9);
    CHECK(static_cast<int>(std::round(cell)) % 2 == 1);
    const int32_t sex = centres.columns[2].categories[row];
    CHECK((sex == 0 || sex == 1));
  }
  // Most of Adult's mass is in 2 x 4 x 4 = 32 possible cells: nearly all are released at epsilon 2.
  CHECK(centres.rows > 16);
  CHECK(centres.rows <= 32);
}

TEST_CASE("space partitioning refuses what it cannot do, before reading data", "[space-partition][errors]") {
  const testing::BundledData& adult = testing::adult_data();
  const auto status = [&](const std::string& options) { return testing::synthesize_on(adult, options).status(); };
  CHECK(status(R"({"epsilon":1,"mechanism":"space-partition","partition":"octree"})").message() ==
        "option \"partition\" must be \"kd-tree\" or \"grid\", not \"octree\"");
  CHECK(status(R"({"epsilon":1,"mechanism":"space-partition","partition":"grid","gridCells":0})").code() ==
        ErrorCode::InvalidArgument);
  CHECK(status(R"({"epsilon":1,"mechanism":"space-partition","gridCells":8})").message() ==
        "option \"gridCells\" needs \"partition\": \"grid\" (the KD-tree takes \"maxEdge\" and \"minEdge\")");
  CHECK(status(R"({"epsilon":1,"mechanism":"space-partition","partition":"grid","tau":3})").code() ==
        ErrorCode::InvalidArgument);
  CHECK(status(R"({"epsilon":1,"mechanism":"space-partition","maxEdge":0.1,"minEdge":0.2})").message() ==
        "option \"minEdge\" must be less than \"maxEdge\"");
  CHECK(status(R"({"epsilon":1,"mechanism":"space-partition","threshold":0})").code() == ErrorCode::InvalidArgument);
  // A threshold no bin can reach: a clear error, no table.
  const Status none =
      status(R"({"epsilon":1,"mechanism":"space-partition","columns":["age","sex"],"threshold":1000000})");
  CHECK(none.code() == ErrorCode::EmptyData);
  CHECK_THAT(none.message(), Catch::Contains("threshold"));
}

TEST_CASE("the forecast of the grid states the noise and the grid its run uses", "[space-partition][forecast]") {
  const std::string options =
      R"({"epsilon":1,"mechanism":"space-partition","partition":"grid","gridCells":45,"testSeed":3})";
  const Result<std::string> forecast = forecast_run_json(testing::mixture_data().schema, options, 100000.0);
  INFO(forecast.status().message());
  REQUIRE(forecast.is_ok());
  const Json parsed = Json::parse(forecast.value());
  REQUIRE(parsed["releases"].size() == 2);
  CHECK(parsed["releases"][1]["what"].get<std::string>().find("2025 cells (45 per numeric axis)") != std::string::npos);
  const Json receipt = Json::parse(testing::synthesize_on(testing::mixture_data(), options).value().receipt_json);
  CHECK(parsed["releases"][0]["scale"] == receipt["ledger"][0]["noiseScale"]);
  CHECK(parsed["releases"][1]["scale"] == receipt["ledger"][1]["noiseScale"]);
  CHECK(parsed["totals"]["epsilon"].get<double>() == Approx(1.0));
  CHECK(parsed["fit"]["parameters"]["cellWidth"] == 1.0 / 45);
  CHECK(parsed["fit"]["parameters"]["threshold"] == receipt["parameters"]["threshold"]);
}

TEST_CASE("the KD-tree on Balog's 2-D mixture: epsilon' + epsilon'' on the ledger, Lemma 10's tau, a close table",
          "[space-partition][kd-tree][synthesis]") {
  const std::string options = R"({"epsilon":1,"mechanism":"space-partition","testSeed":5})";
  const Result<SynthesisOutput> result = testing::synthesize_on(testing::mixture_data(), options);
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json receipt = Json::parse(result.value().receipt_json);
  REQUIRE(receipt["ledger"].size() == 3);
  double total = 0;
  for (const Json& entry : receipt["ledger"]) total += entry["epsilon"].get<double>();
  CHECK(total == Approx(1.0));
  const Json& parameters = receipt["parameters"];
  CHECK(parameters["partition"] == "kd-tree");
  CHECK_FALSE(receipt["software"].contains("lpSolver"));  // no linear program was solved
  // Grid width 1/45 -> s1 = 2^-5, s2 = 0.75 x 2^-7: h = 2 x 5 = 10 levels without the data, L = 2 x 3 decisions.
  CHECK(parameters["minEdge"] == 0.75 * std::ldexp(1.0, -7));
  CHECK(parameters["maxEdge"] == std::ldexp(1.0, -5));
  CHECK(parameters["dataIndependentLevels"] == 10);
  CHECK(parameters["decisionLevels"] == 6);
  CHECK(receipt["ledger"][1]["l1Sensitivity"] == 6.0);
  CHECK(parameters["tau"].get<double>() > 0);
  const Json report = Json::parse(result.value().report_json);
  CHECK(report["marginals"]["meanOneWayTV"].get<double>() < 0.07);
  CHECK(report["marginals"]["meanTwoWayTV"].get<double>() < 0.12);
  // The report's kernel distances in [0, 1]^2 (gamma = 25). Measured with seed 5: MMD 0.0032 and
  // sup distance 0.0021 (the grid with seed 7: 0.0027 and 0.0022). The V-statistic's sampling floor
  // sqrt((1/n + 1/m)(1 - kappa)) is at most 0.0045 for 100,000 against 100,000 points.
  INFO(report["kernel"].dump());
  CHECK(report["kernel"]["mmd"].get<double>() < 0.008);
  CHECK(report["kernel"]["kdeSupDistance"].get<double>() < 0.006);
  // The forecast states the same three releases and noise.
  const Json forecast = Json::parse(forecast_run_json(testing::mixture_data().schema, options, 100000.0).value());
  REQUIRE(forecast["releases"].size() == 3);
  for (size_t i = 0; i < 3; ++i) CHECK(forecast["releases"][i]["scale"] == receipt["ledger"][i]["noiseScale"]);
  // ... and the same s1, s2, tau and t (the run's noisy count is within a few records of 100,000).
  Json stated = parameters;
  for (const char* run_only : {"leaves", "bounds", "syntheticRows"}) stated.erase(run_only);
  CHECK(forecast["fit"]["parameters"] == stated);
  // At most 2^10 boxes at level h, each split at most 6 times.
  CHECK(forecast["releases"][2]["values"] == 65536);
}
