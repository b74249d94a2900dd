// Statistical tests of the samplers against their exact distributions. Seeds are fixed, so each
// test is deterministic; the stated alpha is the chance that a correct sampler would fail with a
// fresh seed.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "privacy/noise.hpp"
#include "statistics.hpp"

using namespace privsynth;

namespace {
constexpr double kAlpha = 1e-4;

// P(Z = z) of the discrete Laplace distribution with scale b.
double discrete_laplace_pmf(int64_t z, double b) {
  const double a = std::exp(-1.0 / b);
  return (1 - a) / (1 + a) * std::pow(a, static_cast<double>(std::llabs(z)));
}

// Chi-square p-value of n draws against the exact pmf over [-range, range] plus the two tails.
double discrete_laplace_fit(RationalScale scale, int draws, uint64_t seed) {
  SeededTestRandom random(seed);
  const double b = scale.value();
  const int range = static_cast<int>(std::ceil(8 * b)) + 1;
  std::vector<double> observed(2 * range + 3, 0.0), probabilities(2 * range + 3, 0.0);
  for (int i = 0; i < draws; ++i) {
    const int64_t z = sample_discrete_laplace(random, scale);
    const int64_t index = z < -range ? 0 : z > range ? 2 * range + 2 : z + range + 1;
    observed[static_cast<size_t>(index)] += 1;
  }
  double inside = 0;
  for (int z = -range; z <= range; ++z)
    inside += probabilities[static_cast<size_t>(z + range + 1)] = discrete_laplace_pmf(z, b);
  probabilities.front() = probabilities.back() = (1 - inside) / 2;
  return testing::chi_square_p_value(observed, probabilities);
}
}  // namespace

TEST_CASE("rational scales round up and reject bad values", "[noise]") {
  const RationalScale scale = rational_scale_at_least(136.0 / 0.92).value();
  CHECK(scale.value() >= 136.0 / 0.92);
  CHECK(scale.value() - 136.0 / 0.92 < 1.0 / (1 << 20));
  CHECK(rational_scale_at_least(2.0).value().numerator == 2u << 20);
  for (double bad : {0.0, -1.0, double(NAN), double(INFINITY), 2e9}) {
    CHECK(rational_scale_at_least(bad).status().code() == ErrorCode::InvalidArgument);
  }
}

TEST_CASE("Bernoulli(exp(-x/y)) has the exact probability", "[noise]") {
  for (auto [x, y] : {std::pair<uint64_t, uint64_t>{0, 1}, {1, 3}, {1, 1}, {5, 2}, {7, 3}}) {
    SeededTestRandom random(11 + x * 31 + y);
    const int draws = 200000;
    double successes = 0;
    for (int i = 0; i < draws; ++i) successes += bernoulli_exp_minus(random, x, y) ? 1 : 0;
    const double p = std::exp(-static_cast<double>(x) / static_cast<double>(y));
    INFO("x/y = " << x << "/" << y);
    CHECK(testing::chi_square_p_value({successes, draws - successes}, {p, 1 - p}) > kAlpha);
  }
}

TEST_CASE("discrete Laplace matches its exact pmf", "[noise]") {
  for (double b : {0.5, 1.0, 3.7, 25.0, 147.8}) {
    INFO("scale " << b);
    CHECK(discrete_laplace_fit(rational_scale_at_least(b).value(), 200000, 1000 + static_cast<uint64_t>(b * 10)) >
          kAlpha);
  }
}

TEST_CASE("a discrete Laplace calibrated to the wrong scale is caught", "[noise][calibration]") {
  // Sampling at scale 2 but testing against scale 2.2 must fail: the test has power.
  SeededTestRandom random(5);
  const RationalScale sampled = rational_scale_at_least(2.0).value();
  std::vector<double> observed(41, 0.0), probabilities(41, 0.0);
  for (int i = 0; i < 200000; ++i) {
    const int64_t z = std::clamp<int64_t>(sample_discrete_laplace(random, sampled), -20, 20);
    observed[static_cast<size_t>(z + 20)] += 1;
  }
  double inside = 0;
  for (int z = -19; z <= 19; ++z) inside += probabilities[static_cast<size_t>(z + 20)] = discrete_laplace_pmf(z, 2.2);
  probabilities.front() = probabilities.back() = (1 - inside) / 2;
  CHECK(testing::chi_square_p_value(observed, probabilities) < 1e-10);
}

TEST_CASE("continuous Laplace matches its CDF (Kolmogorov-Smirnov)", "[noise]") {
  for (double b : {0.1, 1.0, 40.0}) {
    SeededTestRandom random(77);
    std::vector<double> sample(100000);
    for (double& x : sample) x = sample_laplace(random, b);
    const auto cdf = [b](double x) { return x < 0 ? 0.5 * std::exp(x / b) : 1 - 0.5 * std::exp(-x / b); };
    INFO("scale " << b);
    CHECK(testing::kolmogorov_smirnov_p_value(sample, cdf) > kAlpha);
    // ... and against a 5% wider scale it must fail.
    const auto wrong = [b](double x) {
      return x < 0 ? 0.5 * std::exp(x / (1.05 * b)) : 1 - 0.5 * std::exp(-x / (1.05 * b));
    };
    CHECK(testing::kolmogorov_smirnov_p_value(sample, wrong) < 1e-6);
  }
}
