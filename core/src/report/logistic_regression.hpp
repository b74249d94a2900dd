#pragma once
// Binary logistic regression for train-on-synthetic / test-on-real evaluation (Zhou et al.,
// "Bounding the excess risk for linear models trained on marginal-preserving, differentially-private,
// synthetic data", §2.2). The paper's model has no intercept and labels y in {-1, +1}:
//
//   L(w; D) = (1/n) sum_i log(1 + exp(-y_i <w, x_i>)),      w_r = argmin_{||w||_2 <= tau} L(w; D_r).
//
// We minimise  L(w; D) + (lambda/2) ||w||_2^2  subject to ||w||_2 <= tau  (lambda >= 0, tau <= inf)
// with Newton's method and a backtracking (Armijo) line search. When the ball constraint is active
// the solution is w(mu) = argmin L + ((lambda + mu)/2)||w||^2 with ||w(mu)|| = tau, its KKT point;
// the multiplier mu >= 0 is found by a safeguarded Newton iteration on the secular equation
// 1/||w(mu)|| - 1/tau = 0 (the Moré–Sorensen trust-region technique), each w(mu) by Newton.
// Everything runs on real data when used for evaluation: results are for the data owner's eyes
// only. No function here throws or aborts; bad input is a Status.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>
#include <Eigen/Core>

#include "privsynth/status.hpp"

namespace privsynth {

// Newton's method solves with the features x features Hessian. Dense designs hold it whole, and
// fits with kMaxLogisticFeatures features or more (intercept not counted) are refused with
// DomainTooLarge. One-hot designs of kSparseLogisticFeatures or more hold it sparse (levels that
// share a row) and factor it with a sparse Cholesky, up to kMaxOneHotLogisticFeatures features and
// kMaxOneHotHessianEntries accumulated entries (rows x active^2): a column with thousands of levels
// is one of few a row holds, so its block of the Hessian is diagonal.
inline constexpr size_t kMaxLogisticFeatures = 2048;
inline constexpr size_t kSparseLogisticFeatures = 512;
inline constexpr size_t kMaxOneHotLogisticFeatures = 200'000;
inline constexpr double kMaxOneHotHessianEntries = 6e7;

struct LogisticRegressionOptions {
  // lambda: adds (lambda/2)||w||^2 to the average loss. 0 is the paper's theory (§3); scikit-learn's
  // default C = 1 (the paper's experiments used scikit-learn, §5) is lambda = 1/n.
  double l2_penalty = 0.0;
  // tau: the constraint ||w||_2 <= tau of Theorems 3.1/3.2 (infinity = unconstrained).
  double max_norm = std::numeric_limits<double>::infinity();
  // Appends a constant-1 feature whose weight is returned as `intercept`. It is an ordinary weight
  // (penalised and inside the norm ball), exactly as if the caller had added a column of ones. The
  // paper's model has no intercept; one-hot features that keep every level already span one.
  bool fit_intercept = false;
  // A Newton solve stops when ||gradient||_inf <= gradient_tolerance and the Newton step moves the
  // scores <w, x_i> by at most step_tolerance * (1 + max_i |<w, x_i>|): on separable data the
  // step keeps moving them, so it does not "converge" there.
  double gradient_tolerance = 1e-9;
  double step_tolerance = 1e-7;
  int max_iterations = 100;  // Newton iterations per solve (the constrained case solves several)
};

struct LogisticFit {
  Eigen::VectorXd weights;  // one per feature column
  double intercept = 0;     // 0 unless fit_intercept
  double loss = 0;          // L(w; D): average logistic loss, without the penalty
  double objective = 0;     // loss + (lambda/2)(||weights||^2 + intercept^2)
  // ||grad objective + multiplier * w||_inf at the returned w: the KKT residual (the plain gradient
  // when the constraint is inactive).
  double optimality_residual = 0;
  double multiplier = 0;           // mu >= 0 of the norm constraint, 0 when it is inactive
  bool constraint_active = false;  // ||w|| = tau at the solution
  bool converged = false;
  int iterations = 0;          // Newton steps over all solves
  int multiplier_updates = 0;  // values of mu tried, one Newton solve each (0 when the ball
                               // was not needed)
};

// Rows of one-hot encoded categorical features, stored sparsely: row i has `active_per_row`
// non-zero entries, all equal to `value`, at columns active[i * active_per_row + k] (< dimension).
// The implicit dense matrix is what the dense overloads below would take.
struct OneHotDesign {
  size_t rows = 0;
  size_t dimension = 0;
  size_t active_per_row = 0;
  double value = 1.0;
  std::vector<uint32_t> active;
};

// The dense rows x dimension matrix of a one-hot design (for tests and small problems).
Eigen::MatrixXd to_dense(const OneHotDesign& design);

// Fits the model to features x (n x m, finite) and labels y (n entries, each exactly -1 or +1).
// Errors: EmptyData (n = 0), InvalidArgument (shape mismatch, no feature, bad option),
// InvalidData (non-finite feature, label not +-1), DomainTooLarge (dense: m >= kMaxLogisticFeatures;
// one-hot: m >= kMaxOneHotLogisticFeatures or rows x active^2 > kMaxOneHotHessianEntries).
// With lambda = 0 and tau = inf the minimiser may not exist; then InvalidData too: at once for a
// single class, and for (quasi-)separable classes once a fitted probability comes within 1e-10 of
// 0 or 1 (|<w, x_i>| >= 23). Any lambda > 0 or finite tau makes the minimiser exist. A fit that
// hits max_iterations is returned with converged = false.
Result<LogisticFit> fit_logistic_regression(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
                                            const LogisticRegressionOptions& options = {});
Result<LogisticFit> fit_logistic_regression(const OneHotDesign& x, const Eigen::VectorXd& y,
                                            const LogisticRegressionOptions& options = {});

// Decision scores <w, x_i> + intercept. The caller ensures matching shapes.
Eigen::VectorXd decision_scores(const LogisticFit& fit, const Eigen::MatrixXd& x);
Eigen::VectorXd decision_scores(const LogisticFit& fit, const OneHotDesign& x);

// log(1 + e^t) without overflow or loss of precision for large |t|.
double log1p_exp(double t);
// (1/n) sum_i log(1 + exp(-y_i s_i)): the paper's empirical risk of scores s (0 for n = 0).
double logistic_loss(const Eigen::VectorXd& scores, const Eigen::VectorXd& y);

}  // namespace privsynth
