#include "special_functions.hpp"

#include <cmath>

namespace privsynth {
namespace {

// The continued fraction of I_x(a, b) by the modified Lentz method (Numerical Recipes §6.4); it
// converges fast for x < (a + 1) / (a + b + 2), in O(sqrt(max(a, b))) terms.
double incomplete_beta_continued_fraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300;
  constexpr double kRelativeTolerance = 1e-15;
  constexpr int kMaxTerms = 1000000;
  const auto guard = [&](double v) { return std::abs(v) < kTiny ? kTiny : v; };
  double c = 1, d = 1 / guard(1 - (a + b) * x / (a + 1));
  double h = d;
  for (int m = 1; m < kMaxTerms; ++m) {
    const double m2 = 2.0 * m;
    const double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 / guard(1 + even * d);
    c = guard(1 + even / c);
    h *= d * c;
    const double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 / guard(1 + odd * d);
    c = guard(1 + odd / c);
    const double step = d * c;
    h *= step;
    if (std::abs(step - 1) < kRelativeTolerance) break;
  }
  return h;
}

// The p with I_p(a, b) = target, by bisection (I_p is increasing in p): 200 halvings reach the
// spacing of doubles near any p in (0, 1).
double beta_quantile(double a, double b, double target) {
  double low = 0, high = 1;
  for (int halving = 0; halving < 200 && low < high; ++halving) {
    const double middle = low + (high - low) / 2;
    if (middle <= low || middle >= high) break;
    if (regularized_incomplete_beta(a, b, middle) < target) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return low + (high - low) / 2;
}

}  // namespace

double regularized_incomplete_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double log_front = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  const double front = std::exp(log_front);
  // The continued fraction converges fast below the mean-ish point; use the symmetry
  // I_x(a, b) = 1 - I_{1-x}(b, a) above it.
  if (x < (a + 1) / (a + b + 2)) return front * incomplete_beta_continued_fraction(a, b, x) / a;
  return 1 - front * incomplete_beta_continued_fraction(b, a, 1 - x) / b;
}

ProportionInterval clopper_pearson_interval(uint64_t hits, uint64_t trials, double confidence) {
  // The lower end is the p at which P(X >= hits) = tail, i.e. the tail-quantile of
  // Beta(hits, trials - hits + 1); the upper end the (1 - tail)-quantile of Beta(hits + 1, trials - hits).
  const double tail = (1 - confidence) / 2;
  const double x = static_cast<double>(hits), t = static_cast<double>(trials);
  ProportionInterval interval;
  interval.lower = hits == 0 ? 0.0 : beta_quantile(x, t - x + 1, tail);
  interval.upper = hits >= trials ? 1.0 : beta_quantile(x + 1, t - x, 1 - tail);
  return interval;
}

}  // namespace privsynth
