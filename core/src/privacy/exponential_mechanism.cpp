#include "privacy/exponential_mechanism.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "base/number_text.hpp"

namespace privsynth {
namespace {
Status check_inputs(const std::vector<double>& scores, double epsilon, double sensitivity) {
  if (scores.empty()) {
    return Status::error(ErrorCode::InvalidArgument, "the exponential mechanism needs at least one candidate");
  }
  for (size_t i = 0; i < scores.size(); ++i) {
    if (!std::isfinite(scores[i])) {
      return Status::error(ErrorCode::InvalidArgument, "the exponential mechanism's score " + std::to_string(i) +
                                                           " is not finite (" + format_number(scores[i]) + ")");
    }
  }
  if (!std::isfinite(epsilon) || epsilon <= 0) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "the exponential mechanism's epsilon must be a finite number > 0 (got " + format_number(epsilon) + ")");
  }
  if (!std::isfinite(sensitivity) || sensitivity <= 0) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the exponential mechanism's score sensitivity must be a finite number > 0 (got " +
                             format_number(sensitivity) + ")");
  }
  return Status::ok();
}

// Unnormalised weights exp(eps (score_i - max) / (2 sensitivity)) in (0, 1], the best one 1.
std::vector<double> relative_weights(const std::vector<double>& scores, double epsilon, double sensitivity) {
  const double best = *std::max_element(scores.begin(), scores.end());
  const double factor = epsilon / (2 * sensitivity);
  std::vector<double> weights(scores.size());
  for (size_t i = 0; i < scores.size(); ++i) weights[i] = std::exp(factor * (scores[i] - best));
  return weights;
}
}  // namespace

Result<std::vector<double>> exponential_mechanism_probabilities(const std::vector<double>& scores, double epsilon,
                                                                double sensitivity) {
  PRIVSYNTH_RETURN_IF_ERROR(check_inputs(scores, epsilon, sensitivity));
  std::vector<double> weights = relative_weights(scores, epsilon, sensitivity);
  double total = 0;
  for (double w : weights) total += w;
  for (double& w : weights) w /= total;
  return weights;
}

Result<size_t> exponential_mechanism(const std::vector<double>& scores, double epsilon, double sensitivity,
                                     RandomSource& random) {
  PRIVSYNTH_RETURN_IF_ERROR(check_inputs(scores, epsilon, sensitivity));
  const std::vector<double> weights = relative_weights(scores, epsilon, sensitivity);
  double total = 0;
  for (double w : weights) total += w;  // >= 1: the best candidate has weight 1
  const double target = random.uniform_unit() * total;
  double cumulative = 0;
  size_t last_positive = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    cumulative += weights[i];
    last_positive = i;
    if (target < cumulative) return i;
  }
  return last_positive;  // only reachable through rounding of the cumulative sum
}

}  // namespace privsynth
