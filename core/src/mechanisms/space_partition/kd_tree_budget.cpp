#include "mechanisms/space_partition/kd_tree_budget.hpp"

#include <cmath>
#include <limits>

namespace privsynth {
namespace {

// P(Z >= t) for discrete Laplace Z of this scale (empty_cells.hpp), any integer t.
double tail_at_least(const RationalScale& scale, int64_t t) {
  const double log_a = -1.0 / scale.value();
  const double one_plus_a = 1.0 + std::exp(log_a);
  if (t >= 1) return std::exp(static_cast<double>(t) * log_a) / one_plus_a;
  return 1.0 - std::exp(static_cast<double>(1 - t) * log_a) / one_plus_a;  // symmetry
}

}  // namespace

KdTreeLevels kd_tree_levels(size_t numeric_axes, double max_edge, double min_edge) {
  KdTreeLevels levels;
  levels.numeric_axes = numeric_axes;
  if (numeric_axes == 0) return levels;
  size_t m1 = 0;  // smallest m with 2^-m <= s1
  while (std::ldexp(1.0, -static_cast<int>(m1)) > max_edge) ++m1;
  size_t m2 = 0;  // largest m with 2^-m >= s2
  while (std::ldexp(1.0, -static_cast<int>(m2 + 1)) >= min_edge) ++m2;
  levels.cuts_at_h = m1;
  levels.data_independent = numeric_axes * m1;
  levels.decisions = m2 >= m1 ? numeric_axes * (m2 - m1 + 1) : 0;
  return levels;
}

Result<SplitDecision> SplitDecision::make(size_t decisions, double split_epsilon, double tau) {
  if (decisions == 0) return Status::error(ErrorCode::Internal, "a split decision needs at least one decision level");
  if (!(split_epsilon > 0) || !std::isfinite(split_epsilon)) {
    return Status::error(ErrorCode::InvalidArgument, "the split epsilon must be positive and finite");
  }
  if (!std::isfinite(tau)) return Status::error(ErrorCode::InvalidArgument, "the split threshold tau must be finite");
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale scale,
                             rational_scale_at_least(static_cast<double>(decisions) / split_epsilon));
  SplitDecision decision;
  decision.scale_ = scale;
  constexpr double kBound = 4e18;  // |floor(tau) + 1| fits int64; beyond, the outcome is certain
  decision.least_split_ = static_cast<int64_t>(std::fmax(-kBound, std::fmin(kBound, std::floor(tau) + 1)));
  // An empty box splits iff -Z >= least_split, i.e. Z >= least_split by symmetry.
  decision.empty_split_ = tail_at_least(decision.scale_, decision.least_split_);
  return decision;
}

bool SplitDecision::splits(uint64_t count, RandomSource& random) const {
  const int64_t z = sample_discrete_laplace(random, scale_);
  // count - z >= least_split without overflow (|z| and count are far below 2^62).
  return static_cast<int64_t>(count) - z >= least_split_;
}

double lemma10_tau(size_t decision_levels, double split_epsilon, double boxes_at_level_h, double records_bound,
                   double delta) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (!(split_epsilon > 0) || !(boxes_at_level_h >= 1) || !(records_bound >= 0) || !(delta > 0 && delta < 1)) {
    return nan;
  }
  if (decision_levels == 0) return 0;
  Result<RationalScale> scale = rational_scale_at_least(static_cast<double>(decision_levels) / split_epsilon);
  if (!scale.is_ok()) return nan;
  const double boxes = boxes_at_level_h + records_bound * static_cast<double>(decision_levels);
  return scale.value().value() * std::log(boxes / delta);
}

}  // namespace privsynth
