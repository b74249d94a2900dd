// Records from a graphical model: systematic rounding's counts, and records whose clique and
// cross-clique marginals match the model's (chi-square at a fixed seed).
#include <catch2/catch.hpp>
#include <numeric>

#include "base/random.hpp"
#include "graphical_model/model_sampling.hpp"
#include "statistics.hpp"

using namespace privsynth;

TEST_CASE("systematic rounding: exact total, each count the floor or ceiling of its share", "[graphical-model]") {
  SeededTestRandom random(1);
  const std::vector<double> weights{0.5, 1.25, 0, 3.1, 0.15};
  const double sum = 5.0;
  for (size_t total : {size_t{0}, size_t{1}, size_t{7}, size_t{1000}}) {
    for (int trial = 0; trial < 50; ++trial) {
      const std::vector<size_t> counts = systematic_counts(weights, total, random);
      CHECK(std::accumulate(counts.begin(), counts.end(), size_t{0}) == total);
      for (size_t j = 0; j < weights.size(); ++j) {
        const double expected = weights[j] / sum * double(total);
        CHECK(double(counts[j]) >= std::floor(expected));
        CHECK(double(counts[j]) <= std::ceil(expected));
      }
    }
  }
  // Unbiased: the mean count over many draws is the expectation.
  std::vector<double> mean(weights.size(), 0.0);
  for (int trial = 0; trial < 20000; ++trial) {
    const std::vector<size_t> counts = systematic_counts(weights, 3, random);
    for (size_t j = 0; j < counts.size(); ++j) mean[j] += double(counts[j]) / 20000;
  }
  for (size_t j = 0; j < weights.size(); ++j) CHECK(mean[j] == Approx(weights[j] / sum * 3).margin(0.02));
  // All-zero weights: uniform.
  CHECK(systematic_counts({0, 0}, 4, random) == std::vector<size_t>{2, 2});
}

TEST_CASE("sampled records match the model's marginals (chi-square)", "[graphical-model]") {
  SeededTestRandom random(23);
  const std::vector<int> levels{3, 4, 2, 3, 5};
  GraphicalModel model = GraphicalModel::create(levels, {{0, 1}, {1, 2}, {2, 3}, {1, 4}, {0, 3}}, 1e6).value();
  for (Factor& theta : model.potentials()) {
    for (double& v : theta.values) v = 2 * (random.uniform_unit() - 0.5);
  }
  model.calibrate(1);
  const size_t rows = 20000;
  const EncodedTable records = sample_model_records(model, rows, random);
  REQUIRE(records.rows == rows);
  for (const AttributeSet& query : std::vector<AttributeSet>{{0, 1}, {1, 4}, {0, 3}, {2, 4}, {0, 4}, {3}}) {
    const Factor truth = model.marginal(query);
    std::vector<double> observed(truth.cells(), 0.0);
    for (size_t r = 0; r < rows; ++r) {
      size_t cell = 0;
      for (size_t i = 0; i < query.size(); ++i)
        cell = cell * size_t(truth.sizes[i]) + records.codes[size_t(query[i])][r];
      observed[cell] += 1;
    }
    // Rounding makes clique marginals closer than independent draws; chi-square still must not reject.
    CHECK(testing::chi_square_p_value(observed, truth.values) > 1e-3);
  }
}
