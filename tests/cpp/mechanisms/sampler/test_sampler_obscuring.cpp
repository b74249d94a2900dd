// The obscuring probabilities of ROO and DS-ROO against the spec's tables
// (docs/spec/checks/dsroo_tables.txt, printed by dsroo_table.py), the closed forms of docs/spec/algorithms.md §1.2 and
// the exact output distributions.
#include <catch2/catch.hpp>
#include <cmath>

#include "mechanisms/sampler/obscuring.hpp"
#include "mechanisms/sampler/sampler_distribution.hpp"

using namespace privsynth;

TEST_CASE("DS-ROO's table equals the spec's", "[samplers]") {
  SECTION("n = 1000, k = 10, eps = 1: [0.00579, 0, ...]") {
    const DsRooTable table = ds_roo_table(1.0, 1000, 10).value();
    REQUIRE(table.gamma.size() == 2);
    CHECK(table.gamma[0] == Approx(0.00578609).epsilon(1e-6));
    CHECK(table.gamma[1] == 0);
    CHECK(table.zero_from() == 1);
    CHECK(table.at(57) == 0);
  }
  SECTION("n = 100, k = 5, eps = 0.5: [0.0716, 0.0523, 0.0200, 0]") {
    const DsRooTable table = ds_roo_table(0.5, 100, 5).value();
    REQUIRE(table.gamma.size() == 4);
    CHECK(table.gamma[0] == Approx(0.0715593).epsilon(1e-6));
    CHECK(table.gamma[1] == Approx(0.052332).epsilon(1e-5));
    CHECK(table.gamma[2] == Approx(0.019955).epsilon(1e-4));
    CHECK(table.gamma[3] == 0);
    CHECK(table.binding == std::vector<std::string>{"S", "B2", "B2", "zero"});
  }
  SECTION("n = 10000, k = 100, eps = 0.1: from 0.0868 down to 0 at m = 17, (B2) throughout") {
    const DsRooTable table = ds_roo_table(0.1, 10000, 100).value();
    CHECK(table.gamma[0] == Approx(0.0868275).epsilon(1e-6));
    CHECK(table.gamma[16] == Approx(0.002583).epsilon(1e-3));
    CHECK(table.zero_from() == 17);
    for (size_t m = 1; m < 17; ++m) CHECK(table.binding[m] == "B2");
    for (size_t m = 1; m < table.gamma.size(); ++m) CHECK(table.gamma[m] <= table.gamma[m - 1]);
  }
}

TEST_CASE("ROO's gamma, worst TV, sample complexity (9) and the randomized-response equivalence", "[samplers]") {
  CHECK(roo_gamma(1.0, 1000, 10) == Approx(10 / (10 + 1000 * (std::exp(1.0) - 1))));
  // gamma solves eps = ln(1 + k (1 - gamma) / (n gamma)).
  const double gamma = roo_gamma(0.3, 250, 7);
  CHECK(std::log(1 + 7 * (1 - gamma) / (250 * gamma)) == Approx(0.3).epsilon(1e-12));
  CHECK(roo_worst_tv(0.3, 250, 7) == Approx(gamma * 6 / 7));
  // (9) is the n at which the worst TV equals alpha.
  const double n = roo_sample_complexity(0.01, 0.5, 20);
  const double k = 20, e = std::expm1(0.5);
  CHECK(n == Approx((k * 0.99 - 1) / (0.01 * e)));
  CHECK((k - 1) / (k + n * e) == Approx(0.01));
  CHECK(roo_sample_complexity(0.96, 0.5, 20) == 0);
  // Subsampled randomized response at the matching eps0 has ROO's gamma.
  CHECK(randomized_response_gamma(subsampled_rr_epsilon0(0.7, 400), 12) ==
        Approx(roo_gamma(0.7, 400, 12)).epsilon(1e-12));
}

TEST_CASE("DS-ROO's table refuses what has no meaning", "[samplers][errors]") {
  CHECK(ds_roo_table(0, 10, 3).status().code() == ErrorCode::InvalidArgument);
  CHECK(ds_roo_table(-1, 10, 3).status().code() == ErrorCode::InvalidArgument);
  CHECK(ds_roo_table(std::nan(""), 10, 3).status().code() == ErrorCode::InvalidArgument);
  CHECK(ds_roo_table(1, 0, 3).status().code() == ErrorCode::EmptyData);
  CHECK(ds_roo_table(1, 10, 1).status().code() == ErrorCode::InvalidArgument);
  // k m = n: the uniform level.
  const DsRooTable uniform = ds_roo_table(0.01, 6, 3).value();
  CHECK(uniform.binding.back() == "uniform");
}

TEST_CASE("the exact output distributions: ROO mixes uniform and empirical, DS-ROO by the smallest count",
          "[samplers]") {
  const std::vector<uint64_t> counts = {5, 0, 15};
  const std::vector<double> roo = roo_distribution(counts, 1.0);
  const double gamma = roo_gamma(1.0, 20, 3);
  CHECK(roo[0] == Approx(gamma / 3 + (1 - gamma) * 0.25));
  CHECK(roo[1] == Approx(gamma / 3));
  CHECK(roo[0] + roo[1] + roo[2] == Approx(1.0));
  // TV to the data is gamma TV(U, P_hat).
  const std::vector<double> empirical = empirical_distribution(counts);
  CHECK(total_variation(roo, empirical) == Approx(gamma * total_variation({1.0 / 3, 1.0 / 3, 1.0 / 3}, empirical)));
  // A symbol unseen: DS-ROO uses g(0), ROO's gamma; every symbol seen often: a plain record.
  const DsRooTable table = ds_roo_table(1.0, 20, 3).value();
  CHECK(ds_roo_distribution(counts, table) == roo);
  const std::vector<uint64_t> even = {6, 7, 7};
  CHECK(table.at(6) == 0);
  CHECK(total_variation(ds_roo_distribution(even, table), empirical_distribution(even)) == 0);
}
