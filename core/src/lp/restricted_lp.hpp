#pragma once
// Internal to reweighting.cpp: the reweighting LP restricted to the statistics and points that
// row and column generation have activated so far (docs/lp-solvers.md).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "lp/linear_program.hpp"
#include "lp/reweighting.hpp"
#include "statistics/marginal_operator.hpp"

namespace privsynth::detail {

// The reweighting LP over a subset of the statistics and a subset of the points. Row 0 is
// sum h = 1; column 0 is t; each active point adds a column. Each active statistic f adds the rows
//   MaxError:                 A_f h - t <= b_f,    A_f h + t >= b_f            (minimize t)
//   SumError, MaxMarginalError: A_f h - e_f <= b_f,  A_f h + e_f >= b_f, and a column e_f >= 0,
//     which costs 1 (SumError: minimize sum e_f; t is fixed at 0) or enters its marginal's row
//     sum_{f in marginal} e_f - t <= 0 (MaxMarginalError: minimize t).
// Dropping statistics relaxes every objective, so a restricted optimum is a lower bound.
class RestrictedLp {
 public:
  RestrictedLp(const MarginalOperator& statistics, const std::vector<double>& targets, FitObjective objective,
               const std::vector<uint32_t>& group)
      : a_(statistics), targets_(targets), objective_(objective), group_(group), first_row_(targets.size(), -1) {
    if (objective == FitObjective::MaxMarginalError)
      group_row_.assign(group.empty() ? 0 : size_t(group.back()) + 1, -1);
  }

  Status build() {
    PRIVSYNTH_RETURN_IF_ERROR(lp_.append_rows({LpRow{LpBound::Fixed, 1, 1, {}, {}}}));
    if (objective_ == FitObjective::SumError) return lp_.append_columns({LpColumn{LpBound::Fixed, 0, 0, 0.0, {}, {}}});
    return lp_.append_columns({LpColumn{LpBound::Lower, 0, 0, 1.0, {}, {}}});
  }

  // Call after points were appended to the operator: they start inactive.
  void points_grew() {
    column_of_.resize(a_.points(), -1);
    points_in_cell_.clear();  // rebuilt on the next activation
  }

  Status activate_points(const std::vector<uint32_t>& points) {
    std::vector<LpColumn> columns(points.size());
    for (size_t i = 0; i < points.size(); ++i) {
      const uint32_t j = points[i];
      LpColumn& column = columns[i];
      const auto add = [&](int row, double value) {
        column.rows.insert(column.rows.end(), {row, row + 1});
        column.values.insert(column.values.end(), {value, value});
      };
      column.rows.push_back(0);
      column.values.push_back(1.0);
      for (size_t k = 0; k < a_.marginals(); ++k) {
        const int row = first_row_[a_.cell(k, j)];
        if (row >= 0) add(row, 1.0);
      }
      for (size_t d = 0; d < a_.dense_statistics(); ++d) {
        const int row = first_row_[a_.cell_statistics() + d];
        if (row >= 0 && a_.dense(d, j) != 0) add(row, a_.dense(d, j));
      }
      column_of_[j] = lp_.columns() + static_cast<int>(i);
      active_points_.push_back(j);
    }
    return lp_.append_columns(columns);
  }

  Status activate_statistics(const std::vector<uint32_t>& statistics) {
    if (points_in_cell_.empty()) index_points();
    const bool own_error = objective_ != FitObjective::MaxError;  // e_f instead of t
    std::vector<LpRow> rows;
    rows.reserve(2 * statistics.size());
    if (objective_ == FitObjective::MaxMarginalError) {
      for (const uint32_t f : statistics) {
        int& row = group_row_[group_[f]];
        if (row >= 0) continue;
        row = lp_.rows() + static_cast<int>(rows.size());
        rows.push_back(LpRow{LpBound::Upper, 0, 0, {0}, {-1.0}});  // sum e_f - t <= 0
      }
    }
    std::vector<LpColumn> errors;
    for (const uint32_t f : statistics) {
      const int first = lp_.rows() + static_cast<int>(rows.size());
      first_row_[f] = first;
      LpRow upper{LpBound::Upper, 0, targets_[f], {}, {}};  // A_f h - (t or e_f) <= b_f
      LpRow lower{LpBound::Lower, targets_[f], 0, {}, {}};  // A_f h + (t or e_f) >= b_f
      if (!own_error) {
        upper.columns.push_back(0);
        upper.values.push_back(-1.0);
      }
      if (f < a_.cell_statistics()) {
        for (size_t i = cell_start_[f]; i < cell_start_[f + 1]; ++i) {
          const int column = column_of_[points_in_cell_[i]];
          if (column >= 0) {
            upper.columns.push_back(column);
            upper.values.push_back(1.0);
          }
        }
      } else {
        const size_t d = f - a_.cell_statistics();
        for (const uint32_t j : active_points_) {
          if (a_.dense(d, j) == 0) continue;
          upper.columns.push_back(column_of_[j]);
          upper.values.push_back(a_.dense(d, j));
        }
      }
      lower.columns = upper.columns;
      lower.values = upper.values;
      if (!own_error) lower.values[0] = 1.0;
      rows.push_back(std::move(upper));
      rows.push_back(std::move(lower));
      active_statistics_.push_back(f);
      if (own_error) {
        LpColumn error{LpBound::Lower,     0,          0, objective_ == FitObjective::SumError ? 1.0 : 0.0,
                       {first, first + 1}, {-1.0, 1.0}};
        if (objective_ == FitObjective::MaxMarginalError) {
          error.rows.push_back(group_row_[group_[f]]);
          error.values.push_back(1.0);
        }
        errors.push_back(std::move(error));
      }
    }
    PRIVSYNTH_RETURN_IF_ERROR(lp_.append_rows(rows));
    return errors.empty() ? Status::ok() : lp_.append_columns(errors);
  }

  bool statistic_active(size_t f) const { return first_row_[f] >= 0; }
  bool point_active(size_t j) const { return column_of_[j] >= 0; }
  size_t active_statistics() const { return active_statistics_.size(); }
  size_t active_points() const { return active_points_.size(); }
  LpSize size() const { return {lp_.rows(), lp_.columns(), lp_.nonzeros()}; }
  Result<LpSolution> solve(const SimplexOptions& options, const LpProgressSink& progress) {
    return lp_.solve(options, progress);
  }

  // h over all points (inactive ones 0), cleared of the solver's round-off.
  std::vector<double> density(const LpSolution& solution) const {
    std::vector<double> h(a_.points(), 0.0);
    double total = 0;
    for (const uint32_t j : active_points_) {
      total += h[j] = std::max(0.0, solution.columns[static_cast<size_t>(column_of_[j])]);
    }
    if (total > 0) {
      for (double& x : h) x /= total;
    }
    return h;
  }

  // Reduced cost of every point's column under the solution's duals: 0 - pi_sum - sum over the
  // active statistics f containing the point of (pi_f+ + pi_f-), computed as -pi_sum - A^T w.
  std::vector<double> reduced_costs(const LpSolution& solution) const {
    std::vector<double> w(a_.statistics(), 0.0), costs(a_.points());
    for (const uint32_t f : active_statistics_) {
      const size_t row = static_cast<size_t>(first_row_[f]);
      w[f] = solution.row_duals[row] + solution.row_duals[row + 1];
    }
    a_.apply_transpose(w.data(), costs.data());
    for (double& d : costs) d = -solution.row_duals[0] - d;
    return costs;
  }

 private:
  // Which points fall in each marginal cell (compressed rows).
  void index_points() {
    cell_start_.assign(a_.cell_statistics() + 1, 0);
    for (size_t k = 0; k < a_.marginals(); ++k) {
      for (size_t j = 0; j < a_.points(); ++j) ++cell_start_[a_.cell(k, j) + 1];
    }
    for (size_t f = 0; f < a_.cell_statistics(); ++f) cell_start_[f + 1] += cell_start_[f];
    points_in_cell_.resize(cell_start_.back());
    std::vector<size_t> next(cell_start_.begin(), cell_start_.end() - 1);
    for (size_t k = 0; k < a_.marginals(); ++k) {
      for (size_t j = 0; j < a_.points(); ++j) points_in_cell_[next[a_.cell(k, j)]++] = static_cast<uint32_t>(j);
    }
  }

  const MarginalOperator& a_;
  const std::vector<double>& targets_;
  FitObjective objective_;
  const std::vector<uint32_t>& group_;
  std::vector<int> group_row_;  // MaxMarginalError: per marginal its row, or -1 while none is active
  LinearProgram lp_;
  std::vector<int> first_row_;  // per statistic: its first row, or -1 while inactive
  std::vector<int> column_of_;  // per point: its column, or -1 while inactive
  std::vector<uint32_t> active_statistics_, active_points_;
  std::vector<size_t> cell_start_;
  std::vector<uint32_t> points_in_cell_;
};

}  // namespace privsynth::detail
