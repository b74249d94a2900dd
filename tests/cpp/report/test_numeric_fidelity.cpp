#include <catch2/catch.hpp>
#include <cmath>

#include "report/numeric_fidelity.hpp"

using namespace privsynth;

TEST_CASE("quantiles interpolate between order statistics (definition 7)", "[fidelity]") {
  const std::vector<double> sorted = {1, 2, 3, 4, 10};  // h = 4q
  CHECK(sorted_quantile(sorted, 0.5) == 3);
  CHECK(sorted_quantile(sorted, 0.25) == 2);
  CHECK(sorted_quantile(sorted, 0.75) == 4);
  CHECK(sorted_quantile(sorted, 0.05) == Approx(1.2));   // h = 0.2
  CHECK(sorted_quantile(sorted, 0.95) == Approx(8.8));   // h = 3.8: 4 + 0.8 * 6
  CHECK(sorted_quantile(sorted, 0.01) == Approx(1.04));  // h = 0.04
  CHECK(sorted_quantile(sorted, 0.99) == Approx(9.76));  // h = 3.96: 4 + 0.96 * 6
  CHECK(sorted_quantile(sorted, 0) == 1);
  CHECK(sorted_quantile(sorted, 1) == 10);
  CHECK(sorted_quantile({7}, 0.3) == 7);
}

TEST_CASE("mean and standard deviation (divisor n)", "[fidelity]") {
  const ValueMoments moments = value_moments({1, 2, 3, 4, 10});
  CHECK(moments.mean == 4);                                    // 20 / 5
  CHECK(moments.standard_deviation == Approx(std::sqrt(10)));  // (9 + 4 + 1 + 0 + 36) / 5
  CHECK(value_moments({5}).standard_deviation == 0);
}

TEST_CASE("Wasserstein-1 is the area between the distribution functions", "[fidelity]") {
  // Equal sizes: the mean distance of the order statistics, (0 + 0 + 0 + 4) / 4.
  CHECK(wasserstein1_sorted({1, 2, 3, 4}, {1, 2, 3, 8}) == Approx(1));
  // Unequal sizes: |F - G| is 1/2, 1/6, 1/6, 1/2 on [0,1), [1,2), [2,3), [3,4): 4/3.
  CHECK(wasserstein1_sorted({0, 4}, {1, 2, 3}) == Approx(4.0 / 3));
  CHECK(wasserstein1_sorted({1, 2, 3}, {0, 4}) == Approx(4.0 / 3));
  // A point mass moved by 5; ties within and across the samples.
  CHECK(wasserstein1_sorted({2, 2}, {7}) == Approx(5));
  CHECK(wasserstein1_sorted({1, 1, 3, 3}, {1, 3}) == 0);
}

TEST_CASE("Pearson correlation over the rows where both are present", "[fidelity]") {
  const double nan = std::nan("");
  // Means 2.5 and 5: sum dx dy = 11, sum dx^2 = 5, sum dy^2 = 26.
  const std::optional<double> r = pearson_pairwise({1, 2, 3, 4, nan, 7}, {2, 4, 5, 9, 100, nan});
  REQUIRE(r);
  CHECK(*r == Approx(11 / std::sqrt(130.0)));
  CHECK(*pearson_pairwise({1, 2, 3}, {3, 2, 1}) == Approx(-1));
  CHECK_FALSE(pearson_pairwise({1, 2, 3}, {4, 4, 4}));  // constant
  CHECK_FALSE(pearson_pairwise({1, nan}, {nan, 2}));    // no row with both

  const auto matrix = correlation_matrix({{1, 2, 3, 4}, {2, 4, 5, 9}, {0, 0, 0, 0}});
  CHECK(*matrix[0][0] == 1);
  CHECK(*matrix[1][1] == 1);
  CHECK(*matrix[0][1] == Approx(11 / std::sqrt(130.0)));
  CHECK(*matrix[1][0] == *matrix[0][1]);
  CHECK_FALSE(matrix[2][2]);
  CHECK_FALSE(matrix[0][2]);
}
