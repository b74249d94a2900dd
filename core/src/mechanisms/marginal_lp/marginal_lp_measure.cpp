// marginal-lp, stage 1: the first release, and the discrete Gaussian measurement every release of
// noisy cells uses.
#include <cmath>

#include "mechanisms/marginal_lp/marginal_lp_stages.hpp"
#include "privacy/discrete_gaussian.hpp"

namespace privsynth {

// The concatenated count vector has L2 sensitivity sqrt(#marginals) under add/remove-one
// neighbours (one cell of each marginal moves by 1), so the cost is #marginals / (2 noise_std^2).
Result<std::vector<double>> measure_with_gaussian_noise(const MarginalSource& data, const MarginalWorkload& workload,
                                                        double noise_std, const std::string& what,
                                                        const MechanismContext& context, bool disable_noise) {
  // The counts first, so that a missing given table refuses the run before this release is charged.
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<int64_t> counts, count_workload(data, workload));
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalVariance variance, rational_variance_at_least(noise_std * noise_std));
  const double used_std = discrete_gaussian_std_used(noise_std).value();  // the same rounding
  const double sensitivity = std::sqrt(double(workload.marginals().size()));
  PRIVSYNTH_RETURN_IF_ERROR(
      context.accountant.charge({what, "discrete Gaussian", GaussianCost{sensitivity, used_std}}));
  std::vector<double> noisy(counts.size());
  for (size_t i = 0; i < counts.size(); ++i) {
    noisy[i] = double(counts[i]) + (disable_noise ? 0.0 : double(sample_discrete_gaussian(context.random, variance)));
  }
  return noisy;
}

Result<MarginalMeasurements> measure_first_marginals(const MechanismContext& context, const MarginalSource& data,
                                                     const MarginalLpOptions& options, const MarginalLpPlan& plan) {
  const std::vector<int>& levels = data.levels();
  const int p = static_cast<int>(levels.size());
  MarginalMeasurements measured;
  for (int c = 0; c < p; ++c) measured.sets.push_back({c});
  if (!plan.mst && options.workload == MarginalWorkloadChoice::AllUpToDegree) {
    PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload all, MarginalWorkload::all_up_to_degree(levels, options.degree));
    measured.sets.clear();
    for (const Marginal& marginal : all.marginals()) measured.sets.push_back(marginal.columns);
  }
  // Every release is a discrete Gaussian of std sqrt(#marginals / (2 rho_part)), so each
  // measurement costs exactly its part.
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload first, MarginalWorkload::from_column_sets(levels, measured.sets));
  const size_t marginals = first.marginals().size();
  PRIVSYNTH_ASSIGN_OR_RETURN(
      measured.noisy_cells,
      measure_with_gaussian_noise(data, first, marginal_noise_std(marginals, plan.rho_one),
                                  plan.mst ? "noisy 1-way marginals of all " + std::to_string(p) + " columns"
                                           : "noisy cells of all " + std::to_string(marginals) +
                                                 " marginals of degree 1.." + std::to_string(options.degree),
                                  context, options.test_only_disable_noise));
  for (int c = 0; c < p; ++c) {
    const Marginal& marginal = first.marginals()[size_t(c)];
    measured.one_way_counts.emplace_back(
        measured.noisy_cells.begin() + std::ptrdiff_t(marginal.offset),
        measured.noisy_cells.begin() + std::ptrdiff_t(marginal.offset + marginal.cells));
  }
  return measured;
}

}  // namespace privsynth
