// The perturbed histogram reference (Bojkovic & Loh, Algorithm 2; docs/spec/algorithms.md §3): noise scale, clipping,
// the ledger, sampling, and the cell limit.
#include <catch2/catch.hpp>
#include <cmath>

#include "mechanisms/reduced_space_lp/perturbed_histogram.hpp"
#include "statistics.hpp"

using namespace privsynth;

namespace {
Accountant budget(double epsilon) { return Accountant::pure(epsilon).value(); }
}  // namespace

TEST_CASE("histogram noise is discrete Laplace of scale 1/eps (not 2/eps, not 8/eps^2)", "[histogram]") {
  // 200,000 cells of count 1000: no noisy count reaches 0, so the clipped total recovers each noise.
  const double epsilon = 0.5;
  const std::vector<int> levels = {400, 500};
  const std::vector<int64_t> counts(200'000, 1000);
  Accountant accountant = budget(epsilon);
  SeededTestRandom random(11);
  const PerturbedHistogram histogram = release_perturbed_histogram(levels, counts, epsilon, accountant, random).value();
  double sum = 0, square = 0;
  for (double p : histogram.probabilities) {
    const double noise = p * histogram.clipped_total - 1000;
    REQUIRE(std::fabs(noise - std::round(noise)) < 1e-6);  // integer noise on integer counts
    sum += noise;
    square += noise * noise;
  }
  const double n = double(counts.size());
  const double variance = square / n - (sum / n) * (sum / n);
  // Discrete Laplace of scale b: variance 2a / (1 - a)^2 with a = exp(-1/b) = exp(-eps) = 7.84 here;
  // scale 2/eps would give 31, the "8/eps^2" misreading ~2,050. Standard error of the estimate ~0.8%.
  const double a = std::exp(-epsilon);
  CHECK(variance == Approx(2 * a / ((1 - a) * (1 - a))).epsilon(0.03));
  CHECK(std::fabs(sum / n) < 0.05);
  REQUIRE(accountant.ledger().size() == 1);
  CHECK(accountant.ledger()[0].epsilon == epsilon);
  CHECK(accountant.ledger()[0].laplace()->l1_sensitivity == 1.0);
  CHECK(accountant.ledger()[0].laplace()->noise_scale == Approx(1 / epsilon));
}

TEST_CASE("negative noisy counts are clipped to 0 and the rest normalized", "[histogram]") {
  // Empty cells stay positive with probability P(Z >= 1) = a / (1 + a), a = exp(-eps).
  const double epsilon = 0.5;
  std::vector<int64_t> counts(100'000, 0);
  counts[7] = 1'000'000;
  Accountant accountant = budget(epsilon);
  SeededTestRandom random(12);
  const PerturbedHistogram histogram =
      release_perturbed_histogram({100'000}, counts, epsilon, accountant, random).value();
  size_t positive_empty = 0;
  double total = 0;
  for (size_t j = 0; j < counts.size(); ++j) {
    REQUIRE(histogram.probabilities[j] >= 0);
    total += histogram.probabilities[j];
    if (j != 7 && histogram.probabilities[j] > 0) ++positive_empty;
  }
  CHECK(total == Approx(1.0).epsilon(1e-12));
  const double a = std::exp(-epsilon);
  CHECK(double(positive_empty) / 99'999 == Approx(a / (1 + a)).epsilon(0.02));  // 0.378; sd ~0.4%
  CHECK(histogram.positive_cells == positive_empty + 1);
  CHECK(histogram.probabilities[7] > 0.5);
}

TEST_CASE("no positive count left falls back to the uniform measure", "[histogram]") {
  Accountant accountant = budget(1);
  SeededTestRandom random(1);
  const PerturbedHistogram histogram =
      release_perturbed_histogram({2, 3}, std::vector<int64_t>(6, 0), 1, accountant, random, true).value();
  CHECK(histogram.uniform_fallback);
  for (double p : histogram.probabilities) CHECK(p == Approx(1.0 / 6));
}

TEST_CASE("full-domain counts and draws use the same row-major cells", "[histogram]") {
  EncodedTable table = make_empty_table({3, 4}, 5);
  table.codes[0] = {0, 2, 2, 1, 2};
  table.codes[1] = {3, 1, 1, 0, 1};
  const std::vector<int64_t> counts = count_full_domain(table, 12);
  CHECK(counts[0 * 4 + 3] == 1);
  CHECK(counts[2 * 4 + 1] == 3);
  CHECK(counts[1 * 4 + 0] == 1);
  Accountant accountant = budget(1);
  SeededTestRandom random(2);
  const PerturbedHistogram exact = release_perturbed_histogram({3, 4}, counts, 1, accountant, random, true).value();
  const EncodedTable draws = sample_from_histogram(exact, 20'000, random).value();
  std::vector<double> observed(12, 0);
  for (size_t row = 0; row < draws.rows; ++row) observed[draws.codes[0][row] * 4 + draws.codes[1][row]] += 1;
  CHECK(observed[0 * 4 + 3] + observed[2 * 4 + 1] + observed[1 * 4 + 0] == 20'000);
  CHECK(testing::chi_square_p_value(observed, exact.probabilities) > 0.001);
}

TEST_CASE("a domain over the cell limit is refused with advice, before any spend", "[histogram][errors]") {
  const Result<size_t> cells = full_domain_cells({1000, 1000, 1000}, kDefaultHistogramCellLimit);
  REQUIRE(!cells.is_ok());
  CHECK(cells.status().code() == ErrorCode::DomainTooLarge);
  CHECK_THAT(cells.status().message(), Catch::Contains("histogramCellLimit") && Catch::Contains("tree"));
  CHECK(full_domain_cells({16, 9, 16}, kDefaultHistogramCellLimit).value() == 2304);
}
