// The bundled people table (data/people): an identifier, free text, a date, a UTC date-time,
// integer columns with missing values and common values, a 720-level job code with a hierarchy.
// Every mechanism runs on it with its defaults (the sampler on columns it suits), and the release
// stays in the schema's domain: dates and times whole steps inside their bounds, numbers whole and
// in range or missing where the column may be, categories among the schema's.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "csv_file.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

struct People {
  std::string schema_json;
  Schema schema;
  CellGrid cells{0};
};

const People& people() {
  static const People loaded = [] {
    People table;
    table.schema_json = testing::read_text_file(testing::data_path("people/people.schema.json")).value();
    table.schema = parse_schema_json(table.schema_json).value();
    table.cells = testing::read_csv_file(testing::data_path("people/people.csv")).value();
    return table;
  }();
  return loaded;
}

// Every value of the release inside its column's public domain.
void require_in_domain(const SynthesisOutput& output, const Schema& schema) {
  for (const DecodedColumn& column : output.columns) {
    const Column& domain = schema.columns[size_t(find_column(schema, column.name))];
    INFO(column.name);
    if (domain.kind == ColumnKind::Categorical) {
      for (int32_t code : column.categories) {
        REQUIRE(code >= (domain.nullable ? -1 : 0));
        REQUIRE(code < int32_t(domain.categories.size()));
      }
      continue;
    }
    for (double value : column.numbers) {
      if (std::isnan(value)) {
        REQUIRE(domain.nullable);
        continue;
      }
      REQUIRE(value >= domain.min);
      REQUIRE(value <= domain.max);
      REQUIRE(value == std::floor(value));  // every numeric column here is whole (dates in steps)
    }
  }
}

}  // namespace

TEST_CASE("the people table goes through every mechanism with its defaults, inside its domain",
          "[synthesis][real-world]") {
  const People& table = people();
  REQUIRE(table.cells.view().rows == 12212);  // the header and 12,211 records
  for (
      const char* options :
      {R"({"epsilon":1,"testSeed":3})", R"({"epsilon":1,"testSeed":3,"mechanism":"marginal-lp"})",
       R"({"epsilon":1,"testSeed":3,"mechanism":"reduced-space-lp"})",
       R"({"epsilon":1,"testSeed":3,"mechanism":"space-partition"})",
       R"({"epsilon":1,"testSeed":3,"mechanism":"reduced-space-lp","space":"continuous","columns":["interview_date","last_seen","age","hours_per_week","capital_gain"]})",
       R"({"epsilon":1,"testSeed":3,"mechanism":"sampler","columns":["workclass","income"],"samples":200})"}) {
    DYNAMIC_SECTION(options) {
      const Result<SynthesisOutput> result = synthesize(SynthesisInput{table.schema_json, table.cells.view(), options});
      INFO(result.status().message());
      REQUIRE(result.is_ok());
      const SynthesisOutput& output = result.value();
      require_in_domain(output, table.schema);
      const Json receipt = Json::parse(output.receipt_json);
      CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(1.0));
      const bool sampler = std::string(options).find("sampler") != std::string::npos;
      CHECK(double(output.rows) == Approx(sampler ? 200 : 12211).margin(sampler ? 0 : 200));
      if (std::string(options).find("columns") == std::string::npos) {
        CHECK(output.columns.size() == 8);  // the measured columns; the id and text come back in JS
        CHECK(receipt["schema"]["notMeasured"].size() == 2);
      }
    }
  }
}
