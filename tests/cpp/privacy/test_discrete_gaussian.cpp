// Statistical tests of the exact discrete Gaussian sampler against its exact pmf. Seeds are fixed,
// so each test is deterministic; alpha is the chance that a correct sampler fails with a fresh seed.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "privacy/discrete_gaussian.hpp"
#include "statistics.hpp"

using namespace privsynth;

namespace {
constexpr double kAlpha = 1e-4;
constexpr int kDraws = 50000;

// Exact pmf of N_Z(0, s2) on [-range, range] (normalised over a range where the rest is < 1e-300).
std::vector<double> discrete_gaussian_pmf(double s2, int range) {
  const int wide = static_cast<int>(std::ceil(40 * std::sqrt(s2))) + 40;
  double normaliser = 0;
  for (int x = -wide; x <= wide; ++x) normaliser += std::exp(-static_cast<double>(x) * x / (2 * s2));
  std::vector<double> pmf(2 * range + 1);
  for (int x = -range; x <= range; ++x) pmf[x + range] = std::exp(-static_cast<double>(x) * x / (2 * s2)) / normaliser;
  return pmf;
}

double discrete_gaussian_variance(double s2) {
  const int wide = static_cast<int>(std::ceil(40 * std::sqrt(s2))) + 40;
  const std::vector<double> pmf = discrete_gaussian_pmf(s2, wide);
  double variance = 0;
  for (int x = -wide; x <= wide; ++x) variance += static_cast<double>(x) * x * pmf[x + wide];
  return variance;
}

std::vector<int64_t> draws(const RationalVariance& variance, int count, uint64_t seed) {
  SeededTestRandom random(seed);
  std::vector<int64_t> sample(count);
  for (int64_t& z : sample) z = sample_discrete_gaussian(random, variance);
  return sample;
}

// Chi-square p-value of a sample against N_Z(0, s2): cells [-range, range] plus the two tails
// (cells expected below 5 are pooled by chi_square_p_value).
double fit_p_value(const std::vector<int64_t>& sample, double s2) {
  const int range = static_cast<int>(std::ceil(8 * std::sqrt(s2))) + 1;
  std::vector<double> observed(2 * range + 3, 0.0), probabilities(2 * range + 3, 0.0);
  for (int64_t z : sample) {
    const int64_t index = z < -range ? 0 : z > range ? 2 * range + 2 : z + range + 1;
    observed[static_cast<size_t>(index)] += 1;
  }
  const std::vector<double> pmf = discrete_gaussian_pmf(s2, range);
  double inside = 0;
  for (int x = -range; x <= range; ++x) inside += probabilities[x + range + 1] = pmf[x + range];
  probabilities.front() = probabilities.back() = std::max(0.0, (1 - inside) / 2);
  return testing::chi_square_p_value(observed, probabilities);
}

double mean_square(const std::vector<int64_t>& sample) {
  double sum = 0;
  for (int64_t z : sample) sum += static_cast<double>(z) * static_cast<double>(z);
  return sum / static_cast<double>(sample.size());
}
}  // namespace

TEST_CASE("rational variances round up and reject bad values", "[discrete-gaussian]") {
  const RationalVariance v = rational_variance_at_least(3 / (2 * 0.0149731)).value();
  CHECK(v.value() >= 3 / (2 * 0.0149731));
  CHECK(v.value() - 3 / (2 * 0.0149731) <= 1.0 / (1 << 20));
  CHECK(v.denominator == kMaxVarianceDenominator);
  CHECK(rational_variance_at_least(4.0).value().numerator == 4u << 20);
  const RationalVariance tiny = rational_variance_at_least(1e-300).value();
  CHECK(tiny.numerator == 1);
  CHECK(tiny.value() >= 1e-300);
  // Large variances keep the numerator within 2^50 and still round up, at relative resolution 2^-20.
  for (double big : {1e9, 123456789012.5, 1e15}) {
    const RationalVariance r = rational_variance_at_least(big).value();
    INFO("variance " << big);
    CHECK(r.numerator <= kMaxVarianceNumerator);
    CHECK(r.value() >= big);
    CHECK(r.value() <= big * (1 + 1.0 / (1 << 20)));
  }
  for (double bad : {0.0, -1.0, double(NAN), double(INFINITY), 2e15}) {
    CHECK(rational_variance_at_least(bad).status().code() == ErrorCode::InvalidArgument);
  }
}

TEST_CASE("discrete Gaussian matches its exact pmf and variance", "[discrete-gaussian]") {
  // s2 = 0.5 uses the s < 1 branch (Laplace scale 1), the others the integer-centre branch; 1 is
  // the boundary between them.
  for (double s2 : {0.5, 1.0, 4.0, 100.0}) {
    const RationalVariance variance = rational_variance_at_least(s2).value();
    REQUIRE(variance.value() == s2);  // exactly representable: no rounding in the pmf
    const std::vector<int64_t> sample = draws(variance, kDraws, 4000 + static_cast<uint64_t>(s2 * 10));
    const double exact_variance = discrete_gaussian_variance(s2);
    INFO("s^2 = " << s2 << ", exact variance " << exact_variance << ", sample " << mean_square(sample));
    CHECK(fit_p_value(sample, s2) > kAlpha);
    CHECK(std::fabs(mean_square(sample) / exact_variance - 1) < 0.03);
  }
}

TEST_CASE("a discrete Gaussian with the wrong variance is caught", "[discrete-gaussian][calibration]") {
  // Sampling at s^2 but testing against 1.2 s^2 must fail: the test above has power.
  for (double s2 : {0.5, 4.0, 100.0}) {
    const std::vector<int64_t> sample = draws(rational_variance_at_least(s2).value(), kDraws, 77);
    INFO("s^2 = " << s2);
    CHECK(fit_p_value(sample, 1.2 * s2) < 1e-10);
    CHECK(std::fabs(mean_square(sample) / discrete_gaussian_variance(1.2 * s2) - 1) > 0.03);
  }
}

TEST_CASE("discrete Gaussian at extreme variances", "[discrete-gaussian]") {
  // Tiny: P(Z != 0) = 2 exp(-1/(2 s^2)) / ... ~ 1e-217000, so every draw is 0.
  SeededTestRandom random(9);
  const RationalVariance tiny = rational_variance_at_least(1e-6).value();
  bool all_zero = true;
  for (int i = 0; i < 2000; ++i) all_zero = all_zero && sample_discrete_gaussian(random, tiny) == 0;
  CHECK(all_zero);
  // Large (s = 10^6, numerator near 2^50): the variance is s^2 up to 1e-300 relative; 20,000
  // draws give the mean square within 3% with probability far above 1 - 1e-4 (sd 1%).
  const double s2 = 1e12;
  const std::vector<int64_t> sample = draws(rational_variance_at_least(s2).value(), 20000, 10);
  CHECK(std::fabs(mean_square(sample) / s2 - 1) < 0.03);
  const auto normal_cdf = [s2](double x) { return 0.5 * std::erfc(-x / std::sqrt(2 * s2)); };
  std::vector<double> reals(sample.begin(), sample.end());
  // At s = 10^6 the lattice is invisible to KS: the continuous N(0, s^2) CDF fits.
  CHECK(testing::kolmogorov_smirnov_p_value(reals, normal_cdf) > kAlpha);
}
