#pragma once
// The report's "model trained directly under DP" (Zhou et al., Appendix D.2, Fig. 4) for one target,
// and the release it becomes if the owner exports it: logistic regression on the real training rows
// by DP gradient descent (dp_logistic_regression.hpp). The models of every target of a run share
// one accountant of their own, its rho split equally across the targets: a separate release whose
// cost composes with the synthetic table's if both are published (privacy/joint_release.hpp,
// docs/privacy/dp-gd.md). A binary target gets one model (positive class: its last level); a target
// with K > 2 classes gets one model per class against the rest, each with its rho / K (zCDP
// composes by adding rho), and a row is predicted the class scored highest.
#include <cstdint>
#include <optional>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privacy/accountant.hpp"
#include "private_models/dp_logistic_regression.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// The one-hot features DP gradient descent takes (it holds no features x features matrix).
inline constexpr size_t kMaxDpModelFeatures = 100'000;

struct DirectDpModel {
  int target_column = -1;
  std::vector<int> feature_columns;        // the table's other columns, in feature order
  std::vector<uint32_t> positive_codes;    // per model: the target code it scores
  std::vector<DpGradientDescentFit> fits;  // per model
};

// Spends `rho` of the accountant (a zCDP ledger) on `train`. Errors: InvalidArgument (target, fewer
// than 2 or more than kMaxTargetClasses classes), DomainTooLarge (kMaxDpModelFeatures), or those of
// train_dp_logistic_regression; a refusal before the first model charges nothing. `options` are
// DP gradient descent's (public; the audit sets a one-step descent whose weights show its rho).
Result<DirectDpModel> train_direct_dp_model(const EncodedTable& train, int target_column, double rho,
                                            Accountant& accountant, RandomSource& random,
                                            const DpGradientDescentOptions& options = {});

// FOR THE DATA OWNER'S EYES ONLY (real test rows). Binary: accuracy, ROC-AUC, log-loss; K classes:
// accuracy and the macro ROC-AUC (report/one_vs_rest.hpp).
struct DirectDpScores {
  double accuracy = 0;
  std::optional<double> roc_auc;
  std::optional<double> log_loss;
};
Result<DirectDpScores> score_direct_dp_model(const DirectDpModel& model, const EncodedTable& test);

}  // namespace privsynth
