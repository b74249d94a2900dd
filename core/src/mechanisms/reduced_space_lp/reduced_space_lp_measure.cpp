// reduced-space-lp, stage 1: the LP's targets (Algorithm 1, step 1).
#include <algorithm>

#include "mechanisms/reduced_space_lp/reduced_space_lp_stages.hpp"

namespace privsynth {

Result<LpTargets> measure_lp_targets(const MechanismContext& context, const MarginalSource& data,
                                     const ReducedSpaceLpPlan& plan) {
  const ReducedSpaceLpOptions& options = plan.options;
  const ReducedSpaceLpBudget& budget = plan.budget;
  LpTargets measured;
  PRIVSYNTH_ASSIGN_OR_RETURN(measured.marginals,
                             measure_marginals(data, plan.workload, budget.count_and_cells, budget.count_fraction,
                                               context.accountant, context.random, options.test_only_disable_noise));
  const double noisy_count = measured.marginals.noisy_count;
  measured.targets = noisy_frequencies(measured.marginals);
  if (!plan.terms.empty()) {
    PRIVSYNTH_ASSIGN_OR_RETURN(measured.moments,
                               measure_moments(plan.terms, *context.unit_values, context.table.rows, budget.moments,
                                               context.accountant, context.random, options.test_only_disable_noise));
    for (double sum : measured.moments.noisy_sums) {
      measured.targets.push_back(std::clamp(sum / std::max(1.0, noisy_count), 0.0, 1.0));
    }
  }
  measured.noise_level =
      options.test_only_disable_noise
          ? 0.0
          : objective_noise_level(options.fit.objective, plan.workload, measured.marginals.cell_scale.value(),
                                  plan.terms.size(), measured.moments.noise_scale, noisy_count);
  return measured;
}

}  // namespace privsynth
