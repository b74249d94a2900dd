// reduced-space-lp: its noise levels and budget split, the plan every run and forecast starts
// from, and the run as its stages (reduced_space_lp_stages.hpp).
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"

#include <algorithm>
#include <cmath>

#include "mechanisms/reduced_space_lp/bernstein_kde.hpp"
#include "mechanisms/reduced_space_lp/perturbed_histogram.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp_stages.hpp"
#include "statistics/bootstrap.hpp"
#include "statistics/tree_reference.hpp"

namespace privsynth {

double noise_level(double cell_scale, size_t statistics, double noisy_count) {
  return cell_scale * (std::log(static_cast<double>(std::max<size_t>(statistics, 1))) + 0.5772) /
         std::max(1.0, noisy_count);
}

double objective_noise_level(FitObjective objective, const MarginalWorkload& workload, double cell_scale, size_t dense,
                             double dense_scale, double noisy_count) {
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

ReducedSpaceLpBudget reduced_space_lp_budget(const ReducedSpaceLpOptions& options, size_t marginals,
                                             size_t moment_terms) {
  ReducedSpaceLpBudget split;
  const ReferenceBudgetSplit shared = split_reference_budget(options.reference, options.epsilon);
  split.reference = shared.reference;
  split.lp = shared.rest;
  const double count_share = options.count_budget_fraction > 0
                                 ? options.count_budget_fraction
                                 : default_count_budget_fraction(marginals + moment_terms);
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
Status check_reference_size(const ReferenceOptions& reference, const std::vector<int>& levels, size_t unit_axes,
                            double epsilon) {
  switch (reference.kind) {
    case ReferenceKind::Histogram: return full_domain_cells(levels, reference.histogram_cell_limit).status();
    case ReferenceKind::Tree: return plan_tree_reference(levels, epsilon).status();
    case ReferenceKind::BernsteinKde:
      return choose_bernstein_parameters(static_cast<int>(unit_axes), 2, epsilon, reference.bernstein).status();
    case ReferenceKind::KdTree:  // its leaves are never enumerated; mu falls back to uniform if none passes
    case ReferenceKind::Uniform:
    case ReferenceKind::Auto: break;
  }
  return Status::ok();
}

}  // namespace

Result<ReducedSpaceLpPlan> plan_reduced_space_lp(const ReducedSpaceLpOptions& given, const std::vector<int>& levels,
                                                 const std::vector<std::vector<double>>& special_levels) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(given.epsilon, "epsilon"));
  const bool continuous = given.space == ReducedSpace::Continuous;
  ReducedSpaceLpPlan plan;
  plan.options = given;
  plan.axes = unit_space_layout(levels, special_levels);
  plan.options.reference = resolve_reference_options(given.reference, levels, continuous);
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload workload,
                             MarginalWorkload::all_up_to_degree(levels, plan.options.degree));
  plan.workload = std::move(workload);
  plan.terms = moment_terms(static_cast<int>(levels.size()), continuous ? plan.options.moments : 0);
  plan.statistics = plan.workload.statistic_count() + plan.terms.size();
  plan.budget = reduced_space_lp_budget(plan.options, plan.workload.marginals().size(), plan.terms.size());
  // Refuse before spending any budget: the LP's size, and the reference measure's own limits, which
  // depend only on the levels and the options.
  PRIVSYNTH_RETURN_IF_ERROR(check_fit_size(plan.workload,
                                           reduced_space_schedule(plan.options, plan.statistics, 0).initial_points,
                                           plan.options.fit.method, plan.terms.size()));
  PRIVSYNTH_RETURN_IF_ERROR(
      check_reference_size(plan.options.reference, levels, plan.axes.levels.size(), plan.budget.reference));
  return plan;
}

Result<std::vector<AttributeSet>> reduced_space_lp_count_tables(const ReducedSpaceLpOptions& given,
                                                                const std::vector<int>& levels) {
  const auto refuse = [](const std::string& why) {
    return Status::error(ErrorCode::InvalidArgument, "reduced-space-lp " + why);
  };
  if (given.space == ReducedSpace::Continuous) {
    return refuse(
        "in the continuous space reads the records' values (moments, reference); from count tables use "
        "\"space\": \"encoded\"");
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(const ReducedSpaceLpPlan plan, plan_reduced_space_lp(given, levels, {}));
  const ReferenceKind reference = plan.options.reference.kind;
  if (reference != ReferenceKind::Uniform && reference != ReferenceKind::Tree) {
    return refuse(std::string("with the ") + reference_kind_name(reference) +
                  " reference reads the rows; from count tables use \"referenceMeasure\": \"tree\" or \"uniform\"");
  }
  // The workload's marginals that no other holds, then the tree's pairs beyond them.
  const size_t top = std::min(size_t(plan.options.degree), levels.size());
  std::vector<AttributeSet> tables;
  for (const Marginal& marginal : plan.workload.marginals()) {
    if (marginal.columns.size() == top) tables.push_back(marginal.columns);
  }
  if (reference == ReferenceKind::Tree && top < 2) {
    for (int a = 0; a < int(levels.size()); ++a) {
      for (int b = a + 1; b < int(levels.size()); ++b) tables.push_back({a, b});
    }
  }
  return tables;
}

Result<MechanismOutput> run_reduced_space_lp(const MechanismContext& context, const ReducedSpaceLpOptions& given) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const ReducedSpaceLpPlan plan,
                             plan_reduced_space_lp(given, context.table.levels, context.special_levels));
  const MarginalSource data = context.given_counts ? *context.given_counts : MarginalSource::from_rows(context.table);
  if (context.given_counts) {
    PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<AttributeSet> needed,
                               reduced_space_lp_count_tables(given, context.table.levels));
    PRIVSYNTH_RETURN_IF_ERROR(require_count_tables(data, needed, context.column_names, "reduced-space-lp"));
  }
  const ReducedSpaceLpOptions& options = plan.options;
  const bool continuous = options.space == ReducedSpace::Continuous;
  if (continuous && (!context.unit_values || context.unit_values->size() != context.table.columns())) {
    return Status::error(ErrorCode::InvalidArgument, "the continuous space needs every chosen column to be numeric");
  }
  const Status cancelled = Status::error(ErrorCode::Cancelled, "cancelled");

  if (!keep_going(context.progress, Phase::Measure, 0)) return cancelled;
  PRIVSYNTH_ASSIGN_OR_RETURN(const LpTargets targets, measure_lp_targets(context, data, plan));
  if (!keep_going(context.progress, Phase::Measure, 0.5)) return cancelled;
  PRIVSYNTH_ASSIGN_OR_RETURN(
      const ReferenceDraws reference,
      release_reference(options.reference, plan.budget.reference, continuous, targets.marginals.noisy_count,
                        targets.marginals.count_scale.value(), context, data, options.test_only_disable_noise));
  if (!keep_going(context.progress, Phase::Measure, 1)) return cancelled;
  PRIVSYNTH_ASSIGN_OR_RETURN(const ReducedSpaceFit fitted, fit_reduced_space(context, plan, targets, reference));

  // Algorithm 1, step 4: k rows from h*; in the continuous space the points' coordinates, drawn
  // again inside their cells where mu is piecewise uniform (piecewise_uniform.hpp), else exact.
  if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled;
  MechanismOutput output;
  size_t synthetic_rows = 0;
  if (!continuous) {  // records from h*, drawn now or in chunks (MechanismContext::defer_sampling)
    PRIVSYNTH_ASSIGN_OR_RETURN(
        SyntheticRecords records,
        draw_or_defer(context.defer_sampling, draw_rows_from_fit(options, fitted.fit),
                      synthetic_row_count(options, targets.marginals.noisy_count, context.defer_sampling),
                      context.table.levels, context.random));
    synthetic_rows = records.rows;
    output.take_records(std::move(records));
  } else {  // the rows' indices also pick the points' coordinates
    PRIVSYNTH_ASSIGN_OR_RETURN(
        const std::vector<size_t> rows,
        synthetic_row_indices(options, fitted.fit.weights, targets.marginals.noisy_count, context.random));
    output.synthetic = select_rows(fitted.fit.points, rows);
    synthetic_rows = rows.size();
    std::vector<std::vector<double>> chosen;
    if (reference.pieces && options.redraw_within_cells) {
      chosen = redraw_within_cells(*reference.pieces, plan.axes.table_levels, fitted.coordinates, rows, context.random);
    } else {
      for (const std::vector<double>& axis : fitted.coordinates) {
        std::vector<double>& values = chosen.emplace_back(rows.size());
        for (size_t i = 0; i < rows.size(); ++i) values[i] = axis[rows[i]];
      }
    }
    output.synthetic_unit_values =
        unit_space_columns(plan.axes, context.table.levels, std::move(chosen), rows.size()).unit;
  }
  output.noise_disabled = options.test_only_disable_noise;
  output.description = reduced_space_lp_description(options.reference.kind);
  output.software = lp_software_json();
  output.report_degree = options.degree;
  output.parameters = reduced_space_lp_parameters(given, plan, targets, reference, fitted, synthetic_rows);
  output.released = reduced_space_lp_released(plan, targets, fitted);
  if (!keep_going(context.progress, Phase::Sample, 1)) return cancelled;
  return output;
}

}  // namespace privsynth
