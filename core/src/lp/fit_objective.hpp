#pragma once
// Internal to reweighting.cpp: the three objectives of the reweighting LP over the residuals
// r_f = A_f h - b_f, and which statistics row generation lets in next (docs/lp-solvers.md).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "lp/reweighting.hpp"

namespace privsynth::detail {

// Marginal of every statistic: the workload's marginal index for a cell, one group of its own for
// each dense statistic after them.
inline std::vector<uint32_t> statistic_groups(const MarginalWorkload& workload, size_t dense) {
  std::vector<uint32_t> group;
  group.reserve(workload.statistic_count() + dense);
  for (size_t k = 0; k < workload.marginals().size(); ++k)
    group.insert(group.end(), workload.marginals()[k].cells, uint32_t(k));
  for (size_t d = 0; d < dense; ++d) group.push_back(static_cast<uint32_t>(workload.marginals().size() + d));
  return group;
}

// L1 error of each group.
inline std::vector<double> group_errors(const std::vector<double>& residual, const std::vector<uint32_t>& group) {
  std::vector<double> errors(group.empty() ? 0 : size_t(group.back()) + 1, 0.0);
  for (size_t f = 0; f < residual.size(); ++f) errors[group[f]] += std::fabs(residual[f]);
  return errors;
}

inline double objective_value(FitObjective objective, const std::vector<double>& residual,
                              const std::vector<uint32_t>& group) {
  double value = 0;
  switch (objective) {
    case FitObjective::MaxError:
      for (double r : residual) value = std::max(value, std::fabs(r));
      return value;
    case FitObjective::SumError:
      for (double r : residual) value += std::fabs(r);
      return value;
    case FitObjective::MaxMarginalError:
      for (double e : group_errors(residual, group)) value = std::max(value, e);
      return value;
  }
  return value;
}

// Scores of the statistics that would raise the restricted optimum `restricted` if they entered,
// 0 for those that cannot: under MaxError a statistic whose error exceeds it; under SumError any
// statistic with an error (its error is missing from the restricted sum); under MaxMarginalError
// the statistics of marginals whose full L1 error exceeds it.
inline std::vector<double> entering_scores(FitObjective objective, const std::vector<double>& residual,
                                           const std::vector<uint32_t>& group, double restricted, double tolerance) {
  std::vector<double> scores(residual.size(), 0.0);
  const double level = objective == FitObjective::SumError ? 0.0 : restricted;
  const std::vector<double> errors =
      objective == FitObjective::MaxMarginalError ? group_errors(residual, group) : std::vector<double>();
  for (size_t f = 0; f < residual.size(); ++f) {
    const double own = std::fabs(residual[f]);
    const double measure = objective == FitObjective::MaxMarginalError ? errors[group[f]] : own;
    if (measure > level + tolerance) scores[f] = own;
  }
  return scores;
}

}  // namespace privsynth::detail
