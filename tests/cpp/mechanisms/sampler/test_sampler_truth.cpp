// Utility of ROO, DS-ROO, subsampled RR and the Laplace histogram against a true distribution P
// (sampler_truth.hpp): DS-ROO's exact TV and the spec's three bounds against the spec oracle
// docs/spec/checks/dsroo_tv_check.txt (printed to 5 decimals by dsroo_tv_check.py, exact rationals), ROO's
// closed form against enumeration, Monte Carlo against exact, and the Laplace histogram's trends.
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

#include "mechanisms/sampler/laplace_histogram.hpp"
#include "mechanisms/sampler/sampler_distribution.hpp"
#include "sampler_truth.hpp"

using namespace privsynth;

namespace {

// dsroo_tv_check.py's P family: P(0) = P0, the other k - 1 symbols share 1 - P0 equally
// (P0 = 1/k is the uniform distribution).
std::vector<double> p0_rest_uniform(double p0, size_t k) {
  std::vector<double> p(k, (1 - p0) / static_cast<double>(k - 1));
  p[0] = p0;
  return p;
}

struct OracleRow {
  uint64_t n, k;
  double e, p0;  // e = exp(eps), as the script's rationals 2, 3/2, 11/10
  double tv, refined, simple, union_bound;
};

}  // namespace

TEST_CASE("DS-ROO's exact TV and bounds equal the spec oracle (dsroo_tv_check.txt)", "[sampler-truth]") {
  // Rows copied from docs/spec/checks/dsroo_tv_check.txt; the script's P0=0.33 rows are P0 = 1/k.
  const std::vector<OracleRow> rows = {
      {6, 2, 2.0, 0.7, 0.01461, 0.01480, 0.01480, 0.01480},  {6, 2, 1.1, 0.7, 0.15012, 0.17022, 0.30232, 0.30232},
      {9, 3, 2.0, 0.5, 0.01751, 0.03653, 0.04228, 0.04486},  {10, 3, 1.5, 1.0 / 3, 0.00000, 0.05303, 0.07672, 0.08113},
      {10, 3, 1.1, 0.7, 0.27225, 0.37205, 0.49234, 0.49606}, {8, 4, 1.5, 0.5, 0.11462, 0.27031, 0.32012, 0.33770},
      {8, 4, 1.1, 0.7, 0.37440, 0.57555, 0.62249, 0.62500},  {12, 3, 2.0, 0.7, 0.03741, 0.05100, 0.05597, 0.06471},
      {12, 3, 1.1, 0.5, 0.11523, 0.23355, 0.43717, 0.45477},
  };
  SeededTestRandom random(1);
  for (const OracleRow& row : rows) {
    INFO("n = " << row.n << ", k = " << row.k << ", e^eps = " << row.e << ", P0 = " << row.p0);
    const std::vector<double> p = p0_rest_uniform(row.p0, row.k);
    const DsRooTruth truth = ds_roo_truth(p, row.n, std::log(row.e), TruthSettings{}, random).value();
    REQUIRE(truth.tv.method == TruthMethod::Exact);
    CHECK(truth.tv.count_vectors == truth_count_vectors(row.n, row.k));
    // The oracle prints 5 decimals: at most 5e-6 from the exact rationals.
    CHECK(truth.tv.tv == Approx(row.tv).margin(6e-6));
    CHECK(truth.refined_bound == Approx(row.refined).margin(6e-6));
    CHECK(truth.simple_bound == Approx(row.simple).margin(6e-6));
    CHECK(truth.union_bound == Approx(row.union_bound).margin(6e-6));
  }
}

TEST_CASE("ROO's closed form gamma TV(U, P) equals enumeration; subsampled RR equals ROO", "[sampler-truth]") {
  const std::vector<double> p = {0.55, 0.25, 0.15, 0.05};
  for (uint64_t n : {1u, 7u, 25u}) {
    for (double epsilon : {0.2, 1.0, 3.0}) {
      const std::vector<double> law = expected_output_law(p, n, [&](const std::vector<uint64_t>& c) {
                                        return roo_distribution(c, epsilon);
                                      }).value();
      const double gamma = roo_gamma(epsilon, n, p.size());
      for (size_t x = 0; x < p.size(); ++x) CHECK(law[x] == Approx(gamma / 4 + (1 - gamma) * p[x]).epsilon(1e-12));
      CHECK(total_variation(law, p) == Approx(roo_true_tv(p, n, epsilon).value()).epsilon(1e-10));
      CHECK(subsampled_rr_true_tv(p, n, epsilon).value() == Approx(roo_true_tv(p, n, epsilon).value()).epsilon(1e-12));
    }
  }
  // A point mass attains ROO's worst case gamma (1 - 1/k).
  CHECK(roo_true_tv({0, 1, 0}, 50, 0.5).value() == Approx(roo_worst_tv(0.5, 50, 3)).epsilon(1e-15));
}

TEST_CASE("DS-ROO's exact TV equals the TV of its enumerated output law", "[sampler-truth]") {
  const std::vector<double> p = {0.4, 0.3, 0.2, 0.1};
  const uint64_t n = 20;
  const double epsilon = 0.4;
  const DsRooTable table = ds_roo_table(epsilon, n, 4).value();
  const std::vector<double> law =
      expected_output_law(p, n, [&](const std::vector<uint64_t>& c) { return ds_roo_distribution(c, table); }).value();
  SeededTestRandom random(2);
  const DsRooTruth truth = ds_roo_truth(p, n, epsilon, TruthSettings{}, random).value();
  REQUIRE(truth.tv.method == TruthMethod::Exact);
  CHECK(truth.tv.tv == Approx(total_variation(law, p)).epsilon(1e-10));
  CHECK(truth.tv.tv > 0.01);
}

TEST_CASE("Monte Carlo DS-ROO is within 4 standard errors of exact", "[sampler-truth]") {
  // 135,751 count vectors; about a third of the datasets have M below m0.
  const std::vector<double> p = {0.36, 0.16, 0.16, 0.16, 0.16};
  const uint64_t n = 40;
  const double epsilon = 0.3;
  SeededTestRandom random(3);
  const DsRooTruth exact = ds_roo_truth(p, n, epsilon, TruthSettings{}, random).value();
  REQUIRE(exact.tv.method == TruthMethod::Exact);
  REQUIRE(exact.tv.count_vectors == 135751);
  TruthSettings settings;
  settings.force_monte_carlo = true;
  settings.replications = 20000;
  const DsRooTruth mc = ds_roo_truth(p, n, epsilon, settings, random).value();
  REQUIRE(mc.tv.method == TruthMethod::MonteCarlo);
  INFO("exact " << exact.tv.tv << ", MC " << mc.tv.tv << " +- " << mc.tv.standard_error << " (" << mc.tv.contributing
                << " of 20000 obscured)");
  CHECK(mc.tv.contributing > 1000);
  CHECK(mc.tv.standard_error > 0);
  CHECK(mc.tv.standard_error < 0.1 * exact.tv.tv);
  CHECK(std::abs(mc.tv.tv - exact.tv.tv) < 4 * mc.tv.standard_error);
  CHECK(std::abs(mc.simple_bound - exact.simple_bound) < 4 * mc.simple_bound_se);
  CHECK(std::abs(mc.refined_bound - exact.refined_bound) < 4 * mc.refined_bound_se);
  CHECK(mc.union_bound == exact.union_bound);
}

TEST_CASE("DS-ROO's bounds are ordered above the exact TV and decay", "[sampler-truth]") {
  SeededTestRandom random(4);
  for (uint64_t k : {2u, 3u, 5u}) {
    for (uint64_t n : {5u, 11u, 24u}) {
      for (double epsilon : {0.1, 0.7, 2.0}) {
        for (const std::vector<double>& p :
             {p0_rest_uniform(1.0 / static_cast<double>(k), k), p0_rest_uniform(0.6, k), p0_rest_uniform(0.95, k)}) {
          INFO("k = " << k << ", n = " << n << ", eps = " << epsilon << ", P0 = " << p[0]);
          const DsRooTruth t = ds_roo_truth(p, n, epsilon, TruthSettings{}, random).value();
          REQUIRE(t.tv.method == TruthMethod::Exact);
          CHECK(t.tv.tv <= t.refined_bound + 1e-12);
          CHECK(t.refined_bound <= t.simple_bound + 1e-12);
          CHECK(t.simple_bound <= t.union_bound + 1e-12);
          CHECK(t.union_bound <= t.worst_case_bound + 1e-12);
          // DS-ROO no worse than ROO on the same P (observed on these grids and on near-uniform P;
          // not one of the spec's inequalities).
          CHECK(t.tv.tv <= roo_true_tv(p, n, epsilon).value() + 1e-12);
        }
      }
    }
  }
  // With min P > 0 the union bound falls exponentially once n min P passes m0; ROO's only as 1/n.
  const std::vector<double> p = p0_rest_uniform(0.5, 10);
  const double at_1000 = ds_roo_union_bound(p, 1000, 1.0).value();
  const double at_3000 = ds_roo_union_bound(p, 3000, 1.0).value();
  CHECK(at_1000 < 1e-20);
  CHECK(at_3000 < 1e-60);
  CHECK(at_3000 > 0);
  // n = 1000, k = 10, eps = 1 has g = [g(0), 0, ...] (docs/spec/algorithms.md §1.3): union = g(0)(1 - 1/k) sum_x (1 -
  // P(x))^n.
  CHECK(at_1000 ==
        Approx(roo_worst_tv(1.0, 1000, 10) * (9 * std::pow(1 - 0.5 / 9, 1000) + std::pow(0.5, 1000))).epsilon(1e-11));
  // A zero-probability symbol keeps M = 0: the worst case.
  CHECK(ds_roo_union_bound({0.5, 0.5, 0}, 1000, 1.0).value() == Approx(roo_worst_tv(1.0, 1000, 3)));
}

TEST_CASE("the binomial pmf and cdf are accurate up to n = 1e6", "[sampler-truth]") {
  // Against a long double log-space sum (lgammal: ~1e-12 relative at n = 1e6).
  const auto reference_cdf = [](uint64_t m, uint64_t n, double p) {
    long double sum = 0;
    const long double N = static_cast<long double>(n);
    for (uint64_t j = 0; j <= m; ++j) {
      const long double J = static_cast<long double>(j);
      sum += std::exp(std::lgamma(N + 1) - std::lgamma(J + 1) - std::lgamma(N - J + 1) +
                      J * std::log(static_cast<long double>(p)) + (N - J) * std::log1p(-static_cast<long double>(p)));
    }
    return static_cast<double>(sum);
  };
  CHECK(binomial_cdf(3, 10, 0.3) == Approx(reference_cdf(3, 10, 0.3)).epsilon(1e-14));
  CHECK(binomial_cdf(7, 10, 0.3) == Approx(reference_cdf(7, 10, 0.3)).epsilon(1e-14));
  CHECK(binomial_cdf(20, 1000, 0.05) == Approx(reference_cdf(20, 1000, 0.05)).epsilon(1e-12));
  CHECK(binomial_cdf(40, 1000000, 0.0001) == Approx(reference_cdf(40, 1000000, 0.0001)).epsilon(1e-10));
  CHECK(binomial_cdf(49000, 100000, 0.5) == Approx(reference_cdf(49000, 100000, 0.5)).epsilon(1e-9));
  const double tiny = binomial_cdf(10, 1000000, 0.001);  // about 1e-400: underflows
  CHECK(tiny == 0);
  const double small = binomial_cdf(850, 1000000, 0.001);  // 4.7 sd below the mean
  CHECK(small == Approx(reference_cdf(850, 1000000, 0.001)).epsilon(1e-9));
  // Symmetry at p = 1/2 through the upper-tail branch.
  CHECK(binomial_cdf(500600, 1000000, 0.5) == Approx(1 - binomial_cdf(499399, 1000000, 0.5)).epsilon(1e-13));
  double total = 0;
  for (uint64_t j = 0; j <= 60; ++j) total += binomial_pmf(j, 60, 0.37);
  CHECK(total == Approx(1.0).epsilon(1e-14));
  CHECK(binomial_cdf(5, 5, 0.2) == 1);
  CHECK(binomial_cdf(2, 5, 0) == 1);
  CHECK(binomial_cdf(2, 5, 1) == 0);
}

TEST_CASE("the binomial and multinomial samplers have the right frequencies", "[sampler-truth]") {
  SeededTestRandom random(5);
  const size_t draws = 100000;
  std::vector<double> seen(21, 0);
  for (size_t i = 0; i < draws; ++i) seen[sample_binomial(20, 0.3, random)] += 1;
  for (uint64_t j = 0; j <= 20; ++j) {
    const double expected = draws * binomial_pmf(j, 20, 0.3);
    CHECK(std::abs(seen[j] - expected) <= 5 * std::sqrt(expected) + 1);
  }
  const std::vector<double> p = {0.5, 0.3, 0.2, 0};
  std::vector<double> sum(4, 0);
  for (size_t i = 0; i < 2000; ++i) {
    const std::vector<uint64_t> counts = sample_multinomial(100000, p, random);
    CHECK(std::accumulate(counts.begin(), counts.end(), uint64_t{0}) == 100000);
    CHECK(counts[3] == 0);
    for (size_t x = 0; x < 4; ++x) sum[x] += static_cast<double>(counts[x]);
  }
  for (size_t x = 0; x < 3; ++x) {
    const double sd_of_mean = std::sqrt(100000 * p[x] * (1 - p[x]) / 2000);
    CHECK(std::abs(sum[x] / 2000 - 100000 * p[x]) < 5 * sd_of_mean);
  }
}

TEST_CASE("the Laplace histogram's TV to P falls with n and with epsilon", "[sampler-truth]") {
  const std::vector<double> p = p0_rest_uniform(0.5, 10);
  TruthSettings settings;
  settings.replications = 3000;
  const auto tv_at = [&](uint64_t n, double epsilon) {
    SeededTestRandom random(6);
    return laplace_histogram_truth(p, n, laplace_histogram_scale(epsilon).value(), settings, random).value();
  };
  double previous = 1, previous_release = 1;
  for (uint64_t n : {30u, 100u, 300u, 1000u, 10000u}) {
    const LaplaceHistogramTruth t = tv_at(n, 1.0);
    INFO("n = " << n << ": TV " << t.tv.tv << " +- " << t.tv.standard_error << ", E TV(release, P) "
                << t.expected_release_tv);
    CHECK(t.tv.tv < previous);
    CHECK(t.expected_release_tv < previous_release);
    CHECK(t.tv.standard_error < 0.2 * t.tv.tv);
    CHECK(t.tv.tv < t.expected_release_tv);  // the averaged law is closer than one release (Jensen)
    previous = t.tv.tv;
    previous_release = t.expected_release_tv;
  }
  previous = 1;
  for (double epsilon : {0.1, 0.5, 1.0, 2.0}) {
    const LaplaceHistogramTruth t = tv_at(300, epsilon);
    INFO("eps = " << epsilon << ": TV " << t.tv.tv);
    CHECK(t.tv.tv < previous);
    previous = t.tv.tv;
  }
  // Without clamping, Q - P = (k Var Z / n^2)(P - U) to leading order: TV = k Var Z / n^2 TV(U, P).
  const RationalScale scale = laplace_histogram_scale(1.0).value();
  const double a = std::exp(-1 / scale.value());
  const double variance = 2 * a / ((1 - a) * (1 - a));
  const LaplaceHistogramTruth far = tv_at(10000, 1.0);
  CHECK(far.tv.tv == Approx(10 * variance / 1e8 * 0.4).epsilon(0.02));
}

TEST_CASE("the Laplace histogram's control variate agrees with plain Monte Carlo", "[sampler-truth]") {
  // Small n: clamping is frequent and plain Monte Carlo resolves the TV.
  const std::vector<double> p = {0.6, 0.25, 0.1, 0.05};
  const RationalScale scale = laplace_histogram_scale(0.5).value();
  TruthSettings settings;
  settings.replications = 20000;
  SeededTestRandom random(7);
  const LaplaceHistogramTruth with = laplace_histogram_truth(p, 40, scale, settings, random).value();
  settings.control_variate = false;
  const LaplaceHistogramTruth without = laplace_histogram_truth(p, 40, scale, settings, random).value();
  INFO("control variate " << with.tv.tv << " +- " << with.tv.standard_error << ", plain " << without.tv.tv << " +- "
                          << without.tv.standard_error);
  CHECK(with.tv.standard_error < without.tv.standard_error);
  CHECK(std::abs(with.tv.tv - without.tv.tv) < 4 * std::sqrt(with.tv.standard_error * with.tv.standard_error +
                                                             without.tv.standard_error * without.tv.standard_error));
  CHECK(std::abs(with.expected_release_tv - without.expected_release_tv) <
        4 * std::hypot(with.expected_release_tv_se, without.expected_release_tv_se));
}

TEST_CASE("TV to the empirical distribution of given data", "[sampler-truth]") {
  const std::vector<uint64_t> counts = {50, 30, 15, 5};
  const std::vector<double> shares = empirical_distribution(counts);
  const double to_uniform = total_variation(shares, {0.25, 0.25, 0.25, 0.25});
  CHECK(roo_empirical_tv(counts, 1.0).value() == Approx(roo_gamma(1.0, 100, 4) * to_uniform).epsilon(1e-12));
  CHECK(subsampled_rr_empirical_tv(counts, 1.0).value() ==
        Approx(roo_empirical_tv(counts, 1.0).value()).epsilon(1e-12));
  // Every symbol seen 5 times, above m0 at eps = 1 (g(1) = 0 already at n = 100, k = 4): a plain record.
  const DsRooTable table = ds_roo_table(1.0, 100, 4).value();
  REQUIRE(table.zero_from() <= 5);
  CHECK(ds_roo_empirical_tv(counts, 1.0).value() == 0);
  CHECK(ds_roo_empirical_tv({60, 40, 0, 0}, 1.0).value() == Approx(roo_gamma(1.0, 100, 4) * 0.5).epsilon(1e-12));

  SeededTestRandom random(8);
  TruthSettings settings;
  settings.replications = 4000;
  const LaplaceHistogramEmpirical strict =
      laplace_histogram_empirical_tv(counts, laplace_histogram_scale(0.5).value(), settings, random).value();
  const LaplaceHistogramEmpirical loose =
      laplace_histogram_empirical_tv(counts, laplace_histogram_scale(2.0).value(), settings, random).value();
  CHECK(strict.expected_tv > loose.expected_tv);
  CHECK(strict.tv.tv > loose.tv.tv);
  CHECK(strict.tv.tv < strict.expected_tv);
  // Large counts, no clamping: (k Var Z / n^2) TV(U, P_hat).
  const std::vector<uint64_t> big = {50000, 30000, 15000, 5000};
  const RationalScale scale = laplace_histogram_scale(1.0).value();
  const double a = std::exp(-1 / scale.value());
  const LaplaceHistogramEmpirical far = laplace_histogram_empirical_tv(big, scale, settings, random).value();
  CHECK(far.tv.tv == Approx(4 * 2 * a / ((1 - a) * (1 - a)) / 1e10 * to_uniform).epsilon(0.01));
}

TEST_CASE("sampler truth refuses what has no meaning", "[sampler-truth][errors]") {
  SeededTestRandom random(9);
  CHECK(roo_true_tv({0.5, 0.6}, 10, 1.0).status().code() == ErrorCode::InvalidArgument);
  CHECK(roo_true_tv({1.0}, 10, 1.0).status().code() == ErrorCode::InvalidArgument);
  CHECK(roo_true_tv({-0.1, 1.1}, 10, 1.0).status().code() == ErrorCode::InvalidArgument);
  CHECK(roo_true_tv({0.5, 0.5}, 10, 0).status().code() == ErrorCode::InvalidArgument);
  CHECK(roo_true_tv({0.5, 0.5}, 0, 1.0).status().code() == ErrorCode::EmptyData);
  CHECK(ds_roo_truth({0.5, 0.5}, 10, -1, TruthSettings{}, random).status().code() == ErrorCode::InvalidArgument);
  CHECK(expected_output_law(std::vector<double>(10, 0.1), 100,
                            [](const std::vector<uint64_t>& c) { return empirical_distribution(c); })
            .status()
            .code() == ErrorCode::DomainTooLarge);
  CHECK(roo_empirical_tv({0, 0, 0}, 1.0).status().code() == ErrorCode::EmptyData);
  CHECK(truth_count_vectors(10, 3) == 66);
  CHECK(truth_count_vectors(1000000, 100) == UINT64_MAX);
}
