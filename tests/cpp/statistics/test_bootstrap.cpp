// From the LP's density h* to k synthetic rows: independent draws, or rounding to a dataset.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "statistics.hpp"
#include "statistics/bootstrap.hpp"

using namespace privsynth;

TEST_CASE("rounding realizes k h within one row per point, whatever the seed", "[bootstrap]") {
  const std::vector<double> weights = {0.5, 0.25, 0.125, 0.0625, 0.0625, 0.0, 1e-9};
  for (size_t k : {1, 7, 10, 1000, 48'842}) {
    std::map<uint64_t, std::vector<size_t>> counts_by_seed;
    for (uint64_t seed : {1, 2}) {
      SeededTestRandom random(seed);
      const std::vector<size_t> rows = round_weights_to_rows(weights, k, random).value();
      REQUIRE(rows.size() == k);
      std::vector<size_t> counts(weights.size(), 0);
      for (size_t i : rows) ++counts[i];
      for (size_t i = 0; i < weights.size(); ++i) CHECK(std::fabs(double(counts[i]) - double(k) * weights[i]) < 1.0);
      CHECK(counts[5] == 0);  // zero weight: never
      counts_by_seed[seed] = counts;
    }
    CHECK(counts_by_seed[1] == counts_by_seed[2]);  // only the order depends on the randomness
  }
}

TEST_CASE("independent draws follow the weights (chi-square)", "[bootstrap]") {
  const std::vector<double> weights = {0.4, 0.3, 0.2, 0.1};
  SeededTestRandom random(3);
  const std::vector<size_t> rows = draw_weighted_indices(weights, 20'000, random).value();
  std::vector<double> observed(4, 0);
  for (size_t i : rows) observed[i] += 1;
  CHECK(testing::chi_square_p_value(observed, weights) > 1e-4);
}

TEST_CASE("bad weights are refused", "[bootstrap][errors]") {
  SeededTestRandom random(4);
  CHECK(!round_weights_to_rows({0.0, 0.0}, 3, random).is_ok());
  CHECK(!round_weights_to_rows({0.5, -0.1}, 3, random).is_ok());
  CHECK(!draw_weighted_indices({NAN, 1.0}, 3, random).is_ok());
}
