// The plot data of the utility report: readable level names, exact frequencies of both tables,
// and the worst pairs (by TV) within the cell limit.
#include <catch2/catch.hpp>

#include "report/distribution_report.hpp"

using namespace privsynth;

namespace {
Column categorical(const std::string& name, std::vector<std::string> labels, bool nullable = false) {
  Column column;
  column.name = name;
  for (std::string& label : labels) column.categories.push_back({label, std::nullopt});
  column.nullable = nullable;
  return column;
}
}  // namespace

TEST_CASE("level labels name categories, bins and the missing level", "[eval][report]") {
  CHECK(level_labels(categorical("sex", {"Female", "Male"}, true)) ==
        std::vector<std::string>{"Female", "Male", "missing"});
  Column age;
  age.kind = ColumnKind::Numeric;
  age.min = 0;
  age.max = 9;
  age.integer = true;
  age.bins = 3;  // [0,3) [3,6) [6,9]: whole numbers 0-2, 3-5, 6-9
  CHECK(level_labels(age) == std::vector<std::string>{"0–2", "3–5", "6–9"});
  Column share;
  share.kind = ColumnKind::Numeric;
  share.min = 0;
  share.max = 1;
  share.bins = 2;
  CHECK(level_labels(share) == std::vector<std::string>{"[0, 0.5)", "[0.5, 1]"});
  // A date column's bins by their first and last days; a month column's single months alone
  const Schema dates = parse_schema_json(R"({"version":1,"columns":[
    {"name":"d","type":"date","min":"2020-02-27","max":"2020-03-02","bins":2},
    {"name":"m","type":"date","min":"2020-01","max":"2020-03","granularity":"month","nullable":true}]})")
                           .value();
  // (the last day without the fields it shares with the first).
  CHECK(level_labels(dates.columns[0]) == std::vector<std::string>{"2020-02-27–28", "2020-02-29–03-02"});
  CHECK(level_labels(dates.columns[1]) == std::vector<std::string>{"2020-01", "2020-02", "2020-03", "missing"});
}

TEST_CASE("distributions: exact frequencies, worst pairs first, large pairs left out", "[eval][report]") {
  const std::vector<Column> columns = {categorical("a", {"x", "y"}), categorical("b", {"u", "v"}),
                                       categorical("c", {"p", "q", "r"})};
  EncodedTable real = make_empty_table({2, 2, 3}, 4), synthetic = make_empty_table({2, 2, 3}, 2);
  real.codes = {{0, 0, 1, 1}, {0, 1, 0, 1}, {0, 1, 2, 2}};
  synthetic.codes = {{0, 0}, {0, 0}, {2, 2}};
  const UtilityReport utility = evaluate_marginals(real, synthetic, 2);
  const nlohmann::json report = distribution_report_json(columns, real, synthetic, utility.two_way, {2, 4});
  REQUIRE(report["oneWay"].size() == 3);
  CHECK(report["oneWay"][0]["column"] == "a");
  CHECK(report["oneWay"][0]["real"] == nlohmann::json({0.5, 0.5}));
  CHECK(report["oneWay"][0]["synthetic"] == nlohmann::json({1.0, 0.0}));
  CHECK(report["oneWay"][2]["levels"] == nlohmann::json({"p", "q", "r"}));
  // Pairs (a,c) and (b,c) have 6 cells, above the limit of 4: only (a,b) is left.
  REQUIRE(report["twoWay"].size() == 1);
  CHECK(report["twoWay"][0]["columns"] == nlohmann::json({"a", "b"}));
  CHECK(report["twoWay"][0]["real"] == nlohmann::json({0.25, 0.25, 0.25, 0.25}));
  CHECK(report["twoWay"][0]["synthetic"] == nlohmann::json({1.0, 0.0, 0.0, 0.0}));
  CHECK(report["twoWay"][0]["tv"].get<double>() == Approx(0.75));
  // With room for every pair, the largest TV comes first.
  const nlohmann::json all = distribution_report_json(columns, real, synthetic, utility.two_way, {3, 100});
  REQUIRE(all["twoWay"].size() == 3);
  CHECK(all["twoWay"][0]["tv"].get<double>() >= all["twoWay"][1]["tv"].get<double>());
  CHECK(all["twoWay"][1]["tv"].get<double>() >= all["twoWay"][2]["tv"].get<double>());
}
