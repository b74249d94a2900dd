// Tests of the Bernstein mechanism and the private Gaussian KDE
// (core/src/mechanisms/reduced_space_lp/bernstein_kde.cpp). Reference values: docs/spec/checks/bernstein_check.txt.
// Seeds are fixed, so every test is deterministic; statistical checks use alpha = 1e-4 (the chance that a correct
// implementation fails with a fresh seed, per check).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "mechanisms/reduced_space_lp/bernstein_kde.hpp"
#include "privacy/accountant.hpp"
#include "statistics.hpp"

using namespace privsynth;

namespace {
constexpr double kAlpha = 1e-4;

BernsteinParameters lattice(int p, int k, int h, double sigma = 0.1) {
  BernsteinParameters parameters;
  parameters.dimensions = p;
  parameters.lattice_resolution = k;
  parameters.order = h;
  parameters.bandwidth = sigma;
  parameters.lattice_points = static_cast<size_t>(std::pow(k + 1, p));
  return parameters;
}

Accountant large_budget() { return Accountant::pure(1e12).value(); }

// f evaluated on the lattice {0, 1/k, ..., 1}^p, row-major with the last axis fastest.
std::vector<double> on_lattice(int p, int k, const std::function<double(const std::vector<double>&)>& f) {
  const size_t side = static_cast<size_t>(k) + 1;
  const size_t points = static_cast<size_t>(std::pow(side, p));
  std::vector<double> values(points), y(static_cast<size_t>(p));
  for (size_t index = 0; index < points; ++index) {
    size_t rest = index;
    for (int j = p - 1; j >= 0; --j, rest /= side) y[j] = static_cast<double>(rest % side) / k;
    values[index] = f(y);
  }
  return values;
}

// sup over the grid {0, 1/40, ..., 1}^2 of |F~ - f|.
double sup_error_2d(const BernsteinRelease& release, const std::function<double(const std::vector<double>&)>& f) {
  double worst = 0;
  for (int a = 0; a <= 40; ++a) {
    for (int b = 0; b <= 40; ++b) {
      const std::vector<double> y = {a / 40.0, b / 40.0};
      worst = std::max(worst, std::fabs(evaluate_release(release, y.data()) - f(y)));
    }
  }
  return worst;
}

double ks_critical(size_t n) { return std::sqrt(std::log(2 / kAlpha) / 2) / std::sqrt(static_cast<double>(n)); }

// Composite Simpson weights for `intervals` (even) intervals of [0, 1].
std::vector<double> simpson_weights(int intervals) {
  std::vector<double> w(static_cast<size_t>(intervals) + 1);
  for (int i = 0; i <= intervals; ++i) w[i] = (i == 0 || i == intervals ? 1.0 : i % 2 ? 4.0 : 2.0) / (3.0 * intervals);
  return w;
}

// CDF tabulated at the even nodes of a Simpson grid (node 2m is at 2m / intervals), linear in between.
std::function<double(double)> tabulated_cdf(const std::vector<double>& density, int intervals) {
  std::vector<double> cdf(static_cast<size_t>(intervals / 2) + 1, 0.0);
  const double h = 1.0 / intervals;
  for (int m = 1; m <= intervals / 2; ++m) {
    cdf[m] = cdf[m - 1] + h / 3 * (density[2 * m - 2] + 4 * density[2 * m - 1] + density[2 * m]);
  }
  return [cdf, intervals](double x) {
    const double position = std::clamp(x, 0.0, 1.0) * (intervals / 2);
    const size_t m = std::min(static_cast<size_t>(position), cdf.size() - 2);
    const double t = position - static_cast<double>(m);
    return (1 - t) * cdf[m] + t * cdf[m + 1];
  };
}

const auto kSmooth = [](const std::vector<double>& y) {
  return std::exp(-(y[0] - 0.3) * (y[0] - 0.3) - (y[1] - 0.6) * (y[1] - 0.6));
};
}  // namespace

TEST_CASE("iterated Bernstein weights match the spec's test vector and identities", "[bernstein]") {
  const auto w = iterated_bernstein_weights(2, 2);
  const double expected[3][3] = {{1, 0, 0}, {-0.25, 1.5, -0.25}, {0, 0, 1}};
  REQUIRE(w.size() == 3);
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) CHECK(w[a][b] == Approx(expected[a][b]).margin(1e-12));
  }
  for (int k : {1, 5, 12}) {
    const auto identity = iterated_bernstein_weights(k, 1);
    for (int a = 0; a <= k; ++a) {
      for (int b = 0; b <= k; ++b) CHECK(identity[a][b] == (a == b ? 1.0 : 0.0));
    }
  }
  for (int k : {3, 10, 25}) {
    for (int h : {1, 2, 3, 4}) {
      const auto wk = iterated_bernstein_weights(k, h);
      for (double y : {0.0, 0.1, 0.37, 0.5, 0.93, 1.0}) {
        INFO("k = " << k << ", h = " << h << ", y = " << y);
        const auto basis = iterated_bernstein_basis(k, h, y);
        const auto plain = bernstein_basis(k, y);
        double sum = 0;
        for (int v = 0; v <= k; ++v) {
          sum += basis[v];
          double via_w = 0;  // b^(h)_v(y) = sum_mu W[mu][v] b_mu(y)
          for (int mu = 0; mu <= k; ++mu) via_w += wk[mu][v] * plain[mu];
          CHECK(basis[v] == Approx(via_w).margin(1e-12));
        }
        CHECK(sum == Approx(1).margin(1e-12));
      }
    }
  }
  CHECK(bernstein_basis(0, 0.5).empty());
  CHECK(bernstein_basis(3, 1.5).empty());
}

TEST_CASE("iterated Bernstein approximation reproduces bernstein_check.txt", "[bernstein]") {
  // Values printed (4 or 3 decimals) by docs/spec/checks/bernstein_check.py on y = i/200.
  struct Row {
    int k, h;
    double sin_error, bump_error, abs_sum;
  };
  const Row rows[] = {{10, 1, 0.4478, 0.4391, 1.000}, {10, 2, 0.2728, 0.3015, 1.164}, {10, 3, 0.1968, 0.2429, 1.226},
                      {25, 2, 0.0909, 0.1371, 1.163}, {25, 3, 0.0433, 0.0904, 1.227}, {25, 4, 0.0233, 0.0667, 1.262}};
  const auto f = [](double x) { return x * std::sin(10 * x); };
  const auto g = [](double x) { return std::exp(-(x - 0.3) * (x - 0.3) / (2 * 0.1 * 0.1)); };
  for (const Row& row : rows) {
    double sin_error = 0, bump_error = 0, abs_sum = 0;
    for (int i = 0; i <= 200; ++i) {
      const double y = i / 200.0;
      const auto basis = iterated_bernstein_basis(row.k, row.h, y);
      double fy = 0, gy = 0, a = 0;
      for (int v = 0; v <= row.k; ++v) {
        fy += f(static_cast<double>(v) / row.k) * basis[v];
        gy += g(static_cast<double>(v) / row.k) * basis[v];
        a += std::fabs(basis[v]);
      }
      sin_error = std::max(sin_error, std::fabs(fy - f(y)));
      bump_error = std::max(bump_error, std::fabs(gy - g(y)));
      abs_sum = std::max(abs_sum, a);
    }
    INFO("k = " << row.k << ", h = " << row.h);
    CHECK(sin_error == Approx(row.sin_error).margin(5e-5));
    CHECK(bump_error == Approx(row.bump_error).margin(5e-5));
    CHECK(abs_sum == Approx(row.abs_sum).margin(5e-4));
  }
  // The same number through the mechanism (no noise; sensitivity 1e-9 makes rounding negligible).
  auto accountant = large_budget();
  SeededTestRandom random(1);
  const auto values = on_lattice(1, 25, [&](const std::vector<double>& y) { return g(y[0]); });
  const auto release = release_lattice_function(lattice(1, 25, 2), values, 1e-9, 1, "bump", accountant, random, true);
  REQUIRE(release.is_ok());
  double worst = 0;
  for (int i = 0; i <= 200; ++i) {
    const double y = i / 200.0;
    worst = std::max(worst, std::fabs(evaluate_release(release.value(), &y) - g(y)));
  }
  CHECK(worst == Approx(0.1371).margin(5e-5));
}

TEST_CASE("a released smooth function approaches it as epsilon grows", "[bernstein]") {
  // f(y) = exp(-(y1-0.3)^2 - (y2-0.6)^2) on [0,1]^2, k = 20, sensitivity 1 (quantum 1/1024).
  // Pure approximation bound for h = 1 (Taylor to second order around y, E over the binomial
  // lattice point z, Var(z_j) <= 1/(4k)): |B_k f - f| <= (1/2)(|f_11| + |f_22| + 2|f_12|) / (4k)
  // with sup|f_jj| = 2 and sup|f_12| = 2/e, i.e. (4 + 4/e) / (8k) = 0.0342 at k = 20; plus the
  // rounding to 1/1024 (<= 1/2048 per coefficient, times sum|b^(h)| <= 1.3^2): 0.001.
  const int k = 20;
  const double bound_h1 = (4 + 4 / std::exp(1.0)) / (8.0 * k) + 0.001;
  const auto values = on_lattice(2, k, kSmooth);
  auto accountant = large_budget();
  SeededTestRandom random(2);
  const auto exact_h1 = release_lattice_function(lattice(2, k, 1), values, 1, 1, "f", accountant, random, true);
  const auto exact_h2 = release_lattice_function(lattice(2, k, 2), values, 1, 1, "f", accountant, random, true);
  REQUIRE(exact_h1.is_ok());
  REQUIRE(exact_h2.is_ok());
  const double pure_h1 = sup_error_2d(exact_h1.value(), kSmooth), pure_h2 = sup_error_2d(exact_h2.value(), kSmooth);
  INFO("noiseless sup error: h = 1 " << pure_h1 << ", h = 2 " << pure_h2 << "; bound (h = 1) " << bound_h1);
  CHECK(pure_h1 < bound_h1);
  CHECK(pure_h2 < pure_h1 / 4);  // the iterated operator's O(k^-2) error

  for (int h : {1, 2}) {
    const auto nearly_exact = release_lattice_function(lattice(2, k, h), values, 1, 1e6, "f", accountant, random);
    REQUIRE(nearly_exact.is_ok());
    const double error = sup_error_2d(nearly_exact.value(), kSmooth);
    INFO("h = " << h << ": sup error at eps = 1e6 " << error);
    CHECK(error < bound_h1);
  }

  // Mean sup error over 5 seeds (h = 2). Noise scales are 441 * 1.001 / eps, 10x to 100x apart,
  // and dominate the 0.002 approximation error: require each mean to fall by at least 3x.
  std::vector<double> means;
  for (double eps : {0.1, 1.0, 10.0, 1000.0}) {
    double total = 0;
    for (uint64_t seed = 0; seed < 5; ++seed) {
      SeededTestRandom seeded(100 + seed + 10 * means.size());
      const auto noisy = release_lattice_function(lattice(2, k, 2), values, 1, eps, "f", accountant, seeded);
      REQUIRE(noisy.is_ok());
      total += sup_error_2d(noisy.value(), kSmooth);
    }
    means.push_back(total / 5);
  }
  INFO("mean sup errors at eps 0.1, 1, 10, 1000: " << means[0] << ", " << means[1] << ", " << means[2] << ", "
                                                   << means[3]);
  for (size_t i = 1; i < means.size(); ++i) CHECK(means[i] < means[i - 1] / 3);
}

TEST_CASE("the noise has scale (k+1)^p * Delta / eps, not (k+1) * Delta / eps", "[bernstein]") {
  // Z_v = T_v / q - round(F_v / q) must be an integer with std sqrt(2) * b quanta,
  // b = (k+1)^p * 1025 / eps; 40,000+ coefficients give the std to about 0.6% (3% = 5 SE).
  struct Case {
    int p, k;
    double sensitivity, eps;
    uint64_t seed;
  };
  for (const Case& c : {Case{3, 34, 2.0, 100.0, 31}, Case{2, 200, 1.0, 50.0, 32}}) {
    const BernsteinParameters parameters = lattice(c.p, c.k, 1);
    SeededTestRandom value_random(c.seed + 1000);
    std::vector<double> values(parameters.lattice_points);
    for (double& v : values) v = 50 * value_random.uniform_unit();
    auto accountant = large_budget();
    SeededTestRandom random(c.seed);
    const auto release =
        release_lattice_function(parameters, values, c.sensitivity, c.eps, "noise test", accountant, random);
    REQUIRE(release.is_ok());
    const double q = c.sensitivity / 1024;
    const double points = static_cast<double>(parameters.lattice_points);
    const double b = points * 1025 / c.eps;
    double sum_sq = 0, worst_fraction = 0;
    for (size_t v = 0; v < values.size(); ++v) {
      const double z = release.value().coefficients[v] / q - std::round(values[v] / q);
      worst_fraction = std::max(worst_fraction, std::fabs(z - std::round(z)));
      sum_sq += z * z;
    }
    const double std_dev = std::sqrt(sum_sq / points);
    INFO("p = " << c.p << ", k = " << c.k << ": std " << std_dev << " vs sqrt(2) b = " << std::sqrt(2.0) * b);
    CHECK(worst_fraction < 1e-6);
    CHECK(std::fabs(std_dev / (std::sqrt(2.0) * b) - 1) < 0.03);
    CHECK(release.value().noise_scale == Approx(b * q).epsilon(1e-6));
    CHECK(release.value().noise_scale >= points * c.sensitivity / c.eps);
    CHECK(accountant.ledger().size() == 1);
    CHECK(accountant.ledger()[0].epsilon == c.eps);
  }
}

TEST_CASE("samples from a 1-D release follow its mixture density", "[bernstein]") {
  // Spiky lattice values make h = 2 produce negative transformed coefficients, so clipping is tested.
  const int k = 12;
  std::vector<double> values(k + 1, 0.0);
  values[4] = 1;
  values[10] = 0.6;
  auto accountant = large_budget();
  SeededTestRandom random(41);
  const auto release = release_lattice_function(lattice(1, k, 2), values, 1e-9, 1, "spikes", accountant, random, true);
  REQUIRE(release.is_ok());
  const auto& mixture = release.value().mixture;
  CHECK(std::count(mixture.begin(), mixture.end(), 0.0) > 0);
  CHECK(std::count(mixture.begin(), mixture.end(), 0.0) < k + 1);

  const int intervals = 4000;
  std::vector<double> density(intervals + 1);
  for (int i = 0; i <= intervals; ++i) {
    const double y = static_cast<double>(i) / intervals;
    density[i] = mixture_density(release.value(), &y);
  }
  const auto cdf = tabulated_cdf(density, intervals);
  CHECK(cdf(1.0) == Approx(1).margin(1e-9));
  const size_t draws = 20000;
  const auto sample = sample_release(release.value(), draws, random);
  REQUIRE(sample.size() == 1);
  const double d = testing::kolmogorov_smirnov_statistic(sample[0], cdf);
  INFO("1-D KS D = " << d << ", critical value (alpha 1e-4) " << ks_critical(draws));
  CHECK(d < ks_critical(draws));
  // The power check: against the unclipped polynomial's shape the same sample must fail.
  const auto uniform_cdf = [](double x) { return std::clamp(x, 0.0, 1.0); };
  CHECK(testing::kolmogorov_smirnov_statistic(sample[0], uniform_cdf) > 5 * ks_critical(draws));
}

TEST_CASE("samples from a 2-D release follow its mixture density", "[bernstein]") {
  const int k = 8, intervals = 800;
  const auto bumps = [](const std::vector<double>& y) {
    const auto bump = [&](double a, double b) {
      return std::exp(-((y[0] - a) * (y[0] - a) + (y[1] - b) * (y[1] - b)) / 0.02);
    };
    return bump(0.25, 0.7) + 0.5 * bump(0.75, 0.3);
  };
  auto accountant = large_budget();
  SeededTestRandom random(42);
  const auto release =
      release_lattice_function(lattice(2, k, 2), on_lattice(2, k, bumps), 1, 1e4, "bumps", accountant, random);
  REQUIRE(release.is_ok());
  REQUIRE_FALSE(release.value().uniform_fallback);

  // Density on a Simpson grid; marginals and 4x4 cell probabilities by composite Simpson.
  const auto w = simpson_weights(intervals);
  std::vector<double> marginal0(intervals + 1, 0.0), marginal1(intervals + 1, 0.0), cells(16, 0.0);
  double total = 0;
  for (int a = 0; a <= intervals; ++a) {
    for (int b = 0; b <= intervals; ++b) {
      const double y[2] = {static_cast<double>(a) / intervals, static_cast<double>(b) / intervals};
      const double f = mixture_density(release.value(), y);
      marginal0[a] += w[b] * f;
      marginal1[b] += w[a] * f;
      total += w[a] * w[b] * f;
      // A node on a cell boundary belongs to both cells, each with its own half of Simpson's rule.
      const int quarter = intervals / 4;
      for (int ca = std::max(0, (a - 1) / quarter); ca <= std::min(3, a / quarter); ++ca) {
        for (int cb = std::max(0, (b - 1) / quarter); cb <= std::min(3, b / quarter); ++cb) {
          const int la = a - ca * quarter, lb = b - cb * quarter;
          if (la < 0 || la > quarter || lb < 0 || lb > quarter) continue;
          const auto local = [&](int i) {
            return (i == 0 || i == quarter ? 1.0 : i % 2 ? 4.0 : 2.0) / (3.0 * intervals);
          };
          cells[ca * 4 + cb] += local(la) * local(lb) * f;
        }
      }
    }
  }
  CHECK(total == Approx(1).margin(1e-9));
  double cell_total = 0;
  for (double c : cells) cell_total += c;
  CHECK(cell_total == Approx(1).margin(1e-9));

  const size_t draws = 20000;
  const auto sample = sample_release(release.value(), draws, random);
  REQUIRE(sample.size() == 2);
  const double d0 = testing::kolmogorov_smirnov_statistic(sample[0], tabulated_cdf(marginal0, intervals));
  const double d1 = testing::kolmogorov_smirnov_statistic(sample[1], tabulated_cdf(marginal1, intervals));
  std::vector<double> observed(16, 0.0);
  for (size_t i = 0; i < draws; ++i) {
    observed[std::min(3, static_cast<int>(sample[0][i] * 4)) * 4 + std::min(3, static_cast<int>(sample[1][i] * 4))] +=
        1;
  }
  const double chi_p = testing::chi_square_p_value(observed, cells);
  INFO("2-D KS D = " << d0 << ", " << d1 << " (critical " << ks_critical(draws) << "); 4x4 chi-square p = " << chi_p);
  CHECK(d0 < ks_critical(draws));
  CHECK(d1 < ks_critical(draws));
  CHECK(chi_p > kAlpha);
}

TEST_CASE("an all-negative release falls back to the uniform distribution", "[bernstein]") {
  auto accountant = large_budget();
  SeededTestRandom random(43);
  const auto release = release_lattice_function(lattice(2, 3, 2), std::vector<double>(16, -1.0), 1, 1, "negative",
                                                accountant, random, true);
  REQUIRE(release.is_ok());
  CHECK(release.value().uniform_fallback);
  CHECK(release.value().mixture.empty());
  const double y[2] = {0.3, 0.9};
  CHECK(mixture_density(release.value(), y) == 1);
  CHECK(evaluate_release(release.value(), y) == Approx(-1).margin(1e-12));  // B^(h) reproduces constants
  const auto sample = sample_release(release.value(), 20000, random);
  CHECK(testing::kolmogorov_smirnov_statistic(sample[1], [](double x) { return x; }) < ks_critical(20000));
}

TEST_CASE("parameters are chosen from public inputs by the documented rules", "[bernstein]") {
  const BernsteinOptions defaults;
  const auto chosen = choose_bernstein_parameters(2, 1e5, 1, defaults);
  REQUIRE(chosen.is_ok());
  const BernsteinParameters& parameters = chosen.value();
  // Spec §2's example: p = 2, n = 1e5, eps = 1 gives k ~ 18 for h = 2 (46 for h = 1, 10 for h = 3).
  CHECK(parameters.order == 2);
  CHECK(parameters.lattice_resolution == 18);
  CHECK(parameters.lattice_points == 361);
  CHECK(parameters.bandwidth == Approx(std::sqrt(std::log(1e5) / 1e5)).epsilon(1e-12));
  CHECK(parameters.lattice_choice.find("balancing") != std::string::npos);
  CHECK_FALSE(parameters.order_choice.empty());
  CHECK(parameters.bandwidth_choice.find("Thm IV.1") != std::string::npos);
  BernsteinOptions options;
  options.order = 1;
  CHECK(choose_bernstein_parameters(2, 1e5, 1, options).value().lattice_resolution == 46);
  options.order = 3;
  CHECK(choose_bernstein_parameters(2, 1e5, 1, options).value().lattice_resolution == 10);

  // Caps: the lattice size (128^3 = 2^21 points), the noise scale and the resolution limit.
  const auto capped = choose_bernstein_parameters(3, 1e12, 10, defaults).value();
  CHECK(capped.lattice_resolution == 127);
  CHECK(capped.lattice_points == (size_t{1} << 21));
  CHECK(capped.lattice_choice.find("capped") != std::string::npos);
  CHECK(choose_bernstein_parameters(2, 1e12, 0.01, defaults).value().lattice_resolution ==
        97);  // 98^2 * 1025 / 0.01 <= 1e9
  CHECK(choose_bernstein_parameters(1, 1e12, 10, defaults).value().lattice_resolution == kMaxBernsteinResolution);
  for (double n : {-5.0, 0.0, 1.0, 3.0}) {
    const auto small = choose_bernstein_parameters(2, n, 1, defaults);
    REQUIRE(small.is_ok());
    CHECK(small.value().lattice_resolution >= 1);
    CHECK(small.value().bandwidth > 0);
    CHECK(small.value().bandwidth <= 1);
  }
  BernsteinOptions wide;
  wide.bandwidth_constant = 100;
  const auto wide_choice = choose_bernstein_parameters(1, 10, 1, wide).value();
  CHECK(wide_choice.bandwidth == 1);
  CHECK(wide_choice.bandwidth_choice.find("capped") != std::string::npos);

  BernsteinOptions fixed;
  fixed.lattice_resolution = 7;
  fixed.order = 3;
  fixed.bandwidth = 0.2;
  const auto echo = choose_bernstein_parameters(2, 1e5, 1, fixed).value();
  CHECK(echo.lattice_resolution == 7);
  CHECK(echo.order == 3);
  CHECK(echo.bandwidth == 0.2);
  CHECK(echo.lattice_points == 64);
  CHECK(echo.lattice_choice == "fixed by the caller");
}

TEST_CASE("bad Bernstein options and too-large lattices are clear errors", "[bernstein]") {
  const BernsteinOptions defaults;
  CHECK(choose_bernstein_parameters(0, 1e5, 1, defaults).status().code() == ErrorCode::InvalidArgument);
  CHECK(choose_bernstein_parameters(2, 1e5, 0, defaults).status().code() == ErrorCode::InvalidArgument);
  CHECK(choose_bernstein_parameters(2, 1e5, NAN, defaults).status().code() == ErrorCode::InvalidArgument);
  CHECK(choose_bernstein_parameters(2, NAN, 1, defaults).status().code() == ErrorCode::InvalidArgument);
  const auto bad = [](auto&& edit) {
    BernsteinOptions options;
    edit(options);
    return choose_bernstein_parameters(2, 1e5, 1, options).status().code();
  };
  CHECK(bad([](BernsteinOptions& o) { o.lattice_resolution = -1; }) == ErrorCode::InvalidArgument);
  CHECK(bad([](BernsteinOptions& o) { o.order = -1; }) == ErrorCode::InvalidArgument);
  CHECK(bad([](BernsteinOptions& o) { o.order = kMaxBernsteinOrder + 1; }) == ErrorCode::InvalidArgument);
  CHECK(bad([](BernsteinOptions& o) { o.bandwidth = -0.1; }) == ErrorCode::InvalidArgument);
  CHECK(bad([](BernsteinOptions& o) { o.bandwidth = 1.5; }) == ErrorCode::InvalidArgument);
  CHECK(bad([](BernsteinOptions& o) { o.bandwidth = NAN; }) == ErrorCode::InvalidArgument);
  CHECK(bad([](BernsteinOptions& o) { o.bandwidth_constant = 0; }) == ErrorCode::InvalidArgument);

  BernsteinOptions big;
  big.lattice_resolution = 200;
  const Status too_big = choose_bernstein_parameters(3, 1e5, 1, big).status();
  CHECK(too_big.code() == ErrorCode::DomainTooLarge);
  CHECK(too_big.message().find("8120601") != std::string::npos);  // 201^3
  CHECK(too_big.message().find("2097152") != std::string::npos);
  CHECK(too_big.message().find("smaller lattice resolution") != std::string::npos);
  CHECK(too_big.message().find("fewer continuous columns") != std::string::npos);
  const Status many_columns = choose_bernstein_parameters(40, 1e5, 1, defaults).status();
  CHECK(many_columns.code() == ErrorCode::DomainTooLarge);
  CHECK(many_columns.message().find("(k+1)^p") != std::string::npos);
  big.lattice_resolution = 2000;
  CHECK(choose_bernstein_parameters(1, 1e5, 1, big).status().code() == ErrorCode::DomainTooLarge);
  big.lattice_resolution = 10;
  const Status tiny_eps = choose_bernstein_parameters(2, 1e5, 1e-4, big).status();  // 121 * 1025 / 1e-4 > 1e9
  CHECK(tiny_eps.code() == ErrorCode::DomainTooLarge);
  CHECK(tiny_eps.message().find("larger epsilon") != std::string::npos);

  auto accountant = large_budget();
  SeededTestRandom random(5);
  BernsteinParameters inconsistent = lattice(2, 4, 2);
  inconsistent.lattice_points = 24;
  CHECK(
      release_lattice_function(inconsistent, std::vector<double>(24), 1, 1, "x", accountant, random).status().code() ==
      ErrorCode::InvalidArgument);
  CHECK(release_lattice_function(lattice(2, 4, 2), std::vector<double>(24), 1, 1, "x", accountant, random)
            .status()
            .code() == ErrorCode::InvalidArgument);
  CHECK(release_lattice_function(lattice(2, 4, 2), std::vector<double>(25, NAN), 1, 1, "x", accountant, random)
            .status()
            .code() == ErrorCode::InvalidArgument);
  CHECK(accountant.ledger().empty());
}

namespace {
// n points in [0,1]^2 from two clusters (70% near (0.25, 0.75), 30% near (0.8, 0.2)), columns.
std::vector<std::vector<double>> two_clusters(size_t n, uint64_t seed) {
  SeededTestRandom random(seed);
  std::vector<std::vector<double>> columns(2, std::vector<double>(n));
  for (size_t i = 0; i < n; ++i) {
    const bool first = random.uniform_unit() < 0.7;
    columns[0][i] = (first ? 0.15 : 0.7) + 0.2 * random.uniform_unit();
    columns[1][i] = (first ? 0.65 : 0.1) + 0.2 * random.uniform_unit();
  }
  return columns;
}
}  // namespace

TEST_CASE("the KDE's lattice values are unnormalised kernel sums of sensitivity 1", "[bernstein]") {
  // Against a brute-force double sum, up to rounding: 1/2048 for the quantum plus 2^-31 per record
  // for the fixed point (kernel factors below 2^-32 are skipped; they would round to 0).
  for (int p : {1, 2, 3}) {
    SeededTestRandom data_random(20 + p);
    std::vector<std::vector<double>> points(p, std::vector<double>(300));
    for (auto& column : points) {
      for (double& x : column) x = data_random.uniform_unit();
    }
    const int k = p == 3 ? 6 : 10;
    auto accountant = large_budget();
    SeededTestRandom random(9);
    const auto release = release_gaussian_kde(points, lattice(p, k, 2, 0.08), 1, accountant, random, {}, true);
    REQUIRE(release.is_ok());
    const auto exact = on_lattice(p, k, [&](const std::vector<double>& y) {
      double sum = 0;
      for (size_t i = 0; i < 300; ++i) {
        double squared = 0;
        for (int j = 0; j < p; ++j) squared += (y[j] - points[j][i]) * (y[j] - points[j][i]);
        sum += std::exp(-squared / (2 * 0.08 * 0.08));
      }
      return sum;
    });
    double worst = 0;
    for (size_t v = 0; v < exact.size(); ++v)
      worst = std::max(worst, std::fabs(release.value().coefficients[v] - exact[v]));
    INFO("p = " << p << ": worst deviation " << worst);
    CHECK(worst <= 1.0 / 2048 + 300 * std::ldexp(1.0, -31) + 1e-9);
  }

  const auto data = two_clusters(300, 8);
  const BernsteinParameters parameters = lattice(2, 10, 2, 0.08);
  auto accountant = large_budget();
  SeededTestRandom random(9);
  const auto release = release_gaussian_kde(data, parameters, 1, accountant, random, {}, true);
  REQUIRE(release.is_ok());
  // Neighbours (one record added, anywhere, including on a lattice point) move every rounded
  // value by at most 1025/1024: the sensitivity the noise is calibrated to.
  SeededTestRandom extra(10);
  double largest_change = 0;
  for (int trial = 0; trial < 20; ++trial) {
    auto neighbour = data;
    const double x = trial == 0 ? 0.3 : extra.uniform_unit(), y = trial == 0 ? 0.7 : extra.uniform_unit();
    neighbour[0].push_back(x);
    neighbour[1].push_back(y);
    const auto other = release_gaussian_kde(neighbour, parameters, 1, accountant, random, {}, true);
    REQUIRE(other.is_ok());
    for (size_t v = 0; v < parameters.lattice_points; ++v) {
      const double change = other.value().coefficients[v] - release.value().coefficients[v];
      CHECK(change >= 0);
      largest_change = std::max(largest_change, change);
    }
  }
  CHECK(largest_change <= 1025.0 / 1024);
  CHECK(largest_change >= 1023.0 / 1024);  // attained by the record at the lattice point (0.3, 0.7)
}

TEST_CASE("the private KDE charges the ledger once with its epsilon and L1 sensitivity (k+1)^p x 1025/1024",
          "[bernstein]") {
  const auto data = two_clusters(2000, 11);
  const BernsteinParameters parameters = lattice(2, 12, 2, 0.1);
  auto accountant = Accountant::pure(2).value();
  SeededTestRandom random(12);
  const auto release = release_gaussian_kde(data, parameters, 0.7, accountant, random);
  REQUIRE(release.is_ok());
  REQUIRE(accountant.ledger().size() == 1);
  const LedgerEntry& entry = accountant.ledger()[0];
  CHECK(entry.epsilon == 0.7);
  CHECK(entry.laplace()->l1_sensitivity == Approx(169 * 1025.0 / 1024));  // values of sensitivity 1, after rounding
  CHECK(entry.laplace()->l1_sensitivity / entry.laplace()->noise_scale <= 0.7 * (1 + 1e-12));
  CHECK(release.value().sensitivity == 1);
  CHECK(entry.laplace()->noise_scale == release.value().noise_scale);
  CHECK(release.value().noise_scale == Approx(169 * 1025.0 / 1024 / 0.7).epsilon(1e-6));
  CHECK(entry.charge.release.find("169 lattice values") != std::string::npos);
  CHECK(accountant.spent() == Approx(0.7));

  auto small = Accountant::pure(0.5).value();
  CHECK(release_gaussian_kde(data, parameters, 0.7, small, random).status().code() == ErrorCode::BudgetExceeded);
  CHECK(small.ledger().empty());
}

TEST_CASE("the private KDE validates its data and can be cancelled before charging", "[bernstein]") {
  auto accountant = large_budget();
  SeededTestRandom random(13);
  const BernsteinParameters parameters = lattice(2, 40, 2, 0.3);
  auto data = two_clusters(20000, 14);  // ~1681 lattice points x 2 per record: 6.7e7 operations
  std::vector<double> fractions;
  const auto cancelled = release_gaussian_kde(data, parameters, 1, accountant, random, [&](double fraction) {
    fractions.push_back(fraction);
    return false;
  });
  CHECK(cancelled.status().code() == ErrorCode::Cancelled);
  REQUIRE(fractions.size() == 1);
  CHECK(fractions[0] > 0);
  CHECK(fractions[0] < 1);
  CHECK(accountant.ledger().empty());

  CHECK(release_gaussian_kde({data[0]}, parameters, 1, accountant, random).status().code() ==
        ErrorCode::InvalidArgument);
  data[1][5] = 1.5;
  CHECK(release_gaussian_kde(data, parameters, 1, accountant, random).status().code() == ErrorCode::InvalidData);
  data[1][5] = NAN;
  CHECK(release_gaussian_kde(data, parameters, 1, accountant, random).status().code() == ErrorCode::InvalidData);
  BernsteinParameters no_bandwidth = parameters;
  no_bandwidth.bandwidth = 0;
  CHECK(release_gaussian_kde(two_clusters(10, 1), no_bandwidth, 1, accountant, random).status().code() ==
        ErrorCode::InvalidArgument);
  CHECK(accountant.ledger().empty());
}

TEST_CASE("samples from a private KDE put the data's mass in the data's clusters", "[bernstein]") {
  // End to end with the default rules: n = 5000, p = 2, eps = 10 (k = 15, sigma = 0.041). At
  // eps = 1 (k = 8) the clipped noise holds about half of the mixture's mass (upper-left 0.37).
  const auto data = two_clusters(5000, 15);
  const auto parameters = choose_bernstein_parameters(2, 5000, 10, BernsteinOptions{}).value();
  auto accountant = large_budget();
  SeededTestRandom random(16);
  const auto release = release_gaussian_kde(data, parameters, 10, accountant, random);
  REQUIRE(release.is_ok());
  const auto sample = sample_release(release.value(), 20000, random);
  double upper_left = 0, lower_right = 0;
  for (size_t i = 0; i < 20000; ++i) {
    upper_left += (sample[0][i] < 0.5 && sample[1][i] >= 0.5) ? 1 : 0;
    lower_right += (sample[0][i] >= 0.5 && sample[1][i] < 0.5) ? 1 : 0;
  }
  INFO("k = " << parameters.lattice_resolution << ", sigma = " << parameters.bandwidth << ": upper-left "
              << upper_left / 20000 << ", lower-right " << lower_right / 20000 << " (data: 0.7, 0.3)");
  CHECK(upper_left / 20000 > 0.45);  // data 0.7, uniform 0.25
  CHECK(lower_right / 20000 > 0.15);
  CHECK(upper_left > lower_right);
}
