#include "report/excess_risk_bounds.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {
namespace {

constexpr double kLn2 = 0.6931471805599453;

bool finite_at_least(double value, double minimum) { return std::isfinite(value) && value >= minimum; }

Status check(const ExcessRiskParameters& p) {
  if (p.degree < 2) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "degree d must be >= 2: Theorems 3.1/3.2 approximate the loss by a polynomial of degree d - 1");
  }
  if (!finite_at_least(p.dimension, 1)) return Status::error(ErrorCode::InvalidArgument, "dimension m must be >= 1");
  if (!(p.tau > 0) || !std::isfinite(p.tau))
    return Status::error(ErrorCode::InvalidArgument, "tau must be finite and > 0");
  if (!(p.records > 0) || !std::isfinite(p.records)) {
    return Status::error(ErrorCode::InvalidArgument, "records n must be finite and > 0");
  }
  if (!finite_at_least(p.marginal_l1, 0))
    return Status::error(ErrorCode::InvalidArgument, "marginal_l1 nu must be >= 0");
  if (!std::isfinite(p.feature_norm)) return Status::error(ErrorCode::InvalidArgument, "feature_norm must be finite");
  return Status::ok();
}

Status check(const LipschitzLoss& loss) {
  if (!finite_at_least(loss.lipschitz, 0))
    return Status::error(ErrorCode::InvalidArgument, "Lipschitz constant K must be >= 0");
  if (!std::isfinite(loss.value_at_zero)) return Status::error(ErrorCode::InvalidArgument, "phi(0) must be finite");
  return Status::ok();
}

double feature_norm(const ExcessRiskParameters& p) {
  return p.feature_norm < 0 ? std::sqrt(p.dimension) : p.feature_norm;
}

// R: the proof approximates phi on [-R, R] with R = max(1, tau ||x||) (Appendix A.1: the interval
// [-tau sqrt(m), tau sqrt(m)], or [-1, 1] when that is smaller; Theorem 2.3 needs a <= 0 < 1 <= b).
double radius(const ExcessRiskParameters& p) { return std::max(1.0, p.tau * feature_norm(p)); }

// One marginal step of the chain (Lemma A.2): |L'(w, D_r) - L'(w, D_s)| <= (1/n) sum_k |a_k|
// (m max{1, tau})^(d-1) nu with sum_k |a_k| <= ||phi||_[-R,R] (1 + 2/(b - a))^(d-1) (Theorem 2.3,
// eq. 2), b - a = 2R.
double marginal_step(const ExcessRiskParameters& p, double sup_phi) {
  const double r = radius(p), k = static_cast<double>(p.degree - 1);
  return sup_phi * std::pow(1.0 + 1.0 / r, k) * std::pow(p.dimension * std::max(1.0, p.tau), k) *
         (p.marginal_l1 / p.records);
}

ExcessRiskBound combine(double approximation, double marginal, double trivial) {
  ExcessRiskBound bound;
  bound.approximation = approximation;
  bound.marginal = marginal;
  bound.total = approximation + marginal;
  bound.trivial = trivial;
  return bound;
}

}  // namespace

Result<ExcessRiskBound> theorem_3_1_stated(const ExcessRiskParameters& p, const LipschitzLoss& loss) {
  PRIVSYNTH_RETURN_IF_ERROR(check(p));
  PRIVSYNTH_RETURN_IF_ERROR(check(loss));
  const double k = static_cast<double>(p.degree - 1), reach = p.tau * std::sqrt(p.dimension);
  return combine(loss.lipschitz * p.tau * std::sqrt(p.dimension / k),
                 (loss.lipschitz * reach + loss.value_at_zero) * std::pow(3 * p.dimension * std::max(1.0, p.tau), k) *
                     p.marginal_l1 / p.records,
                 2 * loss.lipschitz * reach);
}

Result<ExcessRiskBound> theorem_3_1_explicit(const ExcessRiskParameters& p, const LipschitzLoss& loss) {
  PRIVSYNTH_RETURN_IF_ERROR(check(p));
  PRIVSYNTH_RETURN_IF_ERROR(check(loss));
  const double r = radius(p), k = static_cast<double>(p.degree - 1);
  // Lemma A.1 with Theorem 2.3 eq. 1: ||P_{d-1} phi - phi|| <= (5/4) omega(phi, 2R / sqrt(d-1))
  // <= (5/4) K 2R / sqrt(d-1).
  const double approximation_step = 1.25 * loss.lipschitz * 2 * r / std::sqrt(k);
  // ||phi||_[-R,R] <= |phi(0)| + K R.
  const double marginal = marginal_step(p, std::fabs(loss.value_at_zero) + loss.lipschitz * r);
  return combine(4 * approximation_step, 2 * marginal, 2 * loss.lipschitz * p.tau * feature_norm(p));
}

Result<ExcessRiskBound> theorem_3_2_stated(const ExcessRiskParameters& p) {
  PRIVSYNTH_RETURN_IF_ERROR(check(p));
  const double k = static_cast<double>(p.degree - 1), reach = p.tau * std::sqrt(p.dimension);
  return combine(reach / k, reach * std::pow(2 * p.dimension * std::max(1.0, p.tau), k) * p.marginal_l1 / p.records,
                 2 * reach);
}

Result<ExcessRiskBound> theorem_3_2_explicit(const ExcessRiskParameters& p) {
  PRIVSYNTH_RETURN_IF_ERROR(check(p));
  const double r = radius(p), k = static_cast<double>(p.degree - 1);
  // Theorem 2.4 on g(u) = phi(-R + 2R u), u in [0, 1]: g'' = 4R^2 phi'' <= R^2 (phi'' <= 1/4 for
  // the logistic loss), so omega(g', delta) <= R^2 delta and ||P_{d-1} g - g|| <= (3/(4 sqrt(d-1)))
  // R^2 / sqrt(d-1) = 3 R^2 / (4 (d-1)).
  const double approximation_step = 3 * r * r / (4 * k);
  // ||phi||_[-R,R] <= ln 2 + R (Appendix A.2), K = 1.
  const double marginal = marginal_step(p, kLn2 + r);
  return combine(4 * approximation_step, 2 * marginal, 2 * p.tau * feature_norm(p));
}

Result<double> lemma_3_3_sigma(double attributes, int degree, double epsilon, double delta) {
  if (!finite_at_least(attributes, 1) || degree < 1) {
    return Status::error(ErrorCode::InvalidArgument, "need m >= 1 attributes and degree d >= 1");
  }
  if (!(epsilon > 0 && epsilon < 1)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "Lemma 3.3 uses the classic Gaussian mechanism (Theorem 2.6), valid only for 0 < eps < 1");
  }
  if (!(delta > 0 && delta < 1)) return Status::error(ErrorCode::InvalidArgument, "delta must be in (0, 1)");
  return 2 * std::pow(attributes, 0.5 * degree) * std::sqrt(std::log(1.25 / delta)) / epsilon;
}

Result<double> lemma_3_4_marginal_l1(double attributes, double max_levels, int degree, double lambda, double sigma) {
  if (!finite_at_least(attributes, 1) || !finite_at_least(max_levels, 1) || degree < 1) {
    return Status::error(ErrorCode::InvalidArgument, "need m >= 1 attributes, l >= 1 levels and degree d >= 1");
  }
  if (!finite_at_least(lambda, 0)) return Status::error(ErrorCode::InvalidArgument, "lambda must be >= 0");
  if (!finite_at_least(sigma, 0)) return Status::error(ErrorCode::InvalidArgument, "sigma must be >= 0");
  const double d = static_cast<double>(degree);
  // Appendix A.4: k = sqrt(2 (ln 2 (1 + lambda) + d ln(m l))) makes the union bound over (m l)^d
  // cells of 2 e^{-k^2/2} equal 2^-lambda; the triangle inequality doubles l^d k sigma.
  const double k = std::sqrt(2 * (kLn2 * (1 + lambda) + d * std::log(attributes * max_levels)));
  return 2 * std::pow(max_levels, d) * k * sigma;
}

}  // namespace privsynth
