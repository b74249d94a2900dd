// The continuous space takes nullable numeric columns: a presence axis before each (data/space_layout.hpp),
// with every reference measure. The data: y uniform, x following y where present and missing
// wherever y > 0.7, so the output must keep both the missing share and where it falls.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <nlohmann/json.hpp>

#include "data/space_layout.hpp"
#include "privsynth/cell_grid.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

const char* kSchema = R"({"version":1,"name":"nullable","columns":[
  {"name":"x","type":"numeric","min":0,"max":1,"bins":10,"nullable":true},
  {"name":"y","type":"numeric","min":0,"max":1,"bins":10}]})";
constexpr double kMissingAbove = 0.7;

CellGrid nullable_table(size_t rows) {
  std::mt19937_64 engine(11);
  std::uniform_real_distribution<double> unit(0, 1);
  CellGrid cells(2);
  cells.add_row({"x", "y"});
  for (size_t row = 0; row < rows; ++row) {
    const double y = unit(engine);
    const double x = 0.1 + 0.6 * y + 0.1 * unit(engine);
    cells.add_row({y > kMissingAbove ? "" : std::to_string(x), std::to_string(y)});
  }
  return cells;
}

double missing_share(const DecodedColumn& x, const DecodedColumn& y, double low, double high) {
  size_t rows = 0, missing = 0;
  for (size_t row = 0; row < x.numbers.size(); ++row) {
    if (y.numbers[row] < low || y.numbers[row] > high) continue;
    ++rows;
    missing += std::isnan(x.numbers[row]) ? 1 : 0;
  }
  return rows ? double(missing) / double(rows) : -1;
}

}  // namespace

TEST_CASE("the continuous space's axes: a presence coordinate at 1/4 or 3/4, back to codes and NaN",
          "[reduced-space-lp][continuous]") {
  // Column 0 numeric nullable (4 bins + missing), column 1 numeric (3 bins).
  const SpaceLayout layout = unit_space_layout({5, 3}, {{std::nan("")}, {}});
  REQUIRE(layout.levels == std::vector<int>{2, 0, 0});
  EncodedTable table = make_empty_table({5, 3}, 2);
  table.codes[0] = {1, 4};  // 0.3 in bin 1 of 4; missing: the last level
  const std::vector<std::vector<double>> unit{{0.3, std::nan("")}, {0.5, 0.9}};
  const std::vector<std::vector<double>> points = unit_space_points(layout, table, unit);
  CHECK(points == std::vector<std::vector<double>>{{0.25, 0.75}, {0.3, 0}, {0.5, 0.9}});
  // Drawn points: presence below 1/2 is a value, at or above it missing (the last level, NaN).
  const ColumnPoints columns = unit_space_columns(layout, {5, 3}, {{0.49, 0.5}, {0.3, 0.3}, {0.5, 0.9}}, 2);
  CHECK(columns.codes.codes[0] == std::vector<uint32_t>{1, 4});
  CHECK(columns.codes.codes[1] == std::vector<uint32_t>{1, 2});
  CHECK(columns.unit[0][0] == 0.3);
  CHECK(std::isnan(columns.unit[0][1]));
}

TEST_CASE("the continuous space keeps a nullable column's missing values and where they fall, with every reference",
          "[reduced-space-lp][continuous][synthesis]") {
  const CellGrid cells = nullable_table(3000);
  for (const char* reference : {"uniform", "kd-tree", "bernstein-kde"}) {
    DYNAMIC_SECTION(reference) {
      const Json options = {
          {"mechanism", "reduced-space-lp"}, {"space", "continuous"}, {"moments", 1}, {"epsilon", 2}, {"testSeed", 3},
          {"referenceMeasure", reference}};
      const Result<SynthesisOutput> result = synthesize(SynthesisInput{kSchema, cells.view(), options.dump()});
      INFO(result.status().message());
      REQUIRE(result.is_ok());
      const SynthesisOutput& output = result.value();
      const Json receipt = Json::parse(output.receipt_json);
      CHECK(receipt["privacy"]["epsilonSpent"].get<double>() == Approx(2.0));
      const DecodedColumn& x = output.columns[0];
      const DecodedColumn& y = output.columns[1];
      REQUIRE(output.rows > 2500);
      // 30% missing, all of them where y > 0.7: bins of width 0.1 keep that to a bin's width.
      CHECK(missing_share(x, y, 0, 1) == Approx(0.3).margin(0.04));
      CHECK(missing_share(x, y, 0.75, 1) > 0.85);
      CHECK(missing_share(x, y, 0, 0.65) < 0.1);
      double sum = 0;
      size_t present = 0;
      for (double value : x.numbers) {
        if (std::isnan(value)) continue;
        REQUIRE(value >= 0);
        REQUIRE(value <= 1);
        sum += value;
        ++present;
      }
      // Where present, x = 0.1 + 0.6 y + 0.1 u with y below 0.7: mean 0.1 + 0.21 + 0.05 = 0.36.
      CHECK(sum / double(present) == Approx(0.36).margin(0.04));
    }
  }
}
