// The schema's rules: read with errors that name the rule, and checked on decoded tables with exact
// counts of the rows that break each rule.
#include <catch2/catch.hpp>
#include <cmath>

#include "data/rules.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/synthesis.hpp"

#include <nlohmann/json.hpp>
#include "report/rule_violations.hpp"

using namespace privsynth;

namespace {

const char* kClinical = R"({"version":1,"columns":[
  {"name":"death","type":"numeric","min":0,"max":1,"integer":true,"bins":2},
  {"name":"cause","type":"categorical","categories":["heart","cancer"],"nullable":true},
  {"name":"admitted","type":"date","min":"2020-01-01","max":"2020-12-31","bins":12},
  {"name":"discharged","type":"date","min":"2020-01-01","max":"2021-12-31","bins":12},
  {"name":"school","type":"categorical","categories":["s1","s2","s3"]},
  {"name":"system","type":"categorical","categories":["A","B"]},
  {"name":"score","type":"numeric","min":0,"max":100,"nullable":true},
  {"name":"grade","type":"categorical","categories":["g1","g2"],"nullable":true}],
  "rules":[
  {"name":"alive means no cause","if":{"death":[0]},"then":{"cause":[null]}},
  {"never":{"death":[1],"cause":[null]}},
  {"order":{"left":"admitted","op":"<=","right":"discharged"}},
  {"nested":{"child":"school","parent":"system"}},
  {"missingTogether":["score","grade"]}]})";

std::string with_rules(const std::string& rules) {
  std::string schema = kClinical;
  return schema.substr(0, schema.find("\"rules\"")) + "\"rules\":" + rules + "}";
}

DecodedColumn numbers(const char* name, std::vector<double> values) {
  return DecodedColumn{name, ColumnKind::Numeric, {}, std::move(values)};
}
DecodedColumn codes(const char* name, std::vector<int32_t> values) {
  return DecodedColumn{name, ColumnKind::Categorical, std::move(values), {}};
}

}  // namespace

TEST_CASE("rules are read with the schema and written back", "[rules]") {
  const Result<Schema> schema = parse_schema_json(kClinical);
  INFO(schema.status().message());
  REQUIRE(schema.is_ok());
  const std::vector<Rule>& rules = schema.value().rules;
  REQUIRE(rules.size() == 5);
  CHECK(rules[0].name == "alive means no cause");
  CHECK(rules[1].name == "never cause is missing and death is 1");  // conditions in the order of their columns' names
  CHECK(rules[2].name == "admitted <= discharged");
  CHECK(rules[3].name == "school determines system");
  CHECK(rules[4].name == "score, grade are missing together");
  CHECK(rules[0].then[0].missing);
  const Result<Schema> again = parse_schema_json(schema_to_json(schema.value()));
  REQUIRE(again.is_ok());
  CHECK(again.value().rules.size() == 5);
}

TEST_CASE("a bad rule is refused, naming the rule and the problem", "[rules][errors]") {
  const auto message = [](const std::string& rules) { return parse_schema_json(with_rules(rules)).status().message(); };
  CHECK_THAT(message(R"([{"if":{"death":[0]}}])"), Catch::Contains("rule 1: \"if\" needs \"then\""));
  CHECK_THAT(message(R"([{"never":{"cause":["flu"]}}])"), Catch::Contains("\"flu\" is not a category of \"cause\""));
  CHECK_THAT(message(R"([{"never":{"death":[null]}}])"), Catch::Contains("\"death\" is not nullable"));
  CHECK_THAT(message(R"([{"never":{"death":[2]}}])"), Catch::Contains("outside \"death\"'s bounds"));
  CHECK_THAT(message(R"([{"never":{"height":[2]}}])"), Catch::Contains("no column \"height\""));
  CHECK_THAT(message(R"([{"order":{"left":"school","op":"<","right":"admitted"}}])"),
             Catch::Contains("\"school\" is categorical"));
  CHECK_THAT(message(R"([{"order":{"left":"admitted","op":">","right":"discharged"}}])"),
             Catch::Contains("\"op\" must be"));
  CHECK_THAT(message(R"([{"missingTogether":["school","grade"]}])"), Catch::Contains("\"school\" is not nullable"));
  CHECK_THAT(message(R"([{"never":{"death":[1]},"order":{}}])"), Catch::Contains("needs exactly one of"));
  CHECK_THAT(message(R"([{"sometimes":{}}])"), Catch::Contains("unknown rule \"sometimes\""));
  CHECK_THAT(message(R"({"never":{}})"), Catch::Contains("\"rules\" must be an array"));
}

TEST_CASE("each rule kind counts the rows that break it, exactly", "[rules]") {
  const Schema schema = parse_schema_json(kClinical).value();
  // Six rows. Row 0 obeys every rule; each other row breaks the rules its comment names.
  const std::vector<DecodedColumn> table{
      numbers("death", {0, 0, 1, 1, 0, 0}),
      codes("cause", {-1, 0, -1, 1, -1, -1}),  // row 1: alive with a cause; row 2: dead without one
      numbers("admitted", {18300, 18300, 18300, 18300, 18310, 18300}),
      numbers("discharged", {18305, 18305, 18305, 18305, 18305, 18300}),  // row 4: discharged before admitted
      codes("school", {0, 0, 0, 1, 1, 2}),
      codes("system", {0, 0, 1, 1, 1, 0}),  // row 2: s1 in B (s1 is usually A)
      numbers("score", {50, 60, std::nan(""), 70, 80, std::nan("")}),
      codes("grade", {0, 1, -1, -1, 0, -1}),  // row 3: a score without a grade
  };
  const std::vector<RuleCheck> checks = check_rules(schema.rules, schema.columns, table);
  REQUIRE(checks.size() == 5);
  CHECK(checks[0].broken == 1);  // row 1
  CHECK(checks[1].broken == 1);  // row 2
  CHECK(checks[2].broken == 1);  // row 4
  CHECK(checks[3].broken == 1);  // row 2
  CHECK(checks[4].broken == 1);  // row 3
  for (const RuleCheck& check : checks) CHECK(check.rows == 6);
  // A rule over a column the table does not have is not checked, and says why.
  std::vector<Column> fewer(schema.columns.begin(), schema.columns.begin() + 2);
  const std::vector<DecodedColumn> two(table.begin(), table.begin() + 2);
  const std::vector<RuleCheck> partial = check_rules(schema.rules, fewer, two);
  CHECK(partial[0].checked);
  CHECK_FALSE(partial[2].checked);
  CHECK_THAT(partial[2].reason, Catch::Contains("\"admitted\" is not in the table"));
}

TEST_CASE("a run's report counts the synthetic rows that break each rule", "[rules][synthesis]") {
  const char* schema = R"({"version":1,"columns":[
    {"name":"death","type":"categorical","categories":["no","yes"]},
    {"name":"cause","type":"categorical","categories":["heart","cancer"],"nullable":true},
    {"name":"ward","type":"categorical","categories":["a","b"]}],
    "rules":[{"name":"alive means no cause","if":{"death":["no"]},"then":{"cause":[null]}},
             {"never":{"ward":["b"],"cause":["cancer"]}}]})";
  CellGrid cells(3);
  cells.add_row({"death", "cause", "ward"});
  for (int r = 0; r < 2000; ++r) {
    const bool dead = r % 5 == 0;
    cells.add_row({dead ? "yes" : "no", dead ? (r % 2 ? "heart" : "cancer") : "", r % 3 ? "a" : "b"});
  }
  const Result<SynthesisOutput> run = synthesize(
      SynthesisInput{schema, cells.view(), R"({"epsilon":1,"mechanism":"adaptive-marginals","testSeed":3})"});
  INFO(run.status().message());
  REQUIRE(run.is_ok());
  const nlohmann::json report = nlohmann::json::parse(run.value().report_json);
  REQUIRE(report["rules"].size() == 2);
  for (const nlohmann::json& rule : report["rules"]) {
    CHECK(rule["checked"] == true);
    CHECK(rule["syntheticRows"] == run.value().rows);
    const double broken = rule["syntheticBroken"].get<double>();
    CHECK(rule["per10000"].get<double>() == Approx(1e4 * broken / double(run.value().rows)));
  }
  CHECK(report["rules"][0]["rule"] == "alive means no cause");
  // Without the column "ward", the second rule is not checked, and says why.
  const Result<SynthesisOutput> two = synthesize(
      SynthesisInput{schema, cells.view(),
                     R"({"epsilon":1,"mechanism":"adaptive-marginals","columns":["death","cause"],"testSeed":3})"});
  REQUIRE(two.is_ok());
  const nlohmann::json partial = nlohmann::json::parse(two.value().report_json)["rules"];
  CHECK(partial[1]["checked"] == false);
  CHECK_THAT(partial[1]["reason"].get<std::string>(), Catch::Contains("\"ward\""));
}
