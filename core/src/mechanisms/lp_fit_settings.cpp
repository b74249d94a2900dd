#include "mechanisms/lp_fit_settings.hpp"

#include <algorithm>
#include <cmath>

#include "base/number_text.hpp"
#include "privsynth/progress.hpp"
#include "statistics/bootstrap.hpp"

namespace privsynth {

namespace {

// How the k rows come from h*: true = rounding k h*, false = k draws.
constexpr Choice<bool> kRowsFrom[] = {{"rounding", true}, {"sampling", false}};
constexpr Choice<SimplexMethod> kSimplexMethods[] = {{"primal", SimplexMethod::Primal}, {"dual", SimplexMethod::Dual}};

}  // namespace

Status read_lp_fit_settings(OptionReader& reader, LpFitSettings& settings) {
  long long m = 0, max_m = 0, k = 0, iteration_limit = 0;
  double time_limit_seconds = 0;
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.integer("reducedSpaceSize", m, 1, static_cast<long long>(kMaxReducedSpaceSize),
                     {"A fixed size m of the reduced space. By default it grows from twice the number of statistics "
                      "(at least 1,000) until the LP's error reaches the noise level.",
                      OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("maxReducedSpaceSize", max_m, 1,
                                           static_cast<long long>(kMaxReducedSpaceSize),
                                           {"The cap on the reduced space's automatic growth; by default 32 times the "
                                            "number of statistics, at most 100,000.",
                                            OptionDefault::Computed}));
  if (m > 0 && max_m > 0) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "give either \"reducedSpaceSize\" (a fixed m) or \"maxReducedSpaceSize\" (a cap for automatic growth)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer(
      "syntheticRows", k, 1, static_cast<long long>(kMaxSyntheticRows),
      {"The number k of synthetic records; by default the noisy record count.", OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("syntheticRowsFrom", settings.round_to_dataset, kRowsFrom,
                    {"How the k records come from the LP's weights h*: \"rounding\" gives counts within one of k h* "
                     "(no sampling error), \"sampling\" makes k independent draws."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number(
      "lpTimeLimitSeconds", time_limit_seconds, 0, 2e6,
      {"Stop the LP solver after this many seconds (the run fails with LP_LIMIT_REACHED); no limit when absent.",
       OptionDefault::None}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.integer("lpIterationLimit", iteration_limit, 0, 2'000'000'000,
                     {"Stop the LP solver after this many simplex (or first-order) iterations; no limit when absent.",
                      OptionDefault::None}));
  FitOptions& fit = settings.fit;
  SimplexMethod method = SimplexMethod::Primal;
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("lpMethod", method, kSimplexMethods,
                    {"The GLPK simplex variant of the first solve; later solves choose by what changed."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("lpObjective", fit.objective, kFitObjectives,
                    {"What the LP minimizes over the statistics' errors: the largest (Boedihardjo et al.), their sum "
                     "(a lower mean error, slower), or the largest L1 error of one marginal (Zhou et al.). Mirror-prox "
                     "takes only \"max-error\"."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("lpSolver", fit.method, kFitMethods,
                    {"How the reweighting LP is solved: row generation on the statistics and points that matter (fast, "
                     "with certified bounds), the whole LP at once (the slow reference), or mirror-prox, a first-order "
                     "method with dense weights."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("lpRelativeGap", fit.relative_gap, 0, 0.5,
                    {"Stop once the LP's error is within this fraction of a certified lower bound on the optimum; 0 "
                     "asks for the exact optimum (not with mirror-prox)."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("lpStage2", fit.second_stage, kSecondStages,
                    {"The LP's second stage: \"max-entropy\" takes, among the solutions within (1 + lpStage2Slack) "
                     "times the first stage's error on every statistic, the one closest to the reference measure "
                     "(dense weights); \"none\" keeps the first stage's solution."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("lpStage2Slack", fit.second_stage_slack, 0, 10,
                    {"The second stage's tolerance: (1 + slack) times the first stage's largest error."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("lpStage2ErrorWeight", fit.second_stage_error_weight, 0, 100,
                                          {"The second stage's weight on the sum of the statistics' errors, in units "
                                           "of 1 / tolerance; 0 is pure maximum entropy."}));
  if (fit.method == FitMethod::MirrorProx && fit.objective != FitObjective::MaxError) {
    return Status::error(ErrorCode::InvalidArgument, "the first-order solver minimizes \"max-error\" only");
  }
  if (fit.method == FitMethod::MirrorProx && !(fit.relative_gap > 0)) {
    return Status::error(ErrorCode::InvalidArgument, "the first-order solver needs \"lpRelativeGap\" > 0");
  }
  settings.reduced_space_size = static_cast<size_t>(m);
  settings.max_reduced_space_size = static_cast<size_t>(max_m);
  settings.synthetic_rows = static_cast<size_t>(k);
  fit.simplex.method = method;
  fit.simplex.iteration_limit = iteration_limit;
  fit.simplex.time_limit_ms = static_cast<long long>(std::ceil(time_limit_seconds * 1000));
  fit.mirror_prox.iteration_limit = iteration_limit;
  fit.mirror_prox.time_limit_ms = fit.simplex.time_limit_ms;
  return Status::ok();
}

ReducedSpaceSchedule default_reduced_space_schedule(size_t statistics) {
  ReducedSpaceSchedule schedule;
  schedule.initial_points = std::max<size_t>(1000, 2 * (statistics + 1));
  schedule.max_points = std::max(schedule.initial_points, std::min<size_t>(100'000, 32 * (statistics + 1)));
  return schedule;
}

ReducedSpaceSchedule reduced_space_schedule(const LpFitSettings& settings, size_t statistics, double noise) {
  if (settings.reduced_space_size > 0) {
    return ReducedSpaceSchedule{settings.reduced_space_size, settings.reduced_space_size, 0};
  }
  ReducedSpaceSchedule schedule = default_reduced_space_schedule(statistics);
  if (settings.max_reduced_space_size > 0) {
    schedule.max_points = settings.max_reduced_space_size;
    schedule.initial_points = std::min(schedule.initial_points, schedule.max_points);
  }
  schedule.target_error = noise;
  return schedule;
}

FitProgressSink lp_progress_sink(const MechanismContext& context, const LpFitSettings& settings) {
  return [&context, row_generation = settings.fit.method == FitMethod::RowGeneration](const FitProgress& p) {
    std::string detail;
    if (p.second_stage) {
      return keep_going(context.progress, Phase::Solve, -1,
                        "second stage: the most even solution within the certified error, " +
                            std::to_string(p.iterations) + " sweeps, gap " + format_rounded(p.upper, 2));
    }
    if (p.infeasibility > 0) {
      detail = std::to_string(p.iterations) + " simplex iterations, finding a feasible point";
    } else if (p.upper > 0) {
      detail = "error " + format_rounded(p.upper) + ", optimum >= " + format_rounded(p.lower);
    } else {
      detail = std::to_string(p.iterations) + " iterations";
    }
    if (row_generation) detail += ", " + std::to_string(p.active_statistics) + " statistics active";
    const double fraction = p.upper > 0 && p.lower > 0 ? std::clamp(p.lower / p.upper, 0.0, 1.0) : -1;
    return keep_going(context.progress, Phase::Solve, fraction, detail);
  };
}

size_t synthetic_row_count(const LpFitSettings& settings, double noisy_count, bool streamed) {
  return settings.synthetic_rows > 0 ? settings.synthetic_rows : synthetic_record_count(noisy_count, streamed);
}

namespace {

// k indices of points: k h* rounded to whole rows, or k draws from h*.
Result<std::vector<size_t>> indices_from_weights(bool round, const std::vector<double>& weights, size_t k,
                                                 RandomSource& random) {
  return round ? round_weights_to_rows(weights, k, random) : draw_weighted_indices(weights, k, random);
}

}  // namespace

Result<std::vector<size_t>> synthetic_row_indices(const LpFitSettings& settings, const std::vector<double>& weights,
                                                  double noisy_count, RandomSource& random) {
  return indices_from_weights(settings.round_to_dataset, weights, synthetic_row_count(settings, noisy_count), random);
}

RecordDraw draw_rows_from_fit(const LpFitSettings& settings, const Reweighting& fit) {
  return [round = settings.round_to_dataset, points = std::make_shared<const EncodedTable>(fit.points),
          weights = std::make_shared<const std::vector<double>>(fit.weights)](
             size_t rows, RandomSource& random) -> Result<EncodedTable> {
    PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<size_t> indices, indices_from_weights(round, *weights, rows, random));
    return select_rows(*points, indices);
  };
}

void forecast_lp_fit(const LpFitSettings& settings, const ReducedSpaceSchedule& schedule, bool full_domain,
                     size_t dense_statistics, FitForecast& fit) {
  const FitOptions& options = settings.fit;
  LpFitCost cost;
  cost.points = schedule.max_points;
  cost.dense_statistics = dense_statistics;
  cost.method = options.method;
  cost.objective = options.objective;
  cost.time_limit_seconds = double(options.simplex.time_limit_ms) / 1000;
  cost.second_stage_sweeps = options.second_stage == SecondStage::None ? 0 : options.entropy.sweep_limit;
  fit.kind = "lp";
  fit.details["solver"] = fit_method_name(cost.method);
  fit.details["objective"] = fit_objective_name(cost.objective);
  fit.details["reducedSpace"] =
      full_domain ? nlohmann::json{{"fullDomain", schedule.max_points}}
                  : nlohmann::json{{"initial", schedule.initial_points}, {"max", schedule.max_points}};
  if (dense_statistics > 0) fit.details["momentStatistics"] = dense_statistics;
  fit.details["secondStage"] = choice_name(kSecondStages, options.second_stage);
  if (cost.time_limit_seconds > 0) fit.details["timeLimitSeconds"] = cost.time_limit_seconds;
  fit.lp = cost;
}

nlohmann::json reduced_space_json(const LpFitSettings& settings, const ReducedSpaceSchedule& schedule,
                                  const Reweighting& fit) {
  nlohmann::json rounds = nlohmann::json::array();
  for (const ReweightingRound& round : fit.rounds) {
    rounds.push_back({{"points", round.points},
                      {"lpObjective", round.lp_objective},
                      {"lowerBound", round.lower_bound},
                      {"iterations", round.iterations},
                      {"activeStatistics", round.active_statistics}});
  }
  return {{"size", fit.points.rows},
          {"choice", settings.reduced_space_size > 0 ? "fixed by the caller" : "grown automatically"},
          {"initial", schedule.initial_points},
          {"maximum", schedule.max_points},
          {"targetError", schedule.target_error},
          {"rounds", rounds}};
}

nlohmann::json second_stage_json(const FitOptions& options, const Reweighting& fit) {
  if (!fit.second_stage) return {{"method", choice_name(kSecondStages, options.second_stage)}};
  const EntropyFit& stage = *fit.second_stage;
  return {
      {"method", "max-entropy"},
      {"slack", options.second_stage_slack},
      {"errorWeight", options.second_stage_error_weight},
      {"tolerance", stage.tolerance},
      {"firstStageMaxError", fit.first_stage_max_error},
      {"maxError", stage.max_error},
      {"klToReference", stage.kl},
      {"objective", stage.objective},
      {"firstStageKlToReference", stage.first_stage_kl},
      {"dualityGap", stage.objective - stage.dual_bound},
      {"firstStageMix", stage.mix},
      {"points", fit.points.rows},
      {"pointsNote", "with the uniform reference measure, twice the first stage's reduced space (up to its maximum)"},
      {"sweeps", stage.sweeps},
      {"converged", stage.converged}};
}

nlohmann::json lp_software_json() { return {{"lpSolver", "GLPK 5.0"}}; }

nlohmann::json lp_json(const LpFitSettings& settings, const Reweighting& fit) {
  const FitOptions& options = settings.fit;
  return {{"solver", fit_method_name(options.method)},
          {"objective", fit_objective_name(options.objective)},
          {"simplex", options.method == FitMethod::MirrorProx
                          ? "none"
                          : std::string("GLPK 5.0 ") + choice_name(kSimplexMethods, options.simplex.method)},
          {"relativeGapTarget", options.relative_gap},
          {"rows", fit.size.rows},
          {"columns", fit.size.columns},
          {"nonzeros", fit.size.nonzeros},
          {"activeStatistics", fit.active_statistics},
          {"iterations", fit.iterations},
          {"secondStage", second_stage_json(options, fit)}};
}

}  // namespace privsynth
