// marginal-lp, stage 5 (post-processing): the synthetic rows, from the tree model of the
// consistent estimates, or by Zhou et al.'s reweighting LP.
#include "mechanisms/marginal_lp/marginal_lp_stages.hpp"
#include "statistics/bootstrap.hpp"

namespace privsynth {
namespace {

Status cancelled() { return Status::error(ErrorCode::Cancelled, "cancelled"); }

// Every cell of the domain once, in row-major order.
EncodedTable full_domain(const std::vector<int>& levels, size_t cells) {
  EncodedTable points = make_empty_table(levels, cells);
  for (size_t row = 0; row < cells; ++row) {
    size_t cell = row;
    for (size_t c = levels.size(); c-- > 0;) {
      points.codes[c][row] = static_cast<uint32_t>(cell % size_t(levels[c]));
      cell /= size_t(levels[c]);
    }
  }
  return points;
}

// k rows rounded from (or drawn from) the tree model, as MST samples its graphical model.
Result<FittedRows> fit_by_tree(const MechanismContext& context, const MarginalLpOptions& options,
                               const MarginalLpPlan& plan, const MarginalMeasurements& measured,
                               const MarginalEstimates& estimates) {
  if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
  const size_t k = synthetic_row_count(options, measured.noisy_count, context.defer_sampling);
  FittedRows fitted;
  const RecordDraw draw = [model = std::make_shared<const ConditionalModel>(estimates.model),
                           round = options.round_to_dataset](size_t rows, RandomSource& random) {
    return round ? round_from_model(*model, rows, random) : sample_from_model(*model, rows, random);
  };
  PRIVSYNTH_ASSIGN_OR_RETURN(
      fitted.records, draw_or_defer(context.defer_sampling, draw, k, measured.compression.levels, context.random));
  const std::string estimated = estimates.estimation == "graphical-model"
                                    ? "Private-PGM's estimate (the graphical model fitted to every measurement)"
                                    : "the consistent estimates (projections and proportional fitting)";
  fitted.parameters = {
      {"fit", plan.target_tree ? "target-tree" : "tree"},
      {"estimation", estimates.estimation},
      {"fitNote", plan.target_tree ? "rows from the target-augmented tree of " + estimated +
                                         " of the measured tables: the target, then each feature given the target and "
                                         "its parent feature"
                                   : "rows from the tree distribution of " + estimated + " of the selected marginals"},
      {"syntheticRows", k},
      {"syntheticRowsFrom", options.round_to_dataset
                                ? "rounding k P(x) along the tree to whole rows (largest remainders)"
                                : "k independent draws from the tree"}};
  fitted.released = {{"noisyRecordCount", measured.noisy_count}};
  return fitted;
}

// The LP over the full domain when it has at most fullDomainLimit cells, else over a reduced
// space drawn from the tree (MST) or from the product of the 1-way distributions; then k rows from h*.
Result<FittedRows> fit_by_lp(const MechanismContext& context, const MarginalLpOptions& options,
                             const MarginalLpPlan& plan, const MarginalMeasurements& measured,
                             const MarginalEstimates& estimates) {
  const std::vector<int>& levels = measured.compression.levels;
  double domain = 1;
  for (int level : levels) domain *= level;
  const bool whole_domain = domain <= double(options.full_domain_limit);
  const PointSource points = [&](size_t count) -> PointBatch {
    if (plan.mst) return PointBatch(sample_from_tree(estimates.mu, count, context.random));
    EncodedTable drawn = make_empty_table(levels, count);
    for (size_t c = 0; c < levels.size(); ++c) {
      Result<std::vector<size_t>> codes =
          draw_weighted_indices(measured.one_way_distribution[c], count, context.random);
      for (size_t row = 0; row < count && codes.is_ok(); ++row) drawn.codes[c][row] = uint32_t(codes.value()[row]);
    }
    return PointBatch(std::move(drawn));
  };
  ReducedSpaceSchedule schedule = reduced_space_schedule(options, estimates.workload.statistic_count(), 0);
  if (!keep_going(context.progress, Phase::Solve, -1, "building the LP")) return cancelled();
  PRIVSYNTH_ASSIGN_OR_RETURN(const Reweighting fit,
                             whole_domain
                                 ? fit_min_max_error(estimates.workload, full_domain(levels, size_t(domain)),
                                                     estimates.targets, options.fit, lp_progress_sink(context, options))
                                 : fit_min_max_error(estimates.workload, points, estimates.targets, schedule,
                                                     options.fit, lp_progress_sink(context, options)));
  if (whole_domain) schedule = ReducedSpaceSchedule{size_t(domain), size_t(domain), 0};

  if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
  FittedRows fitted;
  PRIVSYNTH_ASSIGN_OR_RETURN(
      fitted.records, draw_or_defer(context.defer_sampling, draw_rows_from_fit(options, fit),
                                    synthetic_row_count(options, measured.noisy_count, context.defer_sampling), levels,
                                    context.random));
  fitted.parameters = {
      {"fit", "lp"},
      {"reducedSpace", whole_domain ? nlohmann::json{{"size", size_t(domain)}, {"choice", "the full domain"}}
                                    : reduced_space_json(options, schedule, fit)},
      {"syntheticRows", fitted.records.rows},
      {"syntheticRowsFrom",
       options.round_to_dataset ? "rounding k h* to whole rows (largest remainders)" : "k independent draws from h*"},
      {"lp", lp_json(options, fit)}};
  fitted.released = {{"noisyRecordCount", measured.noisy_count},
                     {"lpObjective", fit.lp_objective},
                     {"lpLowerBound", fit.lower_bound},
                     {"lpMaxError", fit.max_error}};
  fitted.solved_lp = true;
  return fitted;
}

}  // namespace

Result<FittedRows> fit_rows(const MechanismContext& context, const MarginalLpOptions& options,
                            const MarginalLpPlan& plan, const MarginalMeasurements& measured,
                            const MarginalEstimates& estimates) {
  return plan.by_tree ? fit_by_tree(context, options, plan, measured, estimates)
                      : fit_by_lp(context, options, plan, measured, estimates);
}

}  // namespace privsynth
