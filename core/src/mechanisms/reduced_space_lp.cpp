#include "privsynth/mechanisms/reduced_space_lp.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "privsynth/bootstrap.hpp"
#include "privsynth/mechanisms/marginal_measurement.hpp"
#include "privsynth/number_text.hpp"
#include "privsynth/options.hpp"
#include "privsynth/reference_measure.hpp"
#include "privsynth/reweighting.hpp"
#include "privsynth/workload.hpp"

namespace privsynth {
namespace {

nlohmann::json describe() {
  return {{"name", "reduced-space-lp"},
          {"title", "Reduced-space LP reweighting with a uniform reference measure"},
          {"paper", "M. Boedihardjo, T. Strohmer, R. Vershynin. Privacy of synthetic data: a statistical framework. "
                    "IEEE Trans. Inf. Theory 69(1), 2023; Algorithm 1"},
          {"referenceMeasure", "uniform on the encoded domain (independent of the data)"},
          {"privacyNote", "docs/privacy/reduced-space-lp.md"}};
}

}  // namespace

ReducedSpaceSchedule default_reduced_space_schedule(size_t statistics) {
  ReducedSpaceSchedule schedule;
  schedule.initial_points = std::max<size_t>(1000, 2 * (statistics + 1));
  schedule.max_points = std::max(schedule.initial_points, std::min<size_t>(100'000, 32 * (statistics + 1)));
  return schedule;
}

double noise_level(double cell_scale, size_t statistics, double noisy_count) {
  return cell_scale * (std::log(static_cast<double>(std::max<size_t>(statistics, 1))) + 0.5772) /
         std::max(1.0, noisy_count);
}

double default_count_budget_fraction(size_t marginals) {
  return 1.0 / (1.0 + std::sqrt(static_cast<double>(marginals)));
}

Result<ReducedSpaceLpOptions> read_reduced_space_lp_options(OptionReader& reader, double epsilon) {
  ReducedSpaceLpOptions options;
  options.epsilon = epsilon;
  long long degree = options.degree, m = 0, max_m = 0, k = 0, iteration_limit = 0;
  double time_limit_seconds = 0;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("degree", degree, 1, 3));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("reducedSpaceSize", m, 1, static_cast<long long>(kMaxReducedSpaceSize)));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("maxReducedSpaceSize", max_m, 1, static_cast<long long>(kMaxReducedSpaceSize)));
  if (m > 0 && max_m > 0) {
    return Status::error(ErrorCode::InvalidArgument,
                         "give either \"reducedSpaceSize\" (a fixed m) or \"maxReducedSpaceSize\" (a cap for automatic growth)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("syntheticRows", k, 1, static_cast<long long>(kMaxSyntheticRows)));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("countBudgetFraction", options.count_budget_fraction, 0, 1));
  if (reader.has("countBudgetFraction") &&
      (options.count_budget_fraction <= 0 || options.count_budget_fraction >= 1)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"countBudgetFraction\" must be strictly between 0 and 1");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("lpTimeLimitSeconds", time_limit_seconds, 0, 2e6));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("lpIterationLimit", iteration_limit, 0, 2'000'000'000));
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean("testOnlyDisableNoise", options.test_only_disable_noise));
  std::string method = "primal", solver = fit_method_name(options.fit.method);
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("lpMethod", method));
  if (method != "primal" && method != "dual") {
    return Status::error(ErrorCode::InvalidArgument, "option \"lpMethod\" must be \"primal\" or \"dual\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("lpSolver", solver));
  if (solver == "row-generation") {
    options.fit.method = FitMethod::RowGeneration;
  } else if (solver == "simplex") {
    options.fit.method = FitMethod::Simplex;
  } else if (solver == "mirror-prox") {
    options.fit.method = FitMethod::MirrorProx;
  } else {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"lpSolver\" must be \"row-generation\", \"simplex\" or \"mirror-prox\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("lpRelativeGap", options.fit.relative_gap, 0, 0.5));
  if (options.fit.method == FitMethod::MirrorProx && !(options.fit.relative_gap > 0)) {
    return Status::error(ErrorCode::InvalidArgument, "the first-order solver needs \"lpRelativeGap\" > 0");
  }
  options.degree = static_cast<int>(degree);
  options.reduced_space_size = static_cast<size_t>(m);
  options.max_reduced_space_size = static_cast<size_t>(max_m);
  options.synthetic_rows = static_cast<size_t>(k);
  options.fit.simplex.method = method == "dual" ? SimplexMethod::Dual : SimplexMethod::Primal;
  options.fit.simplex.iteration_limit = iteration_limit;
  options.fit.simplex.time_limit_ms = static_cast<long long>(std::ceil(time_limit_seconds * 1000));
  options.fit.mirror_prox.iteration_limit = iteration_limit;
  options.fit.mirror_prox.time_limit_ms = options.fit.simplex.time_limit_ms;
  return options;
}

namespace {

ReducedSpaceSchedule schedule_for(const ReducedSpaceLpOptions& options, size_t statistics, double noise) {
  if (options.reduced_space_size > 0) {
    return ReducedSpaceSchedule{options.reduced_space_size, options.reduced_space_size, 0};
  }
  ReducedSpaceSchedule schedule = default_reduced_space_schedule(statistics);
  if (options.max_reduced_space_size > 0) {
    schedule.max_points = options.max_reduced_space_size;
    schedule.initial_points = std::min(schedule.initial_points, schedule.max_points);
  }
  schedule.target_error = noise;
  return schedule;
}

nlohmann::json rounds_json(const std::vector<ReweightingRound>& rounds) {
  nlohmann::json list = nlohmann::json::array();
  for (const ReweightingRound& round : rounds) {
    list.push_back({{"points", round.points},
                    {"lpObjective", round.lp_objective},
                    {"lowerBound", round.lower_bound},
                    {"iterations", round.iterations},
                    {"activeStatistics", round.active_statistics}});
  }
  return list;
}

Status cancelled() { return Status::error(ErrorCode::Cancelled, "cancelled"); }

}  // namespace

Result<MechanismOutput> run_reduced_space_lp(const MechanismContext& context, const ReducedSpaceLpOptions& options) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(options.epsilon, "epsilon"));
  Result<MarginalWorkload> workload = MarginalWorkload::all_up_to_degree(context.table.levels, options.degree);
  if (!workload.is_ok()) return workload.status();
  const size_t marginals = workload.value().marginals().size();
  const size_t statistics = workload.value().statistic_count();
  const double count_fraction =
      options.count_budget_fraction > 0 ? options.count_budget_fraction : default_count_budget_fraction(marginals);
  // Refuse before spending any budget.
  PRIVSYNTH_RETURN_IF_ERROR(check_fit_size(workload.value(), schedule_for(options, statistics, 0).initial_points,
                                           options.fit.method));

  if (!keep_going(context.progress, Phase::Measure, 0)) return cancelled();
  Result<NoisyMarginals> measurement =
      measure_marginals(context.table, workload.value(), options.epsilon, count_fraction, context.accountant,
                        context.random, options.test_only_disable_noise);
  if (!measurement.is_ok()) return measurement.status();
  const double noisy_count = measurement.value().noisy_count;
  if (!keep_going(context.progress, Phase::Measure, 1)) return cancelled();

  // Omega* depends only on the public domain and fresh randomness (Theorem 2.2 holds for any Omega*).
  const double noise = options.test_only_disable_noise
                           ? 0.0
                           : noise_level(measurement.value().cell_scale.value(), statistics, noisy_count);
  const ReducedSpaceSchedule schedule = schedule_for(options, statistics, noise);
  const PointSource uniform_points = [&](size_t count) {
    keep_going(context.progress, Phase::Solve, -1, "reduced space of " + std::to_string(count) + " more points");
    return sample_uniform_points(context.table.levels, count, context.random);
  };
  const FitProgressSink lp_progress = [&](const FitProgress& p) {
    std::string detail;
    if (p.infeasibility > 0) {
      detail = std::to_string(p.iterations) + " simplex iterations, finding a feasible point";
    } else if (p.upper > 0) {
      detail = "max error " + format_number(p.upper) + ", optimum >= " + format_number(p.lower);
    } else {
      detail = std::to_string(p.iterations) + " iterations";
    }
    if (options.fit.method == FitMethod::RowGeneration) detail += ", " + std::to_string(p.active_statistics) + " statistics active";
    const double fraction = p.upper > 0 && p.lower > 0 ? std::clamp(p.lower / p.upper, 0.0, 1.0) : -1;
    return keep_going(context.progress, Phase::Solve, fraction, detail);
  };
  if (!keep_going(context.progress, Phase::Solve, -1, "building the LP")) return cancelled();
  Result<Reweighting> fit = fit_min_max_error(workload.value(), uniform_points, noisy_frequencies(measurement.value()),
                                              schedule, options.fit, lp_progress);
  if (!fit.is_ok()) return fit.status();

  const size_t k = options.synthetic_rows > 0
                       ? options.synthetic_rows
                       : static_cast<size_t>(std::clamp(std::round(noisy_count), 1.0, double(kMaxSyntheticRows)));
  if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
  Result<std::vector<size_t>> draws = draw_weighted_indices(fit.value().weights, k, context.random);
  if (!draws.is_ok()) return draws.status();

  MechanismOutput output;
  output.synthetic = select_rows(fit.value().points, draws.value());
  output.noise_disabled = options.test_only_disable_noise;
  output.description = describe();
  size_t support = 0;
  for (double h : fit.value().weights) support += h > 0 ? 1 : 0;
  output.parameters = {
      {"degree", options.degree},
      {"marginals", marginals},
      {"statistics", statistics + 1},
      {"statisticsNote", "every cell of every marginal of degree 1..d, plus the constant function"},
      {"reducedSpace",
       {{"size", fit.value().points.rows},
        {"choice", options.reduced_space_size > 0 ? "fixed by the caller" : "grown automatically"},
        {"initial", schedule.initial_points},
        {"maximum", schedule.max_points},
        {"targetError", schedule.target_error},
        {"rounds", rounds_json(fit.value().rounds)}}},
      {"syntheticRows", k},
      {"syntheticRowsChoice", options.synthetic_rows > 0 ? "fixed by the caller" : "the noisy record count"},
      {"countBudgetFraction", count_fraction},
      {"countNoiseScale", measurement.value().count_scale.value()},
      {"marginalNoiseScale", measurement.value().cell_scale.value()},
      {"lp", {{"solver", fit_method_name(options.fit.method)},
              {"simplex", options.fit.method == FitMethod::MirrorProx
                              ? "none"
                              : std::string("GLPK 5.0 ") + (options.fit.simplex.method == SimplexMethod::Dual ? "dual" : "primal")},
              {"relativeGapTarget", options.fit.relative_gap},
              {"rows", fit.value().size.rows},
              {"columns", fit.value().size.columns},
              {"nonzeros", fit.value().size.nonzeros},
              {"activeStatistics", fit.value().active_statistics},
              {"iterations", fit.value().iterations}}}};
  output.released = {{"noisyRecordCount", noisy_count},
                     {"lpObjective", fit.value().lp_objective},
                     {"lpLowerBound", fit.value().lower_bound},
                     {"supportSize", support}};
  if (!keep_going(context.progress, Phase::Sample, 1)) return cancelled();
  return output;
}

}  // namespace privsynth
