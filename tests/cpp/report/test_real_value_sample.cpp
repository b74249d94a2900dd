#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "privsynth/cell_grid.hpp"
#include "report/real_value_sample.hpp"

using namespace privsynth;

namespace {

Column numeric(const std::string& name, double min, double max) {
  Column column;
  column.name = name;
  column.kind = ColumnKind::Numeric;
  column.min = min;
  column.max = max;
  column.bins = 5;
  column.nullable = true;
  return column;
}

Schema schema_xy() {
  Schema schema;
  schema.missing_tokens = {"", "NA"};
  Column label;
  label.name = "label";
  label.categories = {{"a", std::nullopt}};
  schema.columns = {numeric("x", 0, 10), label, numeric("y", 0, 10)};
  return schema;
}

}  // namespace

TEST_CASE("real values are kept as read: outside the bounds, unparsable and missing cells counted", "[fidelity]") {
  CellGrid grid(4);
  grid.add_row({"y", "ignored", "label", "x"});
  grid.add_row({"2", "-", "a", " 1000 "});
  grid.add_row({"4", "-", "a", "-5"});
  grid.add_row({"NA", "-", "a", "3.5"});
  grid.add_row({"6", "-", "a", "abc"});
  Result<RealValueSample> created = RealValueSample::create(schema_xy(), {"y", "ignored", "label", "x"});
  REQUIRE(created.is_ok());
  RealValueSample sample = std::move(created).value();
  REQUIRE(sample.add_rows(grid.view(), 1).is_ok());

  CHECK(sample.columns() == std::vector<int>{0, 2});
  CHECK(sample.rows_read() == 4);
  CHECK(sample.sample_rows() == 4);
  CHECK_FALSE(sample.sampled());
  const RealColumnCounts& x = sample.counts()[0];
  CHECK(x.values == 3);
  CHECK(x.unparsable == 1);
  CHECK(x.missing == 0);
  CHECK(x.above_max == 1);
  CHECK(x.below_min == 1);
  CHECK(x.min == -5);
  CHECK(x.max == 1000);  // not clamped to 10
  const RealColumnCounts& y = sample.counts()[1];
  CHECK(y.values == 3);
  CHECK(y.missing == 1);
  CHECK(y.max == 6);

  const std::vector<double> xs = sample.sample_column(0), ys = sample.sample_column(1);
  REQUIRE(xs.size() == 4);
  CHECK(xs[0] == 1000);
  CHECK(xs[1] == -5);
  CHECK(xs[2] == 3.5);
  CHECK(std::isnan(xs[3]));
  CHECK(ys[0] == 2);
  CHECK(std::isnan(ys[2]));
}

TEST_CASE("the real sample is a bounded reservoir of whole rows", "[fidelity]") {
  Result<RealValueSample> created = RealValueSample::create(schema_xy(), {"x", "label", "y"}, 100);
  REQUIRE(created.is_ok());
  RealValueSample sample = std::move(created).value();
  // Fed in two chunks, as a stream would.
  CellGrid first(3), second(3);
  for (int row = 0; row < 2000; ++row) {
    (row < 700 ? first : second).add_row({std::to_string(row), "a", std::to_string(2 * row)});
  }
  REQUIRE(sample.add_rows(first.view()).is_ok());
  REQUIRE(sample.add_rows(second.view()).is_ok());
  CHECK(sample.rows_read() == 2000);
  CHECK(sample.sample_rows() == 100);
  CHECK(sample.sampled());
  CHECK(sample.counts()[0].values == 2000);
  CHECK(sample.counts()[0].max == 1999);  // counts, min and max cover every row
  const std::vector<double> xs = sample.sample_column(0), ys = sample.sample_column(1);
  std::set<double> distinct(xs.begin(), xs.end());
  CHECK(distinct.size() == 100);
  double sum = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    REQUIRE(ys[i] == 2 * xs[i]);  // a row's cells stay together
    sum += xs[i];
  }
  // Uniform over 0..1999: the mean of 100 rows drawn without replacement is 999.5 with a standard
  // error of about 58; rows past the first 700 must be reachable.
  CHECK(sum / 100 > 999.5 - 4 * 58);
  CHECK(sum / 100 < 999.5 + 4 * 58);
  CHECK(*std::max_element(xs.begin(), xs.end()) >= 700);
}

TEST_CASE("a numeric column missing from the header is an error", "[fidelity]") {
  const Result<RealValueSample> created = RealValueSample::create(schema_xy(), {"x", "label"});
  REQUIRE_FALSE(created.is_ok());
  CHECK(created.status().code() == ErrorCode::InvalidData);
}
