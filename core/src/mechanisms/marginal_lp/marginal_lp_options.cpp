// marginal-lp's options, read and checked before any data is touched.
#include <string>

#include "mechanisms/marginal_lp/marginal_lp.hpp"

namespace privsynth {
namespace {

constexpr Choice<MarginalWorkloadChoice> kWorkloadChoices[] = {{"mst", MarginalWorkloadChoice::Mst},
                                                               {"all", MarginalWorkloadChoice::AllUpToDegree}};
constexpr Choice<MarginalFitChoice> kFitChoices[] = {
    {"auto", MarginalFitChoice::Auto}, {"lp", MarginalFitChoice::Lp}, {"tree", MarginalFitChoice::Tree}};

}  // namespace

Result<MarginalLpOptions> read_marginal_lp_options(OptionReader& reader, double epsilon) {
  MarginalLpOptions options;
  options.epsilon = epsilon;
  // The sum of L1 errors: on Adult it beat the max L1 marginal error of Zhou et al.'s Mechanism 1
  // (still available) on every measure (docs/measured-defaults.md).
  options.fit.objective = FitObjective::SumError;
  PRIVSYNTH_RETURN_IF_ERROR(reader.number(
      "delta", options.delta, 0, 1, {"delta of (epsilon, delta)-DP; the budget is rho = cdp_rho(epsilon, delta)."}));
  if (!(options.delta > 0 && options.delta < 1)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"delta\" must be strictly between 0 and 1 (e.g. 1e-9)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("workload", options.workload, kWorkloadChoices,
                    {"\"mst\": the 1-way marginals and a spanning tree of 2-way marginals chosen privately; \"all\": "
                     "every marginal up to degree (Zhou et al.'s Mechanism 1, small tables)."}));
  long long degree = options.degree, full = static_cast<long long>(options.full_domain_limit);
  if (reader.has("degree") && options.workload == MarginalWorkloadChoice::Mst) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"degree\" applies to \"workload\": \"all\"; MST uses 1- and 2-way marginals");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.integer("degree", degree, 1, 3, {"With workload \"all\": the largest marginal degree."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("fullDomainLimit", full, 0, static_cast<long long>(kMaxReducedSpaceSize),
                                           {"The LP fit works over every cell of the (compressed) domain up to this "
                                            "many cells, else over a reduced space drawn from the tree."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.test_only_switch("testOnlyDisableNoise", options.test_only_disable_noise,
                              {"Tests only: exact marginals without noise. The output is not private."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.boolean("compressDomain", options.compress_domain,
                     {"MST's merging of the values whose noisy 1-way count is below 3 noise standard deviations."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("fit", options.fit_choice, kFitChoices,
                    {"How rows are made from the noisy marginals (post-processing): \"tree\" rounds them from the tree "
                     "of the marginals' estimate (target-augmented with mlTarget), \"lp\" solves Zhou et al.'s "
                     "reweighting LP, \"auto\" the tree unless an LP option is given."}));
  for (const char* key :
       {"fullDomainLimit", "reducedSpaceSize", "maxReducedSpaceSize", "lpSolver", "lpObjective", "lpRelativeGap",
        "lpTimeLimitSeconds", "lpIterationLimit", "lpMethod", "lpStage2", "lpStage2Slack", "lpStage2ErrorWeight"}) {
    if (!reader.has(key)) continue;
    if (options.fit_choice == MarginalFitChoice::Tree) {
      return Status::error(ErrorCode::InvalidArgument,
                           std::string("option \"") + key + "\" applies to the LP fit, not to \"fit\": \"tree\"");
    }
    options.lp_settings_given = true;
  }
  PRIVSYNTH_RETURN_IF_ERROR(read_lp_fit_settings(reader, options));
  options.degree = static_cast<int>(degree);
  options.full_domain_limit = static_cast<size_t>(full);
  return options;
}

}  // namespace privsynth
