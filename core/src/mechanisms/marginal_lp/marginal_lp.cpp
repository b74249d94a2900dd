// marginal-lp: the plan every run and forecast starts from, and the run as its stages
// (marginal_lp_stages.hpp).
#include "mechanisms/marginal_lp/marginal_lp.hpp"

#include <algorithm>
#include <cmath>

#include "mechanisms/marginal_lp/marginal_lp_stages.hpp"
#include "privacy/discrete_gaussian.hpp"
#include "privacy/zcdp.hpp"

namespace privsynth {

Result<MarginalLpPlan> plan_marginal_lp(const MarginalLpOptions& options, int p, int target) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(options.epsilon, "epsilon"));
  if (p < 1) return Status::error(ErrorCode::InvalidArgument, "choose at least one column");
  PRIVSYNTH_ASSIGN_OR_RETURN(double rho, cdp_rho(options.epsilon, options.delta));
  MarginalLpPlan plan;
  plan.rho = rho;
  plan.mst = options.workload == MarginalWorkloadChoice::Mst && p >= 2;
  plan.select = plan.mst && p >= 3;  // with two columns the only pair needs no selection
  // MST's split: thirds for 1-way, selection and the tree's tables; without selection, halves.
  // (Other splits measured within the noise between seeds, so MST's thirds stay:
  // docs/measured-defaults.md.)
  plan.rho_one = plan.select ? plan.rho / 3 : plan.mst ? plan.rho / 2 : plan.rho;
  plan.rho_select = plan.select ? plan.rho / 3 : 0;
  plan.rho_tables = plan.rho - plan.rho_one - plan.rho_select;
  if (options.fit_choice == MarginalFitChoice::Tree && !plan.mst) {  // before anything is measured
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"fit\": \"tree\" needs \"workload\": \"mst\" and at least two columns");
  }
  // With a prediction target, the fit by tree becomes a target-augmented tree (see the run).
  plan.lp_asked = options.fit_choice == MarginalFitChoice::Lp ||
                  (options.fit_choice == MarginalFitChoice::Auto && options.lp_settings_given);
  plan.target_tree = plan.mst && target >= 0 && !plan.lp_asked;
  // "auto": a tree (target-augmented with a target) unless an LP setting was given; the LP when
  // asked for, and always for workload "all".
  plan.by_tree = plan.mst && !plan.lp_asked;
  plan.tree_nodes = p - (plan.target_tree ? 1 : 0);
  if (plan.select) plan.selection_epsilon = std::sqrt(8 * plan.rho_select / double(plan.tree_nodes - 1));
  return plan;
}

double marginal_noise_std(size_t marginals, double rho_part) { return std::sqrt(double(marginals) / (2 * rho_part)); }

Result<double> discrete_gaussian_std_used(double noise_std) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalVariance variance, rational_variance_at_least(noise_std * noise_std));
  return std::sqrt(variance.value());
}

std::vector<std::vector<int>> marginal_lp_count_tables(const MarginalLpOptions& options, int columns, int target) {
  // MST: every pair (the selection may score any), or with a target tree every triple (target, a,
  // b) and the pair (target, a); else every marginal of the workload's degree.
  const bool mst = options.workload == MarginalWorkloadChoice::Mst && columns >= 2;
  if (!mst) return column_subsets(columns, std::min(options.degree, columns));
  std::vector<std::vector<int>> tables;
  for (const std::vector<int>& pair : column_subsets(columns, 2)) {
    if (target < 0 || pair[0] == target || pair[1] == target) {
      tables.push_back(pair);
      continue;
    }
    std::vector<int> triple{target, pair[0], pair[1]};
    std::sort(triple.begin(), triple.end());
    tables.push_back(triple);
  }
  return tables;
}

Result<MechanismOutput> run_marginal_lp(const MechanismContext& context, const MarginalLpOptions& options) {
  const int target = context.target_column;
  PRIVSYNTH_ASSIGN_OR_RETURN(const MarginalLpPlan plan,
                             plan_marginal_lp(options, int(context.table.columns()), target));
  // The run's accountant is zCDP with rho = cdp_rho(epsilon, delta) (the registry's definition).
  const Accountant& accountant = context.accountant;
  if (accountant.definition().accounting != Accounting::Zcdp ||
      std::fabs(accountant.budget() - plan.rho) > 1e-12 * plan.rho) {
    return Status::error(ErrorCode::Internal,
                         "the marginal mechanism needs the run's zCDP budget rho = cdp_rho(epsilon, delta)");
  }
  const Status cancelled = Status::error(ErrorCode::Cancelled, "cancelled");
  const MarginalSource data = context.given_counts ? *context.given_counts : MarginalSource::from_rows(context.table);
  if (context.given_counts) {  // every table the run may read, before anything is charged
    PRIVSYNTH_RETURN_IF_ERROR(require_count_tables(data,
                                                   marginal_lp_count_tables(options, int(data.levels().size()), target),
                                                   context.column_names, "marginal-lp"));
  }

  if (!keep_going(context.progress, Phase::Measure, 0)) return cancelled;
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalMeasurements measured, measure_first_marginals(context, data, options, plan));
  compress_and_count(data, options, plan, context.column_hierarchies, measured);
  if (plan.mst) PRIVSYNTH_RETURN_IF_ERROR(select_and_measure_tree(context, data, options, plan, measured));
  if (!keep_going(context.progress, Phase::Measure, 1)) return cancelled;

  // Everything below is post-processing of the noisy counts.
  PRIVSYNTH_ASSIGN_OR_RETURN(const MarginalEstimates estimates,
                             estimate_marginals(plan, measured.compression.levels, target, measured, context.progress));
  PRIVSYNTH_ASSIGN_OR_RETURN(FittedRows fitted, fit_rows(context, options, plan, measured, estimates));
  MechanismOutput output;
  output.take_records(measured.compression.identity()
                          ? std::move(fitted.records)
                          : expand_records(std::move(fitted.records), measured.compression, context.random));
  output.noise_disabled = options.test_only_disable_noise;
  output.description = marginal_lp_description(plan);
  output.report_degree = plan.mst ? 2 : options.degree;
  output.parameters = marginal_lp_parameters(options, plan, measured, estimates.workload);
  output.parameters.update(fitted.parameters);
  output.released = std::move(fitted.released);
  if (fitted.solved_lp) output.software = lp_software_json();
  if (!keep_going(context.progress, Phase::Sample, 1)) return cancelled;
  return output;
}

}  // namespace privsynth
