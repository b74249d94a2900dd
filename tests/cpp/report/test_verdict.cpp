#include <catch2/catch.hpp>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "privsynth/cell_grid.hpp"
#include "privsynth/synthesis.hpp"
#include "report/fidelity_report.hpp"
#include "report/marginal_report.hpp"
#include "report/verdict.hpp"
#include "report_columns.hpp"

using namespace privsynth;
using privsynth::testing::decoded_numbers;
using privsynth::testing::numeric_column;
using Json = nlohmann::json;

namespace {

Column categorical(const std::string& name, const std::vector<std::string>& labels) {
  Column column;
  column.name = name;
  for (const std::string& label : labels) column.categories.push_back({label, std::nullopt});
  return column;
}

// Codes with `counts[level]` rows of each level, in order.
std::vector<uint32_t> codes_of(const std::vector<size_t>& counts) {
  std::vector<uint32_t> codes;
  for (size_t level = 0; level < counts.size(); ++level) codes.insert(codes.end(), counts[level], uint32_t(level));
  return codes;
}

// Two categorical columns: "c" with the given real and synthetic counts of a, b and c, and "d"
// the same in both tables. No fidelity report: categories and 1-way distances only.
Json categorical_verdict(const std::vector<size_t>& real, const std::vector<size_t>& synthetic) {
  const std::vector<Column> columns = {categorical("c", {"a", "b", "c"}), categorical("d", {"x", "y"})};
  size_t rows = 0;
  for (size_t count : real) rows += count;
  EncodedTable real_codes = make_empty_table({3, 2}, rows), synthetic_codes = make_empty_table({3, 2}, rows);
  real_codes.codes[0] = codes_of(real);
  synthetic_codes.codes[0] = codes_of(synthetic);
  real_codes.codes[1] = synthetic_codes.codes[1] = codes_of({rows / 2, rows - rows / 2});
  const UtilityReport utility = evaluate_marginals(real_codes, synthetic_codes, 1);
  return verdict_json({columns, real_codes, synthetic_codes, utility.one_way});
}

// Numeric columns read from `real` cells against `synthetic` values (every code 0, so every 1-way
// distance is 0), with their fidelity report.
struct NumericCase {
  std::vector<Column> columns;
  std::vector<std::vector<std::string>> real;  // rows of cells
  std::vector<DecodedColumn> synthetic;
};

Json numeric_verdict(const NumericCase& in) {
  Schema schema;
  schema.missing_tokens = {""};
  schema.columns = in.columns;
  std::vector<std::string> header;
  std::vector<int> levels;
  for (const Column& column : in.columns) {
    header.push_back(column.name);
    levels.push_back(column.kind == ColumnKind::Numeric ? column.bins : int(column.categories.size()));
  }
  CellGrid cells(in.columns.size());
  for (const std::vector<std::string>& row : in.real) cells.add_row(row);
  Result<RealValueSample> sampled = RealValueSample::create(schema, header);
  REQUIRE(sampled.is_ok());
  RealValueSample real = std::move(sampled).value();
  REQUIRE(real.add_rows(cells.view()).is_ok());
  const EncodedTable codes = make_empty_table(levels, in.real.size());
  const Json fidelity = fidelity_report_json({schema.columns, real, codes, in.synthetic, codes});
  const UtilityReport utility = evaluate_marginals(codes, codes, 1);
  return verdict_json({schema.columns, codes, codes, utility.one_way, &fidelity});
}

std::vector<std::vector<std::string>> one_to_eight_twice() {
  std::vector<std::vector<std::string>> rows;
  for (int v = 1; v <= 8; ++v) rows.push_back({std::to_string(v), std::to_string(v)});
  return rows;
}

}  // namespace

TEST_CASE("a lost category lowers its column's grade by its share of the real rows, and is named", "[verdict]") {
  SECTION("2% of the rows: usable with care") {
    const Json verdict = categorical_verdict({60, 38, 2}, {61, 39, 0});
    CHECK(verdict["columns"][0] ==
          Json{{"column", "c"},
               {"grade", "usable-with-care"},
               {"reasons", {"1 of its 3 categories never appears in the synthetic table: 'c' (2% of real rows)"}}});
    CHECK(verdict["columns"][1] == Json{{"column", "d"},
                                        {"grade", "good"},
                                        {"reasons",
                                         {"close to the real data in every check made (distribution, "
                                          "categories)"}}});
    CHECK(verdict["overall"] ==
          Json{{"grade", "usable-with-care"},
               {"reason", "1 of 2 columns needs care: c. The other columns are close to the real data."}});
    CHECK(verdict["note"].is_string());  // no fidelity report: no medians, means or correlations
  }
  SECTION("10% of the rows: poor, with the 1-way distance it moved") {
    const Json verdict = categorical_verdict({50, 40, 10}, {62, 38, 0});
    CHECK(verdict["columns"][0] ==
          Json{{"column", "c"},
               {"grade", "poor"},
               {"reasons",
                {"1 of its 3 categories never appears in the synthetic table: 'c' (10% of real rows)",
                 "its distribution is off: 12% of its values would have to change to match the real one (1-way "
                 "distance 0.12)"}}});
    CHECK(verdict["overall"] == Json{{"grade", "poor"},
                                     {"reason",
                                      "1 of 2 columns differs a lot from the real data: c. Results that "
                                      "rest on it are unlikely to hold in the real data."}});
  }
  SECTION("0.1% of the rows: stated, but the column stays good") {
    const Json verdict = categorical_verdict({500, 499, 1}, {500, 500, 0});
    CHECK(verdict["columns"][0] ==
          Json{{"column", "c"},
               {"grade", "good"},
               {"reasons",
                {"close to the real data in every check made (distribution, categories)",
                 "1 of its 3 categories never appears in the synthetic table: 'c' (0.1% of real rows), too few rows "
                 "to lower the grade"}}});
    CHECK(verdict["overall"]["grade"] == "good");
  }
}

TEST_CASE("lost categories are named the largest first, and lost missing values apart", "[verdict]") {
  Column column = categorical("e", {"a", "g", "b", "c", "d", "f"});
  column.nullable = true;  // its missing values are a 7th level
  EncodedTable real = make_empty_table({7}, 1000), synthetic = make_empty_table({7}, 1000);
  real.codes[0] = codes_of({700, 100, 100, 50, 30, 15, 5});
  synthetic.codes[0] = codes_of({650, 350});
  const UtilityReport utility = evaluate_marginals(real, synthetic, 1);
  const Json verdict = verdict_json({{column}, real, synthetic, utility.one_way});
  // 20% of the real rows lost; TV = (0.05 + 0.25 + 0.2) / 2.
  CHECK(verdict["columns"][0] ==
        Json{{"column", "e"},
             {"grade", "poor"},
             {"reasons",
              {"4 of its 6 categories never appear in the synthetic table: 'b' (10% of real rows), 'c' (5%), 'd' "
               "(3%) and 1 more (1.5% of real rows together); and its missing values (0.5% of real rows) never "
               "appear in the synthetic table",
               "its distribution is off: 25% of its values would have to change to match the real one (1-way "
               "distance 0.25)"}}});
  CHECK(verdict["overall"]["reason"] ==
        "1 of 1 column differs a lot from the real data: e. Results that rest on it are unlikely to hold in the real "
        "data.");
}

TEST_CASE("a broken correlation is a reason of both its columns", "[verdict]") {
  // Real y = x (r = 1); the synthetic y holds the same values in an order uncorrelated with x (r = 0):
  // every median, quartile, mean and 1-way distance is the same.
  const Json verdict = numeric_verdict(
      {{numeric_column("x"), numeric_column("y")},
       one_to_eight_twice(),
       {decoded_numbers("x", {1, 2, 3, 4, 5, 6, 7, 8}), decoded_numbers("y", {1, 4, 6, 7, 8, 5, 3, 2})}});
  CHECK(verdict["columns"] ==
        Json::array({{{"column", "x"},
                      {"grade", "poor"},
                      {"reasons", {"its correlation with y was 1.00, is 0.00 in the synthetic table"}}},
                     {{"column", "y"},
                      {"grade", "poor"},
                      {"reasons", {"its correlation with x was 1.00, is 0.00 in the synthetic table"}}}}));
  CHECK(verdict["overall"] == Json{{"grade", "poor"},
                                   {"reason",
                                    "2 of 2 columns differ a lot from the real data: x and y. Results that "
                                    "rest on them are unlikely to hold in the real data."}});
  CHECK_FALSE(verdict.contains("note"));
}

TEST_CASE("a shifted numeric column states its median and mean against the real spread", "[verdict]") {
  // Real x = 1..8: median 4.5, quartiles 2.75 and 6.25 (IQR 3.5), standard deviation sqrt(5.25).
  // Synthetic x = 3..10: every statistic 2 higher, 0.57 IQR and 0.87 standard deviations.
  std::vector<std::vector<std::string>> rows;
  for (int v = 1; v <= 8; ++v) rows.push_back({std::to_string(v)});
  const Json verdict =
      numeric_verdict({{numeric_column("x")}, rows, {decoded_numbers("x", {3, 4, 5, 6, 7, 8, 9, 10})}});
  CHECK(verdict["columns"][0] ==
        Json{{"column", "x"},
             {"grade", "poor"},
             {"reasons",
              {"mean 6.5 vs 4.5 in the real data (real standard deviation 2.3)",
               "median 6.5 vs 4.5 in the real data (the middle half of the real values spans 3.5)"}}});
}

TEST_CASE("identical tables are good in every column and overall", "[verdict]") {
  std::vector<std::vector<std::string>> rows = one_to_eight_twice();
  for (size_t r = 0; r < rows.size(); ++r) rows[r].push_back(r % 2 ? "a" : "b");
  std::vector<DecodedColumn> synthetic = {decoded_numbers("x", {1, 2, 3, 4, 5, 6, 7, 8}),
                                          decoded_numbers("y", {1, 2, 3, 4, 5, 6, 7, 8}),
                                          DecodedColumn{"c", ColumnKind::Categorical, {}, {}}};
  const Json verdict =
      numeric_verdict({{numeric_column("x"), numeric_column("y"), categorical("c", {"a", "b"})}, rows, synthetic});
  const std::string numeric_checks =
      "close to the real data in every check made (distribution, median and quartiles, mean, correlations)";
  CHECK(verdict["columns"] ==
        Json::array({{{"column", "x"}, {"grade", "good"}, {"reasons", {numeric_checks}}},
                     {{"column", "y"}, {"grade", "good"}, {"reasons", {numeric_checks}}},
                     {{"column", "c"},
                      {"grade", "good"},
                      {"reasons", {"close to the real data in every check made (distribution, categories)"}}}}));
  CHECK(verdict["overall"] ==
        Json{{"grade", "good"}, {"reason", "All 3 columns are close to the real data in every check made."}});
  CHECK_FALSE(verdict.contains("note"));
}
