// A run with a privacy unit end to end (docs/privacy/privacy-unit.md): the receipt's person-level
// guarantee and ledger, the synthetic people, and each refusal.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
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
