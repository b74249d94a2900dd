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
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("delta", options.delta, 0, 1));
  if (!(options.delta > 0 && options.delta < 1)) {
    return invalid("option \"delta\" must be strictly between 0 and 1 (e.g. 1e-9)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("workload", options.workload, kAdaptiveWorkloads));
  PRIVSYNTH_RETURN_IF_ERROR(reader.column_sets("workloadMarginals", options.listed));
  if (reader.has("workloadMarginals") && !reader.has("workload")) options.workload = AdaptiveWorkload::Listed;
  if ((options.workload == AdaptiveWorkload::Listed) != reader.has("workloadMarginals")) {
    return invalid(
        "\"workload\": \"listed\" and option \"workloadMarginals\" (the marginals, by column names, with weights) go "
        "together");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("targetWeight", options.target_weight, 1, 1000));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("rounds", options.rounds, 1, 100000));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("maxModelCells", options.max_model_cells, 1000, kLargestModelCells));
  long long round_iterations = options.round_iterations, final_iterations = options.final_iterations;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("roundIterations", round_iterations, 1, 100000));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("finalIterations", final_iterations, 1, 100000));
  options.round_iterations = int(round_iterations);
  options.final_iterations = int(final_iterations);
  bool compress = false;
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean("compressDomain", compress));
  if (reader.has("compressDomain")) options.compress_domain = compress;
  long long coarsen_above = options.coarsen_above;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("coarsenAbove", coarsen_above, 0, 1000000));
  options.coarsen_above = int(coarsen_above);
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("scoringSampleFactor", options.scoring_sample_factor, 0, 100));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("syntheticRows", options.synthetic_rows, 1, 100'000'000));
  PRIVSYNTH_RETURN_IF_ERROR(reader.test_only_switch("testOnlyDisableNoise", options.test_only_disable_noise));
  return options;
}

}  // namespace privsynth
