// adaptive-marginals' options, read and checked before any data is touched.
#include <string>

#include "mechanisms/adaptive_marginals/adaptive_marginals.hpp"

namespace privsynth {
namespace {

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidArgument, message); }

}  // namespace

Result<AdaptiveMarginalsOptions> read_adaptive_marginals_options(OptionReader& reader, double epsilon) {
  AdaptiveMarginalsOptions options;
  options.epsilon = epsilon;
  PRIVSYNTH_RETURN_IF_ERROR(reader.number(
      "delta", options.delta, 0, 1, {"delta of (epsilon, delta)-DP; the budget is rho = cdp_rho(epsilon, delta)."}));
  if (!(options.delta > 0 && options.delta < 1)) {
    return invalid("option \"delta\" must be strictly between 0 and 1 (e.g. 1e-9)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("workload", options.workload, kAdaptiveWorkloads,
                    {"The marginals to preserve: all 2-way, all 3-way, all up to 4-way, or \"listed\" in "
                     "workloadMarginals. The rounds choose among them and their subsets."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.column_sets("workloadMarginals", options.listed,
                                               {"A listed workload (implies workload \"listed\"): column sets by name, "
                                                "each an array of names or { columns, weight }.",
                                                OptionDefault::None}));
  if (reader.has("workloadMarginals") && !reader.has("workload")) options.workload = AdaptiveWorkload::Listed;
  if ((options.workload == AdaptiveWorkload::Listed) != reader.has("workloadMarginals")) {
    return invalid(
        "\"workload\": \"listed\" and option \"workloadMarginals\" (the marginals, by column names, with weights) go "
        "together");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("targetWeight", options.target_weight, 1, 1000,
                    {"With mlTarget: the weight of the workload marginals that hold the target."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.integer("rounds", options.rounds, 1, 100000,
                     {"T, the rounds the budget is first split into; by default 4 times the number of columns.",
                      OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("maxModelCells", options.max_model_cells, 1000, kLargestModelCells,
                    {"The most cells the graphical model may hold (the 1-way marginals are always allowed)."}));
  long long round_iterations = options.round_iterations, final_iterations = options.final_iterations;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("roundIterations", round_iterations, 1, 100000,
                                           {"Mirror-descent steps of each round's warm-started fit."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.integer("finalIterations", final_iterations, 1, 100000,
                     {"Mirror-descent steps of the last fit, from which the records are drawn."}));
  options.round_iterations = int(round_iterations);
  options.final_iterations = int(final_iterations);
  bool compress = false;
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.boolean("compressDomain", compress,
                     {"MST's merging of the values whose noisy 1-way count is below 3 noise standard deviations: true "
                      "every column, false none; by default the columns with a schema hierarchy, within its groups.",
                      OptionDefault::Computed}));
  if (reader.has("compressDomain")) options.compress_domain = compress;
  long long coarsen_above = options.coarsen_above;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("coarsenAbove", coarsen_above, 0, 1000000,
                                           {"Columns with more levels than this (and no hierarchy) also get coarse "
                                            "candidates of 12 groups of adjacent levels; 0: none."}));
  options.coarsen_above = int(coarsen_above);
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("scoringSampleFactor", options.scoring_sample_factor, 0, 100,
                    {"Scores of marginals that no clique of the model holds are counted in this many times n records "
                     "drawn from the model; 0 counts them exactly (slower)."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer(
      "syntheticRows", options.synthetic_rows, 1, 100'000'000,
      {"The number k of synthetic records; by default the noisy record count.", OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.test_only_switch("testOnlyDisableNoise", options.test_only_disable_noise,
                              {"Tests only: exact measurements without noise. The output is not private."}));
  return options;
}

}  // namespace privsynth
