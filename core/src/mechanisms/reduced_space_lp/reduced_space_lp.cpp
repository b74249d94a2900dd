#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"

#include "data/unit_codes.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "lp/bootstrap.hpp"
#include "statistics/marginal_measurement.hpp"
#include "base/number_text.hpp"
#include "statistics/moments.hpp"
#include "base/options.hpp"
#include "reference/reference_measure.hpp"
#include "lp/reweighting.hpp"
#include "reference/bernstein_kde.hpp"
#include "reference/tree_reference.hpp"
#include "reference/perturbed_histogram.hpp"
#include "data/unit_codes.hpp"
#include "statistics/workload.hpp"

namespace privsynth {
namespace {

nlohmann::json describe(ReferenceKind reference) {
  nlohmann::json description = {
      {"name", "reduced-space-lp"},
      {"title", reference == ReferenceKind::Uniform ? "Reduced-space LP reweighting with a uniform reference measure"
                                                    : "Reduced-space LP reweighting with a private reference measure"},
      {"paper", "M. Boedihardjo, T. Strohmer, R. Vershynin. Privacy of synthetic data: a statistical framework. "
                "IEEE Trans. Inf. Theory 69(1), 2023; Algorithm 1"},
      {"referenceMeasure", reference_kind_name(reference)},
      {"privacyNote", "docs/privacy/reduced-space-lp.md"}};
  if (reference != ReferenceKind::Uniform) {
    description["referencePaper"] =
        "K. Bojkovic, P.-L. Loh. Differentially private synthetic data with private density estimation. ISIT 2024";
    description["compositionNote"] = "docs/privacy/reference-composition.md";
  }
  return description;
}

}  // namespace

double noise_level(double cell_scale, size_t statistics, double noisy_count) {
  return cell_scale * (std::log(static_cast<double>(std::max<size_t>(statistics, 1))) + 0.5772) /
         std::max(1.0, noisy_count);
}

double objective_noise_level(FitObjective objective, const MarginalWorkload& workload, double cell_scale,
                             size_t dense, double dense_scale, double noisy_count) {
  const double n = std::max(1.0, noisy_count);
  switch (objective) {
    case FitObjective::MaxError:
      return std::max(noise_level(cell_scale, workload.statistic_count(), noisy_count),
                      dense > 0 ? noise_level(dense_scale, dense, noisy_count) : 0.0);
    case FitObjective::SumError:  // E|Laplace(b)| = b for each statistic
      return (double(workload.statistic_count()) * cell_scale + double(dense) * dense_scale) / n;
    case FitObjective::MaxMarginalError: {
      size_t largest = 0;
      for (const Marginal& marginal : workload.marginals()) largest = std::max(largest, marginal.cells);
      return std::max(double(largest) * cell_scale, dense > 0 ? dense_scale : 0.0) / n;
    }
  }
  return 0;
}

double default_count_budget_fraction(size_t marginals) {
  return 1.0 / (1.0 + std::sqrt(static_cast<double>(marginals)));
}

namespace {

// The reference measure, its budget share and the space it lives in.
Status read_reference_options(OptionReader& reader, ReducedSpaceLpOptions& options) {
  std::string kind = "auto", space;
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("referenceMeasure", kind));
  PRIVSYNTH_ASSIGN_OR_RETURN(ReferenceKind parsed, parse_reference_kind(kind));
  ReferenceOptions& reference = options.reference;
  reference.kind = parsed;
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("space", space));
  if (space.empty()) space = reference.kind == ReferenceKind::BernsteinKde ? "continuous" : "encoded";
  if (space != "encoded" && space != "continuous") {
    return Status::error(ErrorCode::InvalidArgument, "option \"space\" must be \"encoded\" or \"continuous\"");
  }
  options.space = space == "continuous" ? ReducedSpace::Continuous : ReducedSpace::Encoded;
  if (reference.kind == ReferenceKind::BernsteinKde && options.space != ReducedSpace::Continuous) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the \"bernstein-kde\" reference measure needs \"space\": \"continuous\"");
  }
  if (options.space == ReducedSpace::Continuous &&
      (reference.kind == ReferenceKind::Histogram || reference.kind == ReferenceKind::Tree)) {
    return Status::error(ErrorCode::InvalidArgument, "in the continuous space the reference measure must be "
                                                     "\"uniform\" or \"bernstein-kde\"");
  }
  long long moments = options.space == ReducedSpace::Continuous ? 2 : 0;
  if (reader.has("moments") && options.space != ReducedSpace::Continuous) {
    return Status::error(ErrorCode::InvalidArgument, "option \"moments\" applies only to \"space\": \"continuous\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("moments", moments, 0, 2));
  options.moments = static_cast<int>(moments);

  if (reader.has("referenceBudgetFraction") && reference.kind == ReferenceKind::Uniform) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"referenceBudgetFraction\" needs a private reference measure; the uniform one is free");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("referenceBudgetFraction", reference.budget_fraction, 0, 1));
  if (reader.has("referenceBudgetFraction") && !(reference.budget_fraction > 0 && reference.budget_fraction < 1)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"referenceBudgetFraction\" must be strictly between 0 and 1");
  }

  const auto only_for = [&](const char* key, ReferenceKind needed) -> Status {
    if (reader.has(key) && reference.kind != needed) {
      return Status::error(ErrorCode::InvalidArgument, std::string("option \"") + key + "\" applies only to the \"" +
                                                           reference_kind_name(needed) + "\" reference measure");
    }
    return Status::ok();
  };
  long long cell_limit = static_cast<long long>(reference.histogram_cell_limit);
  PRIVSYNTH_RETURN_IF_ERROR(only_for("histogramCellLimit", ReferenceKind::Histogram));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("histogramCellLimit", cell_limit, 1, static_cast<long long>(kMaxHistogramCellLimit)));
  reference.histogram_cell_limit = static_cast<size_t>(cell_limit);
  for (const char* key : {"bernsteinLattice", "bernsteinOrder", "kdeBandwidth", "kdeBandwidthConstant"}) {
    PRIVSYNTH_RETURN_IF_ERROR(only_for(key, ReferenceKind::BernsteinKde));
  }
  long long lattice = 0, order = 0;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("bernsteinLattice", lattice, 1, 1000));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("bernsteinOrder", order, 1, 8));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("kdeBandwidth", reference.bernstein.bandwidth, 0, 1));
  if (reader.has("kdeBandwidth") && !(reference.bernstein.bandwidth > 0)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"kdeBandwidth\" must be in (0, 1] (units of the scaled [0,1] range)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.positive_number("kdeBandwidthConstant", reference.bernstein.bandwidth_constant));
  reference.bernstein.lattice_resolution = static_cast<int>(lattice);
  reference.bernstein.order = static_cast<int>(order);
  return Status::ok();
}

}  // namespace

Result<ReducedSpaceLpOptions> read_reduced_space_lp_options(OptionReader& reader, double epsilon) {
  ReducedSpaceLpOptions options;
  options.epsilon = epsilon;
  long long degree = options.degree;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("degree", degree, 1, 3));
  options.degree = static_cast<int>(degree);
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("countBudgetFraction", options.count_budget_fraction, 0, 1));
  if (reader.has("countBudgetFraction") &&
      (options.count_budget_fraction <= 0 || options.count_budget_fraction >= 1)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"countBudgetFraction\" must be strictly between 0 and 1");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean("testOnlyDisableNoise", options.test_only_disable_noise));
  PRIVSYNTH_RETURN_IF_ERROR(read_lp_fit_settings(reader, options));
  PRIVSYNTH_RETURN_IF_ERROR(read_reference_options(reader, options));
  return options;
}

namespace {

Status cancelled() { return Status::error(ErrorCode::Cancelled, "cancelled"); }

}  // namespace

ReducedSpaceLpBudget reduced_space_lp_budget(const ReducedSpaceLpOptions& options, size_t marginals, size_t moment_terms) {
  ReducedSpaceLpBudget split;
  const ReferenceBudgetSplit shared = split_reference_budget(options.reference, options.epsilon);
  split.reference = shared.reference;
  split.lp = shared.rest;
  const double count_share =
      options.count_budget_fraction > 0 ? options.count_budget_fraction : default_count_budget_fraction(marginals + moment_terms);
  const double count = split.lp * count_share;
  // Cells (sensitivity M) and moments (sensitivity T) share the rest in proportion to sqrt(M) and
  // sqrt(T), which minimizes the sum of their noise scales M / eps_m + T / eps_T.
  const double rest = split.lp - count;
  const double root_m = std::sqrt(double(marginals)), root_t = std::sqrt(double(moment_terms));
  split.moments = rest * root_t / (root_m + root_t);
  split.count_and_cells = split.lp - split.moments;
  split.count_fraction = count / split.count_and_cells;
  return split;
}

namespace {

// The reference measures' refusals that need no data: the histogram's full domain, the tree's pair
// tables, and the Bernstein lattice of a fixed k (or k = 1) at its epsilon. The automatic Bernstein
// lattice grows with the noisy count and is capped to fit, so it cannot fail later.
Status check_reference_size(const ReferenceOptions& reference, const std::vector<int>& levels, double epsilon) {
  switch (reference.kind) {
    case ReferenceKind::Histogram: return full_domain_cells(levels, reference.histogram_cell_limit).status();
    case ReferenceKind::Tree: return plan_tree_reference(levels, epsilon).status();
    case ReferenceKind::BernsteinKde:
      return choose_bernstein_parameters(static_cast<int>(levels.size()), 2, epsilon, reference.bernstein).status();
    case ReferenceKind::Uniform:
    case ReferenceKind::Auto: break;
  }
  return Status::ok();
}

}  // namespace

Result<ReducedSpaceLpPlan> plan_reduced_space_lp(const ReducedSpaceLpOptions& given, const std::vector<int>& levels) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(given.epsilon, "epsilon"));
  const bool continuous = given.space == ReducedSpace::Continuous;
  ReducedSpaceLpPlan plan;
  plan.options = given;
  plan.options.reference = resolve_reference_options(given.reference, levels, continuous);
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload workload, MarginalWorkload::all_up_to_degree(levels, plan.options.degree));
  plan.workload = std::move(workload);
  plan.terms = moment_terms(static_cast<int>(levels.size()), continuous ? plan.options.moments : 0);
  plan.statistics = plan.workload.statistic_count() + plan.terms.size();
  plan.budget = reduced_space_lp_budget(plan.options, plan.workload.marginals().size(), plan.terms.size());
  // Refuse before spending any budget: the LP's size, and the reference measure's own limits, which
  // depend only on the levels and the options.
  PRIVSYNTH_RETURN_IF_ERROR(check_fit_size(plan.workload, reduced_space_schedule(plan.options, plan.statistics, 0).initial_points,
                                           plan.options.fit.method, plan.terms.size()));
  PRIVSYNTH_RETURN_IF_ERROR(check_reference_size(plan.options.reference, levels, plan.budget.reference));
  return plan;
}

namespace {

// Bins of points of [0,1]^p on each column's public grid (levels = bins), as numeric_bin does.
}  // namespace

Result<MechanismOutput> run_reduced_space_lp(const MechanismContext& context, const ReducedSpaceLpOptions& given) {
  PRIVSYNTH_ASSIGN_OR_RETURN(ReducedSpaceLpPlan plan, plan_reduced_space_lp(given, context.table.levels));
  const bool continuous = given.space == ReducedSpace::Continuous;
  const ReducedSpaceLpOptions& options = plan.options;
  if (continuous && (!context.unit_values || context.unit_values->size() != context.table.columns())) {
    return Status::error(ErrorCode::InvalidArgument, "the continuous space needs every chosen column to be numeric");
  }
  const MarginalWorkload& workload = plan.workload;
  const size_t marginals = workload.marginals().size();
  const std::vector<MomentTerm>& terms = plan.terms;
  const size_t statistics = plan.statistics;
  const ReducedSpaceLpBudget& budget = plan.budget;

  if (!keep_going(context.progress, Phase::Measure, 0)) return cancelled();
  Result<NoisyMarginals> measurement =
      measure_marginals(context.table, workload, budget.count_and_cells, budget.count_fraction,
                        context.accountant, context.random, options.test_only_disable_noise);
  if (!measurement.is_ok()) return measurement.status();
  const double noisy_count = measurement.value().noisy_count;
  std::vector<double> targets = noisy_frequencies(measurement.value());
  NoisyMoments moments;
  if (!terms.empty()) {
    Result<NoisyMoments> measured = measure_moments(terms, *context.unit_values, context.table.rows, budget.moments,
                                                    context.accountant, context.random, options.test_only_disable_noise);
    if (!measured.is_ok()) return measured.status();
    moments = std::move(measured).value();
    for (double sum : moments.noisy_sums) targets.push_back(std::clamp(sum / std::max(1.0, noisy_count), 0.0, 1.0));
  }
  const double noise = options.test_only_disable_noise
                           ? 0.0
                           : objective_noise_level(options.fit.objective, workload,
                                                   measurement.value().cell_scale.value(), terms.size(),
                                                   moments.noise_scale, noisy_count);
  if (!keep_going(context.progress, Phase::Measure, 0.5)) return cancelled();
  Result<ReferenceDraws> reference = release_reference(options.reference, budget.reference, continuous, noisy_count,
                                                       context, options.test_only_disable_noise);
  if (!reference.is_ok()) return reference.status();
  if (!keep_going(context.progress, Phase::Measure, 1)) return cancelled();

  // Omega* depends only on mu (public, or released privately above) and fresh randomness.
  const ReducedSpaceSchedule schedule = reduced_space_schedule(options, statistics, noise);
  std::vector<std::vector<double>> coordinates(continuous ? context.table.columns() : 0);  // of every point drawn
  Status draw_status;
  const PointSource draw_points = [&](size_t count) -> PointBatch {
    keep_going(context.progress, Phase::Solve, -1, "reduced space of " + std::to_string(count) + " more points");
    if (!continuous) {
      Result<EncodedTable> codes = reference.value().codes(count);
      if (codes.is_ok()) return PointBatch(std::move(codes).value());
      draw_status = codes.status();
      return PointBatch(sample_uniform_points(context.table.levels, count, context.random));
    }
    const std::vector<std::vector<double>> points = reference.value().unit_points(count);
    for (size_t c = 0; c < points.size(); ++c) coordinates[c].insert(coordinates[c].end(), points[c].begin(), points[c].end());
    return PointBatch(bin_unit_points(context.table.levels, points, count), evaluate_moments(terms, points, 0, count));
  };
  const FitProgressSink lp_progress = lp_progress_sink(context, options);
  if (!keep_going(context.progress, Phase::Solve, -1, "building the LP")) return cancelled();
  Result<Reweighting> fit = fit_min_max_error(workload, draw_points, targets, schedule, options.fit, lp_progress);
  PRIVSYNTH_RETURN_IF_ERROR(draw_status);
  if (!fit.is_ok()) return fit.status();

  if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
  Result<std::vector<size_t>> draws = synthetic_row_indices(options, fit.value().weights, noisy_count, context.random);
  if (!draws.is_ok()) return draws.status();

  MechanismOutput output;
  const size_t k = draws.value().size();
  output.synthetic = select_rows(fit.value().points, draws.value());
  for (const std::vector<double>& column : coordinates) {
    std::vector<double>& chosen = output.synthetic_unit_values.emplace_back(k);
    for (size_t i = 0; i < k; ++i) chosen[i] = column[draws.value()[i]];
  }
  output.noise_disabled = options.test_only_disable_noise;
  output.description = describe(options.reference.kind);
  size_t support = 0;
  for (double h : fit.value().weights) support += h > 0 ? 1 : 0;
  output.parameters = {
      {"degree", options.degree},
      {"space", continuous ? "continuous" : "encoded"},
      {"marginals", marginals},
      {"statistics", statistics + 1},
      {"statisticsNote", continuous ? "every cell of every marginal of degree 1..d on the columns' public bins, the "
                                      "moments listed, and the constant function"
                                    : "every cell of every marginal of degree 1..d, plus the constant function"},
      {"budget", {{"total", options.epsilon},
                  {"referenceMeasure", budget.reference},
                  {"referenceBudgetFraction", options.reference.budget_fraction},
                  {"lp", budget.lp},
                  {"composition", "basic (sequential) composition: total = reference measure + LP measurements"}}},
      {"referenceMeasure", reference.value().receipt},
      {"referenceMeasureChoice", given.reference.kind == ReferenceKind::Auto
                                     ? auto_reference_rule()
                                     : "fixed by the caller"},
      {"reducedSpace", reduced_space_json(options, schedule, fit.value())},
      {"syntheticRows", k},
      {"syntheticRowsChoice", options.synthetic_rows > 0 ? "fixed by the caller" : "the noisy record count"},
      {"syntheticRowsFrom", options.round_to_dataset ? "rounding k h* to whole rows (largest remainders)"
                                                     : "k independent draws from h*"},
      {"countBudgetFraction", budget.count_fraction * budget.count_and_cells / budget.lp},
      {"countNoiseScale", measurement.value().count_scale.value()},
      {"marginalNoiseScale", measurement.value().cell_scale.value()},
      {"lp", lp_json(options, fit.value())}};
  if (!terms.empty()) {
    output.parameters["moments"] = {{"order", options.moments},
                                    {"terms", terms.size()},
                                    {"epsilon", moments.epsilon},
                                    {"sensitivity", moments.sensitivity},
                                    {"noiseScale", moments.noise_scale}};
  }
  output.released = {{"noisyRecordCount", noisy_count},
                     {"lpObjective", fit.value().lp_objective},
                     {"lpMaxError", fit.value().max_error},
                     {"lpLowerBound", fit.value().lower_bound},
                     {"supportSize", support}};
  if (!terms.empty()) output.released["noisyMomentSums"] = moments.noisy_sums;
  if (!keep_going(context.progress, Phase::Sample, 1)) return cancelled();
  return output;
}

}  // namespace privsynth
