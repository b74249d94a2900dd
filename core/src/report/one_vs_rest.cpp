#include "report/one_vs_rest.hpp"

#include <algorithm>
#include <string>

namespace privsynth {
namespace {

// One model per class on `train`, scored on `test`'s rows.
Result<ClassScores> fit_and_score(const LabeledFeatures& train, const std::vector<uint32_t>& train_codes,
                                  const LabeledFeatures& test, const std::vector<uint32_t>& test_codes, int classes,
                                  const TstrOptions& options, const char* which) {
  const LogisticRegressionOptions model = model_options_for(options, train.x.rows);
  ClassScores out{Eigen::MatrixXd(Eigen::Index(test.x.rows), classes), test_codes};
  for (int k = 0; k < classes; ++k) {
    const Result<LogisticFit> fit =
        fit_logistic_regression(train.x, one_vs_rest_labels(train_codes, uint32_t(k)), model);
    if (!fit.is_ok()) {
      return Status::error(fit.status().code(),
                           std::string(which) + " model of class " + std::to_string(k) + ": " + fit.status().message());
    }
    out.scores.col(k) = decision_scores(fit.value(), test.x);
  }
  return out;
}

}  // namespace

Eigen::VectorXd one_vs_rest_labels(const std::vector<uint32_t>& codes, uint32_t positive) {
  Eigen::VectorXd y(Eigen::Index(codes.size()));
  for (size_t row = 0; row < codes.size(); ++row) y[Eigen::Index(row)] = codes[row] == positive ? 1.0 : -1.0;
  return y;
}

double one_vs_rest_accuracy(const ClassScores& scores) {
  if (scores.truth.empty()) return 0;
  size_t correct = 0;
  for (size_t row = 0; row < scores.truth.size(); ++row) {
    Eigen::Index best = 0;
    scores.scores.row(Eigen::Index(row)).maxCoeff(&best);  // the first maximum: the lowest code
    correct += uint32_t(best) == scores.truth[row] ? 1 : 0;
  }
  return double(correct) / double(scores.truth.size());
}

std::optional<double> one_vs_rest_macro_auc(const ClassScores& scores) {
  double sum = 0;
  int counted = 0;
  for (Eigen::Index k = 0; k < scores.scores.cols(); ++k) {
    const Result<double> auc = roc_auc(scores.scores.col(k), one_vs_rest_labels(scores.truth, uint32_t(k)));
    if (!auc.is_ok()) continue;  // class k absent from the rows, or every row in it
    sum += auc.value();
    ++counted;
  }
  if (counted == 0) return std::nullopt;
  return sum / counted;
}

Result<OneVsRestReport> evaluate_one_vs_rest_tstr(const EncodedTable& synthetic, const EncodedTable& real_train,
                                                  const EncodedTable& real_test, int target_column,
                                                  const TstrOptions& options) {
  if (synthetic.levels != real_train.levels || real_test.levels != real_train.levels) {
    return Status::error(ErrorCode::InvalidArgument,
                         "synthetic, real_train and real_test must have the same columns and levels");
  }
  if (target_column < 0 || size_t(target_column) >= real_train.columns()) {
    return Status::error(ErrorCode::InvalidArgument, "the target column is not one of the table's columns");
  }
  const int classes = real_train.levels[size_t(target_column)];
  if (classes < 3 || classes > kMaxTargetClasses) {
    return Status::error(ErrorCode::InvalidArgument, "one-vs-rest takes a target with 3 to " +
                                                         std::to_string(kMaxTargetClasses) + " classes, not " +
                                                         std::to_string(classes));
  }
  if (synthetic.rows == 0) return Status::error(ErrorCode::EmptyData, "the synthetic table has no rows");
  if (real_train.rows == 0) return Status::error(ErrorCode::EmptyData, "real_train has no rows");
  if (real_test.rows == 0) return Status::error(ErrorCode::EmptyData, "real_test has no rows");
  // The features do not depend on the labels: encoded once (class 0 positive), labels per class.
  FeatureEncodingOptions features = options.features;
  features.positive_codes = {0};
  PRIVSYNTH_ASSIGN_OR_RETURN(const LabeledFeatures synthetic_features,
                             encode_features(synthetic, target_column, features));
  PRIVSYNTH_ASSIGN_OR_RETURN(const LabeledFeatures train, encode_features(real_train, target_column, features));
  PRIVSYNTH_ASSIGN_OR_RETURN(const LabeledFeatures test, encode_features(real_test, target_column, features));
  const std::vector<uint32_t>& test_codes = real_test.codes[size_t(target_column)];
  const std::vector<uint32_t>& train_codes = real_train.codes[size_t(target_column)];

  PRIVSYNTH_ASSIGN_OR_RETURN(const ClassScores from_synthetic,
                             fit_and_score(synthetic_features, synthetic.codes[size_t(target_column)], test, test_codes,
                                           classes, options, "synthetic"));
  PRIVSYNTH_ASSIGN_OR_RETURN(const ClassScores from_real,
                             fit_and_score(train, train_codes, test, test_codes, classes, options, "real_train"));
  OneVsRestReport report;
  report.classes = classes;
  report.synthetic = {one_vs_rest_accuracy(from_synthetic), one_vs_rest_macro_auc(from_synthetic)};
  report.real = {one_vs_rest_accuracy(from_real), one_vs_rest_macro_auc(from_real)};
  std::vector<size_t> train_counts(size_t(classes), 0);
  for (uint32_t code : train_codes) ++train_counts[code];
  const uint32_t majority = uint32_t(std::max_element(train_counts.begin(), train_counts.end()) - train_counts.begin());
  report.majority_class_accuracy =
      double(std::count(test_codes.begin(), test_codes.end(), majority)) / double(test_codes.size());
  report.synthetic_rows = synthetic.rows;
  report.train_rows = real_train.rows;
  report.test_rows = real_test.rows;
  return report;
}

}  // namespace privsynth
