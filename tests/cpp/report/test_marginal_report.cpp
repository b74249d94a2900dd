#include <catch2/catch.hpp>

#include "report/marginal_report.hpp"

using namespace privsynth;

TEST_CASE("total variation and max statistic error have their known values", "[eval]") {
  EncodedTable real = make_empty_table({2, 2}, 4), synthetic = make_empty_table({2, 2}, 2);
  real.codes[0] = {0, 0, 1, 1};
  real.codes[1] = {0, 1, 0, 1};
  synthetic.codes[0] = {0, 0};
  synthetic.codes[1] = {0, 0};
  // Column 0: real (1/2, 1/2) vs synthetic (1, 0): TV 1/2. Pair: real 1/4 each vs (1,0,0,0): TV 3/4.
  CHECK(marginal_total_variation(real, synthetic, {0}) == Approx(0.5));
  CHECK(marginal_total_variation(real, synthetic, {0, 1}) == Approx(0.75));
  const UtilityReport report = evaluate_marginals(real, synthetic, 2);
  CHECK(report.one_way.size() == 2);
  CHECK(report.two_way.size() == 1);
  CHECK(report.three_way_sample.empty());
  CHECK(report.max_statistic_error == Approx(0.75));  // pair cell (0,0): 1/4 vs 1
  CHECK(report.max_statistic_error_columns == std::vector<int>{0, 1});
  CHECK(mean_total_variation(report.one_way) == Approx(0.5));
}

TEST_CASE("the 3-way sample is a fixed-size, repeatable selection", "[eval]") {
  EncodedTable table = make_empty_table(std::vector<int>(10, 2), 3);
  const UtilityReport a = evaluate_marginals(table, table, 2, 7), b = evaluate_marginals(table, table, 2, 7);
  CHECK(a.three_way_total == 120);
  REQUIRE(a.three_way_sample.size() == 7);
  for (size_t i = 0; i < 7; ++i) CHECK(a.three_way_sample[i].columns == b.three_way_sample[i].columns);
  CHECK(a.max_statistic_error == 0);
}
