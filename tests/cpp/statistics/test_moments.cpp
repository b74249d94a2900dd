// Moments of the continuous space: exact sums, the noise calibration of their release, and the
// ledger entry.
#include <catch2/catch.hpp>
#include <cmath>

#include "statistics/moments.hpp"

using namespace privsynth;

namespace {
std::vector<std::vector<double>> random_columns(int p, size_t rows, RandomSource& random) {
  std::vector<std::vector<double>> columns(static_cast<size_t>(p), std::vector<double>(rows));
  for (auto& column : columns) {
    for (double& x : column) x = random.uniform_unit();
  }
  return columns;
}
}  // namespace

TEST_CASE("moment terms: means, then every product i <= j", "[moments]") {
  const std::vector<MomentTerm> terms = moment_terms(3, 2);
  REQUIRE(terms.size() == 3 + 6);
  CHECK(terms[0].first == 0);
  CHECK(terms[0].second == -1);
  CHECK(terms[3].first == 0);
  CHECK(terms[3].second == 0);
  CHECK(terms[8].first == 2);
  CHECK(terms[8].second == 2);
  CHECK(moment_terms(3, 1).size() == 3);
  CHECK(moment_terms(3, 0).empty());
  CHECK(moment_term_name(terms[4], {"a", "b", "c"}) == "a*b");
}

TEST_CASE("without noise the released sums are the exact sums of the values rounded to 1/1024", "[moments]") {
  SeededTestRandom random(1);
  const auto columns = random_columns(2, 1000, random);
  const std::vector<MomentTerm> terms = moment_terms(2, 2);
  Accountant accountant = Accountant::pure(1).value();
  const NoisyMoments released = measure_moments(terms, columns, 1000, 1.0, accountant, random, true).value();
  const std::vector<std::vector<double>> values = evaluate_moments(terms, columns, 0, 1000);
  for (size_t t = 0; t < terms.size(); ++t) {
    double sum = 0;
    int64_t quanta = 0;
    for (double v : values[t]) {
      sum += v;
      quanta += moment_quanta(v);
    }
    CHECK(released.noisy_sums[t] == double(quanta) / kMomentQuanta);
    CHECK(std::fabs(released.noisy_sums[t] - sum) <= 1000.0 / 2048);  // each value moved by at most 1/2048
  }
}

TEST_CASE("moment noise is discrete Laplace of scale T / eps, charged once", "[moments]") {
  // 20 columns: T = 20 + 210 = 230 sums per release; 40 releases give 9,200 noise draws.
  SeededTestRandom random(2);
  const auto columns = random_columns(20, 50, random);
  const std::vector<MomentTerm> terms = moment_terms(20, 2);
  const double epsilon = 2.0;
  Accountant exact = Accountant::pure(1).value();
  const NoisyMoments truth = measure_moments(terms, columns, 50, 1.0, exact, random, true).value();
  Accountant accountant = Accountant::pure(40 * epsilon).value();
  double square = 0;
  size_t draws = 0;
  for (int repeat = 0; repeat < 40; ++repeat) {
    const NoisyMoments noisy = measure_moments(terms, columns, 50, epsilon, accountant, random).value();
    for (size_t t = 0; t < terms.size(); ++t) {
      const double noise = noisy.noisy_sums[t] - truth.noisy_sums[t];
      square += noise * noise;
      ++draws;
    }
  }
  const double scale = 230 / epsilon;  // 115: the Laplace variance is 2 b^2
  CHECK(std::sqrt(square / double(draws)) == Approx(std::sqrt(2.0) * scale).epsilon(0.04));  // sd of the estimate ~1%
  const LedgerEntry& entry = accountant.ledger()[0];
  CHECK(entry.epsilon == epsilon);
  CHECK(entry.laplace()->l1_sensitivity == Approx(230));
  CHECK(entry.laplace()->noise_scale == Approx(scale).epsilon(1e-5));
  CHECK(entry.laplace()->l1_sensitivity / entry.laplace()->noise_scale <= epsilon * (1 + 1e-12));
}
