#include "privacy/zcdp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "base/number_text.hpp"

namespace privsynth {
namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// As in cdp2adp.py; doubles reach a fixed point after about 60 steps, where the loops stop with
// the same result as the full 1000.
constexpr int kBisectionSteps = 1000;

bool finite_nonnegative(double x) { return std::isfinite(x) && x >= 0; }

Status check_eps_delta(double eps, double delta) {
  if (!std::isfinite(eps) || eps <= 0) {
    return Status::error(ErrorCode::InvalidArgument,
                         "epsilon must be a finite number > 0 (got " + format_number(eps) + ")");
  }
  if (!(delta > 0 && delta < 1)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "delta must be in (0, 1) to convert to zCDP (got " + format_number(delta) + ")");
  }
  return Status::ok();
}

}  // namespace

double cdp_delta(double rho, double eps) {
  if (!finite_nonnegative(rho) || !finite_nonnegative(eps)) return kNaN;
  if (rho == 0) return 0;
  // Bisection on the derivative of the exponent in a; a >= 1.01 for numerical stability (the
  // optimum is >= (1 + eps/rho)/2, so this only binds when eps <= ~rho, where delta is large anyway).
  double a_min = 1.01;
  double a_max = (eps + 1) / (2 * rho) + 2;
  double a = a_min;
  for (int i = 0; i < kBisectionSteps; ++i) {
    const double low = a_min, high = a_max;
    a = (a_min + a_max) / 2;
    const double derivative = (2 * a - 1) * rho - eps + std::log1p(-1.0 / a);
    if (derivative < 0) {
      a_min = a;
    } else {
      a_max = a;
    }
    if (a_min == low && a_max == high) break;  // a fixed point: every further step is this one
  }
  const double delta = std::exp((a - 1) * (a * rho - eps) + a * std::log1p(-1.0 / a)) / (a - 1.0);
  return std::min(delta, 1.0);
}

double cdp_eps(double rho, double delta) {
  if (!finite_nonnegative(rho) || !(delta > 0)) return kNaN;
  if (delta >= 1 || rho == 0) return 0;
  double eps_min = 0;                                     // cdp_delta(rho, eps_min) >= delta
  double eps_max = eps_from_rho_bun_steinke(rho, delta);  // cdp_delta(rho, eps_max) <= delta
  for (int i = 0; i < kBisectionSteps; ++i) {
    const double low = eps_min, high = eps_max;
    const double eps = (eps_min + eps_max) / 2;
    if (cdp_delta(rho, eps) <= delta) {
      eps_max = eps;
    } else {
      eps_min = eps;
    }
    if (eps_min == low && eps_max == high) break;  // a fixed point: every further step is this one
  }
  return eps_max;
}

Result<double> cdp_rho(double eps, double delta) {
  PRIVSYNTH_RETURN_IF_ERROR(check_eps_delta(eps, delta));
  double rho_min = 0;        // cdp_delta(rho_min, eps) <= delta
  double rho_max = eps + 1;  // cdp_delta(rho_max, eps) > delta
  for (int i = 0; i < kBisectionSteps; ++i) {
    const double low = rho_min, high = rho_max;
    const double rho = (rho_min + rho_max) / 2;
    if (cdp_delta(rho, eps) <= delta) {
      rho_min = rho;
    } else {
      rho_max = rho;
    }
    if (rho_min == low && rho_max == high) break;  // a fixed point: every further step is this one
  }
  return rho_min;
}

double eps_from_rho_bun_steinke(double rho, double delta) {
  if (!finite_nonnegative(rho) || !(delta > 0 && delta < 1)) return kNaN;
  return rho + 2 * std::sqrt(rho * std::log(1 / delta));
}

Result<double> rho_from_eps_delta_bun_steinke(double eps, double delta) {
  PRIVSYNTH_RETURN_IF_ERROR(check_eps_delta(eps, delta));
  const double log_inverse_delta = std::log(1 / delta);
  const double root_difference = std::sqrt(eps + log_inverse_delta) - std::sqrt(log_inverse_delta);
  return root_difference * root_difference;
}

double gaussian_zcdp_cost(double l2_sensitivity, double noise_std) {
  return l2_sensitivity * l2_sensitivity / (2 * noise_std * noise_std);
}

double gaussian_noise_std_for_rho(double l2_sensitivity, double rho) { return l2_sensitivity / std::sqrt(2 * rho); }

double exponential_mechanism_zcdp_cost(double epsilon) { return epsilon * epsilon / 8; }

}  // namespace privsynth
