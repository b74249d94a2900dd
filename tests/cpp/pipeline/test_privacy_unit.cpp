// A run with a privacy unit end to end (docs/privacy/privacy-unit.md): the receipt's person-level
// guarantee and ledger, the synthetic people, and each refusal.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "persons/rows_per_person_choice.hpp"
#include "privsynth/run_forecast.hpp"
#include "privsynth/schema_discovery.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

const DecodedColumn& column_named(const SynthesisOutput& output, const std::string& name) {
  for (const DecodedColumn& column : output.columns) {
    if (column.name == name) return column;
  }
  FAIL("no column " << name);
  return output.columns.front();
}

// The share of synthetic persons whose perPerson columns agree across all of their rows.
double consistent_share(const SynthesisOutput& output, const std::vector<std::string>& per_person) {
  const DecodedColumn& person = column_named(output, "patient_id");
  std::map<double, std::vector<double>> first;  // person -> their first row's values
  std::set<double> broken;
  for (size_t row = 0; row < output.rows; ++row) {
    std::vector<double> values;
    for (const std::string& name : per_person) {
      const DecodedColumn& column = column_named(output, name);
      values.push_back(column.kind == ColumnKind::Numeric ? column.numbers[row] : column.categories[row]);
    }
    const auto found = first.emplace(person.numbers[row], values).first;
    if (found->second != values) broken.insert(person.numbers[row]);
  }
  return 1.0 - double(broken.size()) / double(first.size());
}

}  // namespace

TEST_CASE("visits with a privacy unit: person-level receipt, consistent synthetic people", "[synthesis][persons]") {
  const testing::BundledData& visits = testing::visits_data();
  for (const char* mechanism : {"adaptive-marginals", "marginal-lp", "space-partition", "reduced-space-lp"}) {
    INFO(mechanism);
    const std::string options =
        std::string(R"({"epsilon":1,"rowsPerPerson":3,"testSeed":7,"mechanism":")") + mechanism +
        R"(","columns":["patient_id","sex","birth_year","blood_group","department","length_of_stay"]})";
    const Result<SynthesisOutput> result = testing::synthesize_on(visits, options);
    INFO(result.status().message());
    REQUIRE(result.is_ok());
    const SynthesisOutput& output = result.value();
    const Json receipt = Json::parse(output.receipt_json);
    CHECK(receipt["privacy"]["privacyUnit"]["column"] == "patient_id");
    CHECK(receipt["privacy"]["privacyUnit"]["rowsPerPerson"] == 3);
    CHECK_THAT(receipt["privacy"]["protects"].get<std::string>(), Catch::StartsWith("one person"));
    CHECK_THAT(receipt["privacy"]["neighbours"].get<std::string>(), Catch::Contains("one person"));
    CHECK(receipt["privacy"]["epsilonSpent"].get<double>() <= 1.0 + 1e-9);
    CHECK(receipt["privacy"]["epsilonSpent"].get<double>() > 0.9);
    CHECK(receipt["ledger"].size() == 2);  // the rows-per-person distribution and the mechanism as a group
    CHECK(receipt["ledger"][1]["groupSize"] == 3);
    CHECK(consistent_share(output, {"sex", "birth_year", "blood_group"}) == 1.0);
    // Persons of at most 3 rows, numbered 1, 2, ... with their rows together.
    const DecodedColumn& person = column_named(output, "patient_id");
    std::map<double, int> rows_of;
    for (size_t row = 0; row < output.rows; ++row) {
      if (row > 0 && person.numbers[row] != person.numbers[row - 1]) REQUIRE(rows_of.count(person.numbers[row]) == 0);
      ++rows_of[person.numbers[row]];
    }
    for (const auto& [p, rows] : rows_of) REQUIRE(rows <= 3);
    const Json report = Json::parse(output.report_json);
    CHECK(report["persons"]["persons"] == 6106);
    CHECK(report["persons"]["rowsRead"] == 21072);
    CHECK(report["persons"]["rowsKept"].get<int>() < 21072);
  }
}

namespace {

const char* kPersons = R"({"version":1,"name":"persons","privacyUnit":"id","columns":[
    {"name":"id","type":"id"},{"name":"c","type":"categorical","categories":["a","b"]}]})";

CellGrid grid_of(const std::vector<std::vector<std::string>>& rows) {
  CellGrid grid(rows.front().size());
  for (const auto& row : rows) grid.add_row(row);
  return grid;
}

// 30 persons of one row "a", 30 of one row "b"; with `extra`, one more person "q" of 8 rows "a".
CellGrid sixty_persons(bool extra) {
  std::vector<std::vector<std::string>> rows{{"id", "c"}};
  for (int p = 0; p < 60; ++p) rows.push_back({"p" + std::to_string(p), p < 30 ? "a" : "b"});
  for (int i = 0; extra && i < 8; ++i) rows.push_back({"q", "a"});
  return grid_of(rows);
}

// The grid's released noisy count of "a" (space partitioning's weighted centres).
double noisy_count_of_a(const CellGrid& cells, uint64_t seed, const std::string& schema = kPersons) {
  const std::string options =
      R"({"epsilon":1,"rowsPerPerson":3,"mechanism":"space-partition","partition":"grid","evaluate":false,"testSeed":)" +
      std::to_string(seed) + "}";
  const Result<SynthesisOutput> result = synthesize(SynthesisInput{schema, cells.view(), options});
  REQUIRE(result.is_ok());
  const WeightedCentresTable& centres = *result.value().weighted_centres;
  for (size_t r = 0; r < centres.rows; ++r) {
    if (centres.columns[0].categories[r] == 0) return centres.weights[r];
  }
  return 0;
}

Status run_status(const std::string& schema, const CellGrid& cells, const std::string& options) {
  return synthesize(SynthesisInput{schema, cells.view(), options}).status();
}

}  // namespace

TEST_CASE("a person with k + 5 rows moves a noisy count by k on average, not k + 5", "[synthesis][persons]") {
  // Over 300 seeded runs on each table, the mean difference of the noisy count of "a" is k = 3.
  // Its noise (discrete Laplace of scale 3 / 0.95 on each table) leaves a standard error of 0.37
  // for the mean difference; the tolerance is 1.2 (a skipped bounding would move it by 8).
  const CellGrid d = sixty_persons(false), d_prime = sixty_persons(true);
  double difference = 0;
  const int runs = 300;
  for (int seed = 0; seed < runs; ++seed) {
    difference += noisy_count_of_a(d_prime, 1000 + seed) - noisy_count_of_a(d, 5000 + seed);
  }
  difference /= runs;
  INFO("mean difference " << difference);
  CHECK(std::abs(difference - 3) < 1.2);
  // The noise is the row-level Laplace of the group's share: scale k / (0.95 epsilon) on sensitivity 1.
  const Result<SynthesisOutput> one = synthesize(SynthesisInput{
      kPersons, d.view(),
      R"({"epsilon":1,"rowsPerPerson":3,"mechanism":"space-partition","partition":"grid","testSeed":1})"});
  REQUIRE(one.is_ok());
  const Json receipt = Json::parse(one.value().receipt_json);
  const Json& row_ledger = receipt["privacy"]["privacyUnit"]["rowLevelLedger"];
  REQUIRE(row_ledger.size() >= 1);
  double row_epsilon = 0;
  for (const Json& entry : row_ledger) row_epsilon += entry["epsilon"].get<double>();
  CHECK(row_epsilon == Approx(0.95 / 3));
  CHECK(receipt["ledger"][0]["epsilon"].get<double>() == Approx(0.05));
  CHECK(receipt["ledger"][1]["epsilon"].get<double>() == Approx(0.95));
  CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(1));
}

TEST_CASE("a privacy unit's bad inputs get clear outcomes", "[synthesis][persons][errors]") {
  const CellGrid cells = sixty_persons(true);
  const std::string base = R"({"epsilon":1,"testSeed":1)";
  SECTION("a replace-one sampler refuses, naming why") {
    const Status status = run_status(kPersons, cells, base + R"(,"mechanism":"sampler"})");
    CHECK(status.code() == ErrorCode::InvalidArgument);
    CHECK_THAT(status.message(), Catch::Contains("cannot protect a person"));
  }
  SECTION("rowsPerPerson without a privacy unit") {
    const char* no_unit =
        R"({"version":1,"columns":[{"name":"id","type":"id"},{"name":"c","type":"categorical","categories":["a","b"]}]})";
    const Status status = run_status(no_unit, cells, base + R"(,"rowsPerPerson":2})");
    CHECK_THAT(status.message(), Catch::Contains("needs the schema's \"privacyUnit\""));
  }
  SECTION("perPerson without a privacy unit, and a unit that is not an id column") {
    const char* per_person =
        R"({"version":1,"columns":[{"name":"c","type":"categorical","categories":["a"],"perPerson":true}]})";
    CHECK_THAT(run_status(per_person, cells, base + "}").message(),
               Catch::Contains("\"perPerson\" needs \"privacyUnit\""));
    const char* categorical_unit =
        R"({"version":1,"privacyUnit":"c","columns":[{"name":"c","type":"categorical","categories":["a","b"]}]})";
    CHECK_THAT(run_status(categorical_unit, cells, base + "}").message(),
               Catch::Contains("it is declared as data here"));
    const char* undeclared =
        R"({"version":1,"privacyUnit":"person","columns":[{"name":"c","type":"categorical","categories":["a","b"]}]})";
    CHECK_THAT(run_status(undeclared, cells, base + "}").message(), Catch::Contains("must be a column of the schema"));
  }
  SECTION("a CSV without the unit's column") {
    const CellGrid no_id = grid_of({{"c"}, {"a"}, {"b"}});
    const Status status = run_status(kPersons, no_id, base + "}");
    CHECK(status.code() == ErrorCode::InvalidData);
    CHECK_THAT(status.message(), Catch::Contains("names as its privacyUnit"));
  }
  SECTION("direct DP models protect a row: refused when asked for, off by default") {
    const char* binary = R"({"version":1,"privacyUnit":"id","columns":[{"name":"id","type":"id"},
        {"name":"c","type":"categorical","categories":["a","b"]},{"name":"d","type":"categorical","categories":["x","y"]}]})";
    std::vector<std::vector<std::string>> rows{{"id", "c", "d"}};
    for (int p = 0; p < 200; ++p) rows.push_back({"p" + std::to_string(p % 80), p % 2 ? "a" : "b", p % 3 ? "x" : "y"});
    const CellGrid two = grid_of(rows);
    CHECK_THAT(run_status(binary, two, base + R"(,"mlTarget":"c","mlDirectDp":true})").message(),
               Catch::Contains("protects one row, not one person"));
    const Result<SynthesisOutput> run =
        synthesize(SynthesisInput{binary, two.view(), base + R"(,"mlTarget":"c","mechanism":"marginal-lp"})"});
    INFO(run.status().message());
    REQUIRE(run.is_ok());
    CHECK(run.value().direct_models_json.empty());
  }
  SECTION("count tables without the persons' counts") {
    const Status status =
        synthesize_from_counts(
            CountsSynthesisInput{kPersons, R"({"tables":[{"columns":["c"],"cells":[[0,30],[1,30]]}]})",
                                 R"({"epsilon":1,"mechanism":"adaptive-marginals","rowsPerPerson":2,"testSeed":1})"})
            .status();
    CHECK_THAT(status.message(), Catch::Contains("need \"rowsPerPerson\""));
    // k cannot be chosen privately from count tables: the query bounds before anything is released.
    const Result<std::string> no_k =
        required_count_tables_json(kPersons, R"({"epsilon":1,"mechanism":"adaptive-marginals"})");
    CHECK_THAT(no_k.status().message(), Catch::Contains("a release from count tables needs \"rowsPerPerson\""));
    const Status beyond =
        synthesize_from_counts(
            CountsSynthesisInput{
                kPersons, R"({"tables":[{"columns":["c"],"cells":[[0,30],[1,30]]}],"rowsPerPerson":[[1,40],[9,2]]})",
                R"({"epsilon":1,"mechanism":"adaptive-marginals","rowsPerPerson":4,"testSeed":1})"})
            .status();
    CHECK_THAT(beyond.message(), Catch::Contains("records must be 1 to rowsPerPerson (4)"));
  }
}

TEST_CASE("rows without an identifier are left out and counted; a k above everyone's rows keeps all",
          "[synthesis][persons]") {
  std::vector<std::vector<std::string>> rows{{"id", "c"}};
  for (int p = 0; p < 40; ++p) rows.push_back({"p" + std::to_string(p), "a"});
  rows.push_back({"", "b"});
  rows.push_back({" ", "b"});
  const CellGrid cells = grid_of(rows);
  const Result<SynthesisOutput> result =
      synthesize(SynthesisInput{kPersons, cells.view(), R"({"epsilon":1,"rowsPerPerson":1000,"testSeed":3})"});
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json report = Json::parse(result.value().report_json);
  CHECK(report["persons"]["rowsWithoutPerson"] == 2);
  CHECK(report["persons"]["persons"] == 40);
  CHECK(report["persons"]["personsOverLimit"] == 0);
  CHECK(report["persons"]["rowsKept"] == 40);
  const Json receipt = Json::parse(result.value().receipt_json);
  CHECK(receipt["privacy"]["privacyUnit"]["rowsPerPerson"] == 1000);
  CHECK(receipt.dump().find("rowsWithoutPerson") == std::string::npos);  // owner-only
}

TEST_CASE("a person whose perPerson value varies takes one of their values, counted for the owner",
          "[synthesis][persons]") {
  const char* schema = R"({"version":1,"privacyUnit":"id","columns":[{"name":"id","type":"id"},
      {"name":"sex","type":"categorical","categories":["F","M"],"perPerson":true},
      {"name":"c","type":"categorical","categories":["a","b"]}]})";
  std::vector<std::vector<std::string>> rows{{"id", "sex", "c"}};
  for (int p = 0; p < 50; ++p) {
    for (int r = 0; r < 3; ++r) rows.push_back({"p" + std::to_string(p), p < 5 && r == 1 ? "M" : "F", r ? "a" : "b"});
  }
  const CellGrid cells = grid_of(rows);
  const Result<SynthesisOutput> result =
      synthesize(SynthesisInput{schema, cells.view(), R"({"epsilon":2,"rowsPerPerson":3,"testSeed":4})"});
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json report = Json::parse(result.value().report_json);
  CHECK(report["persons"]["personsWithVaryingPerPersonValue"]["sex"] == 5);
}

TEST_CASE("discovery with a privacy unit reads one row per person and names the unit", "[discovery][persons]") {
  const testing::BundledData& visits = testing::visits_data();
  const Result<SchemaDiscoveryOutput> found = discover_schema(
      R"({"epsilon":2,"share":0.3,"privacyUnit":"patient_id","perPerson":["sex","birth_year"],"testSeed":5})",
      visits.cells.view());
  INFO(found.status().message());
  REQUIRE(found.is_ok());
  const Json schema = Json::parse(found.value().schema_json);
  CHECK(schema["privacyUnit"] == "patient_id");
  bool id = false;
  for (const Json& column : schema["columns"]) {
    if (column["name"] == "patient_id") id = column["type"] == "id";
    if (column["name"] == "sex") CHECK(column["perPerson"] == true);
    if (column["name"] == "department") CHECK_FALSE(column.contains("perPerson"));
  }
  CHECK(id);
  const Json receipt = Json::parse(found.value().receipt_json);
  CHECK(receipt["privacyUnit"]["column"] == "patient_id");
  // The schema found runs as a person-level release.
  const Result<SynthesisOutput> real =
      synthesize(SynthesisInput{found.value().schema_json, visits.cells.view(), R"({"epsilon":2,"testSeed":5})"});
  INFO(real.status().message());
  REQUIRE(real.is_ok());
  CHECK(Json::parse(real.value().receipt_json)["privacy"]["privacyUnit"]["column"] == "patient_id");
  // The schema found per patient protects a patient: a run without the unit, or with another, is refused.
  Json without_unit = schema;
  without_unit.erase("privacyUnit");
  for (Json& column : without_unit["columns"]) column.erase("perPerson");
  const Status row_level =
      synthesize(SynthesisInput{without_unit.dump(), visits.cells.view(), R"({"epsilon":2,"testSeed":5})"}).status();
  CHECK_THAT(row_level.message(), Catch::Contains("found privately reading one row per \"patient_id\""));
  // A schema found reading every row cannot become per person afterwards.
  const Result<SchemaDiscoveryOutput> per_row =
      discover_schema(R"({"epsilon":2,"share":0.3,"testSeed":5,"columns":["sex","department"]})", visits.cells.view());
  REQUIRE(per_row.is_ok());
  Json added_unit = Json::parse(per_row.value().schema_json);
  added_unit["privacyUnit"] = "patient_id";
  added_unit["columns"].push_back({{"name", "patient_id"}, {"type", "id"}});
  const Status person_level =
      synthesize(SynthesisInput{added_unit.dump(), visits.cells.view(), R"({"epsilon":2,"testSeed":5})"}).status();
  CHECK_THAT(person_level.message(), Catch::Contains("found privately reading every row (its cost protects one row)"));
  // A partial schema that names the unit is completed the same way: its unit and marks are kept.
  const Result<SchemaDiscoveryOutput> completed = discover_schema(
      R"({"epsilon":2,"share":0.3,"testSeed":5,"columns":["patient_id","sex","department"],"schema":{"version":1,)"
      R"("privacyUnit":"patient_id","columns":[{"name":"patient_id","type":"id"},)"
      R"({"name":"sex","type":"categorical","categories":["Female","Male"],"perPerson":true}]}})",
      visits.cells.view());
  INFO(completed.status().message());
  REQUIRE(completed.is_ok());
  const Json whole = Json::parse(completed.value().schema_json);
  CHECK(whole["privacyUnit"] == "patient_id");
  CHECK(whole["discovery"]["privacyUnit"] == "patient_id");
  for (const Json& column : whole["columns"]) {
    if (column["name"] == "sex") CHECK(column["perPerson"] == true);
  }
  const Status unknown =
      discover_schema(R"({"epsilon":2,"share":0.3,"privacyUnit":"patient_id","perPerson":["height"],"testSeed":5})",
                      visits.cells.view())
          .status();
  CHECK_THAT(unknown.message(), Catch::Contains("\"height\", which the CSV does not have"));
}

TEST_CASE("the forecast of a person-level run shows k, the row-level epsilon and its noise", "[forecast][persons]") {
  const Result<std::string> forecast = forecast_run_json(
      testing::visits_data().schema, R"({"epsilon":2,"mechanism":"space-partition","rowsPerPerson":5})", 20000);
  INFO(forecast.status().message());
  REQUIRE(forecast.is_ok());
  const Json json = Json::parse(forecast.value());
  CHECK(json["privacyUnit"]["column"] == "patient_id");
  CHECK(json["privacyUnit"]["rowsPerPerson"] == 5);
  CHECK(json["privacyUnit"]["rowLevelEpsilon"].get<double>() == Approx(2 * 0.95 / 5));
  CHECK(json["privacyUnit"]["rowsPerPersonRelease"]["epsilon"].get<double>() == Approx(0.1));
  CHECK(json["epsilon"].get<double>() == Approx(2 * 0.95 / 5));  // the mechanism's releases, per row
  CHECK_THAT(json["notes"].dump(), Catch::Contains("each person keeps at most 5 rows"));
}

TEST_CASE("count tables of a person-level run: bounded in SQL, released with synthetic people",
          "[synthesis][persons]") {
  const Result<std::string> request =
      required_count_tables_json(kPersons, R"({"epsilon":1,"mechanism":"adaptive-marginals","rowsPerPerson":2})",
                                 R"({"dialect":"duckdb","from":"visits"})");
  INFO(request.status().message());
  REQUIRE(request.is_ok());
  const Json json = Json::parse(request.value());
  CHECK(json["rowsPerPerson"] == 2);
  CHECK_THAT(json["sql"].get<std::string>(), Catch::Contains("ROW_NUMBER() OVER (PARTITION BY privsynth_usable"));
  CHECK_THAT(json["sql"].get<std::string>(), Catch::Contains("privsynth_rank <= 2"));
  CHECK_THAT(json["rowsPerPersonSql"].get<std::string>(), Catch::Contains("LEAST(privsynth_records, 2)"));
  // 60 persons of one record, 10 of two, counted as the query counts them; records drawn at once and streamed.
  const std::string counts =
      R"({"tables":[{"columns":["c"],"cells":[[0,50],[1,30]]}],"rowsPerPerson":[[1,60],[2,10]]})";
  const std::string options = R"({"epsilon":1,"mechanism":"adaptive-marginals","rowsPerPerson":2,"testSeed":3})";
  for (const bool stream : {false, true}) {
    INFO("stream " << stream);
    const Result<SynthesisOutput> result =
        synthesize_from_counts(CountsSynthesisInput{kPersons, counts, options, stream});
    INFO(result.status().message());
    REQUIRE(result.is_ok());
    const Json receipt = Json::parse(result.value().receipt_json);
    CHECK(receipt["privacy"]["privacyUnit"]["rowsPerPerson"] == 2);
    CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(1).epsilon(1e-6));
    std::vector<DecodedColumn> columns = result.value().columns;
    if (stream) columns = result.value().records->next(1000).value();
    REQUIRE(columns.size() == 2);
    CHECK(columns[1].name == "id");
    std::map<double, int> rows_of;
    for (double person : columns[1].numbers) ++rows_of[person];
    for (const auto& [person, rows] : rows_of) CHECK(rows <= 2);
    CHECK(rows_of.size() > 20);
  }
}

TEST_CASE("without rowsPerPerson, k is chosen privately near a quantile of rows per person", "[synthesis][persons]") {
  // data/visits: 87 % of the patients have at most 4 visits, 90 % at most 5, 92 % at most 6.
  std::map<int, int> chosen;
  for (int seed = 1; seed <= 5; ++seed) {
    const Result<SynthesisOutput> result = testing::synthesize_on(
        testing::visits_data(),
        R"({"epsilon":1,"mechanism":"adaptive-marginals","columns":["patient_id","sex","department"],)"
        R"("rowsPerPersonQuantile":0.9,"testSeed":)" +
            std::to_string(seed) + "}");
    INFO(result.status().message());
    REQUIRE(result.is_ok());
    const Json receipt = Json::parse(result.value().receipt_json);
    const Json& unit = receipt["privacy"]["privacyUnit"];
    CHECK_THAT(unit["rowsPerPersonChosen"].get<std::string>(), Catch::StartsWith("privately"));
    ++chosen[unit["rowsPerPerson"].get<int>()];
    REQUIRE(receipt["ledger"].size() == 3);  // the choice, the rows per person, the mechanism
    CHECK(receipt["ledger"][0]["mechanism"] == "exponential mechanism");
    CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(1).epsilon(1e-6));
    CHECK(Json::parse(result.value().report_json)["persons"]["rowsPerPerson"] == unit["rowsPerPerson"]);
  }
  for (const auto& [k, times] : chosen) CHECK((k >= 4 && k <= 6));
  // The default quantile, 0.75: 70 % of the patients have at most 2 visits, 81 % at most 3.
  const Result<SynthesisOutput> by_default = testing::synthesize_on(
      testing::visits_data(),
      R"({"epsilon":1,"mechanism":"adaptive-marginals","columns":["patient_id","sex"],"testSeed":9})");
  REQUIRE(by_default.is_ok());
  const int k = Json::parse(by_default.value().receipt_json)["privacy"]["privacyUnit"]["rowsPerPerson"].get<int>();
  CHECK((k == 2 || k == 3));
  const Status both =
      testing::synthesize_on(testing::visits_data(), R"({"epsilon":1,"rowsPerPerson":2,"rowsPerPersonQuantile":0.8})")
          .status();
  CHECK_THAT(both.message(), Catch::Contains("give one of them"));
}

TEST_CASE("the quantile's scores peak at the percentile and have sensitivity 1", "[persons]") {
  // 10 persons: 6 with 1 row, 3 with 2, 1 with 50. The 90th percentile is k = 2.
  std::vector<size_t> rows{1, 1, 1, 1, 1, 1, 2, 2, 2, 50};
  const std::vector<double> scores = rows_per_person_scores(rows, 0.9);
  REQUIRE(scores.size() == size_t(kMaxChosenRowsPerPerson));
  CHECK(scores[0] == Approx(-3));
  CHECK(scores[1] == Approx(0));
  CHECK(scores[49] == Approx(-1));
  // One person more, of any size: no score moves by more than 1.
  for (size_t extra : {size_t(1), size_t(7), size_t(500)}) {
    std::vector<size_t> more = rows;
    more.push_back(extra);
    const std::vector<double> moved = rows_per_person_scores(more, 0.9);
    for (size_t k = 0; k < scores.size(); ++k) REQUIRE(std::fabs(moved[k] - scores[k]) <= 1 + 1e-12);
  }
}
