#include "lp/entropy_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace privsynth {
namespace {

// The dual's conjugate term for one statistic: tau max(0, |lambda| - c).
double penalty(double lambda, double tau, double c) { return tau * std::max(0.0, std::fabs(lambda) - c); }

// One statistic's optimality in its own dual variable x, given that its mass at x would be
// exp(log_a - x) (decreasing in x): the subgradient condition q in G(x), where G(x) is {b} for
// |x| < c, {b + tau} above c, {b - tau} below -c, and the intervals between at x = +-c.
// Returns x and the mass there. The bounds' logarithms are computed once per statistic.
struct StatisticBounds {
  double b = 0, upper = 0, lower = 0;              // b, b + tau, b - tau
  double log_b = 0, log_upper = 0, log_lower = 0;  // -infinity where not positive
  StatisticBounds(double target, double tau) : b(target), upper(target + tau), lower(target - tau) {
    const auto log_or_minus_infinity = [](double v) { return v > 0 ? std::log(v) : -HUGE_VAL; };
    log_b = log_or_minus_infinity(b);
    log_upper = log_or_minus_infinity(upper);
    log_lower = log_or_minus_infinity(lower);
  }
};
struct StatisticUpdate {
  double x, mass;
};
StatisticUpdate solve_statistic(double log_a, const StatisticBounds& s, double c) {
  const double log_at_c = log_a - c, log_at_minus_c = log_a + c;
  if (!(s.upper > 0)) return {log_a + 700, 0.0};  // no mass allowed (the first stage's h0 has none)
  if (log_at_c > s.log_upper) return {log_a - s.log_upper, s.upper};
  if (log_at_c >= s.log_b) return {c, std::exp(log_at_c)};
  if (log_at_minus_c >= s.log_b) return {log_a - s.log_b, s.b};
  if (log_at_minus_c >= s.log_lower) return {-c, std::exp(log_at_minus_c)};
  return {log_a - s.log_lower, s.lower};
}

// The empty cell's dual variable (no point falls in it, so it does not enter the partition
// function): minimizes lambda b + tau max(0, |lambda| - c) when |b| <= tau.
double empty_cell_lambda(double b, double c) { return b > 0 ? -c : b < 0 ? c : 0.0; }

class BlockAscent {
 public:
  BlockAscent(const MarginalOperator& a, const std::vector<double>& b, double tau, double c,
              const std::vector<double>& reference)
      : a_(a), b_(b), tau_(tau), c_(c), log_mu_(a.points()), lambda_(a.statistics(), 0.0), h_(a.points()) {
    for (double target : b) bounds_.emplace_back(target, tau);
    for (size_t i = 0; i < a.dense_statistics(); ++i) {
      double low = HUGE_VAL, high = -HUGE_VAL;
      for (size_t j = 0; j < a.points(); ++j) {
        low = std::min(low, a.dense(i, j));
        high = std::max(high, a.dense(i, j));
      }
      dense_ranges_.emplace_back(low, high);
    }
    const double uniform = -std::log(double(a.points()));
    for (size_t j = 0; j < a.points(); ++j) log_mu_[j] = reference.empty() ? uniform : std::log(reference[j]);
    recompute_h();
  }

  void sweep() {
    for (size_t k = 0; k < a_.marginals(); ++k) update_marginal(k);
    for (size_t i = 0; i < a_.dense_statistics(); ++i) update_dense(i);
  }

  // h(lambda) from lambda (no drift from the multiplicative updates); returns log Z.
  double recompute_h() {
    std::vector<double> scores(a_.points());
    a_.apply_transpose(lambda_.data(), scores.data());
    double top = -std::numeric_limits<double>::infinity();
    for (size_t j = 0; j < scores.size(); ++j) top = std::max(top, scores[j] = log_mu_[j] - scores[j]);
    double sum = 0;
    for (size_t j = 0; j < scores.size(); ++j) sum += (h_[j] = std::exp(scores[j] - top));
    for (double& w : h_) w /= sum;
    return top + std::log(sum);
  }

  // g(lambda), recomputing h(lambda).
  double dual_value() {
    double value = recompute_h();
    for (size_t f = 0; f < lambda_.size(); ++f) value += lambda_[f] * b_[f] + penalty(lambda_[f], tau_, c_);
    return -value;
  }

  const std::vector<double>& h() const { return h_; }
  const std::vector<double>& log_mu() const { return log_mu_; }

 private:
  // Marginal k's cells partition the points: scaling cell f's points by exp(lambda_f - x_f) and
  // renormalizing by s, each cell's new mass is exp(log q_f + lambda_f - log s - x_f); the block
  // optimum is the log s at which the statistics' own optima (solve_statistic) sum to 1.
  void update_marginal(size_t k) {
    const size_t offset = a_.marginal_offset(k), cells = a_.marginal_cells(k);
    std::vector<double> mass(cells, 0.0);
    for (size_t j = 0; j < a_.points(); ++j) mass[a_.cell(k, j) - offset] += h_[j];
    std::vector<double> log_a(cells);
    for (size_t f = 0; f < cells; ++f) {
      if (mass[f] > 0) log_a[f] = std::log(mass[f]) + lambda_[offset + f];
    }
    const auto total_at = [&](double log_s) {
      double total = 0;
      for (size_t f = 0; f < cells; ++f) {
        if (mass[f] > 0) total += solve_statistic(log_a[f] - log_s, bounds_[offset + f], c_).mass;
      }
      return total;
    };
    // The total falls as log s rises: bracket the root around 0 (the current normalization), then bisect.
    double low = -1, high = 1;
    while (total_at(low) < 1 && low > -1e4) low *= 2;
    while (total_at(high) > 1 && high < 1e4) high *= 2;
    for (int step = 0; step < 100 && high - low > 1e-12 * std::max(1.0, std::fabs(low)); ++step) {
      const double middle = (low + high) / 2;
      (total_at(middle) > 1 ? low : high) = middle;
    }
    const double log_s = (low + high) / 2;
    std::vector<double> scale(cells, 0.0);
    for (size_t f = 0; f < cells; ++f) {
      double& lambda = lambda_[offset + f];
      if (mass[f] > 0) {
        const StatisticUpdate update = solve_statistic(log_a[f] - log_s, bounds_[offset + f], c_);
        scale[f] = std::exp(lambda - update.x - log_s);
        lambda = update.x;
      } else {
        lambda = empty_cell_lambda(b_[offset + f], c_);
      }
    }
    // The new total, from the cells' masses (one pass over the points fewer), folded into the scales.
    double total = 0;
    for (size_t f = 0; f < cells; ++f) total += mass[f] * scale[f];
    for (double& factor : scale) factor /= total;
    for (size_t j = 0; j < a_.points(); ++j) h_[j] *= scale[a_.cell(k, j) - offset];
  }

  // A dense statistic (values v_j in [-1, 1]): its mean under h scaled by exp(-(x - lambda) v_j)
  // falls as x rises; the same optimality condition, found by bisection on x.
  void update_dense(size_t i) {
    const size_t f = a_.cell_statistics() + i;
    const double lambda = lambda_[f], b = b_[f];
    const double lowest = dense_ranges_[i].first, highest = dense_ranges_[i].second;
    const auto mean_at = [&](double x) {
      // The largest exponent -(x - lambda) v_j, from the values' range instead of a pass over the points.
      const double top = x >= lambda ? -(x - lambda) * lowest : -(x - lambda) * highest;
      double weight = 0, sum = 0;
      for (size_t j = 0; j < a_.points(); ++j) {
        const double w = h_[j] * std::exp(-(x - lambda) * a_.dense(i, j) - top);
        weight += w;
        sum += w * a_.dense(i, j);
      }
      return sum / weight;
    };
    // Where the mean crosses `level`, searched in [from, to] (mean falling in x).
    const auto crossing = [&](double level, double from, double to) {
      for (int step = 0; step < 80 && to - from > 1e-12 * std::max(1.0, std::fabs(from)); ++step) {
        const double middle = (from + to) / 2;
        (mean_at(middle) > level ? from : to) = middle;
      }
      return (from + to) / 2;
    };
    constexpr double kFar = 1e4;
    double x = 0;
    const double at_c = mean_at(c_), at_minus_c = mean_at(-c_);
    if (at_c > b + tau_) {
      x = crossing(b + tau_, c_, c_ + kFar);
    } else if (at_c >= b) {
      x = c_;
    } else if (at_minus_c >= b) {
      x = crossing(b, -c_, c_);
    } else if (at_minus_c >= b - tau_) {
      x = -c_;
    } else {
      x = crossing(b - tau_, -c_ - kFar, -c_);
    }
    double total = 0;
    for (size_t j = 0; j < a_.points(); ++j) total += (h_[j] *= std::exp(-(x - lambda) * a_.dense(i, j)));
    for (double& w : h_) w /= total;
    lambda_[f] = x;
  }

  const MarginalOperator& a_;
  const std::vector<double>& b_;
  double tau_, c_;
  std::vector<StatisticBounds> bounds_;
  std::vector<std::pair<double, double>> dense_ranges_;  // each dense statistic's smallest and largest value
  std::vector<double> log_mu_, lambda_, h_;
};

double kl_to_reference(const std::vector<double>& h, const std::vector<double>& log_mu) {
  double kl = 0;
  for (size_t j = 0; j < h.size(); ++j) {
    if (h[j] > 0) kl += h[j] * (std::log(h[j]) - log_mu[j]);
  }
  return std::max(kl, 0.0);
}

double l1_norm(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += std::fabs(x);
  return sum;
}

}  // namespace

Result<EntropyFit> fit_max_entropy_within(const MarginalOperator& statistics, const std::vector<double>& targets,
                                          double tolerance, const std::vector<double>& first_stage,
                                          const EntropyFitOptions& options, const std::vector<double>& reference,
                                          const EntropyFitProgressSink& progress) {
  const size_t m = statistics.points();
  if (targets.size() != statistics.statistics() || first_stage.size() != m ||
      (!reference.empty() && reference.size() != m) || m == 0 || !(options.error_weight >= 0)) {
    return Status::error(ErrorCode::Internal, "the second stage's inputs do not match the statistics' operator");
  }
  for (double w : reference) {
    if (!(w > 0)) return Status::error(ErrorCode::Internal, "the reference weights must be positive");
  }
  std::vector<double> first_residual, residual;
  const double first_error = statistics.residual(first_stage, targets, first_residual);
  if (!(tolerance >= first_error)) {
    return Status::error(ErrorCode::Internal, "the first stage's solution is not within the second stage's tolerance");
  }
  const double c = options.error_weight;
  constexpr int kCheckInterval = 25;  // sweeps between certificates (each costs about two sweeps)
  BlockAscent ascent(statistics, targets, tolerance, c, reference);
  // The primal objective of h, whose residuals A h - b are given.
  const auto objective_of = [&](const std::vector<double>& h, const std::vector<double>& r) {
    return kl_to_reference(h, ascent.log_mu()) + c * l1_norm(r);
  };

  EntropyFit fit;
  fit.tolerance = tolerance;
  fit.dual_bound = ascent.dual_value();
  for (int sweep = 1; sweep <= options.sweep_limit; ++sweep) {
    ascent.sweep();
    fit.sweeps = sweep;
    if (sweep % kCheckInterval != 0 && sweep != options.sweep_limit) continue;
    fit.dual_bound = std::max(fit.dual_bound, ascent.dual_value());  // also recomputes h(lambda) from lambda
    const double error = statistics.residual(ascent.h(), targets, residual);
    const EntropyFitProgress step{sweep, std::max(0.0, error - tolerance),
                                  objective_of(ascent.h(), residual) - fit.dual_bound};
    if (progress && !progress(step)) return Status::error(ErrorCode::Cancelled, "cancelled");
    if (step.violation <= 1e-3 * tolerance && step.gap <= options.gap) {
      fit.converged = true;
      break;
    }
  }

  // h(lambda), mixed with h0 until every statistic is within tau. Residuals are linear in h, so
  // statistic f's residual moves on a segment from r_f (outside) to r0_f (inside, |r0_f| <= t0):
  // it is inside from theta_f = (|r_f| - tau) / (|r_f| - sign(r_f) r0_f) on. theta is the largest
  // theta_f, plus a hair so that rounding cannot leave a statistic above tau.
  const std::vector<double>& entropic = ascent.h();
  statistics.residual(entropic, targets, residual);
  fit.mix = 0;
  for (size_t f = 0; f < residual.size(); ++f) {
    const double outside = std::fabs(residual[f]) - tolerance;
    if (outside <= 0) continue;
    const double towards = std::fabs(residual[f]) - std::copysign(1.0, residual[f]) * first_residual[f];
    fit.mix = std::max(fit.mix, outside / towards);
  }
  if (fit.mix > 0) fit.mix = std::min(1.0, fit.mix * (1 + 1e-9) + 1e-12);
  fit.weights.resize(m);
  for (size_t j = 0; j < m; ++j) fit.weights[j] = (1 - fit.mix) * entropic[j] + fit.mix * first_stage[j];
  fit.max_error = statistics.residual(fit.weights, targets, residual);
  fit.objective = objective_of(fit.weights, residual);
  fit.kl = kl_to_reference(fit.weights, ascent.log_mu());
  fit.first_stage_kl = kl_to_reference(first_stage, ascent.log_mu());
  const double first_objective = fit.first_stage_kl + c * l1_norm(first_residual);
  if (fit.objective > first_objective) {  // not yet better than h0 (too few sweeps): keep h0
    fit.weights = first_stage;
    fit.objective = first_objective;
    fit.kl = fit.first_stage_kl;
    fit.max_error = first_error;
    fit.mix = 1;
  }
  return fit;
}

}  // namespace privsynth
