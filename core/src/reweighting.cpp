#include "privsynth/reweighting.hpp"

#include <Eigen/SparseCore>
#include <algorithm>
#include <climits>
#include <cmath>
#include <string>

namespace privsynth {
namespace {

// Rows 2i and 2i+1 bound statistic i from above and below; the last row is sum h = 1. Column 0
// is t; the point columns follow in the order the points were added.
class ReweightingLp {
 public:
  ReweightingLp(const MarginalWorkload& workload, const std::vector<double>& targets)
      : workload_(workload), targets_(targets) {}

  Status build() {
    const int statistics = static_cast<int>(workload_.statistic_count());
    std::vector<LpRow> rows(2 * static_cast<size_t>(statistics) + 1);
    for (int i = 0; i < statistics; ++i) {
      rows[2 * i] = {LpBound::Upper, 0, targets_[i]};      // A h - t <= b
      rows[2 * i + 1] = {LpBound::Lower, targets_[i], 0};  // A h + t >= b
    }
    rows.back() = {LpBound::Fixed, 1, 1};
    PRIVSYNTH_RETURN_IF_ERROR(lp_.append_rows(rows));
    LpColumn t{LpBound::Lower, 0, 0, 1.0, {}, {}};
    for (int i = 0; i < statistics; ++i) {
      t.rows.insert(t.rows.end(), {2 * i, 2 * i + 1});
      t.values.insert(t.values.end(), {-1.0, 1.0});
    }
    return lp_.append_columns({t});
  }

  // Column of point z: f(z) = 1 for the one cell of each marginal that z falls in.
  Status add_points(const EncodedTable& points) {
    const int sum_row = static_cast<int>(2 * workload_.statistic_count());
    std::vector<LpColumn> columns(points.rows);
    for (size_t j = 0; j < points.rows; ++j) {
      LpColumn& column = columns[j];
      column.rows.reserve(2 * workload_.marginals().size() + 1);
      for (const Marginal& marginal : workload_.marginals()) {
        const int i = static_cast<int>(marginal.offset + cell_of_row(marginal, points, j));
        column.rows.insert(column.rows.end(), {2 * i, 2 * i + 1});
      }
      column.rows.push_back(sum_row);
      column.values.assign(column.rows.size(), 1.0);
    }
    return lp_.append_columns(columns);
  }

  Result<LpSolution> solve(const SimplexOptions& options, const LpProgressSink& progress) {
    return lp_.solve(options, progress);
  }
  LpSize size() const { return {lp_.rows(), lp_.columns(), lp_.nonzeros()}; }

 private:
  const MarginalWorkload& workload_;
  const std::vector<double>& targets_;
  LinearProgram lp_;
};

void append_points(EncodedTable& all, const EncodedTable& more) {
  if (all.levels.empty()) {
    all = more;
    return;
  }
  for (size_t c = 0; c < all.columns(); ++c) all.codes[c].insert(all.codes[c].end(), more.codes[c].begin(), more.codes[c].end());
  all.rows += more.rows;
}

// A(f, j) = f(z_j), to check the solver's answer independently.
Eigen::SparseMatrix<double> statistic_matrix(const MarginalWorkload& workload, const EncodedTable& points) {
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(points.rows * workload.marginals().size());
  for (size_t j = 0; j < points.rows; ++j) {
    for (const Marginal& marginal : workload.marginals()) {
      const size_t cell = cell_of_row(marginal, points, j);
      entries.emplace_back(static_cast<int>(marginal.offset + cell), static_cast<int>(j), 1.0);
    }
  }
  Eigen::SparseMatrix<double> matrix(static_cast<Eigen::Index>(workload.statistic_count()),
                                     static_cast<Eigen::Index>(points.rows));
  matrix.setFromTriplets(entries.begin(), entries.end());
  return matrix;
}

// Turns the solver's columns into an exact probability vector (clearing round-off) and measures
// the achieved max error.
Status finish(const MarginalWorkload& workload, const std::vector<double>& targets, const LpSolution& solution,
              Reweighting& result) {
  const Eigen::Index points = static_cast<Eigen::Index>(result.points.rows);
  Eigen::VectorXd h(points);
  for (Eigen::Index j = 0; j < points; ++j) h[j] = std::max(0.0, solution.columns[static_cast<size_t>(j) + 1]);
  const double total = h.sum();
  if (!(total > 0)) return Status::error(ErrorCode::LpFailed, "the LP returned an all-zero density");
  h /= total;
  const Eigen::VectorXd fitted = statistic_matrix(workload, result.points) * h;
  result.max_error = 0;
  for (Eigen::Index i = 0; i < fitted.size(); ++i) {
    result.max_error = std::max(result.max_error, std::fabs(fitted[i] - targets[static_cast<size_t>(i)]));
  }
  result.weights.assign(h.data(), h.data() + h.size());
  result.lp_objective = solution.objective;
  return Status::ok();
}

Status check_size(const MarginalWorkload& workload, size_t points) {
  const LpSize size = reweighting_lp_size(workload, points);
  if (size.nonzeros > kMaxLpNonzeros || 2 * workload.statistic_count() + 1 >= static_cast<size_t>(INT_MAX) ||
      points >= static_cast<size_t>(INT_MAX)) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the LP for " + std::to_string(workload.statistic_count()) + " statistics and " +
                             std::to_string(points) + " points would have " + std::to_string(size.nonzeros) +
                             " non-zeros (at most " + std::to_string(kMaxLpNonzeros) +
                             "); choose fewer columns, a lower degree, fewer bins or a smaller reduced space");
  }
  return Status::ok();
}

}  // namespace

LpSize reweighting_lp_size(const MarginalWorkload& workload, size_t points) {
  const size_t statistics = workload.statistic_count();
  LpSize size;
  size.rows = static_cast<int>(std::min<size_t>(2 * statistics + 1, INT_MAX));
  size.columns = static_cast<int>(std::min<size_t>(points + 1, INT_MAX));
  size.nonzeros = points * (2 * workload.marginals().size() + 1) + 2 * statistics;
  return size;
}

Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const PointSource& draw_points,
                                      const std::vector<double>& targets, const ReducedSpaceSchedule& schedule,
                                      const SimplexOptions& options, const LpProgressSink& progress) {
  if (targets.size() != workload.statistic_count()) {
    return Status::error(ErrorCode::Internal, "one target per statistic is needed");
  }
  if (schedule.initial_points == 0 || schedule.max_points < schedule.initial_points) {
    return Status::error(ErrorCode::InvalidArgument, "the reduced space needs at least one point");
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_size(workload, schedule.initial_points));
  ReweightingLp lp(workload, targets);
  PRIVSYNTH_RETURN_IF_ERROR(lp.build());
  Reweighting result;
  LpSolution solution;
  size_t wanted = schedule.initial_points;
  for (;;) {
    const EncodedTable more = draw_points(wanted - result.points.rows);
    PRIVSYNTH_RETURN_IF_ERROR(lp.add_points(more));
    append_points(result.points, more);
    Result<LpSolution> solved = lp.solve(options, progress);
    if (!solved.is_ok()) return solved.status();
    solution = std::move(solved).value();
    result.iterations += solution.iterations;
    result.rounds.push_back({result.points.rows, solution.objective, solution.iterations});
    if (solution.objective <= schedule.target_error) break;
    wanted = std::min(schedule.max_points, 2 * result.points.rows);
    while (wanted > result.points.rows && !check_size(workload, wanted).is_ok()) wanted = (wanted + result.points.rows) / 2;
    if (wanted <= result.points.rows) break;
  }
  result.size = lp.size();
  PRIVSYNTH_RETURN_IF_ERROR(finish(workload, targets, solution, result));
  return result;
}

Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const EncodedTable& points,
                                      const std::vector<double>& targets, const SimplexOptions& options,
                                      const LpProgressSink& progress) {
  if (points.rows == 0) return Status::error(ErrorCode::InvalidArgument, "the reduced space is empty");
  const PointSource given = [&](size_t) { return points; };
  return fit_min_max_error(workload, given, targets, ReducedSpaceSchedule{points.rows, points.rows, 0}, options, progress);
}

}  // namespace privsynth
