#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include "text_file.hpp"

#include "privsynth/schema.hpp"

using namespace privsynth;

namespace {
std::string with_columns(const std::string& columns) {
  return R"({"version":1,"name":"t","columns":[)" + columns + "]}";
}
void require_schema_error(const std::string& json, const std::string& fragment) {
  const Result<Schema> schema = parse_schema_json(json);
  INFO(json);
  REQUIRE_FALSE(schema.is_ok());
  CHECK(schema.status().code() == ErrorCode::InvalidSchema);
  CHECK_THAT(schema.status().message(), Catch::Contains(fragment));
}
}  // namespace

TEST_CASE("the bundled schemas load", "[schema]") {
  for (const char* file : {"adult/adult.schema.json", "heart/heart_cleveland.schema.json"}) {
    const auto text = testing::read_text_file(testing::data_path(file));
    REQUIRE(text);
    const Result<Schema> schema = parse_schema_json(*text);
    INFO(file << ": " << schema.status().message());
    REQUIRE(schema.is_ok());
  }
  const Schema adult =
      parse_schema_json(*testing::read_text_file(testing::data_path("adult/adult.schema.json"))).value();
  REQUIRE(adult.columns.size() == 16);
  CHECK(adult.columns[0].name == "age");
  CHECK(adult.columns[0].bins == 15);
  CHECK(level_count(adult.columns[1]) == 9);  // 8 workclasses + missing
  CHECK(missing_code(adult.columns[1]) == 8);
  CHECK(missing_code(adult.columns[0]) == -1);
  CHECK(adult.missing_tokens == std::vector<std::string>{"?"});
}

TEST_CASE("numeric categories keep their number", "[schema]") {
  const Schema schema =
      parse_schema_json(with_columns(R"({"name":"sex","type":"categorical","categories":[0,1,2.5]})")).value();
  REQUIRE(schema.columns[0].categories.size() == 3);
  CHECK(schema.columns[0].categories[1].label == "1");
  CHECK(*schema.columns[0].categories[2].number == 2.5);
  CHECK(schema.columns[0].categories[2].label == "2.5");
}

TEST_CASE("schema JSON round-trips", "[schema]") {
  const std::string text = *testing::read_text_file(testing::data_path("heart/heart_cleveland.schema.json"));
  const Schema first = parse_schema_json(text).value();
  const Schema second = parse_schema_json(schema_to_json(first)).value();
  REQUIRE(second.columns.size() == first.columns.size());
  for (size_t i = 0; i < first.columns.size(); ++i) {
    CHECK(second.columns[i].name == first.columns[i].name);
    CHECK(level_count(second.columns[i]) == level_count(first.columns[i]));
    CHECK(second.columns[i].min == first.columns[i].min);
    CHECK(second.columns[i].max == first.columns[i].max);
  }
}

TEST_CASE("defaults: integer columns get at most one bin per whole number", "[schema]") {
  const Schema schema =
      parse_schema_json(with_columns(R"({"name":"k","type":"numeric","min":1,"max":5,"integer":true})")).value();
  CHECK(schema.columns[0].bins == 5);
  CHECK(schema.missing_tokens == std::vector<std::string>{""});
}

TEST_CASE("bad schemas name the column and the problem", "[schema]") {
  require_schema_error("{not json", "not valid JSON");
  require_schema_error("[]", "must be a JSON object");
  require_schema_error(R"({"version":2,"columns":[]})", "\"version\" must be 1");
  require_schema_error(R"({"version":1,"columns":[]})", "\"columns\" must be a non-empty array");
  require_schema_error(with_columns(R"({"type":"numeric","min":0,"max":1})"),
                       "column 1: needs a non-empty string \"name\"");
  require_schema_error(with_columns(R"({"name":"age","type":"numeric","min":90,"max":17})"),
                       "column 1 (\"age\"): \"min\" (90) must be less than \"max\" (17)");
  require_schema_error(with_columns(R"({"name":"age","type":"numeric","max":17})"),
                       "column 1 (\"age\"): numeric column needs \"min\"");
  require_schema_error(with_columns(R"({"name":"age","type":"numeric","min":0,"max":1,"bins":0})"),
                       "column 1 (\"age\"): \"bins\" must be a whole number");
  require_schema_error(with_columns(R"({"name":"age","type":"numeric","min":0,"max":1,"bin":4})"),
                       "column 1 (\"age\"): unknown key \"bin\"");
  require_schema_error(with_columns(R"({"name":"n","type":"numeric","min":1,"max":4,"integer":true,"bins":10})"),
                       "column 1 (\"n\"): 10 bins but only 4 whole numbers in [1, 4]");
  require_schema_error(with_columns(R"({"name":"n","type":"numeric","min":0.5,"max":4,"integer":true})"),
                       "whole-number \"min\" and \"max\"");
  // Beyond 2^53 a run once never ended (the bins' whole numbers cannot be stepped through).
  require_schema_error(
      with_columns(R"({"name":"n","type":"numeric","min":0,"max":9223372036854775807,"integer":true})"),
      "must lie within ±9007199254740992");
  require_schema_error(with_columns(R"({"name":"c","type":"categorical","categories":[]})"),
                       "column 1 (\"c\"): categorical column needs a non-empty \"categories\" array");
  require_schema_error(with_columns(R"({"name":"c","type":"categorical","categories":["a","a"]})"),
                       "column 1 (\"c\"): category \"a\" is listed twice");
  require_schema_error(with_columns(R"({"name":"c","type":"categorical","categories":[1,1.0]})"),
                       "category 1 is listed twice");
  require_schema_error(with_columns(R"({"name":"c","type":"categorical","categories":[true]})"),
                       "categories must be strings or numbers");
  require_schema_error(with_columns(R"({"name":"c","type":"string"})"), "column 1 (\"c\"): unknown type \"string\"");
  require_schema_error(with_columns(R"({"name":"c","type":"text"})"), "the schema has no column to synthesize");
  require_schema_error(
      with_columns(
          R"({"name":"c","type":"categorical","categories":["a"]},{"name":"c","type":"categorical","categories":["b"]})"),
      "column 2 (\"c\"): the name is used by an earlier column");
  require_schema_error(with_columns(R"({"name":"c","type":"categorical","categories":["a"],"nullable":"yes"})"),
                       "\"nullable\" must be true or false");
  require_schema_error(
      R"({"version":1,"columns":[{"name":"c","type":"categorical","categories":["?"]}],"missing":["?"]})",
      "category \"?\" is also a missing-value token");
  require_schema_error(
      R"({"version":1,"columns":[{"name":"c","type":"categorical","categories":["a"]}],"missing":"?"})",
      "\"missing\" must be an array of strings");
}

TEST_CASE("a schema read from the data keeps its label through a round trip", "[schema]") {
  const Schema inferred = parse_schema_json(R"({"version":1,"provenance":"inferred-from-data",
      "columns":[{"name":"c","type":"categorical","categories":["a"]}]})")
                              .value();
  CHECK(inferred.inferred_from_data);
  CHECK(parse_schema_json(schema_to_json(inferred)).value().inferred_from_data);
  CHECK_FALSE(parse_schema_json(with_columns(R"({"name":"c","type":"categorical","categories":["a"]})"))
                  .value()
                  .inferred_from_data);
  require_schema_error(
      R"({"version":1,"provenance":"guessed","columns":[{"name":"c","type":"categorical","categories":["a"]}]})",
      "\"provenance\" must be \"public\", \"dp-discovered\" or \"inferred-from-data\"");
}

TEST_CASE("id and text columns are kept out of the measured columns, in their places", "[schema]") {
  const Schema schema = parse_schema_json(with_columns(R"json({"name":"patient","type":"id","prefix":"P-"},
    {"name":"age","type":"numeric","min":0,"max":100},
    {"name":"notes","type":"text","placeholder":"(removed)"},
    {"name":"sex","type":"categorical","categories":["F","M"]},
    {"name":"comment","type":"text"})json"))
                            .value();
  REQUIRE(schema.columns.size() == 2);
  CHECK(schema.columns[0].name == "age");
  CHECK(find_column(schema, "notes") == -1);
  REQUIRE(schema.unmeasured.size() == 3);
  CHECK(schema.unmeasured[0].kind == UnmeasuredKind::Id);
  CHECK(schema.unmeasured[0].text == "P-");
  CHECK(schema.unmeasured[1].text == "(removed)");
  CHECK(find_unmeasured(schema, "comment")->position == 4);
  // Written back in their places, and read again the same.
  const std::string json = schema_to_json(schema);
  const Schema again = parse_schema_json(json).value();
  std::vector<std::string> order;
  const nlohmann::json parsed = nlohmann::json::parse(json);
  for (const auto& item : parsed["columns"]) order.push_back(item["name"]);
  CHECK(order == std::vector<std::string>{"patient", "age", "notes", "sex", "comment"});
  CHECK(schema_to_json(again) == json);
  require_schema_error(
      with_columns(
          R"({"name":"a","type":"id","placeholder":"x"},{"name":"b","type":"categorical","categories":["x"]})"),
      "unknown key \"placeholder\"");
  require_schema_error(with_columns(R"({"name":"a","type":"id"},{"name":"a","type":"categorical","categories":["x"]})"),
                       "the name is used by an earlier column");
}
