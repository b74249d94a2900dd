#include "pipeline/ml_report.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "pipeline/receipt.hpp"
#include "private_models/direct_dp_model.hpp"
#include "report/distribution_report.hpp"
#include "report/one_vs_rest.hpp"
#include "report/tstr.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

// The Gaussian noise of DP gradient descent needs delta > 0: a pure epsilon-DP run's models use this.
constexpr double kDirectModelDeltaOfPureRuns = kDefaultDelta;

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

// One exported model: weights per one-hot level, enough to score a row, and the rho it spent.
Json direct_model_json(const MlInputs& inputs, const DirectDpModel& model) {
  const std::vector<Column>& columns = inputs.columns;
  Json features = Json::array();
  for (int c : model.feature_columns) {
    features.push_back({{"column", columns[size_t(c)].name}, {"levels", level_labels(columns[size_t(c)])}});
  }
  const std::vector<std::string> target_levels = level_labels(columns[size_t(model.target_column)]);
  Json classes = Json::array();
  double rho = 0;
  for (size_t k = 0; k < model.fits.size(); ++k) {
    const LogisticFit& fit = model.fits[k].model;
    classes.push_back({{"level", target_levels[model.positive_codes[k]]},
                       {"intercept", fit.intercept},
                       {"weights", std::vector<double>(fit.weights.data(), fit.weights.data() + fit.weights.size())}});
    rho += model.fits[k].rho;
  }
  return {{"target", columns[size_t(model.target_column)].name},
          {"model", "logistic regression trained by DP gradient descent"},
          {"rho", rho},
          {"features", features},
          {"classes", classes},
          {"scoring",
           "score of a class = its intercept + the weight of each feature column's level in the row; with one class "
           "listed, predict it when its score > 0, else the other level; with several, predict the highest score"}};
}

// The models file: every model of the run and one receipt, rendered from their shared accountant.
Json direct_models_file(const MlInputs& inputs, const std::vector<DirectDpModel>& models, const Accountant& accountant,
                        size_t targets) {
  const std::vector<Column>& columns = inputs.columns;
  Json entries = Json::array(), steps = Json::array(), counts = Json::array(), names = Json::array();
  for (const DirectDpModel& model : models) {
    entries.push_back(direct_model_json(inputs, model));
    names.push_back(columns[size_t(model.target_column)].name);
    for (const DpGradientDescentFit& fit : model.fits) {
      steps.push_back({{"target", columns[size_t(model.target_column)].name},
                       {"steps", fit.steps},
                       {"clipNorm", fit.clip_norm},
                       {"gradientNoiseStd", fit.gradient_noise_std},
                       {"learningRate", fit.learning_rate},
                       {"rho", fit.rho}});
      counts.push_back(fit.noisy_count);
    }
  }
  MechanismOutput mechanism;
  mechanism.description = {
      {"name", "dp-gradient-descent"},
      {"title", "Logistic regression trained directly by DP gradient descent"},
      {"paper",
       "R. Bassily, A. Smith, A. Thakurta. Private empirical risk minimization: efficient algorithms and tight error "
       "bounds. FOCS 2014 (full-batch, no subsampling); zCDP: M. Bun, T. Steinke. TCC 2016"},
      {"neighbours", "add/remove one record"}};
  mechanism.parameters = {
      {"targets", names},
      {"models", steps},
      {"note", "one budget for the models of every target, split equally across the " + std::to_string(targets) +
                   " target(s); a target of K > 2 classes has one model per class against the "
                   "rest, each with 1/K of its share"}};
  mechanism.released = {{"noisyRecordCounts", counts}};
  std::vector<int> output_columns;
  for (const Column& column : columns) output_columns.push_back(find_column(inputs.setup.schema, column.name));
  const RunCommonOptions& common = inputs.setup.common;
  Json receipt = build_receipt(ReceiptInputs{
      inputs.setup.schema, common.provenance, output_columns, out_of_domain_policy_name(common.out_of_domain),
      accountant, mechanism, common.has_test_seed, 0, common.choices_from_data, nullptr,
      common.input_source.value_or(InputSource::CsvRows), inputs.published_together});
  std::string listed;
  for (const Json& name : names) listed += (listed.empty() ? "" : ", ") + name.get<std::string>();
  receipt["output"] = {{"models", "logistic regression weights for " + listed}};
  return {{"kind", "privsynth DP models"}, {"format", 2}, {"models", entries}, {"receipt", receipt}};
}

Json direct_model_report(const DirectDpModel& model, const Accountant& accountant, const EncodedTable& test,
                         size_t targets) {
  Result<DirectDpScores> scores = score_direct_dp_model(model, test);
  if (!scores.is_ok()) return {{"error", scores.status().message()}};
  return {{"model", "logistic regression trained on the real training rows by DP gradient descent"},
          {"epsilon", accountant.definition().epsilon},
          {"delta", accountant.definition().delta},
          {"targetsSharing", targets},
          {"steps", model.fits.front().steps},
          {"accuracy", scores.value().accuracy},
          {"rocAuc", optional_json(scores.value().roc_auc)},
          {"testLogLoss", optional_json(scores.value().log_loss)},
          {"separateRelease",
           "not part of the synthetic table's release: the models of every target share one budget (epsilon and "
           "delta above, split across the targets), and exporting them publishes a second release; its receipt and "
           "the table's state what both cost together (privacy.tableAndDpModels)"}};
}

}  // namespace

Result<Accountant> direct_model_accountant(const RunSetup& setup) {
  const PrivacyDefinition& run = setup.mechanism.privacy;
  PrivacyDefinition definition{Neighbours::AddRemove, Accounting::Zcdp, run.epsilon,
                               run.delta > 0 ? run.delta : kDirectModelDeltaOfPureRuns, std::nullopt};
  return Accountant::create(definition);
}

Result<DirectModelBudget> shared_direct_model_budget(const RunSetup& setup, size_t targets) {
  PRIVSYNTH_ASSIGN_OR_RETURN(Accountant ledger, direct_model_accountant(setup));
  const double rho_each = ledger.budget() / double(targets);
  return DirectModelBudget{std::move(ledger), rho_each};
}

Result<MlEvaluation> evaluate_ml_targets(const MlInputs& inputs, RandomSource& random, const ProgressSink& progress) {
  const RunCommonOptions& common = inputs.setup.common;
  const std::vector<std::string> targets = common.ml_targets();
  MlEvaluation evaluation;
  std::optional<Accountant> models_accountant;
  double rho_each = 0;
  if (common.ml_direct_dp) {
    PRIVSYNTH_ASSIGN_OR_RETURN(DirectModelBudget budget,
                               inputs.steps.direct_model_budget(inputs.setup, targets.size()));
    models_accountant = std::move(budget.ledger);
    rho_each = budget.rho_each;
  }
  std::vector<DirectDpModel> models;
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
    if (models_accountant) {
      Result<DirectDpModel> model = train_direct_dp_model(inputs.train, target, rho_each, *models_accountant, random,
                                                          inputs.steps.dp_gradient_descent);
      PRIVSYNTH_RETURN_IF_ERROR(random.health());
      if (!model.is_ok()) {
        section["directDp"] = {{"error", model.status().message()}};
      } else {
        if (common.evaluate) {
          section["directDp"] = direct_model_report(model.value(), *models_accountant, inputs.test, targets.size());
        }
        models.push_back(std::move(model.value()));
      }
    }
    if (common.evaluate) {
      Json entry = {{"target", name}};
      entry.update(section);
      evaluation.target_reports.push_back(std::move(entry));
    }
  }
  if (!models.empty())
    evaluation.direct_models = direct_models_file(inputs, models, *models_accountant, targets.size());
  return evaluation;
}

}  // namespace privsynth
