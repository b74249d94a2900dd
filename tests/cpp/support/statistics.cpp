#include "statistics.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth::testing {
namespace {

// Regularized upper incomplete gamma Q(a, x) (series for x < a + 1, continued fraction otherwise).
double upper_incomplete_gamma(double a, double x) {
  if (x <= 0) return 1.0;
  const double log_prefactor = -x + a * std::log(x) - std::lgamma(a);
  if (x < a + 1) {
    double term = 1.0 / a, sum = term;
    for (int n = 1; n < 10000; ++n) {
      term *= x / (a + n);
      sum += term;
      if (std::fabs(term) < std::fabs(sum) * 1e-15) break;
    }
    return 1.0 - sum * std::exp(log_prefactor);
  }
  double b = x + 1 - a, c = 1e300, d = 1 / b, h = d;  // modified Lentz
  for (int i = 1; i < 10000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (std::fabs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < 1e-15) break;
  }
  return std::exp(log_prefactor) * h;
}

}  // namespace

double chi_square_upper_tail(double statistic, double dof) { return upper_incomplete_gamma(dof / 2, statistic / 2); }

double chi_square_p_value(const std::vector<double>& observed, const std::vector<double>& probabilities) {
  double total = 0;
  for (double o : observed) total += o;
  double statistic = 0, pooled_observed = 0, pooled_expected = 0;
  int cells = 0;
  for (size_t i = 0; i < observed.size(); ++i) {
    const double expected = probabilities[i] * total;
    if (expected < 5) {
      pooled_observed += observed[i];
      pooled_expected += expected;
      continue;
    }
    statistic += (observed[i] - expected) * (observed[i] - expected) / expected;
    ++cells;
  }
  if (pooled_expected > 0) {
    statistic += (pooled_observed - pooled_expected) * (pooled_observed - pooled_expected) / pooled_expected;
    ++cells;
  }
  return chi_square_upper_tail(statistic, cells - 1);
}

double kolmogorov_smirnov_statistic(std::vector<double> sample, const std::function<double(double)>& cdf) {
  std::sort(sample.begin(), sample.end());
  const double n = static_cast<double>(sample.size());
  double d = 0;
  for (size_t i = 0; i < sample.size(); ++i) {
    const double f = cdf(sample[i]);
    d = std::max({d, (i + 1) / n - f, f - i / n});
  }
  return d;
}

double kolmogorov_smirnov_p_value(std::vector<double> sample, const std::function<double(double)>& cdf) {
  const double n = static_cast<double>(sample.size());
  const double d = kolmogorov_smirnov_statistic(std::move(sample), cdf);
  const double lambda = (std::sqrt(n) + 0.12 + 0.11 / std::sqrt(n)) * d;  // Stephens' correction
  double p = 0;
  for (int k = 1; k < 100; ++k) p += 2 * ((k % 2) ? 1 : -1) * std::exp(-2.0 * k * k * lambda * lambda);
  return std::clamp(p, 0.0, 1.0);
}

}  // namespace privsynth::testing
