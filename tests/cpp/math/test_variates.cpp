// Statistical tests of the normal, Gamma and Beta variates against their exact CDFs. Seeds are
// fixed, so each test is deterministic; alpha = 1e-4 is the chance that correct variates would
// fail with a fresh seed (per check). KS critical value at alpha = 1e-4 (asymptotic):
// sqrt(ln(2 / alpha) / 2) / sqrt(n) = 2.2252 / sqrt(n), i.e. 0.00995 for n = 50,000.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "math/variates.hpp"
#include "special_functions.hpp"
#include "statistics.hpp"

using namespace privsynth;

namespace {
constexpr double kAlpha = 1e-4;
constexpr size_t kDraws = 50000;
const double kKsCritical = std::sqrt(std::log(2 / kAlpha) / 2) / std::sqrt(static_cast<double>(kDraws));

// I_x(a, b), the Beta(a, b) CDF (from the test-support library, as used by the Clopper-Pearson intervals).
double beta_cdf(double a, double b, double x) { return regularized_incomplete_beta(a, b, x); }

// Gamma(a, 1) CDF: P(a, x) = 1 - Q(a, x), and Q(a, x) is the chi-square tail with 2a dof at 2x.
double gamma_cdf(double a, double x) { return x <= 0 ? 0 : 1 - testing::chi_square_upper_tail(2 * x, 2 * a); }

std::vector<double> draw(const std::function<double()>& variate) {
  std::vector<double> sample(kDraws);
  for (double& x : sample) x = variate();
  return sample;
}

double mean_of(const std::vector<double>& x) {
  double s = 0;
  for (double v : x) s += v;
  return s / static_cast<double>(x.size());
}

double variance_of(const std::vector<double>& x) {
  const double m = mean_of(x);
  double s = 0;
  for (double v : x) s += (v - m) * (v - m);
  return s / static_cast<double>(x.size() - 1);
}
}  // namespace

TEST_CASE("the incomplete beta used by these tests matches closed forms", "[bernstein][beta]") {
  for (double x : {0.01, 0.2, 0.5, 0.77, 0.99}) {
    CHECK(beta_cdf(1, 3, x) == Approx(1 - std::pow(1 - x, 3)).margin(1e-12));
    CHECK(beta_cdf(0.5, 0.5, x) == Approx(2 / std::acos(-1.0) * std::asin(std::sqrt(x))).margin(1e-12));
    // Integer shapes: I_x(2, 5) = P(Binomial(6, x) >= 2).
    const double binomial_tail = 1 - std::pow(1 - x, 6) - 6 * x * std::pow(1 - x, 5);
    CHECK(beta_cdf(2, 5, x) == Approx(binomial_tail).margin(1e-12));
  }
}

TEST_CASE("standard normal draws match Phi (Kolmogorov-Smirnov)", "[bernstein][beta]") {
  SeededTestRandom random(101);
  const std::vector<double> sample = draw([&] { return sample_standard_normal(random); });
  const double d =
      testing::kolmogorov_smirnov_statistic(sample, [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); });
  INFO("KS D = " << d << ", critical " << kKsCritical);
  CHECK(d < kKsCritical);
  CHECK(std::fabs(mean_of(sample)) < 4 / std::sqrt(static_cast<double>(kDraws)));
  CHECK(std::fabs(variance_of(sample) - 1) < 4 * std::sqrt(2.0 / kDraws));
}

TEST_CASE("Gamma draws match the Gamma CDF, mean and variance", "[bernstein][beta]") {
  for (double a : {0.3, 1.0, 2.5, 10.0, 150.0}) {
    SeededTestRandom random(200 + static_cast<uint64_t>(a * 10));
    const std::vector<double> sample = draw([&] { return sample_gamma(random, a); });
    const double d = testing::kolmogorov_smirnov_statistic(sample, [a](double x) { return gamma_cdf(a, x); });
    INFO("shape " << a << ": KS D = " << d << ", critical " << kKsCritical);
    CHECK(d < kKsCritical);
    // Mean a, variance a: 4 standard errors (the variance's SE uses the Gamma kurtosis 3 + 6/a).
    CHECK(std::fabs(mean_of(sample) - a) < 4 * std::sqrt(a / kDraws));
    CHECK(std::fabs(variance_of(sample) - a) < 4 * a * std::sqrt((2 + 6 / a) / kDraws));
    CHECK(*std::min_element(sample.begin(), sample.end()) >= 0);
  }
}

TEST_CASE("Beta draws match the regularized incomplete beta, mean and variance", "[bernstein][beta]") {
  const std::vector<std::pair<double, double>> shapes = {{1, 1},     {1, 3},  {2, 5}, {0.5, 0.5},
                                                         {0.2, 0.7}, {13, 8}, {1, 61}};
  // Named copies, not a structured binding: C++17 lets no lambda capture a binding (GCC allows it,
  // Emscripten's clang refuses).
  for (const auto& shape : shapes) {
    const double a = shape.first, b = shape.second;
    SeededTestRandom random(300 + static_cast<uint64_t>(a * 100 + b));
    const std::vector<double> sample = draw([&] { return sample_beta(random, a, b); });
    const double d = testing::kolmogorov_smirnov_statistic(sample, [a, b](double x) { return beta_cdf(a, b, x); });
    INFO("Beta(" << a << ", " << b << "): KS D = " << d << ", critical " << kKsCritical);
    CHECK(d < kKsCritical);
    const double mean = a / (a + b), variance = a * b / ((a + b) * (a + b) * (a + b + 1));
    CHECK(std::fabs(mean_of(sample) - mean) < 4 * std::sqrt(variance / kDraws));
    // A Beta variate lies in [0, 1], so its squared deviation has variance at most E[(X - m)^4] <= variance.
    CHECK(std::fabs(variance_of(sample) - variance) < 4 * std::sqrt(variance / kDraws));
    CHECK(*std::min_element(sample.begin(), sample.end()) >= 0);
    CHECK(*std::max_element(sample.begin(), sample.end()) <= 1);
  }
}

TEST_CASE("Beta variates with swapped shapes is caught (the KS test has power)", "[bernstein][beta]") {
  SeededTestRandom random(7);
  const std::vector<double> sample = draw([&] { return sample_beta(random, 3, 4); });
  CHECK(testing::kolmogorov_smirnov_statistic(sample, [](double x) { return beta_cdf(3, 4, x); }) < kKsCritical);
  CHECK(testing::kolmogorov_smirnov_statistic(sample, [](double x) { return beta_cdf(4, 3, x); }) > 5 * kKsCritical);
  CHECK(testing::kolmogorov_smirnov_statistic(sample, [](double x) { return beta_cdf(3.3, 4, x); }) > kKsCritical);
}

TEST_CASE("variates reject invalid shapes and repeat under a fixed seed", "[bernstein][beta]") {
  SeededTestRandom random(1);
  for (double bad : {0.0, -1.0, double(NAN), double(INFINITY)}) {
    CHECK(std::isnan(sample_gamma(random, bad)));
    CHECK(std::isnan(sample_beta(random, bad, 2)));
    CHECK(std::isnan(sample_beta(random, 2, bad)));
  }
  SeededTestRandom first(99), second(99);
  for (int i = 0; i < 100; ++i) CHECK(sample_beta(first, 0.4, 7) == sample_beta(second, 0.4, 7));
}
