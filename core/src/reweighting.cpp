#include "privsynth/reweighting.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>
#include <string>

#include "privsynth/marginal_operator.hpp"

namespace privsynth {
namespace {

constexpr double kExactTolerance = 1e-9;  // "exact": the gap left by floating point, not a choice

// The reweighting LP over a subset of the statistics and a subset of the points. Row 0 is
// sum h = 1; each active statistic adds rows  A_f h - t <= b_f  and  A_f h + t >= b_f. Column 0
// is t; each active point adds a column.
class RestrictedLp {
 public:
  RestrictedLp(const MarginalOperator& statistics, const std::vector<double>& targets)
      : a_(statistics), targets_(targets), first_row_(targets.size(), -1) {}

  Status build() {
    PRIVSYNTH_RETURN_IF_ERROR(lp_.append_rows({LpRow{LpBound::Fixed, 1, 1, {}, {}}}));
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
      column.rows.push_back(0);
      for (size_t k = 0; k < a_.marginals(); ++k) {
        const int row = first_row_[a_.cell(k, j)];
        if (row >= 0) column.rows.insert(column.rows.end(), {row, row + 1});
      }
      column.values.assign(column.rows.size(), 1.0);
      column_of_[j] = lp_.columns() + static_cast<int>(i);
      active_points_.push_back(j);
    }
    return lp_.append_columns(columns);
  }

  Status activate_statistics(const std::vector<uint32_t>& statistics) {
    if (points_in_cell_.empty()) index_points();
    std::vector<LpRow> rows;
    rows.reserve(2 * statistics.size());
    for (const uint32_t f : statistics) {
      first_row_[f] = lp_.rows() + static_cast<int>(rows.size());
      LpRow upper{LpBound::Upper, 0, targets_[f], {0}, {-1.0}};  // A_f h - t <= b_f
      LpRow lower{LpBound::Lower, targets_[f], 0, {0}, {1.0}};   // A_f h + t >= b_f
      for (size_t i = cell_start_[f]; i < cell_start_[f + 1]; ++i) {
        const int column = column_of_[points_in_cell_[i]];
        if (column >= 0) upper.columns.push_back(column);
      }
      upper.values.resize(upper.columns.size(), 1.0);
      lower.columns = upper.columns;
      lower.values.resize(lower.columns.size(), 1.0);
      rows.push_back(std::move(upper));
      rows.push_back(std::move(lower));
      active_statistics_.push_back(f);
    }
    return lp_.append_rows(rows);
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
  // Which points fall in each statistic's cell (compressed rows).
  void index_points() {
    cell_start_.assign(a_.statistics() + 1, 0);
    for (size_t k = 0; k < a_.marginals(); ++k) {
      for (size_t j = 0; j < a_.points(); ++j) ++cell_start_[a_.cell(k, j) + 1];
    }
    for (size_t f = 0; f < a_.statistics(); ++f) cell_start_[f + 1] += cell_start_[f];
    points_in_cell_.resize(cell_start_.back());
    std::vector<size_t> next(cell_start_.begin(), cell_start_.end() - 1);
    for (size_t k = 0; k < a_.marginals(); ++k) {
      for (size_t j = 0; j < a_.points(); ++j) points_in_cell_[next[a_.cell(k, j)]++] = static_cast<uint32_t>(j);
    }
  }

  const MarginalOperator& a_;
  const std::vector<double>& targets_;
  LinearProgram lp_;
  std::vector<int> first_row_;  // per statistic: its first row, or -1 while inactive
  std::vector<int> column_of_;  // per point: its column, or -1 while inactive
  std::vector<uint32_t> active_statistics_, active_points_;
  std::vector<size_t> cell_start_;
  std::vector<uint32_t> points_in_cell_;
};

// The residual A h - b over all statistics, and its max norm (the certified upper bound P(h)).
double residual(const MarginalOperator& a, const std::vector<double>& targets, const std::vector<double>& h,
                std::vector<double>& r) {
  r.resize(targets.size());
  a.apply(h.data(), r.data());
  double top = 0;
  for (size_t f = 0; f < r.size(); ++f) top = std::max(top, std::fabs(r[f] -= targets[f]));
  return top;
}

// Indices i with score[i] > level that are not yet in the LP, the `count` largest scores first.
template <class IsActive>
std::vector<uint32_t> largest_beyond(const std::vector<double>& score, double level, size_t count, IsActive&& active) {
  std::vector<uint32_t> chosen;
  for (size_t i = 0; i < score.size(); ++i) {
    if (score[i] > level && !active(i)) chosen.push_back(static_cast<uint32_t>(i));
  }
  const auto larger = [&](uint32_t x, uint32_t y) { return score[x] > score[y]; };
  if (chosen.size() > count) {
    std::nth_element(chosen.begin(), chosen.begin() + static_cast<std::ptrdiff_t>(count), chosen.end(), larger);
    chosen.resize(count);
  }
  std::sort(chosen.begin(), chosen.end());
  return chosen;
}

bool gap_closed(double upper, double lower, double relative_gap) {
  return upper - lower <= std::max(kExactTolerance * std::max(1.0, lower), relative_gap * lower);
}

struct RoundResult {
  std::vector<double> weights;
  double upper = 0, lower = 0;
  long long iterations = 0;
};

// Fits one reduced space by row and column generation (or, with everything active from the
// start, the full simplex). `lp` persists across rounds of the schedule, so each solve is warm.
//  - Columns: while some point's reduced cost is negative, the restricted LP is not optimal over
//    all points; the most negative ones enter and the primal simplex continues (still feasible).
//    Since sum h = 1, t_restricted + min_j d_j is a lower bound on the optimum (Lagrangian bound).
//  - Rows: once no column prices out, the restricted optimum is a lower bound on t* (fewer
//    constraints); the statistics its solution violates most enter and the dual simplex continues.
Result<RoundResult> fit_by_simplex(RestrictedLp& lp, const MarginalOperator& a, const std::vector<double>& targets,
                                   const FitOptions& options, const FitProgressSink& progress, bool first_round) {
  const size_t statistics = targets.size(), points = a.points();
  const bool everything = options.method == FitMethod::Simplex;
  RoundResult best;
  best.upper = INFINITY;
  std::vector<double> r, scores(statistics);
  SimplexOptions simplex = options.simplex;
  const size_t row_batch = std::clamp<size_t>(statistics / 10, 100, 2000);
  const size_t column_batch = std::max<size_t>(1000, 2 * row_batch);
  const auto all_of = [](size_t count) {
    std::vector<uint32_t> all(count);
    for (size_t i = 0; i < count; ++i) all[i] = static_cast<uint32_t>(i);
    return all;
  };
  if (first_round) {
    PRIVSYNTH_RETURN_IF_ERROR(lp.build());
    lp.points_grew();
    if (everything) {
      PRIVSYNTH_RETURN_IF_ERROR(lp.activate_points(all_of(points)));
      PRIVSYNTH_RETURN_IF_ERROR(lp.activate_statistics(all_of(statistics)));
    } else {  // the statistics the uniform density misses most, and the first points
      residual(a, targets, std::vector<double>(points, 1.0 / double(points)), r);
      for (size_t f = 0; f < statistics; ++f) scores[f] = std::fabs(r[f]);
      PRIVSYNTH_RETURN_IF_ERROR(lp.activate_statistics(largest_beyond(scores, -1, row_batch, [](size_t) { return false; })));
      std::vector<uint32_t> first = all_of(std::min(points, column_batch));
      PRIVSYNTH_RETURN_IF_ERROR(lp.activate_points(first));
    }
  } else {
    lp.points_grew();
    if (everything) {
      std::vector<uint32_t> added;
      for (size_t j = 0; j < points; ++j) {
        if (!lp.point_active(j)) added.push_back(static_cast<uint32_t>(j));
      }
      PRIVSYNTH_RETURN_IF_ERROR(lp.activate_points(added));
    }
    simplex.method = SimplexMethod::Primal;  // new non-basic columns keep the basis primal feasible
  }
  for (;;) {
    const LpProgressSink simplex_progress = [&](const LpProgress& p) {
      return !progress || progress(FitProgress{p.iterations, std::isfinite(best.upper) ? best.upper : 0, best.lower,
                                               lp.active_statistics(), p.infeasibility});
    };
    Result<LpSolution> solved = lp.solve(simplex, simplex_progress);
    if (!solved.is_ok()) return solved.status();
    const LpSolution& solution = solved.value();
    best.iterations += solution.iterations;
    std::vector<double> h = lp.density(solution);
    const double upper = residual(a, targets, h, r);
    if (upper < best.upper) {
      best.upper = upper;
      best.weights = std::move(h);
    }
    std::vector<double> costs = lp.reduced_costs(solution);
    const double most_negative = std::min(0.0, *std::min_element(costs.begin(), costs.end()));
    best.lower = std::max(best.lower, solution.objective + most_negative);
    if (gap_closed(best.upper, best.lower, options.relative_gap)) return best;
    if (progress && !progress(FitProgress{0, best.upper, best.lower, lp.active_statistics(), 0})) {
      return Status::error(ErrorCode::Cancelled, "cancelled while solving the LP");
    }
    for (double& d : costs) d = -d;
    const std::vector<uint32_t> entering =
        largest_beyond(costs, kExactTolerance, column_batch, [&](size_t j) { return lp.point_active(j); });
    if (!entering.empty()) {
      PRIVSYNTH_RETURN_IF_ERROR(lp.activate_points(entering));
      simplex.method = SimplexMethod::Primal;
      continue;
    }
    for (size_t f = 0; f < statistics; ++f) scores[f] = std::fabs(r[f]);
    const std::vector<uint32_t> violated = largest_beyond(scores, solution.objective + kExactTolerance, row_batch,
                                                          [&](size_t f) { return lp.statistic_active(f); });
    if (violated.empty()) return best;  // every statistic holds and no point prices out: optimal
    PRIVSYNTH_RETURN_IF_ERROR(lp.activate_statistics(violated));
    simplex.method = SimplexMethod::Dual;  // new basic rows keep the basis dual feasible
  }
}

Result<RoundResult> fit_by_mirror_prox(const MarginalOperator& a, const std::vector<double>& targets,
                                       const FitOptions& options, const std::vector<double>& start,
                                       const FitProgressSink& progress) {
  MirrorProxOptions first_order = options.mirror_prox;
  first_order.relative_gap = options.relative_gap;
  const MirrorProxProgressSink first_order_progress = [&](const MirrorProxProgress& p) {
    return !progress || progress(FitProgress{p.iterations, p.upper, p.lower, a.statistics(), 0});
  };
  Result<MirrorProxSolution> solved = solve_min_max_mirror_prox(a, targets, first_order, start, first_order_progress);
  if (!solved.is_ok()) return solved.status();
  if (!solved.value().converged) {
    return Status::error(ErrorCode::LpLimitReached,
                         "the first-order solver stopped at its limit with max error " +
                             std::to_string(solved.value().objective) + " and lower bound " +
                             std::to_string(solved.value().lower_bound));
  }
  MirrorProxSolution& solution = solved.value();
  return RoundResult{std::move(solution.weights), solution.objective, solution.lower_bound, solution.iterations};
}

void append_points(EncodedTable& all, const EncodedTable& more) {
  if (all.levels.empty()) {
    all = more;
    return;
  }
  for (size_t c = 0; c < all.columns(); ++c) all.codes[c].insert(all.codes[c].end(), more.codes[c].begin(), more.codes[c].end());
  all.rows += more.rows;
}

}  // namespace

Status check_fit_size(const MarginalWorkload& workload, size_t points, FitMethod method) {
  const LpSize full = reweighting_lp_size(workload, points);
  // The simplex holds the whole LP; the other methods hold one cell index per (marginal, point)
  // twice (operator and row index) plus the rows they activate.
  const size_t held = method == FitMethod::Simplex ? full.nonzeros : workload.marginals().size() * points;
  if (held > kMaxLpNonzeros || 2 * workload.statistic_count() + 1 >= static_cast<size_t>(INT_MAX) ||
      points >= static_cast<size_t>(INT_MAX)) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the LP for " + std::to_string(workload.statistic_count()) + " statistics and " +
                             std::to_string(points) + " points would need " + std::to_string(held) +
                             " matrix entries (at most " + std::to_string(kMaxLpNonzeros) +
                             "); choose fewer columns, a lower degree, fewer bins or a smaller reduced space");
  }
  return Status::ok();
}


const char* fit_method_name(FitMethod method) {
  switch (method) {
    case FitMethod::RowGeneration: return "row-generation";
    case FitMethod::Simplex: return "simplex";
    case FitMethod::MirrorProx: return "mirror-prox";
  }
  return "?";
}

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
                                      const FitOptions& options, const FitProgressSink& progress) {
  if (targets.size() != workload.statistic_count()) {
    return Status::error(ErrorCode::Internal, "one target per statistic is needed");
  }
  if (schedule.initial_points == 0 || schedule.max_points < schedule.initial_points) {
    return Status::error(ErrorCode::InvalidArgument, "the reduced space needs at least one point");
  }
  if (!(options.relative_gap >= 0) || (options.method == FitMethod::MirrorProx && !(options.relative_gap > 0))) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the LP's relative gap must be >= 0 (and > 0 for the first-order solver)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_fit_size(workload, schedule.initial_points, options.method));
  Reweighting result;
  std::optional<MarginalOperator> statistics;
  std::optional<RestrictedLp> lp;
  size_t wanted = schedule.initial_points;
  for (;;) {
    const EncodedTable more = draw_points(wanted - result.points.rows);
    append_points(result.points, more);
    if (statistics) {
      statistics->append_points(workload, more);
    } else {
      statistics.emplace(workload, more);
    }
    Result<RoundResult> round = [&]() -> Result<RoundResult> {
      if (options.method == FitMethod::MirrorProx) {
        std::vector<double> start = result.weights;  // new points enter through the 1% uniform mix
        if (!start.empty()) start.resize(result.points.rows, 0.0);
        return fit_by_mirror_prox(*statistics, targets, options, start, progress);
      }
      const bool first = !lp;
      if (first) lp.emplace(*statistics, targets);
      return fit_by_simplex(*lp, *statistics, targets, options, progress, first);
    }();
    if (!round.is_ok()) return round.status();
    result.weights = std::move(round.value().weights);
    result.lp_objective = round.value().upper;
    result.lower_bound = round.value().lower;
    result.iterations += round.value().iterations;
    result.active_statistics = lp ? lp->active_statistics() : workload.statistic_count();
    result.size = lp ? lp->size() : reweighting_lp_size(workload, result.points.rows);
    result.rounds.push_back({result.points.rows, result.lp_objective, result.lower_bound, round.value().iterations,
                             result.active_statistics});
    if (result.lp_objective <= schedule.target_error) break;
    wanted = std::min(schedule.max_points, 2 * result.points.rows);
    while (wanted > result.points.rows && !check_fit_size(workload, wanted, options.method).is_ok()) {
      wanted = (wanted + result.points.rows) / 2;
    }
    if (wanted <= result.points.rows) break;
  }
  if (result.weights.empty()) return Status::error(ErrorCode::LpFailed, "the LP returned an all-zero density");
  return result;
}

Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const EncodedTable& points,
                                      const std::vector<double>& targets, const FitOptions& options,
                                      const FitProgressSink& progress) {
  if (points.rows == 0) return Status::error(ErrorCode::InvalidArgument, "the reduced space is empty");
  const PointSource given = [&](size_t) { return points; };
  return fit_min_max_error(workload, given, targets, ReducedSpaceSchedule{points.rows, points.rows, 0}, options, progress);
}

}  // namespace privsynth
