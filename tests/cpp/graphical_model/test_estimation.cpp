// Private-PGM's estimation: with exact, consistent measurements the fit recovers them; with
// noisy ones the loss only goes down and the fit beats the raw measurements; a warm start
// continues from the model it is given; the total is the minimum-variance combination.
#include <catch2/catch.hpp>
#include <cmath>

#include "base/random.hpp"
#include "data/table.hpp"
#include "graphical_model/estimation.hpp"

using namespace privsynth;

namespace {

// A random table of `rows` records with dependence between neighbouring columns.
EncodedTable chain_table(const std::vector<int>& levels, size_t rows, RandomSource& random) {
  EncodedTable table = make_empty_table(levels, rows);
  for (size_t r = 0; r < rows; ++r) {
    uint32_t previous = 0;
    for (size_t c = 0; c < levels.size(); ++c) {
      const uint32_t size = uint32_t(levels[c]);
      const uint32_t code = random.uniform_unit() < 0.6 ? previous % size : uint32_t(random.uniform_below(size));
      table.codes[c][r] = code;
      previous = code;
    }
  }
  return table;
}

std::vector<double> counts_of(const EncodedTable& table, const AttributeSet& attributes) {
  Factor layout = make_factor(attributes, table.levels);
  for (size_t r = 0; r < table.rows; ++r) {
    size_t cell = 0;
    for (size_t i = 0; i < attributes.size(); ++i) {
      cell = cell * size_t(layout.sizes[i]) + table.codes[size_t(attributes[i])][r];
    }
    layout.values[cell] += 1;
  }
  return layout.values;
}

}  // namespace

TEST_CASE("the fit recovers exact marginals when they are consistent and noise-free", "[graphical-model]") {
  SeededTestRandom random(3);
  const std::vector<int> levels{3, 4, 2, 5, 3};
  const EncodedTable table = chain_table(levels, 5000, random);
  const std::vector<AttributeSet> sets{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 4}};
  std::vector<NoisyMarginal> measurements;
  for (const AttributeSet& set : sets) measurements.push_back({set, counts_of(table, set), 1.0, {}});
  GraphicalModel model = GraphicalModel::create(levels, sets, 1e6).value();
  FitSettings settings;
  settings.iterations = 3000;
  const FitResult fit = fit_model(model, measurements, 5000, settings).value();
  double worst = 0;
  for (size_t r = 0; r < sets.size(); ++r) {
    Factor mu;
    model.set_marginal(size_t(model.set_index(sets[r])), mu);
    for (size_t i = 0; i < mu.values.size(); ++i) {
      worst = std::max(worst, std::abs(mu.values[i] - measurements[r].values[i]));
    }
  }
  // Within 0.5 records of every count out of 5,000: the marginals are those of the data.
  CHECK(worst < 0.5);
  CHECK(fit.loss < 0.05);
}

TEST_CASE("with noisy measurements the fit is closer to the truth than the measurements", "[graphical-model]") {
  SeededTestRandom random(11);
  const std::vector<int> levels{4, 4, 4, 4};
  const EncodedTable table = chain_table(levels, 4000, random);
  // Every 1-way and 2-way marginal, each measured with sigma = 20.
  std::vector<AttributeSet> sets;
  for (int a = 0; a < 4; ++a) sets.push_back({a});
  for (int a = 0; a < 4; ++a) {
    for (int b = a + 1; b < 4; ++b) sets.push_back({a, b});
  }
  std::vector<NoisyMarginal> measurements;
  double raw_error = 0;
  for (const AttributeSet& set : sets) {
    NoisyMarginal m{set, counts_of(table, set), 20.0, {}};
    for (double& v : m.values) {
      const double z =
          std::sqrt(-2 * std::log(1 - random.uniform_unit())) * std::cos(6.283185307 * random.uniform_unit());
      v += 20 * z;
    }
    measurements.push_back(m);
  }
  GraphicalModel model = GraphicalModel::create(levels, sets, 1e6).value();
  FitSettings settings;
  settings.iterations = 500;
  const FitResult short_fit = fit_model(model, measurements, estimated_total(measurements), settings).value();
  // A warm start from the model just fitted: the loss can only go down.
  const FitResult long_fit = fit_model(model, measurements, estimated_total(measurements), settings).value();
  CHECK(long_fit.loss <= short_fit.loss);
  double fit_error = 0;
  for (const NoisyMarginal& m : measurements) {
    const std::vector<double> truth = counts_of(table, m.attributes);
    Factor mu;
    model.set_marginal(size_t(model.set_index(m.attributes)), mu);
    for (size_t i = 0; i < truth.size(); ++i) {
      raw_error += std::abs(m.values[i] - truth[i]);
      fit_error += std::abs(mu.values[i] - truth[i]);
    }
  }
  // The model pools every measurement of each cell: its L1 error is well below the raw noise's
  // (0.73 of it at this seed once converged; 0.61 after 100 steps, early stopping smooths).
  CHECK(fit_error < 0.8 * raw_error);
  CHECK(estimated_total(measurements) == Approx(4000).margin(60));
}

TEST_CASE("the estimated total weighs each measurement by its precision", "[graphical-model]") {
  // Totals 100 (2 cells, sigma 1: variance 2) and 130 (8 cells, sigma 1: variance 8): weights 4:1.
  const std::vector<NoisyMarginal> measurements{{{0}, {60, 40}, 1.0, {}},
                                                {{1}, std::vector<double>(8, 130.0 / 8), 1.0, {}}};
  CHECK(estimated_total(measurements) == Approx((100.0 / 2 + 130.0 / 8) / (1.0 / 2 + 1.0 / 8)));
  CHECK(estimated_total({{{0}, {-5, -3}, 1.0, {}}}) == 1);
}
