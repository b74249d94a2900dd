#include "lp/reweighting.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>
#include <string>

#include "lp/fit_objective.hpp"
#include "lp/restricted_lp.hpp"
#include "statistics/marginal_operator.hpp"

namespace privsynth {
namespace {

constexpr double kExactTolerance = 1e-9;  // "exact": the gap left by floating point, not a choice

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
  double max_error = 0;  // max_f |r_f| at the weights
  long long iterations = 0;
};

// Fits one reduced space by row and column generation (or, with everything active from the
// start, the full simplex). `lp` persists across rounds of the schedule, so each solve is warm.
//  - Columns: while some point's reduced cost is negative, the restricted LP is not optimal over
//    all points; the most negative ones enter and the primal simplex continues (still feasible).
//    Since sum h = 1, t_restricted + min_j d_j is a lower bound on the optimum (Lagrangian bound).
//  - Rows: once no column prices out, the restricted optimum is a lower bound on t* (fewer
//    constraints); the statistics its solution violates most enter and the dual simplex continues.
Result<RoundResult> fit_by_simplex(detail::RestrictedLp& lp, const MarginalOperator& a,
                                   const std::vector<double>& targets, const std::vector<uint32_t>& group,
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
      a.residual(std::vector<double>(points, 1.0 / double(points)), targets, r);
      for (size_t f = 0; f < statistics; ++f) scores[f] = std::fabs(r[f]);
      PRIVSYNTH_RETURN_IF_ERROR(
          lp.activate_statistics(largest_beyond(scores, -1, row_batch, [](size_t) { return false; })));
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
    PRIVSYNTH_ASSIGN_OR_RETURN(LpSolution solved, lp.solve(simplex, simplex_progress));
    const LpSolution& solution = solved;
    best.iterations += solution.iterations;
    std::vector<double> h = lp.density(solution);
    const double max_error = a.residual(h, targets, r);
    const double upper = detail::objective_value(options.objective, r, group);  // certified: all statistics
    if (upper < best.upper) {
      best.upper = upper;
      best.max_error = max_error;
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
    scores = detail::entering_scores(options.objective, r, group, solution.objective, kExactTolerance);
    const std::vector<uint32_t> violated =
        largest_beyond(scores, 0.0, row_batch, [&](size_t f) { return lp.statistic_active(f); });
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
  PRIVSYNTH_ASSIGN_OR_RETURN(MirrorProxSolution solved,
                             solve_min_max_mirror_prox(a, targets, first_order, start, first_order_progress));
  if (!solved.converged) {
    return Status::error(ErrorCode::LpLimitReached, "the first-order solver stopped at its limit with max error " +
                                                        std::to_string(solved.objective) + " and lower bound " +
                                                        std::to_string(solved.lower_bound));
  }
  MirrorProxSolution& solution = solved;
  return RoundResult{std::move(solution.weights), solution.objective, solution.lower_bound, solution.objective,
                     solution.iterations};
}

void append_points(EncodedTable& all, const EncodedTable& more) {
  if (all.levels.empty()) {
    all = more;
    return;
  }
  for (size_t c = 0; c < all.columns(); ++c)
    all.codes[c].insert(all.codes[c].end(), more.codes[c].begin(), more.codes[c].end());
  all.rows += more.rows;
}

}  // namespace

Status check_fit_size(const MarginalWorkload& workload, size_t points, FitMethod method, size_t dense) {
  const LpSize full = reweighting_lp_size(workload, points, dense);
  // The simplex holds the whole LP; the other methods hold one cell index per (marginal, point)
  // twice (operator and row index) plus the rows they activate.
  const size_t held = method == FitMethod::Simplex ? full.nonzeros : (workload.marginals().size() + dense) * points;
  if (held > kMaxLpNonzeros || 2 * (workload.statistic_count() + dense) + 1 >= static_cast<size_t>(INT_MAX) ||
      points >= static_cast<size_t>(INT_MAX)) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the LP for " + std::to_string(workload.statistic_count() + dense) + " statistics and " +
                             std::to_string(points) + " points would need " + std::to_string(held) +
                             " matrix entries (at most " + std::to_string(kMaxLpNonzeros) +
                             "); choose fewer columns, a lower degree, fewer bins or a smaller reduced space");
  }
  return Status::ok();
}

const char* fit_objective_name(FitObjective objective) { return choice_name(kFitObjectives, objective); }

const char* fit_method_name(FitMethod method) { return choice_name(kFitMethods, method); }

LpSize reweighting_lp_size(const MarginalWorkload& workload, size_t points, size_t dense) {
  const size_t statistics = workload.statistic_count() + dense;
  LpSize size;
  size.rows = static_cast<int>(std::min<size_t>(2 * statistics + 1, INT_MAX));
  size.columns = static_cast<int>(std::min<size_t>(points + 1, INT_MAX));
  size.nonzeros = points * (2 * (workload.marginals().size() + dense) + 1) + 2 * statistics;
  return size;
}

Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const PointSource& draw_points,
                                      const std::vector<double>& targets, const ReducedSpaceSchedule& schedule,
                                      const FitOptions& options, const FitProgressSink& progress) {
  if (targets.size() < workload.statistic_count()) {
    return Status::error(ErrorCode::Internal, "one target per statistic is needed");
  }
  const size_t dense = targets.size() - workload.statistic_count();
  if (schedule.initial_points == 0 || schedule.max_points < schedule.initial_points) {
    return Status::error(ErrorCode::InvalidArgument, "the reduced space needs at least one point");
  }
  if (options.method == FitMethod::MirrorProx && options.objective != FitObjective::MaxError) {
    return Status::error(ErrorCode::InvalidArgument, "the first-order solver minimizes the max error only");
  }
  if (!(options.relative_gap >= 0) || (options.method == FitMethod::MirrorProx && !(options.relative_gap > 0))) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the LP's relative gap must be >= 0 (and > 0 for the first-order solver)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_fit_size(workload, schedule.initial_points, options.method, dense));
  Reweighting result;
  std::optional<MarginalOperator> statistics;
  std::optional<detail::RestrictedLp> lp;
  const std::vector<uint32_t> group = detail::statistic_groups(workload, dense);
  // Draws points until the space has `wanted`, checked, into the space and the operator.
  const auto grow_to = [&](size_t wanted) -> Status {
    const PointBatch more = draw_points(wanted - result.points.rows);
    if (more.dense.size() != dense || more.codes.rows != wanted - result.points.rows) {
      return Status::error(ErrorCode::Internal, "the point source returned the wrong number of points or functions");
    }
    for (const std::vector<double>& values : more.dense) {
      if (values.size() < more.codes.rows) return Status::error(ErrorCode::Internal, "a dense function misses points");
    }
    append_points(result.points, more.codes);
    if (statistics) {
      statistics->append_points(workload, more);
    } else {
      statistics.emplace(workload, more);
    }
    return Status::ok();
  };
  size_t wanted = schedule.initial_points;
  for (;;) {
    PRIVSYNTH_RETURN_IF_ERROR(grow_to(wanted));
    Result<RoundResult> round = [&]() -> Result<RoundResult> {
      if (options.method == FitMethod::MirrorProx) {
        std::vector<double> start = result.weights;  // new points enter through the 1% uniform mix
        if (!start.empty()) start.resize(result.points.rows, 0.0);
        return fit_by_mirror_prox(*statistics, targets, options, start, progress);
      }
      const bool first = !lp;
      if (first) lp.emplace(*statistics, targets, options.objective, group);
      return fit_by_simplex(*lp, *statistics, targets, group, options, progress, first);
    }();
    if (!round.is_ok()) return round.status();
    result.weights = std::move(round.value().weights);
    result.lp_objective = round.value().upper;
    result.max_error = round.value().max_error;
    result.lower_bound = round.value().lower;
    result.iterations += round.value().iterations;
    result.active_statistics = lp ? lp->active_statistics() : targets.size();
    result.size = lp ? lp->size() : reweighting_lp_size(workload, result.points.rows, dense);
    result.rounds.push_back({result.points.rows, result.lp_objective, result.lower_bound, round.value().iterations,
                             result.active_statistics});
    if (result.lp_objective <= schedule.target_error) break;
    // Near the noise level, two doublings in a row that bought almost nothing say the rest of the
    // error is the targets' own noise (their inconsistency), which no more points can fit.
    const auto stalled = [&](size_t back) {
      const size_t last = result.rounds.size() - 1 - back;
      return result.rounds[last].lp_objective > (1 - kMinGrowthGain) * result.rounds[last - 1].lp_objective;
    };
    if (result.lp_objective <= kStallErrorRatio * schedule.target_error && result.rounds.size() >= 3 && stalled(0) &&
        stalled(1)) {
      break;
    }
    wanted = std::min(schedule.max_points, 2 * result.points.rows);
    while (wanted > result.points.rows && !check_fit_size(workload, wanted, options.method, dense).is_ok()) {
      wanted = (wanted + result.points.rows) / 2;
    }
    if (wanted <= result.points.rows) break;
  }
  if (result.weights.empty()) return Status::error(ErrorCode::LpFailed, "the LP returned an all-zero density");
  result.first_stage_max_error = result.max_error;
  if (options.second_stage == SecondStage::MaxEntropy) {
    // The second stage on twice the first stage's space (within the schedule's maximum): h0 is
    // feasible there with zeros on the new points, and the densest h needs points where the data
    // are that the first stage did not need. With the uniform mu, runs whose first stage stopped
    // early halved their mean 2-way TV this way, for no more LP time than a first stage on the
    // doubled space; a private mu already draws its points where the data are, and doubling only
    // cost time (docs/measured-defaults.md).
    const size_t doubled = std::min(schedule.max_points, 2 * result.points.rows);
    if (schedule.double_for_second_stage && doubled > result.points.rows &&
        check_fit_size(workload, doubled, options.method, dense).is_ok()) {
      PRIVSYNTH_RETURN_IF_ERROR(grow_to(doubled));
      result.weights.resize(result.points.rows, 0.0);
    }
    // The points are drawn from the reference measure, so its weights on them are uniform.
    const EntropyFitProgressSink stage_progress = [&](const EntropyFitProgress& p) {
      FitProgress step;
      step.iterations = p.sweeps;
      step.upper = p.gap;
      step.second_stage = true;
      return !progress || progress(step);
    };
    // c = weight / tau: the sum of errors in units of the tolerance, so the weight is dimensionless.
    const double tolerance = (1 + options.second_stage_slack) * result.max_error;
    EntropyFitOptions entropy = options.entropy;
    entropy.error_weight = tolerance > 0 ? options.second_stage_error_weight / tolerance : 0;
    PRIVSYNTH_ASSIGN_OR_RETURN(
        EntropyFit entropic,
        fit_max_entropy_within(*statistics, targets, tolerance, result.weights, entropy, {}, stage_progress));
    result.weights = std::move(entropic.weights);
    result.max_error = entropic.max_error;
    result.second_stage = std::move(entropic);
  }
  return result;
}

Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const EncodedTable& points,
                                      const std::vector<double>& targets, const FitOptions& options,
                                      const FitProgressSink& progress) {
  if (points.rows == 0) return Status::error(ErrorCode::InvalidArgument, "the reduced space is empty");
  if (targets.size() != workload.statistic_count()) {
    return Status::error(ErrorCode::Internal, "a fixed reduced space has no dense functions");
  }
  const PointSource given = [&](size_t) { return PointBatch(points); };
  return fit_min_max_error(workload, given, targets, ReducedSpaceSchedule{points.rows, points.rows, 0}, options,
                           progress);
}

}  // namespace privsynth
