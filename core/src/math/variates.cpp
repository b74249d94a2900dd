#include "math/variates.hpp"

#include <cmath>
#include <limits>

namespace privsynth {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool valid_shape(double shape) { return shape > 0 && std::isfinite(shape); }

// Marsaglia & Tsang (2000): d = a - 1/3, c = 1/sqrt(9d); propose d (1 + c x)^3 with x ~ N(0, 1);
// the squeeze u < 1 - 0.0331 x^4 accepts most proposals without a logarithm.
double gamma_shape_at_least_one(RandomSource& random, double shape) {
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = sample_standard_normal(random);
      v = 1.0 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = random.uniform_unit();
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return d * v;
    if (std::log(u) < 0.5 * x2 + d * (1.0 - v + std::log(v))) return d * v;
  }
}

// log of a Gamma(shape) variate; for shape < 1, log Gamma(a + 1) + log(U) / a with U in (0, 1].
double log_gamma_variate(RandomSource& random, double shape) {
  if (shape >= 1) return std::log(gamma_shape_at_least_one(random, shape));
  const double boosted = gamma_shape_at_least_one(random, shape + 1);
  const double u = 1.0 - random.uniform_unit();
  return std::log(boosted) + std::log(u) / shape;
}

}  // namespace

double sample_standard_normal(RandomSource& random) {
  for (;;) {
    const double u = 2.0 * random.uniform_unit() - 1.0;
    const double v = 2.0 * random.uniform_unit() - 1.0;
    const double s = u * u + v * v;
    if (s >= 1.0 || s == 0.0) continue;
    return u * std::sqrt(-2.0 * std::log(s) / s);
  }
}

double sample_gamma(RandomSource& random, double shape) {
  if (!valid_shape(shape)) return kNaN;
  if (shape >= 1) return gamma_shape_at_least_one(random, shape);
  return std::exp(log_gamma_variate(random, shape));
}

double sample_beta(RandomSource& random, double a, double b) {
  if (!valid_shape(a) || !valid_shape(b)) return kNaN;
  if (a >= 1 && b >= 1) {  // both variates are d (1 + c x)^3 > 0, so x + y > 0
    const double x = gamma_shape_at_least_one(random, a);
    const double y = gamma_shape_at_least_one(random, b);
    return x / (x + y);
  }
  const double log_x = log_gamma_variate(random, a);
  const double log_y = log_gamma_variate(random, b);
  return 1.0 / (1.0 + std::exp(log_y - log_x));  // X / (X + Y), in [0, 1] even when both underflow
}

}  // namespace privsynth
