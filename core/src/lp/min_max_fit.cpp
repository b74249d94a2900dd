#include "lp/min_max_fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace privsynth {
namespace {

using Clock = std::chrono::steady_clock;

// Shifts log-weights so that they sum to one after exponentiation, and writes the probabilities.
void normalize(std::vector<double>& logits, std::vector<double>& probabilities) {
  const double top = *std::max_element(logits.begin(), logits.end());
  double sum = 0;
  for (size_t i = 0; i < logits.size(); ++i) sum += (probabilities[i] = std::exp(logits[i] - top));
  const double shift = top + std::log(sum);
  for (size_t i = 0; i < logits.size(); ++i) {
    logits[i] -= shift;
    probabilities[i] /= sum;
  }
}

// The dual player is a distribution over 2S signed statistics (+f and -f); only w = u+ - u- enters
// the game. `logits` holds log u+ then log u-.
void normalize_dual(std::vector<double>& logits, std::vector<double>& scratch, std::vector<double>& w) {
  normalize(logits, scratch);
  const size_t s = w.size();
  for (size_t f = 0; f < s; ++f) w[f] = scratch[f] - scratch[s + f];
}

// One mirror step from `from`: h-logits move against the gradient A^T w, dual logits along +-r.
void mirror_step(const std::vector<double>& from_primal, const std::vector<double>& from_dual, double step,
                 const std::vector<double>& gradient, const std::vector<double>& residual,
                 std::vector<double>& to_primal, std::vector<double>& to_dual) {
  const size_t m = gradient.size(), s = residual.size();
  for (size_t j = 0; j < m; ++j) to_primal[j] = from_primal[j] - step * gradient[j];
  for (size_t f = 0; f < s; ++f) {
    to_dual[f] = from_dual[f] + step * residual[f];
    to_dual[s + f] = from_dual[s + f] - step * residual[f];
  }
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

class Game {
 public:
  Game(const MarginalOperator& statistics, const std::vector<double>& targets) : a_(statistics), b_(targets) {}

  // residual = A h - b; returns P(h) = max |residual|.
  double residual(const std::vector<double>& h, std::vector<double>& residual) const {
    return a_.residual(h, b_, residual);
  }
  // gradient = A^T w; returns D(w) = min_j gradient_j - w.b.
  double gradient(const std::vector<double>& w, std::vector<double>& gradient) const {
    a_.apply_transpose(w.data(), gradient.data());
    return *std::min_element(gradient.begin(), gradient.end()) - dot(w, b_);
  }

 private:
  const MarginalOperator& a_;
  const std::vector<double>& b_;
};

}  // namespace

Result<MirrorProxSolution> solve_min_max_mirror_prox(const MarginalOperator& statistics,
                                                     const std::vector<double>& targets,
                                                     const MirrorProxOptions& options, const std::vector<double>& start,
                                                     const MirrorProxProgressSink& progress) {
  const size_t m = statistics.points(), s = statistics.statistics();
  if (m == 0) return Status::error(ErrorCode::InvalidArgument, "the reduced space is empty");
  if (targets.size() != s) return Status::error(ErrorCode::Internal, "one target per statistic is needed");
  if (!start.empty() && start.size() != m)
    return Status::error(ErrorCode::Internal, "the warm start has the wrong length");
  if (!(options.relative_gap >= 0) || !(options.absolute_gap >= 0)) {
    return Status::error(ErrorCode::InvalidArgument, "the gap tolerances must be non-negative");
  }
  const Game game(statistics, targets);
  const double step = options.step > 0 ? options.step : 1.0;
  const auto started = Clock::now();

  // z = (h, u): logits and probabilities; z_half the extrapolated point.
  std::vector<double> primal_logits(m, 0.0), h(m), dual_logits(2 * s, 0.0), u(2 * s), w(s);
  if (!start.empty()) {  // keep every point reachable: mix the warm start with 1% of uniform
    for (size_t j = 0; j < m; ++j) primal_logits[j] = std::log(0.99 * std::max(0.0, start[j]) + 0.01 / double(m));
  }
  normalize(primal_logits, h);
  normalize_dual(dual_logits, u, w);
  std::vector<double> half_primal_logits(m), half_h(m), half_dual_logits(2 * s), half_w(s);
  std::vector<double> gradient(m), residual(s), half_gradient(m), half_residual(s);
  std::vector<double> average_h(m, 0.0), average_w(s, 0.0), scratch_m(m), scratch_s(s);
  double average_weight = 0;

  MirrorProxSolution best;
  best.objective = std::numeric_limits<double>::infinity();
  best.lower_bound = -std::numeric_limits<double>::infinity();
  auto offer_primal = [&](double value, const std::vector<double>& candidate) {
    if (value < best.objective) {
      best.objective = value;
      best.weights = candidate;
    }
  };
  auto offer_dual = [&](double value) { best.lower_bound = std::max(best.lower_bound, value); };
  auto done = [&] {
    const double gap = best.objective - std::max(0.0, best.lower_bound);
    return gap <= options.absolute_gap || gap <= options.relative_gap * best.lower_bound;
  };

  offer_primal(game.residual(h, residual), h);
  offer_dual(game.gradient(w, gradient));
  for (long long iteration = 1;; ++iteration) {
    mirror_step(primal_logits, dual_logits, step, gradient, residual, half_primal_logits, half_dual_logits);
    normalize(half_primal_logits, half_h);
    normalize_dual(half_dual_logits, u, half_w);
    offer_primal(game.residual(half_h, half_residual), half_h);
    offer_dual(game.gradient(half_w, half_gradient));
    mirror_step(primal_logits, dual_logits, step, half_gradient, half_residual, primal_logits, dual_logits);
    normalize(primal_logits, h);
    normalize_dual(dual_logits, u, w);
    for (size_t j = 0; j < m; ++j) average_h[j] += step * half_h[j];
    for (size_t f = 0; f < s; ++f) average_w[f] += step * half_w[f];
    average_weight += step;
    best.iterations = iteration;

    const bool checkpoint = iteration % std::max(1, options.progress_interval) == 0;
    if (checkpoint) {  // the ergodic averages carry the O(1/T) guarantee
      for (size_t j = 0; j < m; ++j) scratch_m[j] = average_h[j] / average_weight;
      for (size_t f = 0; f < s; ++f) scratch_s[f] = average_w[f] / average_weight;
      // residual and gradient serve as scratch here: they are recomputed for z below.
      offer_primal(game.residual(scratch_m, residual), scratch_m);
      offer_dual(game.gradient(scratch_s, gradient));
    }
    if (done()) {
      best.converged = true;
      break;
    }
    if (options.iteration_limit > 0 && iteration >= options.iteration_limit) break;
    if (checkpoint) {
      if (options.time_limit_ms > 0 &&
          std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count() >=
              options.time_limit_ms) {
        break;
      }
      if (progress && !progress(MirrorProxProgress{iteration, best.objective, std::max(0.0, best.lower_bound)})) {
        return Status::error(ErrorCode::Cancelled, "cancelled");
      }
    }
    game.residual(h, residual);
    game.gradient(w, gradient);
  }
  best.lower_bound = std::max(0.0, best.lower_bound);
  return best;
}

}  // namespace privsynth
