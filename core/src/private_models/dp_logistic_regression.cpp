#include "private_models/dp_logistic_regression.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "privacy/discrete_gaussian.hpp"
#include "privacy/zcdp.hpp"

namespace privsynth {
namespace {

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidArgument, message); }

Status check_inputs(const OneHotDesign& x, const Eigen::VectorXd& y, double rho,
                    const DpGradientDescentOptions& options) {
  if (!(rho > 0) || !std::isfinite(rho)) return invalid("DP gradient descent needs a finite rho > 0");
  if (options.steps < 0 || options.steps > kMaxDpGradientSteps) {
    return invalid("DP gradient descent takes 1 to " + std::to_string(kMaxDpGradientSteps) + " steps (0: automatic)");
  }
  if (!(options.clip_norm >= 0) || !std::isfinite(options.clip_norm)) return invalid("the clip norm must be >= 0");
  if (!(options.count_rho_fraction > 0 && options.count_rho_fraction < 1)) {
    return invalid("the record count's share of rho must be strictly between 0 and 1");
  }
  if (!(options.l2_penalty >= 0) || !std::isfinite(options.l2_penalty)) return invalid("the L2 penalty must be >= 0");
  if (!(options.max_norm > 0)) return invalid("the norm bound must be > 0");
  if (!(options.learning_rate >= 0) || !std::isfinite(options.learning_rate)) {
    return invalid("the learning rate must be >= 0");
  }
  if (x.dimension == 0) return invalid("DP gradient descent needs at least one feature");
  if (size_t(y.size()) != x.rows || x.active.size() != x.rows * x.active_per_row) {
    return invalid("features and labels do not match");
  }
  for (uint32_t column : x.active) {
    if (column >= x.dimension) return invalid("a one-hot feature index is out of range");
  }
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    if (y[i] != 1 && y[i] != -1) return invalid("labels must be -1 or +1");
  }
  return Status::ok();
}

// The discrete Gaussian that is drawn for a requested standard deviation, and the one it really has.
struct DiscreteGaussian {
  RationalVariance variance;
  double std = 0;
};
Result<DiscreteGaussian> discrete_gaussian(double std) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalVariance variance, rational_variance_at_least(std * std));
  return DiscreteGaussian{variance, std::sqrt(variance.value())};
}

}  // namespace

int automatic_dp_gradient_steps(double steps_rho, double noisy_count, size_t coordinates) {
  const double n = std::max(1.0, noisy_count);
  const double steps = 2 * steps_rho * kDpGradientNoiseRatio * kDpGradientNoiseRatio * n * n / double(coordinates);
  return static_cast<int>(std::clamp(std::round(steps), double(kMinAutomaticSteps), double(kMaxAutomaticSteps)));
}

double clipped_gradient_scale(double score, double label, double row_norm, double clip_norm) {
  const double t = -label * score;  // the loss is log(1 + e^t); d/ds = -y sigmoid(t)
  const double sigmoid = t >= 0 ? 1 / (1 + std::exp(-t)) : std::exp(t) / (1 + std::exp(t));
  const double norm = sigmoid * row_norm;
  const double clip = norm > clip_norm ? clip_norm / norm : 1.0;
  return -label * sigmoid * clip;
}

Result<DpGradientDescentFit> train_dp_logistic_regression(const OneHotDesign& x, const Eigen::VectorXd& y, double rho,
                                                          const DpGradientDescentOptions& options,
                                                          Accountant& accountant, RandomSource& random) {
  PRIVSYNTH_RETURN_IF_ERROR(check_inputs(x, y, rho, options));
  const size_t d = x.dimension + (options.fit_intercept ? 1 : 0);
  // ||x_i||: `active_per_row` ones of `value`, and the intercept's 1. A public function of the schema.
  const double row_norm = std::sqrt(double(x.active_per_row) * x.value * x.value + (options.fit_intercept ? 1.0 : 0.0));
  DpGradientDescentFit fit;
  fit.clip_norm = options.clip_norm > 0 ? options.clip_norm : std::max(row_norm, 1e-12);
  // The average loss is (||x||^2 / 4)-smooth; with the penalty, lambda more.
  fit.learning_rate =
      options.learning_rate > 0 ? options.learning_rate : 1 / (row_norm * row_norm / 4 + options.l2_penalty);

  // The budget: rho_c for the count (sensitivity 1), the rest for T sums of sensitivity 2^b quanta,
  // each 2^(2b) / (2 s^2)-zCDP with s = sigma 2^b, so T / (2 sigma^2) in total whatever T is.
  // Rounding the noise's variance up only lowers the cost, so a run costs at most rho: checked before
  // anything is charged, so that a refusal records nothing.
  if (accountant.definition().accounting != Accounting::Zcdp) {
    return invalid("DP gradient descent adds Gaussian noise and needs zCDP accounting");
  }
  if (rho > accountant.remaining() * (1 + 1e-12)) {
    return Status::error(ErrorCode::BudgetExceeded, "DP gradient descent needs rho " + std::to_string(rho) +
                                                        " but the ledger has " +
                                                        std::to_string(accountant.remaining()) + " left");
  }
  const double count_rho = rho * options.count_rho_fraction, steps_rho = rho - count_rho;
  const double quanta = std::ldexp(1.0, kGradientQuantumBits);
  PRIVSYNTH_ASSIGN_OR_RETURN(DiscreteGaussian count_noise, discrete_gaussian(1 / std::sqrt(2 * count_rho)));
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
      {"noisy record count (DP gradient descent)", "discrete Gaussian", GaussianCost{1, count_noise.std}}));
  fit.count_noise_std = count_noise.std;
  fit.noisy_count = double(x.rows) + double(sample_discrete_gaussian(random, count_noise.variance));
  const double count = std::max(1.0, fit.noisy_count);

  // T: given, or from the released count (adaptive composition: the steps' cost does not depend on it).
  fit.steps = options.steps > 0 ? options.steps : automatic_dp_gradient_steps(steps_rho, count, d);
  const double sigma = std::sqrt(double(fit.steps) / (2 * steps_rho));
  PRIVSYNTH_ASSIGN_OR_RETURN(DiscreteGaussian step_noise, discrete_gaussian(sigma * quanta));
  PRIVSYNTH_RETURN_IF_ERROR(
      accountant.charge({std::to_string(fit.steps) + " noisy sums of clipped gradients (DP gradient descent, " +
                             std::to_string(d) + " coordinates each)",
                         "discrete Gaussian", GaussianCost{std::sqrt(double(fit.steps)) * quanta, step_noise.std}}));
  fit.rho = gaussian_zcdp_cost(1, count_noise.std) +
            gaussian_zcdp_cost(std::sqrt(double(fit.steps)) * quanta, step_noise.std);
  fit.gradient_noise_std = step_noise.std / quanta * fit.clip_norm;

  Eigen::VectorXd w = Eigen::VectorXd::Zero(Eigen::Index(d)), average = Eigen::VectorXd::Zero(Eigen::Index(d));
  std::vector<int64_t> sums(d);
  const int averaged_from = fit.steps / 2 + 1;
  for (int step = 1; step <= fit.steps; ++step) {
    std::fill(sums.begin(), sums.end(), 0);
    for (size_t i = 0; i < x.rows; ++i) {
      const uint32_t* active = &x.active[i * x.active_per_row];
      double score = options.fit_intercept ? w[Eigen::Index(d - 1)] : 0.0;
      for (size_t k = 0; k < x.active_per_row; ++k) score += x.value * w[active[k]];
      const double scale = clipped_gradient_scale(score, y[Eigen::Index(i)], row_norm, fit.clip_norm);
      // Rounded towards zero: every coordinate shrinks, so the record's norm stays <= 2^b quanta.
      const auto feature = static_cast<int64_t>(std::trunc(scale * x.value / fit.clip_norm * quanta));
      for (size_t k = 0; k < x.active_per_row; ++k) sums[active[k]] += feature;
      if (options.fit_intercept) sums[d - 1] += static_cast<int64_t>(std::trunc(scale / fit.clip_norm * quanta));
    }
    Eigen::VectorXd gradient(static_cast<Eigen::Index>(d));
    for (size_t j = 0; j < d; ++j) {
      const int64_t noisy = sums[j] + sample_discrete_gaussian(random, step_noise.variance);
      gradient[Eigen::Index(j)] = double(noisy) / quanta * fit.clip_norm / count;
    }
    // Post-processing from here: a step on the noisy average gradient, the penalty, the ball.
    w -= fit.learning_rate * (gradient + options.l2_penalty * w);
    const double norm = w.norm();
    if (norm > options.max_norm) w *= options.max_norm / norm;
    if (step >= averaged_from) average += w;
  }
  average /= double(fit.steps - averaged_from + 1);
  fit.model.weights = average.head(Eigen::Index(x.dimension));
  fit.model.intercept = options.fit_intercept ? average[Eigen::Index(d - 1)] : 0.0;
  fit.model.iterations = fit.steps;
  fit.model.converged = true;
  return fit;
}

}  // namespace privsynth
