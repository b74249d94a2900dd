#include "pipeline/ml_report.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "privacy/receipt.hpp"
#include "private_models/direct_dp_model.hpp"
#include "report/distribution_report.hpp"
#include "report/one_vs_rest.hpp"
#include "report/tstr.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

// The Gaussian noise of DP gradient descent needs delta > 0: a pure epsilon-DP run's models use this.
constexpr double kDirectModelDeltaOfPureRuns = 1e-9;

Json optional_json(const std::optional<double>& value) { return value ? Json(*value) : Json(nullptr); }

Json model_json(const TstrModelResult& model) {
  return {{"accuracy", model.test_accuracy},
          {"rocAuc", model.test_roc_auc},
          {"testLogLoss", model.test_log_loss},
          {"trainRisk", model.train_risk}};
}

// Theorem 3.2 for the run, with nu/n = 2 x the largest TV over the 1- and 2-way marginals of the
// real training rows against the synthetic table.
Json bounds_json(const TstrReport& tstr, const UtilityReport* utility, double measured) {
  if (!utility) return nullptr;
  double largest_tv = 0;
  for (const auto* marginals : {&utility->one_way, &utility->two_way}) {
    for (const MarginalDistance& marginal : *marginals) largest_tv = std::max(largest_tv, marginal.total_variation);
  }
  Result<RunExcessRiskBounds> bounds = excess_risk_bounds_for_run(tstr, 2, 2 * largest_tv);
  if (!bounds.is_ok()) return {{"error", bounds.status().message()}};
  const auto bound_json = [](const ExcessRiskBound& b) {
    const auto finite = [](double x) { return std::isfinite(x) ? Json(x) : Json(nullptr); };  // null: overflow, vacuous
    return Json{{"approximation", finite(b.approximation)},
                {"marginal", finite(b.marginal)},
                {"total", finite(b.total)},
                {"trivial", b.trivial},
                {"vacuous", !(b.total < b.trivial)}};
  };
  const ExcessRiskParameters& p = bounds.value().parameters;
  return {{"theorem", "Zhou et al., Theorem 3.2 (logistic loss), at the run's parameters"},
          {"degree", p.degree},
          {"dimension", p.dimension},
          {"tau", p.tau},
          {"records", p.records},
          {"normalizedMarginalL1", p.marginal_l1 / p.records},
          {"stated", bound_json(bounds.value().stated)},
          {"explicit", bound_json(bounds.value().explicit_form)},
          {"measuredExcessEmpiricalRisk", measured}};
}

Json binary_json(const TstrReport& tstr, const UtilityReport* utility) {
  return {{"model", "logistic regression on one-hot features (Zhou et al., §5)"},
          {"classes", 2},
          {"trainedOnSynthetic", model_json(tstr.synthetic)},
          {"trainedOnReal", model_json(tstr.real)},
          {"excessEmpiricalRisk", tstr.excess_empirical_risk},
          {"excessTestRisk", tstr.excess_test_risk},
          {"majorityClassAccuracy", tstr.majority_class_accuracy},
          {"rows", {{"synthetic", tstr.synthetic_rows}, {"realTrain", tstr.train_rows}, {"realTest", tstr.test_rows}}},
          {"excessRiskBound", bounds_json(tstr, utility, tstr.excess_empirical_risk)}};
}

Json one_vs_rest_json(const OneVsRestReport& report) {
  const auto scores = [](const OneVsRestModelResult& model) {
    return Json{{"accuracy", model.test_accuracy}, {"rocAuc", optional_json(model.test_macro_roc_auc)}};
  };
  return {{"model",
           "one logistic regression per class against the rest, on one-hot features; a row is predicted the class "
           "scored highest (ROC-AUC: the mean over classes)"},
          {"classes", report.classes},
          {"trainedOnSynthetic", scores(report.synthetic)},
          {"trainedOnReal", scores(report.real)},
          {"majorityClassAccuracy", report.majority_class_accuracy},
          {"rows",
           {{"synthetic", report.synthetic_rows}, {"realTrain", report.train_rows}, {"realTest", report.test_rows}}}};
}

// Train on synthetic, test on real for one target: binary or one-vs-rest by its level count.
Json tstr_section(const MlInputs& inputs, int target) {
  if (inputs.train.levels[size_t(target)] == 2) {
    Result<TstrReport> tstr = evaluate_tstr(inputs.synthetic, inputs.train, inputs.test, target, TstrOptions{});
    if (!tstr.is_ok()) return {{"error", tstr.status().message()}};
    return binary_json(tstr.value(), inputs.utility);
  }
  Result<OneVsRestReport> report = evaluate_one_vs_rest_tstr(inputs.synthetic, inputs.train, inputs.test, target);
  if (!report.is_ok()) return {{"error", report.status().message()}};
  return one_vs_rest_json(report.value());
}

// The exported model: weights per one-hot level, enough to score a row, with its own receipt.
Json direct_model_release(const MlInputs& inputs, const DirectDpModel& model, const Accountant& accountant) {
  const std::vector<Column>& columns = inputs.columns;
  Json features = Json::array();
  for (int c : model.feature_columns) {
    features.push_back({{"column", columns[size_t(c)].name}, {"levels", level_labels(columns[size_t(c)])}});
  }
  const std::vector<std::string> target_levels = level_labels(columns[size_t(model.target_column)]);
  Json classes = Json::array();
  for (size_t k = 0; k < model.fits.size(); ++k) {
    const LogisticFit& fit = model.fits[k].model;
    classes.push_back({{"level", target_levels[model.positive_codes[k]]},
                       {"intercept", fit.intercept},
                       {"weights", std::vector<double>(fit.weights.data(), fit.weights.data() + fit.weights.size())}});
  }
  Json steps = Json::array();
  for (const DpGradientDescentFit& fit : model.fits) {
    steps.push_back({{"steps", fit.steps},
                     {"clipNorm", fit.clip_norm},
                     {"gradientNoiseStd", fit.gradient_noise_std},
                     {"learningRate", fit.learning_rate},
                     {"rho", fit.rho}});
  }
  MechanismOutput mechanism;
  mechanism.description = {
      {"name", "dp-gradient-descent"},
      {"title", "Logistic regression trained directly by DP gradient descent"},
      {"paper",
       "R. Bassily, A. Smith, A. Thakurta. Private empirical risk minimization: efficient algorithms and tight error "
       "bounds. FOCS 2014 (full-batch, no subsampling); zCDP: M. Bun, T. Steinke. TCC 2016"},
      {"neighbours", "add/remove one record"}};
  mechanism.parameters = {{"target", columns[size_t(model.target_column)].name},
                          {"models", steps},
                          {"note", model.fits.size() == 1 ? "one model: the target's last level against the other"
                                                          : "one model per class against the rest, each with 1/" +
                                                                std::to_string(model.fits.size()) + " of rho"}};
  mechanism.released = {{"noisyRecordCounts", Json::array()}};
  for (const DpGradientDescentFit& fit : model.fits) mechanism.released["noisyRecordCounts"].push_back(fit.noisy_count);
  std::vector<int> output_columns;
  for (const Column& column : columns) output_columns.push_back(find_column(inputs.setup.schema, column.name));
  const RunCommonOptions& common = inputs.setup.common;
  Json receipt = build_receipt(ReceiptInputs{inputs.setup.schema, common.provenance, output_columns,
                                             out_of_domain_policy_name(common.out_of_domain), accountant, mechanism,
                                             common.has_test_seed, 0, common.choices_from_data});
  receipt["output"] = {{"model", "logistic regression weights for " + columns[size_t(model.target_column)].name}};
  receipt["separateRelease"] =
      "this model is a release of its own, charged to its own ledger: publishing it together with the synthetic "
      "table of the same run costs both epsilons (and deltas) added";
  return {{"kind", "privsynth DP model"},
          {"format", 1},
          {"target", columns[size_t(model.target_column)].name},
          {"model", "logistic regression trained by DP gradient descent"},
          {"features", features},
          {"classes", classes},
          {"scoring",
           "score of a class = its intercept + the weight of each feature column's level in the row; with one class "
           "listed, predict it when its score > 0, else the other level; with several, predict the highest score"},
          {"receipt", receipt}};
}

Json direct_model_report(const DirectDpModel& model, const Accountant& accountant, const EncodedTable& test) {
  Result<DirectDpScores> scores = score_direct_dp_model(model, test);
  if (!scores.is_ok()) return {{"error", scores.status().message()}};
  return {{"model", "logistic regression trained on the real training rows by DP gradient descent"},
          {"epsilon", accountant.definition().epsilon},
          {"delta", accountant.definition().delta},
          {"steps", model.fits.front().steps},
          {"accuracy", scores.value().accuracy},
          {"rocAuc", optional_json(scores.value().roc_auc)},
          {"testLogLoss", optional_json(scores.value().log_loss)},
          {"separateRelease",
           "not part of the synthetic table's release: exporting this model publishes a second release, which costs "
           "its own epsilon (stated in its receipt)"}};
}

}  // namespace

Result<Accountant> direct_model_accountant(const RunSetup& setup) {
  const PrivacyDefinition& run = setup.mechanism.privacy;
  PrivacyDefinition definition{Neighbours::AddRemove, Accounting::Zcdp, run.epsilon,
                               run.delta > 0 ? run.delta : kDirectModelDeltaOfPureRuns, std::nullopt};
  return Accountant::create(definition);
}

Result<MlEvaluation> evaluate_ml_targets(const MlInputs& inputs, RandomSource& random, const ProgressSink& progress) {
  const RunCommonOptions& common = inputs.setup.common;
  const std::vector<std::string> targets = common.ml_targets();
  MlEvaluation evaluation;
  for (size_t done = 0; done < targets.size(); ++done) {
    const std::string& name = targets[done];
    if (!keep_going(progress, Phase::Evaluate, double(done) / double(targets.size()),
                    "models for \"" + name + "\"" + (common.ml_direct_dp ? ", one trained directly under DP" : ""))) {
      return Status::error(ErrorCode::Cancelled, "cancelled");
    }
    int target = -1;
    for (size_t c = 0; c < inputs.columns.size(); ++c) {
      if (inputs.columns[c].name == name) target = int(c);
    }
    Json section = common.evaluate ? tstr_section(inputs, target) : Json::object();
    if (common.ml_direct_dp) {
      PRIVSYNTH_ASSIGN_OR_RETURN(Accountant accountant, direct_model_accountant(inputs.setup));
      Result<DirectDpModel> model = train_direct_dp_model(inputs.train, target, accountant, random);
      PRIVSYNTH_RETURN_IF_ERROR(random.health());
      if (!model.is_ok()) {
        section["directDp"] = {{"error", model.status().message()}};
      } else {
        if (common.evaluate) section["directDp"] = direct_model_report(model.value(), accountant, inputs.test);
        evaluation.direct_models.push_back(direct_model_release(inputs, model.value(), accountant));
      }
    }
    if (common.evaluate) {
      Json entry = {{"target", name}};
      entry.update(section);
      evaluation.target_reports.push_back(std::move(entry));
    }
  }
  return evaluation;
}

}  // namespace privsynth
