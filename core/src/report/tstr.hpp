#pragma once
// Train on synthetic, test on real (TSTR; Esteban et al. 2017), the machine-learning evaluation of
// Zhou et al. (§5): one logistic regression trained on the synthetic table, one on the real training
// table, both scored on held-out real rows (accuracy, ROC-AUC, log-loss), plus the paper's excess
// empirical risk L(w_s; D_r) - L(w_r; D_r) on the real training data (Theorems 3.1/3.2).
//
// FOR THE DATA OWNER'S EYES ONLY: every number in a TstrReport is computed from real records
// (real_train and real_test) without noise. It must never leave the device or join a release.
#include <cstddef>
#include <cstdint>
#include <vector>
#include <Eigen/Core>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privsynth/status.hpp"
#include "report/excess_risk_bounds.hpp"
#include "report/logistic_regression.hpp"

namespace privsynth {

struct FeatureEncodingOptions {
  // Target codes mapped to y = +1, all others to -1. Empty: a binary target's code 1 (its last
  // level) is positive; a target with more than 2 levels then is an error.
  std::vector<uint32_t> positive_codes;
  // Every non-target column is one-hot encoded keeping all its levels, so each coordinate is in
  // {0, 1} (the paper's x[j] in [-1, 1], §3) and ||x||_2 = sqrt(p) for p feature columns. With
  // this flag the features are divided by sqrt(p) so that ||x||_2 = 1 (the unit-ball view of §3.1).
  bool scale_to_unit_norm = false;
  // One-hot features at or past this count are refused: Newton's method holds a features x features
  // matrix. A model trained by gradient steps alone (DP gradient descent) may raise it.
  size_t max_dimension = kMaxOneHotLogisticFeatures;
};

// The labelled one-hot features of a table.
struct LabeledFeatures {
  OneHotDesign x;
  Eigen::VectorXd y;                   // +1 / -1
  std::vector<int> feature_columns;    // the table's non-target columns, in feature order
  std::vector<size_t> column_offsets;  // first feature index of each feature column
  double row_norm = 0;                 // ||x_i||_2, the same for every row
};

// Errors: InvalidArgument (target out of range, no feature column, target needs positive_codes,
// positive codes out of range or covering every level), InvalidData (codes inconsistent with
// levels), DomainTooLarge (max_dimension or more one-hot features).
Result<LabeledFeatures> encode_features(const EncodedTable& table, int target_column,
                                        const FeatureEncodingOptions& options = {});

// Fraction of rows whose predicted label (+1 iff score > 0, as scikit-learn) equals y; 0 when empty.
double classification_accuracy(const Eigen::VectorXd& scores, const Eigen::VectorXd& y);

// Exact ROC-AUC: the Mann–Whitney statistic P(score of a positive > score of a negative), ties
// counted 1/2 (average ranks). Errors if sizes differ, a score is not finite, a label is not +-1
// or either class is absent.
Result<double> roc_auc(const Eigen::VectorXd& scores, const Eigen::VectorXd& y);

// Which L2 penalty each of the two models gets.
enum class PenaltyRule {
  Fixed,              // options.model.l2_penalty for both
  InverseSampleSize,  // lambda = 1/n of each training table: scikit-learn's default C = 1 (the
                      // paper's experiments used scikit-learn, §5); keeps one-hot fits finite
};

struct TstrOptions {
  FeatureEncodingOptions features;
  LogisticRegressionOptions model;  // its l2_penalty is used only with PenaltyRule::Fixed
  PenaltyRule penalty = PenaltyRule::InverseSampleSize;
};

// The model options a training table of `rows` rows gets under options.penalty.
LogisticRegressionOptions model_options_for(const TstrOptions& options, size_t rows);

struct TstrModelResult {
  LogisticFit fit;
  double l2_penalty = 0;     // lambda used
  double test_accuracy = 0;  // on real_test
  double test_roc_auc = 0;   // on real_test
  double test_log_loss = 0;  // L(w; real_test)
  double train_risk = 0;     // L(w; real_train): the paper's empirical risk on D_r
};

struct TstrReport {
  TstrModelResult synthetic;  // w_s, trained on the synthetic table
  TstrModelResult real;       // w_r, trained on real_train
  // L(w_s; D_r) - L(w_r; D_r) with D_r = real_train: the quantity Theorems 3.1/3.2 bound. >= 0 up
  // to solver tolerance when w_r minimises L on D_r (no penalty, or the same tau for both);
  // with a penalty it may be slightly negative.
  double excess_empirical_risk = 0;
  // L(w_s; real_test) - L(w_r; real_test): the difference of the "Empirical Risk" rows of the
  // paper's Table 2 (measured on the test split, §5.4).
  double excess_test_risk = 0;
  int majority_label = 1;              // real_train's more frequent label (+1 on a tie)
  double majority_class_accuracy = 0;  // accuracy on real_test of always predicting it
  double test_positive_fraction = 0;
  size_t synthetic_rows = 0, train_rows = 0, test_rows = 0;
  size_t feature_dimension = 0;  // m: one-hot coordinates (the m of Theorems 3.1/3.2)
  size_t feature_columns = 0;    // p: table columns used as features
  double feature_norm = 0;       // ||x||_2 of every row: sqrt(p), or 1 with scale_to_unit_norm
};

// The three tables must share their levels. Errors: those of encode_features, EmptyData (a table
// without rows), InvalidArgument (levels differ), those of fit_logistic_regression, and
// InvalidData if real_test lacks a class (ROC-AUC undefined).
Result<TstrReport> evaluate_tstr(const EncodedTable& synthetic, const EncodedTable& real_train,
                                 const EncodedTable& real_test, int target_column, const TstrOptions& options = {});

// Theorem 3.2 (logistic loss) evaluated for one run, next to its measured excess empirical risk:
// d = the preserved marginal degree, m = the one-hot dimension, n = the real training rows,
// tau = the larger norm of the two fitted models (w, b) -- the smallest ball holding both, as the
// theorem needs -- and nu/n = the largest normalized L1 distance between a real-training and a
// synthetic marginal of degree <= d (the label is a column like any other). Owner's eyes only.
struct RunExcessRiskBounds {
  ExcessRiskParameters parameters;
  ExcessRiskBound stated, explicit_form;
};
Result<RunExcessRiskBounds> excess_risk_bounds_for_run(const TstrReport& report, int degree,
                                                       double normalized_marginal_l1);

}  // namespace privsynth
