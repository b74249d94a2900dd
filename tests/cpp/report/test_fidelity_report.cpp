#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <nlohmann/json.hpp>

#include "privsynth/cell_grid.hpp"
#include "privsynth/synthesis.hpp"
#include "report/fidelity_report.hpp"
#include "report_columns.hpp"

using namespace privsynth;
using privsynth::testing::decoded_numbers;
using privsynth::testing::numeric_column;
using Json = nlohmann::json;

TEST_CASE("the fidelity report states quantiles, W1, correlations and lost categories exactly", "[fidelity]") {
  Schema schema;
  schema.missing_tokens = {""};
  Column label;
  label.name = "c";
  label.categories = {{"a", std::nullopt}, {"b", std::nullopt}, {"c", std::nullopt}};
  schema.columns = {numeric_column("x"), numeric_column("y"), label};
  CellGrid cells(3);
  cells.add_row({"1", "2", "a"});
  cells.add_row({"2", "4", "a"});
  cells.add_row({"3", "5", "b"});
  cells.add_row({"4", "9", "c"});
  Result<RealValueSample> sampled = RealValueSample::create(schema, {"x", "y", "c"});
  REQUIRE(sampled.is_ok());
  RealValueSample real = std::move(sampled).value();
  REQUIRE(real.add_rows(cells.view()).is_ok());

  EncodedTable real_codes = make_empty_table({5, 5, 3}, 4), synthetic_codes = make_empty_table({5, 5, 3}, 4);
  real_codes.codes[2] = {0, 0, 1, 2};
  synthetic_codes.codes[2] = {0, 0, 1, 1};  // never "c"
  const std::vector<DecodedColumn> synthetic = {decoded_numbers("x", {8, 1, 3, 2}), decoded_numbers("y", {4, 1, 3, 2}),
                                                DecodedColumn{"c", ColumnKind::Categorical, {0, 0, 1, 1}, {}}};
  const Json report = fidelity_report_json({schema.columns, real, real_codes, synthetic, synthetic_codes});

  CHECK(report["rows"]["realRead"] == 4);
  CHECK(report["rows"]["sampled"] == false);
  CHECK_FALSE(report.contains("sampleNote"));
  REQUIRE(report["numeric"].size() == 2);
  const Json& x = report["numeric"][0];
  CHECK(x["column"] == "x");
  // Real x = 1, 2, 3, 4: h = 3q.
  CHECK(x["real"]["quantiles"]["p50"].get<double>() == Approx(2.5));
  CHECK(x["real"]["quantiles"]["p5"].get<double>() == Approx(1.15));
  CHECK(x["real"]["quantiles"]["p99"].get<double>() == Approx(3.97));
  CHECK(x["real"]["mean"].get<double>() == Approx(2.5));
  CHECK(x["real"]["standardDeviation"].get<double>() == Approx(std::sqrt(1.25)));
  // Synthetic x = 1, 2, 3, 8: W1 = 4 / 4, normalized by the real p99 - p1 = 3.97 - 1.03.
  CHECK(x["synthetic"]["quantiles"]["p75"].get<double>() == Approx(4.25));
  CHECK(x["synthetic"]["max"] == 8);
  CHECK(x["wasserstein1"].get<double>() == Approx(1));
  CHECK(x["wasserstein1Normalized"].get<double>() == Approx(1 / 2.94));

  // Real (x, y): r = 11 / sqrt(130); synthetic pairs (1,1), (2,2), (3,3), (8,4): r = 11 / sqrt(145).
  const Json& correlation = report["correlation"];
  CHECK(correlation["columns"] == Json::array({"x", "y"}));
  CHECK(correlation["real"][0][1].get<double>() == Approx(11 / std::sqrt(130.0)));
  CHECK(correlation["synthetic"][1][0].get<double>() == Approx(11 / std::sqrt(145.0)));
  const double difference = 11 / std::sqrt(130.0) - 11 / std::sqrt(145.0);
  CHECK(correlation["meanAbsDifference"].get<double>() == Approx(difference));
  CHECK(correlation["maxAbsDifference"].get<double>() == Approx(difference));
  CHECK(correlation["worstPair"] == Json::array({"x", "y"}));
  CHECK(correlation["pairsCompared"] == 1);

  REQUIRE(report["categoriesLost"].size() == 1);
  const Json& lost = report["categoriesLost"][0];
  CHECK(lost["column"] == "c");
  CHECK(lost["lostShare"].get<double>() == Approx(0.25));
  CHECK(lost["lostCategories"] == Json::array({"c"}));
}

TEST_CASE("with more rows than the sample keeps, both tables are sampled and the report says so", "[fidelity]") {
  Schema schema;
  schema.missing_tokens = {""};
  schema.columns = {numeric_column("x")};
  CellGrid cells(1);
  for (const char* value : {"1", "2", "3", "4", "5"}) cells.add_row({value});
  Result<RealValueSample> sampled = RealValueSample::create(schema, {"x"}, 3);
  REQUIRE(sampled.is_ok());
  RealValueSample real = std::move(sampled).value();
  REQUIRE(real.add_rows(cells.view()).is_ok());
  const EncodedTable codes = make_empty_table({5}, 5);
  const std::vector<DecodedColumn> synthetic = {decoded_numbers("x", {1, 2, 3, 4, 5})};
  const Json report = fidelity_report_json({schema.columns, real, codes, synthetic, codes});
  CHECK(report["rows"] ==
        Json{{"realRead", 5}, {"realSample", 3}, {"synthetic", 5}, {"syntheticSample", 3}, {"sampled", true}});
  CHECK(report.contains("sampleNote"));
  const Json& x = report["numeric"][0];
  CHECK(x["real"]["values"] == 5);  // counts, min and max cover every row
  CHECK(x["real"]["max"] == 5);
  CHECK(x["synthetic"]["values"] == 5);
  CHECK_FALSE(report.contains("correlation"));  // one numeric column
}

TEST_CASE("the real sample keeps fewer rows when it would hold too many values", "[fidelity]") {
  Schema schema;
  std::vector<std::string> header;
  for (int c = 0; c < 60; ++c) {
    schema.columns.push_back(numeric_column("c" + std::to_string(c)));
    header.push_back("c" + std::to_string(c));
  }
  const Result<RealValueSample> sample = RealValueSample::create(schema, header);
  REQUIRE(sample.is_ok());
  CHECK(sample.value().capacity() == kFidelitySampleValues / 60);
}

TEST_CASE("a run's report measures real values outside the schema as read, rejected rows included", "[fidelity]") {
  const std::string schema = R"({"version":1,"columns":[
      {"name":"x","type":"numeric","min":0,"max":10,"integer":true,"bins":5},
      {"name":"g","type":"categorical","categories":["a","b"]}]})";
  CellGrid cells(2);
  cells.add_row({"x", "g"});
  for (int row = 0; row < 97; ++row) cells.add_row({std::to_string(row % 10), row % 3 ? "a" : "b"});
  for (int row = 0; row < 3; ++row) cells.add_row({"1000", "a"});
  for (const char* policy : {"clamp", "reject"}) {
    INFO(policy);
    const std::string options =
        std::string(R"({"mechanism":"marginal-lp","epsilon":1,"testSeed":3,"outOfDomain":")") + policy + "\"}";
    const Result<SynthesisOutput> result = synthesize({schema, cells.view(), options});
    INFO(result.status().message());
    REQUIRE(result.is_ok());
    const Json report = Json::parse(result.value().report_json);
    CHECK(report["encoding"]["rejectedRows"] == (std::string(policy) == "reject" ? 3 : 0));
    const Json& x = report["fidelity"]["numeric"][0];
    CHECK(x["real"]["values"] == 100);
    CHECK(x["real"]["aboveMax"] == 3);
    CHECK(x["real"]["max"] == 1000);
    // Sorted, rows 97 to 99 are 1000: h = 99 * 0.99 = 98.01 lies among them.
    CHECK(x["real"]["quantiles"]["p99"] == 1000);
    CHECK(x["synthetic"]["max"].get<double>() <= 10);
    // 3% of the real mass sits at 1000, the synthetic values within [0, 10]: W1 >= 0.03 * 990.
    CHECK(x["wasserstein1"].get<double>() >= 0.03 * 990);
  }
}
