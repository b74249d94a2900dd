// A schema discovered privately from Adult: what it finds, what it costs, that the cost travels in
// the schema to every synthesis receipt, and clear errors for bad requests.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/schema_discovery.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {
const char* kRequest = R"({"epsilon": 1, "delta": 1e-6, "name": "adult", "missing": ["?", ""], "testSeed": 5,
  "columns": [{"name": "age", "type": "numeric", "range": [0, 150], "integer": true, "bins": 10},
              {"name": "workclass", "type": "categorical", "nullable": true},
              {"name": "sex", "type": "categorical"},
              {"name": "income", "type": "categorical"}]})";
}  // namespace

TEST_CASE("discovery on Adult finds the frequent categories and tight bounds, and states its cost",
          "[discovery][schema]") {
  const Result<SchemaDiscoveryOutput> found = discover_schema(kRequest, testing::adult_data().cells.view());
  INFO(found.status().message());
  REQUIRE(found.is_ok());
  const Schema schema = parse_schema_json(found.value().schema_json).value();
  REQUIRE(schema.discovered);
  CHECK(schema.discovered->epsilon == 1);
  CHECK(schema.discovered->delta == 1e-6);
  REQUIRE(schema.columns.size() == 4);
  // Age: 17..90 in Adult; the 0.5% and 99.5% quantiles are about 17 and 74-80.
  CHECK(schema.columns[0].min >= 16);
  CHECK(schema.columns[0].min <= 19);
  CHECK(schema.columns[0].max >= 70);
  CHECK(schema.columns[0].max <= 90);
  CHECK(schema.columns[0].bins == 10);
  // Workclass has 8 values in Adult (the rarest, "Never-worked", has 10 records: below the
  // threshold of 1 + ln(1/(delta/3 (1+a)))/(eps/4) ~ 62 at eps/4 per column).
  std::vector<std::string> workclass;
  for (const Category& c : schema.columns[1].categories) workclass.push_back(c.label);
  CHECK(std::find(workclass.begin(), workclass.end(), "Private") != workclass.end());
  CHECK(std::find(workclass.begin(), workclass.end(), "Never-worked") == workclass.end());
  CHECK(schema.columns[1].nullable);
  CHECK(schema.columns[2].categories.size() == 2);
  const Json receipt = Json::parse(found.value().receipt_json);
  CHECK(receipt["release"] == "schema discovery");
  CHECK(receipt["private"] == false);      // test seed
  REQUIRE(receipt["ledger"].size() == 5);  // the numeric column's two bounds, one release per categorical column
  double epsilon = 0, delta = 0;
  for (const Json& entry : receipt["ledger"]) {
    epsilon += entry["epsilon"].get<double>();
    delta += entry.value("delta", 0.0);
  }
  CHECK(epsilon == Approx(1.0));
  CHECK(delta == Approx(1e-6));
}

TEST_CASE("a synthesis with a discovered schema adds the discovery's cost to its receipt", "[discovery][schema]") {
  const SchemaDiscoveryOutput found = discover_schema(kRequest, testing::adult_data().cells.view()).value();
  const Result<SynthesisOutput> run =
      synthesize(SynthesisInput{found.schema_json, testing::adult_data().cells.view(),
                                R"({"mechanism": "reduced-space-lp", "epsilon": 1, "testSeed": 1})"});
  INFO(run.status().message());
  REQUIRE(run.is_ok());
  const Json receipt = Json::parse(run.value().receipt_json);
  // kRequest has a test seed: the schema carries it, and so does every receipt built on it.
  CHECK(receipt["schema"]["provenance"] == "discovered with a fixed test seed (NOT PRIVATE)");
  CHECK(receipt["privacy"]["domainDiscovery"]["epsilon"] == 1.0);
  // The headline epsilon and delta are the whole release's (the run's 1 plus the discovery's 1).
  CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(2.0));
  CHECK(receipt["privacy"]["delta"].get<double>() == Approx(1e-6));
  CHECK(receipt["privacy"]["thisRun"]["epsilonSpent"].get<double>() == Approx(1.0));
  CHECK(receipt["privacy"]["thisRun"]["delta"] == 0);
  CHECK_THAT(receipt["schema"]["columns"][0]["domain"].get<std::string>(), Catch::Contains("estimated privately"));
  // The schema text round-trips with its cost; a cost without the provenance is refused.
  CHECK(parse_schema_json(schema_to_json(parse_schema_json(found.schema_json).value())).value().discovered->epsilon ==
        1);
  CHECK(
      parse_schema_json(
          R"({"version":1,"discovery":{"epsilon":1,"delta":0},"columns":[{"name":"a","type":"categorical","categories":["x"]}]})")
          .status()
          .code() == ErrorCode::InvalidSchema);
  CHECK(
      parse_schema_json(
          R"({"version":1,"provenance":"dp-discovered","columns":[{"name":"a","type":"categorical","categories":["x"]}]})")
          .status()
          .code() == ErrorCode::InvalidSchema);
}

TEST_CASE("discovery reads cells as the encoder does: spaces around values and names do not count",
          "[discovery][schema]") {
  CellGrid cells(2);
  cells.add_row({" sex ", "hours"});
  for (int i = 0; i < 20000; ++i) cells.add_row({i % 2 ? " Male" : "Female ", i % 3 ? " 40 " : "?"});
  const SchemaDiscoveryOutput found =
      discover_schema(
          R"({"epsilon": 2, "delta": 1e-6, "missing": ["?"], "testSeed": 1, "columns": [{"name": "sex", "type": "categorical"},
         {"name": "hours", "type": "numeric", "range": [0, 100], "integer": true}]})",
          cells.view())
          .value();
  const Schema schema = parse_schema_json(found.schema_json).value();
  REQUIRE(schema.columns[0].categories.size() == 2);
  CHECK(schema.columns[0].categories[0].label == "Female");
  CHECK(schema.columns[0].categories[1].label == "Male");
  // " 40 " is a number (as the encoder reads it): the bounds land around 40, not at the range's ends.
  CHECK(schema.columns[1].min >= 30);
  CHECK(schema.columns[1].max <= 50);
  // Narrow whole-number bounds get no more bins than whole numbers (else the schema is refused).
  CHECK(schema.columns[1].bins == schema.columns[1].max - schema.columns[1].min + 1);
}

TEST_CASE("bad discovery requests are specific errors", "[discovery][schema][errors]") {
  const CellGridView cells = testing::adult_data().cells.view();
  const auto message = [&](const std::string& request) {
    const Result<SchemaDiscoveryOutput> found = discover_schema(request, cells);
    REQUIRE(!found.is_ok());
    return found.status().message();
  };
  CHECK_THAT(message(R"({"epsilon": 0, "columns": [{"name": "sex", "type": "categorical"}]})"),
             Catch::Contains("epsilon"));
  CHECK_THAT(message(R"({"epsilon": 1, "columns": [{"name": "sex", "type": "categorical"}]})"),
             Catch::Contains("delta"));
  CHECK_THAT(message(R"({"epsilon": 1, "columns": [{"name": "age", "type": "numeric"}]})"), Catch::Contains("range"));
  CHECK_THAT(message(R"({"epsilon": 1, "delta": 1e-6, "columns": [{"name": "nope", "type": "categorical"}]})"),
             Catch::Contains("no column \"nope\""));
  CHECK_THAT(
      message(R"({"epsilon": 1, "columns": [{"name": "age", "type": "numeric", "range": [0, 150], "colour": 1}]})"),
      Catch::Contains("colour"));
  // At a tiny epsilon nothing passes the threshold: the error says what to do.
  CHECK_THAT(message(R"({"epsilon": 0.0001, "delta": 1e-9, "columns": [{"name": "race", "type": "categorical"}]})"),
             Catch::Contains("raise epsilon"));
}

TEST_CASE("discovery refuses a key of the wrong type with an error, not an exception", "[discovery][schema][errors]") {
  const CellGridView cells = testing::adult_data().cells.view();
  const auto message = [&](const std::string& request) {
    const Result<SchemaDiscoveryOutput> found = discover_schema(request, cells);
    REQUIRE(!found.is_ok());
    CHECK(found.status().code() == ErrorCode::InvalidArgument);
    return found.status().message();
  };
  const std::string age = R"({"name": "age", "type": "numeric", "range": [0, 150]})";
  CHECK_THAT(message(R"({"epsilon": "1", "columns": [)" + age + "]}"), Catch::Contains("\"epsilon\" must be a number"));
  CHECK_THAT(message(R"({"epsilon": 1, "name": 5, "columns": [)" + age + "]}"),
             Catch::Contains("\"name\" must be a string"));
  CHECK_THAT(message(R"({"epsilon": 1, "columns": [{"name": "age", "type": 1}]})"),
             Catch::Contains("\"type\" must be a string"));
  CHECK_THAT(
      message(
          R"({"epsilon": 1, "columns": [{"name": "age", "type": "numeric", "range": [0, 150], "integer": "yes"}]})"),
      Catch::Contains("\"integer\" must be true or false"));
  CHECK_THAT(message(R"({"epsilon": 1, "columns": [{"name": "age", "type": "categorical", "nullable": 1}]})"),
             Catch::Contains("\"nullable\" must be true or false"));
}
