// The releases of an adaptive-marginals run, from the plan the run itself uses. What the forecast
// cannot know: which marginals the rounds pick, how often sigma halves, and so how many rounds
// there will be; it states the first rounds' calibration and the most rounds.
#include <algorithm>
#include <cmath>
#include <string>

#include "mechanisms/adaptive_marginals/adaptive_marginals.hpp"
#include "privacy/discrete_gaussian.hpp"
#include "privacy/zcdp.hpp"

namespace privsynth {

Result<MechanismForecast> forecast_adaptive_marginals(const AdaptiveMarginalsOptions& options,
                                                      const ForecastInputs& inputs) {
  const size_t p = inputs.levels.size();
  PRIVSYNTH_ASSIGN_OR_RETURN(AdaptivePlan plan, plan_adaptive_marginals(options, p));
  std::vector<std::string> names = inputs.names;
  for (size_t c = names.size(); c < p; ++c) names.push_back("column " + std::to_string(c));
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<Candidate> candidates,
                             adaptive_candidates(options, names, inputs.target_column));
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalVariance variance, rational_variance_at_least(plan.noise_std * plan.noise_std));
  const double used_std = std::sqrt(variance.value());

  MechanismForecast forecast;
  forecast.zcdp = true;
  forecast.epsilon = options.epsilon;
  forecast.delta = options.delta;
  forecast.rho = plan.rho;
  ForecastRelease one;
  one.release = "1-way marginals";
  one.what = "noisy cells of the 1-way marginal of every column; their totals give the noisy record count n~";
  for (size_t c = 0; c < p; ++c) one.column_sets.push_back({int(c)});
  one.marginals = one.marginals_max = p;
  one.noise = ForecastNoise::DiscreteGaussian;
  one.std = used_std;
  one.sensitivity = std::sqrt(double(p));
  one.rho = gaussian_zcdp_cost(one.sensitivity, one.std);
  forecast.releases.push_back(one);

  const double rounds_rho = plan.rho - one.rho;
  const double per_round = 1 / (2 * used_std * used_std) + plan.selection_epsilon * plan.selection_epsilon / 8;
  const size_t most_rounds = size_t(std::max(1.0, std::floor(rounds_rho / per_round)));
  ForecastRelease selection;
  selection.release = "round selections";
  selection.what = "each round's exponential mechanism picks one marginal of the workload's downward closure (" +
                   std::to_string(candidates.size()) +
                   " candidates), scored by its weighted L1 distance from the current model";
  selection.noise = ForecastNoise::ExponentialMechanism;
  selection.selections = most_rounds;
  double sensitivity = 0;
  for (const Candidate& candidate : candidates) sensitivity = std::max(sensitivity, candidate.weight);
  selection.sensitivity = sensitivity;
  selection.epsilon = plan.selection_epsilon;
  selection.rho = double(most_rounds) * exponential_mechanism_zcdp_cost(plan.selection_epsilon);
  selection.notes.push_back(
      "the first rounds' epsilon; it doubles whenever sigma halves, and the last round spends "
      "what is left, so there are at most " +
      std::to_string(most_rounds) + " rounds");
  forecast.releases.push_back(selection);

  ForecastRelease rounds;
  rounds.release = "round measurements";
  rounds.what = "noisy cells of the marginal each round picks";
  rounds.noise = ForecastNoise::DiscreteGaussian;
  for (const Candidate& candidate : candidates) {
    if (candidate.columns.size() > 1) rounds.candidate_sets.push_back(candidate.columns);
  }
  rounds.chosen = most_rounds;
  rounds.marginals = rounds.marginals_max = most_rounds;
  rounds.std = used_std;
  rounds.sensitivity = 1;
  rounds.rho = double(most_rounds) / (2 * used_std * used_std);
  rounds.notes.push_back("the first rounds' std; it halves when a measurement barely moves the model");
  for (size_t c = 0; c < inputs.hierarchies.size(); ++c) {
    if (inputs.hierarchies[c].empty()) continue;
    rounds.notes.push_back(hierarchy_summary(inputs.names[c], inputs.levels[c], inputs.hierarchies[c]) +
                           ": a round may measure it at each coarser level of its hierarchy" +
                           (options.compress_domain.value_or(true)
                                ? ", and its values whose noisy 1-way count is below 3 std merge within their groups"
                                : ""));
  }
  forecast.releases.push_back(rounds);

  forecast.fit.kind = "graphical-model";
  // Runs with the defaults measured about half the planned rounds (29 of 56 on private-pgm's Adult,
  // 88 of 160 on 40 columns): sigma halves on the way, and each halving quadruples a round's cost.
  ModelFitCost cost;
  cost.rounds = 0.55 * double(plan.rounds);
  cost.round_iterations = options.round_iterations;
  cost.final_iterations = options.final_iterations;
  double one_way = 0;
  for (int level : inputs.levels) one_way += level;
  cost.model_cells = std::max(options.max_model_cells, one_way);
  cost.scored = double(candidates.size());
  cost.scoring_rows = double(scoring_rows(options, inputs.rows.value_or(50000), candidates.size()));
  forecast.fit.model = cost;
  forecast.fit.marginals = p + most_rounds;
  forecast.fit.details = {{"parameters",
                           {{"roundsPlanned", plan.rounds},
                            {"candidates", candidates.size()},
                            {"maxModelCells", options.max_model_cells},
                            {"roundIterations", options.round_iterations},
                            {"finalIterations", options.final_iterations}}}};
  forecast.synthetic_rows = size_t(options.synthetic_rows);
  if (options.test_only_disable_noise)
    forecast.notes.push_back("testOnlyDisableNoise: the run adds no noise (NOT PRIVATE)");
  return forecast;
}

}  // namespace privsynth
