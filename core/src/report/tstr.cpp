#include "report/tstr.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace privsynth {
namespace {

Status check_table(const EncodedTable& table, const char* name) {
  const std::string label(name);
  if (table.codes.size() != table.levels.size()) {
    return Status::error(ErrorCode::InvalidData, label + ": codes and levels disagree on the number of columns");
  }
  for (size_t c = 0; c < table.columns(); ++c) {
    if (table.levels[c] < 1) {
      return Status::error(ErrorCode::InvalidData, label + ": column " + std::to_string(c) + " has no levels");
    }
    if (table.codes[c].size() != table.rows) {
      return Status::error(ErrorCode::InvalidData, label + ": column " + std::to_string(c) + " has the wrong length");
    }
    const uint32_t limit = static_cast<uint32_t>(table.levels[c]);
    for (uint32_t code : table.codes[c]) {
      if (code >= limit) {
        return Status::error(ErrorCode::InvalidData,
                             label + ": column " + std::to_string(c) + " has a code outside its levels");
      }
    }
  }
  return Status::ok();
}

// The label of every target code: +1 for the positive codes.
Result<std::vector<double>> label_of_codes(int levels, const std::vector<uint32_t>& positive_codes) {
  std::vector<uint32_t> positive = positive_codes;
  if (positive.empty()) {
    if (levels != 2) {
      return Status::error(ErrorCode::InvalidArgument,
                           "the target has " + std::to_string(levels) +
                               " levels: say which codes are the positive class (positive_codes)");
    }
    positive = {1};  // a binary target's last level
  }
  std::vector<double> label(static_cast<size_t>(levels), -1.0);
  for (uint32_t code : positive) {
    if (code >= static_cast<uint32_t>(levels)) {
      return Status::error(
          ErrorCode::InvalidArgument,
          "positive code " + std::to_string(code) + " is outside the target's " + std::to_string(levels) + " levels");
    }
    label[code] = 1.0;
  }
  if (std::all_of(label.begin(), label.end(), [](double l) { return l > 0; })) {
    return Status::error(ErrorCode::InvalidArgument, "positive_codes cover every level of the target: one class only");
  }
  return label;
}

TstrModelResult score_model(const LogisticFit& fit, double penalty, const LabeledFeatures& train,
                            const LabeledFeatures& test, double test_auc) {
  TstrModelResult result;
  result.fit = fit;
  result.l2_penalty = penalty;
  const Eigen::VectorXd test_scores = decision_scores(fit, test.x);
  result.test_accuracy = classification_accuracy(test_scores, test.y);
  result.test_roc_auc = test_auc;
  result.test_log_loss = logistic_loss(test_scores, test.y);
  result.train_risk = logistic_loss(decision_scores(fit, train.x), train.y);
  return result;
}

struct TrainedModel {
  LogisticFit fit;
  double penalty = 0;
  double auc = 0;
};

Result<TrainedModel> train_and_rank(const LabeledFeatures& train, const LabeledFeatures& test,
                                    const TstrOptions& options, const char* which) {
  const LogisticRegressionOptions model = model_options_for(options, train.x.rows);
  Result<LogisticFit> fit = fit_logistic_regression(train.x, train.y, model);
  if (!fit.is_ok()) {
    return Status::error(fit.status().code(), std::string(which) + " model: " + fit.status().message());
  }
  Result<double> auc = roc_auc(decision_scores(fit.value(), test.x), test.y);
  if (!auc.is_ok()) return Status::error(auc.status().code(), "real_test: " + auc.status().message());
  return TrainedModel{std::move(fit).value(), model.l2_penalty, auc.value()};
}

}  // namespace

LogisticRegressionOptions model_options_for(const TstrOptions& options, size_t rows) {
  LogisticRegressionOptions model = options.model;
  if (options.penalty == PenaltyRule::InverseSampleSize) model.l2_penalty = 1.0 / static_cast<double>(rows);
  return model;
}

Result<LabeledFeatures> encode_features(const EncodedTable& table, int target_column,
                                        const FeatureEncodingOptions& options) {
  PRIVSYNTH_RETURN_IF_ERROR(check_table(table, "table"));
  if (target_column < 0 || static_cast<size_t>(target_column) >= table.columns()) {
    return Status::error(ErrorCode::InvalidArgument, "target column " + std::to_string(target_column) +
                                                         " is not one of the table's " +
                                                         std::to_string(table.columns()) + " columns");
  }
  if (table.columns() < 2) return Status::error(ErrorCode::InvalidArgument, "no feature column besides the target");
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<double> label,
                             label_of_codes(table.levels[static_cast<size_t>(target_column)], options.positive_codes));

  LabeledFeatures out;
  size_t dimension = 0;
  for (size_t c = 0; c < table.columns(); ++c) {
    if (static_cast<int>(c) == target_column) continue;
    out.feature_columns.push_back(static_cast<int>(c));
    out.column_offsets.push_back(dimension);
    dimension += static_cast<size_t>(table.levels[c]);
  }
  if (dimension >= options.max_dimension) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the one-hot features of the non-target columns number " + std::to_string(dimension) +
                             "; logistic regression accepts fewer than " + std::to_string(options.max_dimension));
  }
  const size_t p = out.feature_columns.size();
  out.x.rows = table.rows;
  out.x.dimension = dimension;
  out.x.active_per_row = p;
  out.x.value = options.scale_to_unit_norm ? 1.0 / std::sqrt(static_cast<double>(p)) : 1.0;
  out.row_norm = options.scale_to_unit_norm ? 1.0 : std::sqrt(static_cast<double>(p));
  out.x.active.resize(table.rows * p);
  for (size_t k = 0; k < p; ++k) {
    const std::vector<uint32_t>& codes = table.codes[static_cast<size_t>(out.feature_columns[k])];
    const uint32_t offset = static_cast<uint32_t>(out.column_offsets[k]);
    for (size_t row = 0; row < table.rows; ++row) out.x.active[row * p + k] = offset + codes[row];
  }
  out.y.resize(static_cast<Eigen::Index>(table.rows));
  const std::vector<uint32_t>& target = table.codes[static_cast<size_t>(target_column)];
  for (size_t row = 0; row < table.rows; ++row) out.y[static_cast<Eigen::Index>(row)] = label[target[row]];
  return out;
}

double classification_accuracy(const Eigen::VectorXd& scores, const Eigen::VectorXd& y) {
  if (scores.size() == 0 || scores.size() != y.size()) return 0;
  size_t correct = 0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) correct += ((scores[i] > 0 ? 1.0 : -1.0) == y[i]) ? 1 : 0;
  return static_cast<double>(correct) / static_cast<double>(scores.size());
}

Result<double> roc_auc(const Eigen::VectorXd& scores, const Eigen::VectorXd& y) {
  if (scores.size() != y.size()) return Status::error(ErrorCode::InvalidArgument, "scores and labels differ in length");
  if (!scores.allFinite()) return Status::error(ErrorCode::InvalidData, "a score is NaN or infinite");
  const size_t n = static_cast<size_t>(scores.size());
  double positives = 0, negatives = 0;
  for (size_t i = 0; i < n; ++i) {
    const double label = y[static_cast<Eigen::Index>(i)];
    if (label == 1.0) {
      positives += 1;
    } else if (label == -1.0) {
      negatives += 1;
    } else {
      return Status::error(ErrorCode::InvalidData, "a label is not -1 or +1");
    }
  }
  if (positives == 0 || negatives == 0) {
    return Status::error(ErrorCode::InvalidData, "ROC-AUC needs both classes among the labels");
  }
  // Mann–Whitney: AUC = (sum of the positives' ranks - P(P+1)/2) / (P N), tied scores sharing
  // their average rank. Ranks are integers or halves, so the sums are exact in double.
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return scores[static_cast<Eigen::Index>(a)] < scores[static_cast<Eigen::Index>(b)];
  });
  double positive_rank_sum = 0;
  for (size_t start = 0; start < n;) {
    size_t end = start + 1;
    const double value = scores[static_cast<Eigen::Index>(order[start])];
    while (end < n && scores[static_cast<Eigen::Index>(order[end])] == value) ++end;
    const double average_rank = 0.5 * static_cast<double>(start + 1 + end);  // ranks start+1 .. end
    for (size_t k = start; k < end; ++k) {
      if (y[static_cast<Eigen::Index>(order[k])] == 1.0) positive_rank_sum += average_rank;
    }
    start = end;
  }
  return (positive_rank_sum - positives * (positives + 1) / 2) / (positives * negatives);
}

Result<TstrReport> evaluate_tstr(const EncodedTable& synthetic, const EncodedTable& real_train,
                                 const EncodedTable& real_test, int target_column, const TstrOptions& options) {
  PRIVSYNTH_RETURN_IF_ERROR(check_table(synthetic, "synthetic"));
  PRIVSYNTH_RETURN_IF_ERROR(check_table(real_train, "real_train"));
  PRIVSYNTH_RETURN_IF_ERROR(check_table(real_test, "real_test"));
  if (synthetic.levels != real_train.levels || real_test.levels != real_train.levels) {
    return Status::error(ErrorCode::InvalidArgument,
                         "synthetic, real_train and real_test must have the same columns and levels");
  }
  if (synthetic.rows == 0) return Status::error(ErrorCode::EmptyData, "the synthetic table has no rows");
  if (real_train.rows == 0) return Status::error(ErrorCode::EmptyData, "real_train has no rows");
  if (real_test.rows == 0) return Status::error(ErrorCode::EmptyData, "real_test has no rows");

  PRIVSYNTH_ASSIGN_OR_RETURN(const LabeledFeatures synthetic_features,
                             encode_features(synthetic, target_column, options.features));
  const Result<LabeledFeatures> train_features = encode_features(real_train, target_column, options.features);
  if (!train_features.is_ok()) return train_features.status();
  const Result<LabeledFeatures> test_features = encode_features(real_test, target_column, options.features);
  if (!test_features.is_ok()) return test_features.status();
  const LabeledFeatures& train = train_features.value();
  const LabeledFeatures& test = test_features.value();

  const Result<TrainedModel> from_synthetic = train_and_rank(synthetic_features, test, options, "synthetic");
  if (!from_synthetic.is_ok()) return from_synthetic.status();
  const Result<TrainedModel> from_real = train_and_rank(train, test, options, "real_train");
  if (!from_real.is_ok()) return from_real.status();

  TstrReport report;
  report.synthetic =
      score_model(from_synthetic.value().fit, from_synthetic.value().penalty, train, test, from_synthetic.value().auc);
  report.real = score_model(from_real.value().fit, from_real.value().penalty, train, test, from_real.value().auc);
  report.excess_empirical_risk = report.synthetic.train_risk - report.real.train_risk;
  report.excess_test_risk = report.synthetic.test_log_loss - report.real.test_log_loss;

  const double train_positives = static_cast<double>((train.y.array() > 0).count());
  report.majority_label = 2 * train_positives >= static_cast<double>(train.x.rows) ? 1 : -1;
  const double test_positives = static_cast<double>((test.y.array() > 0).count());
  const double test_rows = static_cast<double>(test.x.rows);
  report.test_positive_fraction = test_positives / test_rows;
  report.majority_class_accuracy =
      report.majority_label > 0 ? test_positives / test_rows : 1 - test_positives / test_rows;
  report.synthetic_rows = synthetic.rows;
  report.train_rows = real_train.rows;
  report.test_rows = real_test.rows;
  report.feature_dimension = train.x.dimension;
  report.feature_columns = train.feature_columns.size();
  report.feature_norm = train.row_norm;
  return report;
}

Result<RunExcessRiskBounds> excess_risk_bounds_for_run(const TstrReport& report, int degree,
                                                       double normalized_marginal_l1) {
  const auto norm = [](const LogisticFit& fit) {
    return std::sqrt(fit.weights.squaredNorm() + fit.intercept * fit.intercept);
  };
  RunExcessRiskBounds bounds;
  ExcessRiskParameters& p = bounds.parameters;
  p.degree = degree;
  p.dimension = double(report.feature_dimension);
  p.tau = std::max({norm(report.synthetic.fit), norm(report.real.fit), 1e-12});
  p.records = double(report.train_rows);
  p.marginal_l1 = normalized_marginal_l1 * p.records;
  p.feature_norm = report.feature_norm;
  PRIVSYNTH_ASSIGN_OR_RETURN(ExcessRiskBound stated, theorem_3_2_stated(p));
  Result<ExcessRiskBound> explicit_form = theorem_3_2_explicit(p);
  if (!explicit_form.is_ok()) return explicit_form.status();
  bounds.stated = stated;
  bounds.explicit_form = explicit_form.value();
  return bounds;
}

}  // namespace privsynth
