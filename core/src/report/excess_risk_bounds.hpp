#pragma once
// Upper bounds on the excess empirical risk L(w_s; D_r) - L(w_r; D_r) of a linear model trained on
// marginal-preserving synthetic data (Zhou et al., Theorems 3.1 and 3.2 with Lemmas 3.3 and 3.4).
// Pure functions of public parameters; nothing here reads data.
//
// Setting (paper §3): x in [-1, 1]^m (one-hot coordinates qualify), y in {-1, +1}, w_r and w_s the
// minimisers of L over ||w||_2 <= tau on the real and the synthetic table, both of n rows, and
// every marginal over at most d attributes (the label counts as one) within nu in L1 distance of
// counts: max_q ||h_q^(r) - h_q^(s)||_1 <= nu. Only nu/n enters, the "normalized L1 error" of §5.5.
//
// The theorems are O(.) statements. Each comes in two forms:
//  - *_stated: the expression inside the paper's O(.) with constant 1, exactly as printed;
//  - *_explicit: a bound with every constant, reconstructed from the proofs in Appendix A
//    (Lemma A.1, Lemma A.2 and the chain of Theorem 3.1's proof: 4 approximation steps and
//    2 marginal steps), with the interval [-R, R], R = max(1, tau * ||x||), on which the proof
//    approximates the loss. docs/ml-evaluation.md derives each constant.
// A bound may be +infinity (overflow of (m max(1, tau))^(d-1)): read it as vacuous.
#include <cmath>

#include "privsynth/status.hpp"

namespace privsynth {

struct ExcessRiskParameters {
  int degree = 0;          // d >= 2: the order of the preserved marginals (the bound has d - 1)
  double dimension = 0;    // m >= 1: coordinates of x (each one-hot level is one coordinate)
  double tau = 0;          // > 0: the weight-norm bound ||w||_2 <= tau
  double records = 0;      // n > 0: rows of the real (and synthetic) table
  double marginal_l1 = 0;  // nu >= 0: largest L1 distance between real and synthetic count marginals
  // A bound on ||x||_2 for the explicit forms; negative means sqrt(m), the paper's worst case for
  // x in [-1, 1]^m. One-hot rows of p columns have ||x||_2 = sqrt(p) (TstrReport::feature_norm).
  double feature_norm = -1;
};

// A convex, K-Lipschitz loss phi of the margin y<w, x> (Theorem 3.1); defaults: logistic loss.
struct LipschitzLoss {
  double lipschitz = 1.0;                     // K
  double value_at_zero = 0.6931471805599453;  // phi(0) = ln 2 for the logistic loss
};

struct ExcessRiskBound {
  double approximation = 0;  // polynomial-approximation part (vanishes as d grows)
  double marginal = 0;       // marginal-error part (vanishes as nu/n -> 0)
  double total = 0;          // approximation + marginal
  // 2 K tau ||x||: L(w; D) of two weights in the ball can never differ by more, so a total above
  // it says nothing. (||x|| = sqrt(m) in the stated forms.)
  double trivial = 0;
};

// Theorem 3.1 (continuous, K-Lipschitz phi):
//   O( K tau sqrt(m/(d-1)) + (1/n)(K tau sqrt(m) + phi(0)) (3 m max{1, tau})^(d-1) nu ).
Result<ExcessRiskBound> theorem_3_1_stated(const ExcessRiskParameters& parameters, const LipschitzLoss& loss = {});
// Explicit: 4 * (5/4) K (2R)/sqrt(d-1) + 2 * (|phi(0)| + K R)(1 + 1/R)^(d-1) (m max{1, tau})^(d-1) nu/n.
Result<ExcessRiskBound> theorem_3_1_explicit(const ExcessRiskParameters& parameters, const LipschitzLoss& loss = {});

// Theorem 3.2 (logistic loss):  O( tau sqrt(m)/(d-1) + (1/n) tau sqrt(m) (2 m max{1, tau})^(d-1) nu ).
Result<ExcessRiskBound> theorem_3_2_stated(const ExcessRiskParameters& parameters);
// Explicit: 4 * 3 R^2 / (4 (d-1)) + 2 * (ln 2 + R)(1 + 1/R)^(d-1) (m max{1, tau})^(d-1) nu/n.
// (The proof's rescaling of phi' to [0, 1] multiplies its Lipschitz constant by (b - a)^2 = 4R^2,
// not by tau sqrt(m) as printed, hence R^2; see docs/ml-evaluation.md.)
Result<ExcessRiskBound> theorem_3_2_explicit(const ExcessRiskParameters& parameters);

// Lemma 3.3: Gen_{d,sigma} (Gaussian noise on every marginal of order <= d) is (eps, delta)-DP for
// sigma = 2 m^(d/2) sqrt(ln(1.25/delta)) / eps (L2 sensitivity sqrt(2 m^d), Theorem 2.6, which
// needs 0 < eps < 1). m = attributes besides the label. Errors unless 0 < eps < 1, 0 < delta < 1,
// m >= 1, d >= 1.
Result<double> lemma_3_3_sigma(double attributes, int degree, double epsilon, double delta);

// Lemma 3.4: with probability >= 1 - 2^-lambda every marginal of Gen_{d,sigma}'s output satisfies
// ||h_q^(r) - M_q(D_s)||_1 <= 2 l^d sqrt(2 (ln(2)(1 + lambda) + d ln(m l))) sigma  (= nu).
// l = largest attribute domain (label included). Errors unless m >= 1, l >= 1, d >= 1,
// lambda >= 0, sigma >= 0 (all finite).
Result<double> lemma_3_4_marginal_l1(double attributes, double max_levels, int degree, double lambda, double sigma);

}  // namespace privsynth
