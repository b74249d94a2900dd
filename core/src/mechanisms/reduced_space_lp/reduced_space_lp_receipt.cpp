// reduced-space-lp, stage 5: what the receipt states about the run.
#include "mechanisms/reduced_space_lp/reduced_space_lp_stages.hpp"

namespace privsynth {

nlohmann::json reduced_space_lp_description(ReferenceKind reference) {
  nlohmann::json description = {
      {"name", "reduced-space-lp"},
      {"title", reference == ReferenceKind::Uniform ? "Reduced-space LP reweighting with a uniform reference measure"
                                                    : "Reduced-space LP reweighting with a private reference measure"},
      {"paper",
       "M. Boedihardjo, T. Strohmer, R. Vershynin. Privacy of synthetic data: a statistical framework. IEEE Trans. "
       "Inf. Theory 69(1), 2023; Algorithm 1"},
      {"referenceMeasure", reference_kind_name(reference)},
      {"privacyNote", "docs/privacy/reduced-space-lp.md"}};
  if (reference != ReferenceKind::Uniform) {
    description["referencePaper"] =
        "K. Bojkovic, P.-L. Loh. Differentially private synthetic data with private density estimation. ISIT 2024";
    description["compositionNote"] = "docs/privacy/reference-composition.md";
  }
  return description;
}

nlohmann::json reduced_space_lp_parameters(const ReducedSpaceLpOptions& given, const ReducedSpaceLpPlan& plan,
                                           const LpTargets& targets, const ReferenceDraws& reference,
                                           const ReducedSpaceFit& fitted, size_t rows) {
  const ReducedSpaceLpOptions& options = plan.options;
  const ReducedSpaceLpBudget& budget = plan.budget;
  const bool continuous = options.space == ReducedSpace::Continuous;
  nlohmann::json parameters = {
      {"degree", options.degree},
      {"space", choice_name(kReducedSpaces, options.space)},
      {"marginals", plan.workload.marginals().size()},
      {"statistics", plan.statistics + 1},
      {"statisticsNote", continuous ? "every cell of every marginal of degree 1..d on the columns' public bins, the "
                                      "moments listed, and the constant function"
                                    : "every cell of every marginal of degree 1..d, plus the constant function"},
      {"budget",
       {{"total", options.epsilon},
        {"referenceMeasure", budget.reference},
        {"referenceBudgetFraction", options.reference.budget_fraction},
        {"lp", budget.lp},
        {"composition", "basic (sequential) composition: total = reference measure + LP measurements"}}},
      {"referenceMeasure", reference.receipt},
      {"referenceMeasureChoice",
       given.reference.kind == ReferenceKind::Auto ? auto_reference_rule() : "fixed by the caller"},
      {"reducedSpace", reduced_space_json(options, fitted.schedule, fitted.fit)},
      {"syntheticRows", rows},
      {"syntheticRowsChoice", options.synthetic_rows > 0 ? "fixed by the caller" : "the noisy record count"},
      {"syntheticRowsFrom",
       options.round_to_dataset ? "rounding k h* to whole rows (largest remainders)" : "k independent draws from h*"},
      {"countBudgetFraction", budget.count_fraction * budget.count_and_cells / budget.lp},
      {"countNoiseScale", targets.marginals.count_scale.value()},
      {"marginalNoiseScale", targets.marginals.cell_scale.value()},
      {"lp", lp_json(options, fitted.fit)}};
  if (!plan.terms.empty()) {
    const NoisyMoments& moments = targets.moments;
    parameters["moments"] = {{"order", options.moments},
                             {"terms", plan.terms.size()},
                             {"epsilon", moments.epsilon},
                             {"sensitivity", moments.sensitivity},
                             {"noiseScale", moments.noise_scale}};
  }
  return parameters;
}

nlohmann::json reduced_space_lp_released(const ReducedSpaceLpPlan& plan, const LpTargets& targets,
                                         const ReducedSpaceFit& fitted) {
  size_t support = 0;
  for (double h : fitted.fit.weights) support += h > 0 ? 1 : 0;
  nlohmann::json released = {{"noisyRecordCount", targets.marginals.noisy_count},
                             {"lpObjective", fitted.fit.lp_objective},
                             {"lpMaxError", fitted.fit.max_error},
                             {"lpLowerBound", fitted.fit.lower_bound},
                             {"supportSize", support}};
  if (!plan.terms.empty()) released["noisyMomentSums"] = targets.moments.noisy_sums;
  return released;
}

}  // namespace privsynth
