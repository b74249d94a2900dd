// A categorical column's public hierarchy: read, checked, written back, and grouped code by code.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "data/hierarchy.hpp"
#include "privsynth/schema.hpp"

using namespace privsynth;

namespace {

// ZIP codes -> counties -> states, nullable: the missing level is a group of its own at each level.
std::string zip_schema(const std::string& hierarchy) {
  return R"({"version":1,"name":"t","columns":[{"name":"zip","type":"categorical","nullable":true,
    "categories":["10001","10002",12601,"94103","94105"],"hierarchy":)" +
         hierarchy + "}]}";
}
const char* kZipHierarchy = R"([
  {"name":"county","groups":{"New York":["10001","10002"],"Dutchess":[12601],"San Francisco":["94103","94105"]}},
  {"name":"state","groups":{"NY":["New York","Dutchess"],"CA":["San Francisco"]}}])";

std::string error_of(const std::string& hierarchy) {
  const Result<Schema> schema = parse_schema_json(zip_schema(hierarchy));
  REQUIRE_FALSE(schema.is_ok());
  CHECK(schema.status().code() == ErrorCode::InvalidSchema);
  return schema.status().message();
}

}  // namespace

TEST_CASE("a hierarchy groups the codes level by level, the missing level on its own", "[schema][hierarchy]") {
  const Result<Schema> schema = parse_schema_json(zip_schema(kZipHierarchy));
  INFO(schema.status().message());
  REQUIRE(schema.is_ok());
  const Column& zip = schema.value().columns[0];
  REQUIRE(zip.hierarchy.size() == 2);
  const std::vector<LevelGrouping> levels = hierarchy_groupings(zip);
  REQUIRE(levels.size() == 2);
  // Groups in the JSON object's (sorted) order: Dutchess, New York, San Francisco; CA, NY.
  CHECK(levels[0].name == "county");
  CHECK(levels[0].groups == 4);
  CHECK(levels[0].group_of == std::vector<uint32_t>{1, 1, 0, 2, 2, 3});
  CHECK(levels[1].name == "state");
  CHECK(levels[1].groups == 3);
  CHECK(levels[1].group_of == std::vector<uint32_t>{1, 1, 1, 0, 0, 2});
  CHECK(hierarchy_summary("zip", 6, levels) == "zip (6 levels) by county (4 groups) by state (3 groups)");
  CHECK(finest_groups({levels, {}}) == std::vector<std::vector<uint32_t>>{levels[0].group_of, {}});
}

TEST_CASE("a hierarchy round-trips through schema JSON", "[schema][hierarchy]") {
  const Schema schema = parse_schema_json(zip_schema(kZipHierarchy)).value();
  const std::string written = schema_to_json(schema);
  const Result<Schema> again = parse_schema_json(written);
  INFO(written);
  REQUIRE(again.is_ok());
  CHECK(schema_to_json(again.value()) == written);
  const std::vector<LevelGrouping> before = hierarchy_groupings(schema.columns[0]);
  const std::vector<LevelGrouping> after = hierarchy_groupings(again.value().columns[0]);
  for (size_t l = 0; l < before.size(); ++l) CHECK(before[l].group_of == after[l].group_of);
}

TEST_CASE("a malformed hierarchy is refused, naming the level and the label", "[schema][hierarchy][errors]") {
  CHECK_THAT(error_of("{}"), Catch::Contains("\"hierarchy\" must be a non-empty array of levels"));
  CHECK_THAT(error_of(R"([{"name":"county"}])"), Catch::Contains("hierarchy level 1: \"hierarchy\" must be"));
  CHECK(error_of(R"([{"name":"county","groups":{"NY":["10001","10002","99999"],"rest":[12601,"94103","94105"]}}])") ==
        "column 1 (\"zip\"): hierarchy level 1, group \"NY\": \"99999\" is not a category");
  CHECK(error_of(R"([{"name":"county","groups":{"NY":["10001","10002"],"rest":["10001",12601,"94103","94105"]}}])") ==
        "column 1 (\"zip\"): hierarchy level 1, group \"rest\": \"10001\" is already in group \"NY\"");
  CHECK(error_of(R"([{"name":"county","groups":{"NY":["10001","10002"],"rest":[12601,"94103"]}}])") ==
        "column 1 (\"zip\"): hierarchy level 1: category \"94105\" is in no group");
  CHECK(error_of(R"([{"name":"county","groups":{"NY":[]}}])") ==
        "column 1 (\"zip\"): hierarchy level 1, group \"NY\": must be a non-empty array of members");
  CHECK_THAT(error_of(R"([{"name":"a","groups":{"x":["10001","10002",12601,"94103","94105"]}},
                          {"name":"a","groups":{"y":["x"]}}])"),
             Catch::Contains("two hierarchy levels are named \"a\""));
  CHECK_THAT(error_of(R"([{"name":"a","groups":{"x":["10001","10002",12601,"94103","94105"]}},
                          {"name":"b","groups":{"y":["10001"]}}])"),
             Catch::Contains("hierarchy level 2, group \"y\": \"10001\" is not a group of the level below"));
  const Result<Schema> numeric = parse_schema_json(
      R"({"version":1,"name":"t","columns":[{"name":"x","type":"numeric","min":0,"max":1,"hierarchy":[]}]})");
  REQUIRE_FALSE(numeric.is_ok());
  CHECK_THAT(numeric.status().message(), Catch::Contains("unknown key \"hierarchy\""));
}
