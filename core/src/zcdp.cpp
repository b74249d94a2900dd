#include "privsynth/zcdp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "privsynth/number_text.hpp"

namespace privsynth {
namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kBisectionSteps = 1000;  // as in cdp2adp.py; doubles stop moving after ~60
// Relative slack for rounding in splits like rho * f + rho * (1 - f) (as PureDpAccountant).
constexpr double kRelativeSlack = 1e-12;

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

Status check_positive(double value, const std::string& what, const std::string& release) {
  if (!std::isfinite(value) || value <= 0) {
    return Status::error(ErrorCode::InvalidArgument, "the " + what + " of \"" + release +
                                                         "\" must be a finite number > 0 (got " +
                                                         format_number(value) + ")");
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
    a = (a_min + a_max) / 2;
    const double derivative = (2 * a - 1) * rho - eps + std::log1p(-1.0 / a);
    if (derivative < 0) {
      a_min = a;
    } else {
      a_max = a;
    }
  }
  const double delta = std::exp((a - 1) * (a * rho - eps) + a * std::log1p(-1.0 / a)) / (a - 1.0);
  return std::min(delta, 1.0);
}

double cdp_eps(double rho, double delta) {
  if (!finite_nonnegative(rho) || !(delta > 0)) return kNaN;
  if (delta >= 1 || rho == 0) return 0;
  double eps_min = 0;                                            // cdp_delta(rho, eps_min) >= delta
  double eps_max = eps_from_rho_bun_steinke(rho, delta);        // cdp_delta(rho, eps_max) <= delta
  for (int i = 0; i < kBisectionSteps; ++i) {
    const double eps = (eps_min + eps_max) / 2;
    if (cdp_delta(rho, eps) <= delta) {
      eps_max = eps;
    } else {
      eps_min = eps;
    }
  }
  return eps_max;
}

Result<double> cdp_rho(double eps, double delta) {
  PRIVSYNTH_RETURN_IF_ERROR(check_eps_delta(eps, delta));
  double rho_min = 0;        // cdp_delta(rho_min, eps) <= delta
  double rho_max = eps + 1;  // cdp_delta(rho_max, eps) > delta
  for (int i = 0; i < kBisectionSteps; ++i) {
    const double rho = (rho_min + rho_max) / 2;
    if (cdp_delta(rho, eps) <= delta) {
      rho_min = rho;
    } else {
      rho_max = rho;
    }
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

ZcdpEntry gaussian_entry(std::string release, std::string mechanism, double l2_sensitivity, double noise_std) {
  return ZcdpEntry{std::move(release), std::move(mechanism), gaussian_zcdp_cost(l2_sensitivity, noise_std),
                   l2_sensitivity, noise_std, 0};
}

ZcdpEntry exponential_mechanism_entry(std::string release, double sensitivity, double epsilon) {
  return ZcdpEntry{std::move(release), "exponential mechanism", exponential_mechanism_zcdp_cost(epsilon),
                   sensitivity, 0, epsilon};
}

Result<ZcdpAccountant> ZcdpAccountant::with_budget(double rho) {
  if (!std::isfinite(rho) || rho <= 0) {
    return Status::error(ErrorCode::InvalidArgument,
                         "rho must be a finite number > 0 (got " + format_number(rho) + ")");
  }
  return ZcdpAccountant(rho);
}

Result<ZcdpAccountant> ZcdpAccountant::for_approximate_dp(double eps, double delta) {
  Result<double> rho = cdp_rho(eps, delta);
  if (!rho.is_ok()) return rho.status();
  return with_budget(rho.value());
}

double ZcdpAccountant::spent() const {
  double total = 0;
  for (const ZcdpEntry& entry : entries_) total += entry.rho;
  return total;
}

Status ZcdpAccountant::charge(const ZcdpEntry& entry) {
  PRIVSYNTH_RETURN_IF_ERROR(check_positive(entry.rho, "rho", entry.release));
  PRIVSYNTH_RETURN_IF_ERROR(check_positive(entry.sensitivity, "sensitivity", entry.release));
  const bool gaussian = entry.noise_std != 0;
  const bool exponential = entry.epsilon_em != 0;
  if (gaussian == exponential) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the ledger entry \"" + entry.release +
                             "\" must give exactly one of a Gaussian noise_std or an exponential-mechanism epsilon");
  }
  double cost = 0;
  if (gaussian) {
    PRIVSYNTH_RETURN_IF_ERROR(check_positive(entry.noise_std, "noise standard deviation", entry.release));
    cost = gaussian_zcdp_cost(entry.sensitivity, entry.noise_std);
  } else {
    PRIVSYNTH_RETURN_IF_ERROR(check_positive(entry.epsilon_em, "exponential-mechanism epsilon", entry.release));
    cost = exponential_mechanism_zcdp_cost(entry.epsilon_em);
  }
  if (entry.rho < cost * (1 - kRelativeSlack)) {
    return Status::error(ErrorCode::InvalidArgument, "\"" + entry.release + "\" charges rho " +
                                                         format_number(entry.rho) + " but its mechanism costs " +
                                                         format_number(cost));
  }
  if (spent() + entry.rho > budget_ * (1 + kRelativeSlack)) {
    return Status::error(ErrorCode::BudgetExceeded, "releasing \"" + entry.release + "\" at rho " +
                                                        format_number(entry.rho) + " would exceed the zCDP budget (" +
                                                        format_number(remaining()) + " of " +
                                                        format_number(budget_) + " left)");
  }
  entries_.push_back(entry);
  return Status::ok();
}

}  // namespace privsynth
