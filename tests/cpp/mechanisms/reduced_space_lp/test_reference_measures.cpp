// Private reference measures inside the reduced-space LP mechanism (Bojkovic & Loh): the choice,
// the budget split and its composition in the receipt, the continuous space, and clear errors.
#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

using testing::BundledData;
const BundledData& adult() { return testing::adult_data(); }
const BundledData& mixture() { return testing::mixture_data(); }
Result<SynthesisOutput> run(const BundledData& data, const std::string& options) {
  return testing::synthesize_on(data, options);
}
const char* kSixColumns = R"("columns":["age","workclass","education","sex","race","income"])";

// The ledger's epsilons add up to the receipt's total and to the stated split.
void check_composition(const Json& receipt, double epsilon, size_t entries) {
  double sum = 0;
  for (const Json& entry : receipt["ledger"]) sum += entry["epsilon"].get<double>();
  CHECK(receipt["ledger"].size() == entries);
  // Every release is calibrated: its noise scale is at least its L1 sensitivity over its epsilon.
  for (const Json& entry : receipt["ledger"]) {
    INFO(entry.dump());
    CHECK(entry["l1Sensitivity"].get<double>() / entry["noiseScale"].get<double>() <=
          entry["epsilon"].get<double>() * (1 + 1e-12));
  }
  CHECK(sum == Approx(epsilon).epsilon(1e-12));
  CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(epsilon).epsilon(1e-12));
  const Json& budget = receipt["parameters"]["budget"];
  CHECK(budget["referenceMeasure"].get<double>() + budget["lp"].get<double>() == Approx(epsilon).epsilon(1e-12));
}

}  // namespace

TEST_CASE("auto: uniform for a small encoded domain, the tree for all of Adult", "[reference][synthesis]") {
  const Result<SynthesisOutput> narrow =
      run(adult(), std::string(R"({"mechanism":"reduced-space-lp","epsilon":1,"testSeed":1,)") + kSixColumns + "}");
  REQUIRE(narrow.is_ok());
  const Json small = Json::parse(narrow.value().receipt_json);
  CHECK(small["parameters"]["referenceMeasure"]["kind"] == "uniform");
  check_composition(small, 1, 2);

  const Result<SynthesisOutput> wide = run(adult(), R"({"mechanism":"reduced-space-lp","epsilon":1,"testSeed":1})");
  REQUIRE(wide.is_ok());
  const Json all = Json::parse(wide.value().receipt_json);
  CHECK(all["parameters"]["referenceMeasure"]["kind"] == "tree");
  CHECK(all["parameters"]["budget"]["referenceMeasure"].get<double>() == Approx(0.3));
  check_composition(all, 1, 3);
  // The tree is what makes all 16 columns usable: with the uniform measure the mean 2-way TV is
  // 0.61-0.71 (issue 3); measured 0.18-0.24 with the tree (seeds 3, 4).
  CHECK(Json::parse(wide.value().report_json)["marginals"]["meanTwoWayTV"].get<double>() < 0.35);
}

TEST_CASE("the perturbed histogram takes its share and is stated in the receipt", "[reference][synthesis]") {
  const Result<SynthesisOutput> result = run(
      adult(),
      std::string(
          R"({"mechanism":"reduced-space-lp","epsilon":2,"testSeed":2,"referenceMeasure":"histogram","referenceBudgetFraction":0.25,)") +
          kSixColumns + "}");
  REQUIRE(result.is_ok());
  const Json receipt = Json::parse(result.value().receipt_json);
  const Json& reference = receipt["parameters"]["referenceMeasure"];
  CHECK(reference["kind"] == "histogram");
  CHECK(reference["epsilon"].get<double>() == Approx(0.5));
  CHECK(reference["cells"] == 43200);  // the product of the six columns' levels
  CHECK(reference["noiseScale"].get<double>() == Approx(2.0));
  check_composition(receipt, 2, 3);
  CHECK(receipt["ledger"][2]["release"].get<std::string>().find("perturbed histogram") != std::string::npos);
  CHECK(Json::parse(result.value().report_json)["marginals"]["meanTwoWayTV"].get<double>() < 0.08);
}

TEST_CASE("continuous space: Bernstein KDE reference, points decoded exactly, moments charged",
          "[reference][synthesis]") {
  const Result<SynthesisOutput> result = run(
      mixture(),
      R"({"mechanism":"reduced-space-lp","epsilon":1,"testSeed":3,"referenceMeasure":"bernstein-kde","reducedSpaceSize":1000})");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json receipt = Json::parse(result.value().receipt_json);
  CHECK(receipt["parameters"]["space"] == "continuous");
  CHECK(receipt["parameters"]["moments"]["terms"] == 5);
  check_composition(receipt, 1, 4);  // count, grid cells, moments, KDE
  // Output values are Omega*'s points, not bin draws: at most m = 1000 distinct values, in bounds.
  // (An optimal basic solution puts weight on few points: 13 with this seed.)
  std::set<double> distinct;
  for (double x : result.value().columns[0].numbers) {
    REQUIRE(x >= -1000);
    REQUIRE(x <= 1200);
    distinct.insert(x);
  }
  CHECK(distinct.size() <= 1000);
  CHECK(distinct.size() > 5);
}

TEST_CASE("continuous space: the KD-tree reference by default, rows redrawn inside their cells",
          "[reference][synthesis]") {
  const std::string options =
      R"({"mechanism":"reduced-space-lp","epsilon":1,"testSeed":4,"space":"continuous","reducedSpaceSize":1000)";
  const Result<SynthesisOutput> redrawn = run(mixture(), options + "}");
  const Result<SynthesisOutput> kept = run(mixture(), options + R"(,"redrawWithinCells":false})");
  INFO(redrawn.status().message());
  REQUIRE(redrawn.is_ok());
  REQUIRE(kept.is_ok());
  const Json receipt = Json::parse(redrawn.value().receipt_json);
  CHECK(receipt["parameters"]["referenceMeasure"]["kind"] == "kd-tree");
  CHECK(receipt["parameters"]["referenceMeasure"]["releasedLeaves"].get<int>() > 100);
  CHECK(receipt["parameters"]["referenceMeasure"]["uniformFallback"] == false);
  check_composition(receipt, 1, 5);  // count, grid cells, moments, the tree's split decisions and leaves
  CHECK(receipt["parameters"]["budget"]["referenceMeasure"] == 0.3);
  // The same seed draws the same rows; the redraw moves each inside its 32 x 32 grid cell only, so
  // every row keeps its bins (the LP's statistics) and becomes its own point.
  const auto bin = [](double x) { return std::min(31, static_cast<int>(std::floor((x + 1000) / 2200 * 32))); };
  const SynthesisOutput& a = redrawn.value();
  const SynthesisOutput& b = kept.value();
  REQUIRE(a.rows == b.rows);
  size_t moved_bins = 0;
  std::set<std::pair<double, double>> distinct_redrawn, distinct_kept;
  for (size_t row = 0; row < a.rows; ++row) {
    for (size_t c = 0; c < 2; ++c) moved_bins += bin(a.columns[c].numbers[row]) != bin(b.columns[c].numbers[row]);
    distinct_redrawn.insert({a.columns[0].numbers[row], a.columns[1].numbers[row]});
    distinct_kept.insert({b.columns[0].numbers[row], b.columns[1].numbers[row]});
  }
  CHECK(moved_bins == 0);
  CHECK(distinct_kept.size() <= 1000);
  CHECK(distinct_redrawn.size() > a.rows * 99 / 100);
}

TEST_CASE("reference options are checked before any data is read", "[reference][errors]") {
  const auto error_of = [](const BundledData& data, const std::string& options) {
    const Result<SynthesisOutput> result = run(data, options);
    REQUIRE(!result.is_ok());
    return result.status();
  };
  CHECK_THAT(error_of(adult(), R"({"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"kde"})").message(),
             Catch::Contains("bernstein-kde"));
  CHECK_THAT(
      error_of(adult(),
               R"({"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"bernstein-kde","space":"encoded"})")
          .message(),
      Catch::Contains("continuous"));
  CHECK_THAT(
      error_of(adult(), R"({"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"bernstein-kde"})").message(),
      Catch::Contains("categorical"));
  CHECK_THAT(
      error_of(
          adult(),
          R"({"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"uniform","referenceBudgetFraction":0.5})")
          .message(),
      Catch::Contains("free"));
  CHECK_THAT(
      error_of(adult(),
               R"({"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"tree","referenceBudgetFraction":1})")
          .message(),
      Catch::Contains("strictly between"));
  CHECK_THAT(
      error_of(adult(), R"({"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"tree","bernsteinOrder":2})")
          .message(),
      Catch::Contains("applies only"));
  CHECK_THAT(
      error_of(mixture(),
               R"({"mechanism":"reduced-space-lp","epsilon":1,"space":"continuous","referenceMeasure":"histogram"})")
          .message(),
      Catch::Contains("uniform"));
  CHECK_THAT(error_of(mixture(), R"({"mechanism":"reduced-space-lp","epsilon":1,"space":"encoded",)"
                                 R"("referenceMeasure":"kd-tree"})")
                 .message(),
             Catch::Contains("\"kd-tree\" reference measure needs \"space\": \"continuous\""));
  CHECK_THAT(error_of(mixture(), R"({"mechanism":"reduced-space-lp","epsilon":1,"redrawWithinCells":false})").message(),
             Catch::Contains("only to \"space\": \"continuous\""));
  CHECK_THAT(error_of(mixture(), R"({"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"kd-tree",)"
                                 R"("testOnlyDisableNoise":true,"testSeed":1})")
                 .message(),
             Catch::Contains("no noise-free test mode"));
  const Status too_big =
      error_of(adult(), R"({"mechanism":"reduced-space-lp","epsilon":1,"referenceMeasure":"histogram"})");
  CHECK(too_big.code() == ErrorCode::DomainTooLarge);
  CHECK_THAT(too_big.message(), Catch::Contains("tree"));
}
