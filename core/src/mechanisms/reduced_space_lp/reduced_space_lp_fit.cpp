// reduced-space-lp, stage 3 (post-processing of mu and the targets): the reweighting LP over
// reduced spaces drawn from the reference measure (Algorithm 1, steps 2-3).
#include <string>

#include "lp/uniform_reference_measure.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp_stages.hpp"

namespace privsynth {

Result<ReducedSpaceFit> fit_reduced_space(const MechanismContext& context, const ReducedSpaceLpPlan& plan,
                                          const LpTargets& targets, const ReferenceDraws& reference) {
  const ReducedSpaceLpOptions& options = plan.options;
  const bool continuous = options.space == ReducedSpace::Continuous;
  ReducedSpaceFit fitted;
  fitted.schedule = reduced_space_schedule(options, plan.statistics, targets.noise_level);
  fitted.schedule.double_for_second_stage = options.reference.kind == ReferenceKind::Uniform;
  fitted.coordinates.resize(continuous ? plan.axes.levels.size() : 0);
  Status draw_status;
  const PointSource draw_points = [&](size_t count) -> PointBatch {
    keep_going(context.progress, Phase::Solve, -1, "reduced space of " + std::to_string(count) + " more points");
    if (!continuous) {
      Result<EncodedTable> codes = reference.codes(count);
      if (codes.is_ok()) return PointBatch(std::move(codes).value());
      draw_status = codes.status();
      return PointBatch(sample_uniform_points(context.table.levels, count, context.random));
    }
    std::vector<std::vector<double>> points = reference.unit_points(count);  // on the space's axes
    for (size_t axis = 0; axis < points.size(); ++axis) {
      fitted.coordinates[axis].insert(fitted.coordinates[axis].end(), points[axis].begin(), points[axis].end());
    }
    ColumnPoints columns = unit_space_columns(plan.axes, context.table.levels, std::move(points), count);
    return PointBatch(std::move(columns.codes), evaluate_moments(plan.terms, columns.unit, 0, count));
  };
  if (!keep_going(context.progress, Phase::Solve, -1, "building the LP")) {
    return Status::error(ErrorCode::Cancelled, "cancelled");
  }
  Result<Reweighting> fit = fit_min_max_error(plan.workload, draw_points, targets.targets, fitted.schedule, options.fit,
                                              lp_progress_sink(context, options));
  PRIVSYNTH_RETURN_IF_ERROR(draw_status);  // a failed draw first: the fit then ran on stand-in points
  PRIVSYNTH_ASSIGN_OR_RETURN(fitted.fit, std::move(fit));
  return fitted;
}

}  // namespace privsynth
