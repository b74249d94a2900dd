#include "private_models/direct_dp_model.hpp"

#include <string>

#include "report/one_vs_rest.hpp"
#include "report/tstr.hpp"

namespace privsynth {
namespace {

Result<LabeledFeatures> features_of(const EncodedTable& table, int target_column, uint32_t positive) {
  FeatureEncodingOptions options;
  options.positive_codes = {positive};
  options.max_dimension = kMaxDpModelFeatures;
  return encode_features(table, target_column, options);
}

}  // namespace

Result<DirectDpModel> train_direct_dp_model(const EncodedTable& train, int target_column, double rho,
                                            Accountant& accountant, RandomSource& random,
                                            const DpGradientDescentOptions& options) {
  if (target_column < 0 || size_t(target_column) >= train.columns()) {
    return Status::error(ErrorCode::InvalidArgument, "the target column is not one of the table's columns");
  }
  const int classes = train.levels[size_t(target_column)];
  if (classes < 2 || classes > kMaxTargetClasses) {
    return Status::error(ErrorCode::InvalidArgument, "a directly trained model takes a target with 2 to " +
                                                         std::to_string(kMaxTargetClasses) + " classes, not " +
                                                         std::to_string(classes));
  }
  // Binary: the last level is positive (as the report's TSTR models). K classes: one model each.
  std::vector<uint32_t> positives;
  if (classes == 2) {
    positives = {1};
  } else {
    for (int k = 0; k < classes; ++k) positives.push_back(uint32_t(k));
  }
  // The one-hot features do not depend on the labels: encoded once, labels per model.
  PRIVSYNTH_ASSIGN_OR_RETURN(const LabeledFeatures features, features_of(train, target_column, positives.front()));
  DirectDpModel model;
  model.target_column = target_column;
  model.feature_columns = features.feature_columns;
  const double rho_each = rho / double(positives.size());
  for (uint32_t positive : positives) {
    const Eigen::VectorXd labels = one_vs_rest_labels(train.codes[size_t(target_column)], positive);
    PRIVSYNTH_ASSIGN_OR_RETURN(DpGradientDescentFit fit,
                               train_dp_logistic_regression(features.x, labels, rho_each, options, accountant, random));
    model.positive_codes.push_back(positive);
    model.fits.push_back(std::move(fit));
  }
  return model;
}

Result<DirectDpScores> score_direct_dp_model(const DirectDpModel& model, const EncodedTable& test) {
  if (test.rows == 0) return Status::error(ErrorCode::EmptyData, "real_test has no rows");
  PRIVSYNTH_ASSIGN_OR_RETURN(const LabeledFeatures features,
                             features_of(test, model.target_column, model.positive_codes.front()));
  DirectDpScores scores;
  if (model.fits.size() == 1) {
    const Eigen::VectorXd s = decision_scores(model.fits.front().model, features.x);
    scores.accuracy = classification_accuracy(s, features.y);
    if (const Result<double> auc = roc_auc(s, features.y); auc.is_ok()) scores.roc_auc = auc.value();
    scores.log_loss = logistic_loss(s, features.y);
    return scores;
  }
  ClassScores class_scores{Eigen::MatrixXd(Eigen::Index(test.rows), Eigen::Index(model.fits.size())),
                           test.codes[size_t(model.target_column)]};
  for (size_t k = 0; k < model.fits.size(); ++k) {
    class_scores.scores.col(Eigen::Index(k)) = decision_scores(model.fits[k].model, features.x);
  }
  scores.accuracy = one_vs_rest_accuracy(class_scores);
  scores.roc_auc = one_vs_rest_macro_auc(class_scores);
  return scores;
}

}  // namespace privsynth
