// marginal-lp, stage 6: what the receipt states about the run (the fit adds its own parameters).
#include "mechanisms/marginal_lp/marginal_lp_stages.hpp"

namespace privsynth {

nlohmann::json marginal_lp_description(const MarginalLpPlan& plan) {
  return {
      {"name", "marginal-lp"},
      {"title", plan.mst ? "Marginal-preserving synthesis with MST-style selection of 2-way marginals"
                         : "Marginal-preserving LP synthesis of all marginals up to degree d"},
      {"paper",
       "S. Zhou et al. Bounding the excess risk for linear models trained on marginal-preserving, "
       "differentially-private, synthetic data (Mechanism 1); selection as in MST (McKenna, Miklau & Sheldon 2021)"},
      {"privacyNote", "docs/privacy/marginal-lp.md"}};
}

nlohmann::json marginal_lp_parameters(const MarginalLpOptions& options, const MarginalLpPlan& plan,
                                      const MarginalMeasurements& measured, const MarginalWorkload& workload) {
  nlohmann::json selected = nlohmann::json::array();
  for (const std::vector<int>& edge : measured.tree) selected.push_back(edge);
  const std::string tables = plan.target_tree ? "the tables (target, tree edge)" : "the selected 2-way marginals";
  const std::string table = plan.target_tree ? "table (target, feature)" : "2-way marginal";
  return {{"workload", plan.mst ? "mst" : "all"},
          {"degree", plan.mst ? 2 : options.degree},
          {"marginals", workload.marginals().size()},
          {"statistics", workload.statistic_count()},
          {"selectedPairs", selected},
          {"selectedPairsNote", "column indices among the chosen columns, chosen by the exponential mechanism"},
          {"compressedLevels", measured.compression.levels},
          {"compressionNote",
           "values with a noisy count below 3 noise standard deviations merged into one per column (MST), or one per "
           "group of the finest level of a column's public hierarchy"},
          {"budgetSplit", plan.select ? "rho/3 1-way marginals, rho/3 selection, rho/3 " + tables + " (as MST)"
                          : plan.mst  ? "rho/2 1-way marginals, rho/2 the one " + table
                                      : std::string("rho on all marginals")}};
}

}  // namespace privsynth
