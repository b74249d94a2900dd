#pragma once
// A model trained directly under differential privacy, the baseline against which Zhou et al.
// weigh synthetic data (Appendix D.2, Fig. 4): binary logistic regression on one-hot features by
// full-batch DP gradient descent (Bassily, Smith & Thakurta 2014; without subsampling, so the
// accounting is exact), accounted in zCDP (Bun & Steinke 2016). docs/privacy/dp-gd.md.
//
// Each of T steps releases the sum over all records of their clipped loss gradients plus discrete
// Gaussian noise. The gradients are rounded towards zero to multiples of C / 2^b (b =
// kGradientQuantumBits), so a record's contribution has L2 norm <= C and the sums are exact
// integers; the noise is N_Z(0, (sigma 2^b)^2) per coordinate, i.e. 1 / (2 sigma^2)-zCDP per step.
// The steps are scaled by a noisy record count (add/remove neighbours: n is private). Everything
// after the noisy sums and the count is post-processing.
#include <cstddef>
#include <limits>
#include <Eigen/Core>

#include "base/random.hpp"
#include "privacy/accountant.hpp"
#include "privsynth/status.hpp"
#include "report/logistic_regression.hpp"

namespace privsynth {

inline constexpr int kGradientQuantumBits = 12;
inline constexpr int kMaxDpGradientSteps = 100'000;

// The automatic number of steps T, from the noisy count n~ (released first) and the steps' rho: the
// largest T at which each step's noise, as a share of the clip norm on the average gradient,
// sigma sqrt(d) / n~ = sqrt(T / (2 rho)) sqrt(d) / n~, stays at kDpGradientNoiseRatio; within
// [kMinAutomaticSteps, kMaxAutomaticSteps]. More steps converge further but each is noisier.
inline constexpr double kDpGradientNoiseRatio = 0.3;
inline constexpr int kMinAutomaticSteps = 10, kMaxAutomaticSteps = 2000;
int automatic_dp_gradient_steps(double steps_rho, double noisy_count, size_t coordinates);

struct DpGradientDescentOptions {
  int steps = 0;                                              // T; 0: automatic_dp_gradient_steps
  double clip_norm = 0;                                       // C; 0: the rows' norm, so no gradient is clipped
  double count_rho_fraction = 0.05;                           // of rho, for the noisy record count
  double l2_penalty = 0;                                      // lambda: (lambda/2)||w||^2, public
  double max_norm = std::numeric_limits<double>::infinity();  // projection onto ||w|| <= tau after each step
  double learning_rate = 0;                                   // 0: 1 / (the average loss's smoothness + lambda)
  bool fit_intercept = true;                                  // a constant-1 feature, inside the clip
};

struct DpGradientDescentFit {
  LogisticFit model;  // weights and intercept: the average of the second half of the iterates
  double rho = 0;     // charged in total
  double noisy_count = 0;
  double count_noise_std = 0;
  double gradient_noise_std = 0;  // sigma C, per coordinate of each step's sum, in gradient units
  double clip_norm = 0;
  double learning_rate = 0;
  int steps = 0;
};

// The clipped gradient of one record's logistic loss log(1 + exp(-y s)) at score s: its scale on
// the record's features, -y sigmoid(-y s) min(1, C / (|.| ||x||)).
double clipped_gradient_scale(double score, double label, double row_norm, double clip_norm);

// Trains on features x (one-hot rows) and labels y (+-1), charging `rho` to the accountant (which
// must account in zCDP): the noisy count and the T noisy gradient sums. No data-dependent refusal
// (an empty table trains on noise alone). Errors: InvalidArgument (rho, steps, options, shapes,
// labels not +-1), or whatever the accountant refuses; either way nothing is released.
Result<DpGradientDescentFit> train_dp_logistic_regression(const OneHotDesign& x, const Eigen::VectorXd& y, double rho,
                                                          const DpGradientDescentOptions& options,
                                                          Accountant& accountant, RandomSource& random);

}  // namespace privsynth
