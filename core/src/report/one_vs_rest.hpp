#pragma once
// Train on synthetic, test on real for a target with more than two classes (Zhou et al., Appendix
// D.3, Fig. 5 trains on Adult's "relationship" and Dutch's "prev_residence_place"): one binary
// logistic regression per class against the rest, each fitted as in tstr.hpp; a row is predicted
// the class whose model scores it highest. The excess-risk theorems are about one binary model, so
// only accuracy and ROC-AUC are reported.
//
// FOR THE DATA OWNER'S EYES ONLY: computed from real records without noise (as tstr.hpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>
#include <Eigen/Core>

#include "data/table.hpp"
#include "privsynth/status.hpp"
#include "report/tstr.hpp"

namespace privsynth {

// Largest number of classes a target may have: one model each.
inline constexpr int kMaxTargetClasses = 32;

// Rows x classes decision scores against the target's codes (< classes).
struct ClassScores {
  Eigen::MatrixXd scores;  // column k: the one-vs-rest model of class k
  std::vector<uint32_t> truth;
};

// +1 for the rows of class `positive`, -1 for the others: the labels of that class's model.
Eigen::VectorXd one_vs_rest_labels(const std::vector<uint32_t>& codes, uint32_t positive);

// Fraction of rows whose highest-scoring class (the lowest code on a tie) is their own.
double one_vs_rest_accuracy(const ClassScores& scores);
// The mean over classes of the ROC-AUC of class k's scores for "class k against the rest", over the
// classes with rows both in and out of the class (macro average, as scikit-learn's "ovr"); none:
// no class has both.
std::optional<double> one_vs_rest_macro_auc(const ClassScores& scores);

struct OneVsRestModelResult {
  double test_accuracy = 0;
  std::optional<double> test_macro_roc_auc;
};

struct OneVsRestReport {
  OneVsRestModelResult synthetic, real;
  int classes = 0;
  double majority_class_accuracy = 0;  // on real_test, of always predicting real_train's commonest class
  size_t synthetic_rows = 0, train_rows = 0, test_rows = 0;
};

// The three tables must share their levels; the target has 3 to kMaxTargetClasses levels. Errors:
// those of evaluate_tstr's checks and fits.
Result<OneVsRestReport> evaluate_one_vs_rest_tstr(const EncodedTable& synthetic, const EncodedTable& real_train,
                                                  const EncodedTable& real_test, int target_column,
                                                  const TstrOptions& options = {});

}  // namespace privsynth
