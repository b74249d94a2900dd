#pragma once
// The reweighting LP's second stage: among all h whose every statistic is within the tolerance
// tau = (1 + slack) t0 of its target (t0: the first stage's max error) -- each equally private
// (post-processing of the noisy targets and the data-independent points) and covered by the
// accuracy theorems at tau -- the one that minimizes
//   KL(h || mu) + c sum_f |A_f h - b_f|   subject to  h >= 0,  sum h = 1,  |A_f h - b_f| <= tau,
// mu the points' reference weights. c = 0 is the I-projection of mu (maximum entropy relative to
// mu, Csiszar 1975): dense weights, the least extra structure. c > 0 adds the Laplace
// log-likelihood of the noisy targets (their noise is Laplace), so h also follows the targets
// inside the box, as the LP's sum-of-errors objective does, while staying dense.
//
// Solved in the dual (maximum entropy with box constraints; Dudik, Phillips & Schapire 2007):
//   maximize g(lambda) = -log sum_j mu_j exp(-(A^T lambda)_j) - lambda.b - tau sum_f max(0, |lambda_f| - c),
// with h(lambda)_j proportional to mu_j exp(-(A^T lambda)_j), by exact block coordinate ascent:
// one marginal at a time, whose cells partition the points, so its block is a one-dimensional
// search for the normalizer (iterative proportional fitting with a box); a dense statistic by a
// one-dimensional search of its own. Each step raises g (Tseng 2001 for the convergence).
//
// Certificates: g(lambda) <= the optimum for every lambda (weak duality). h(lambda) may still
// violate the box slightly, so the returned h mixes it with the first stage's h0 (within tau):
// h = (1 - theta) h(lambda) + theta h0 with the least theta that brings every statistic within tau
// (residuals are linear in h). That h is feasible, its objective is at most the mix of the two
// (convexity), and objective(h) - g(lambda) is a certified duality gap.
#include <cstddef>
#include <functional>
#include <vector>

#include "privsynth/status.hpp"
#include "statistics/marginal_operator.hpp"

namespace privsynth {

struct EntropyFitOptions {
  double error_weight = 0;  // c >= 0
  double gap = 1e-3;        // stop when objective(h(lambda)) - g(lambda) <= gap and h(lambda) is within tau
  int sweep_limit = 200;    // passes over all blocks
};

struct EntropyFitProgress {
  int sweeps = 0;
  double violation = 0;  // max_f |A h(lambda) - b|_f - tau, at least 0
  double gap = 0;        // objective(h(lambda)) - g(lambda)
};
// Return false to cancel.
using EntropyFitProgressSink = std::function<bool(const EntropyFitProgress&)>;

struct EntropyFit {
  std::vector<double> weights;  // the returned h: feasible, a probability vector
  double tolerance = 0;         // tau
  double max_error = 0;         // max_f |A h - b|_f over every statistic, <= tau
  double kl = 0;                // KL(h || mu)
  double first_stage_kl = 0;    // KL(h0 || mu)
  double objective = 0;         // KL(h || mu) + c sum_f |A h - b|_f
  double dual_bound = 0;        // g(lambda): no feasible h has a smaller objective
  double mix = 0;               // theta, the weight of h0 in the returned h
  int sweeps = 0;
  bool converged = false;  // the gap was met before the sweep limit
};

// `first_stage`: h0, a probability vector over the operator's points whose max error is at most
// `tolerance`; `reference` (empty: uniform): mu, positive weights over the points.
Result<EntropyFit> fit_max_entropy_within(const MarginalOperator& statistics, const std::vector<double>& targets,
                                          double tolerance, const std::vector<double>& first_stage,
                                          const EntropyFitOptions& options, const std::vector<double>& reference = {},
                                          const EntropyFitProgressSink& progress = {});

}  // namespace privsynth
