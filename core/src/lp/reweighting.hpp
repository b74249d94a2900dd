#pragma once
// The reweighting step of Algorithm 1 (Boedihardjo, Strohmer, Vershynin 2022, step 2, eq. (3.3)):
// the density h on the reduced space Omega* = {z_1..z_m} whose linear statistics are uniformly
// closest to the (noisy) targets b:
//   minimize t  subject to  -t <= sum_j f(z_j) h_j - b_f <= t  for every f,   h >= 0,  sum_j h_j = 1.
// The constant function is enforced exactly by sum h = 1.
//
// Solvers (chosen by measurement, `npm run bench -- lp`):
//  - row generation (default): GLPK's simplex on the statistics that matter. At the optimum only a
//    few hundred of tens of thousands of statistics are tight, so the LP starts from the most
//    violated ones, adds every statistic the current solution violates most, and re-solves warm
//    from the previous basis with the dual simplex. Each restricted optimum is a lower bound on t*
//    (fewer constraints) and each solution, checked against all statistics, an upper bound, so the
//    gap is certified every round and the search stops at the exact optimum or a stated gap.
//  - simplex: all 2|F|+1 rows at once (the reference; slow beyond a few thousand statistics).
//  - mirror-prox: a first-order method with a certified gap and dense solutions (min_max_fit.hpp).
//
// The reduced space can grow: Theorem 2.3 needs m >~ kappa |F| / delta^2, where the Renyi
// condition number kappa of the data against the reference measure is unknown. Starting small and
// doubling m while the optimal t* stays above the noise level, warm-starting each solve, finds a
// sufficient m without guessing. The decision uses only t*, which depends on the noisy targets and
// the data-independent points: it is post-processing.
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "base/choice.hpp"
#include "data/table.hpp"
#include "lp/entropy_fit.hpp"
#include "lp/linear_program.hpp"
#include "lp/min_max_fit.hpp"
#include "privsynth/status.hpp"
#include "statistics/marginal_operator.hpp"
#include "statistics/workload.hpp"

namespace privsynth {

struct LpSize {
  int rows = 0;
  int columns = 0;
  size_t nonzeros = 0;
};

enum class FitMethod { RowGeneration, Simplex, MirrorProx };
inline constexpr Choice<FitMethod> kFitMethods[] = {{"row-generation", FitMethod::RowGeneration},
                                                    {"simplex", FitMethod::Simplex},
                                                    {"mirror-prox", FitMethod::MirrorProx}};
const char* fit_method_name(FitMethod method);

// What the LP minimizes over the residuals r_f = A_f h - b_f of the statistics.
enum class FitObjective {
  MaxError,          // max_f |r_f|: Boedihardjo et al., eq. (3.3) (the default)
  SumError,          // sum_f |r_f|: the total L1 error over every marginal
  MaxMarginalError,  // max over marginals of sum_{f in the marginal} |r_f|: the max L1 marginal
                     // error of Zhou et al., Algorithm 1 (a dense statistic is its own marginal)
};
inline constexpr Choice<FitObjective> kFitObjectives[] = {{"max-error", FitObjective::MaxError},
                                                          {"sum-error", FitObjective::SumError},
                                                          {"max-marginal-error", FitObjective::MaxMarginalError}};
const char* fit_objective_name(FitObjective objective);

// The second stage (lp/entropy_fit.hpp): after the first stage's h0 with max error t0, among the
// h within tau = (1 + slack) t0 of every target, the one that minimizes KL(h || mu) plus
// (weight / tau) times the sum of the statistics' absolute errors (mu: uniform over the points,
// which are drawn from the reference measure).
enum class SecondStage { None, MaxEntropy };
inline constexpr Choice<SecondStage> kSecondStages[] = {{"none", SecondStage::None},
                                                        {"max-entropy", SecondStage::MaxEntropy}};

struct FitOptions {
  FitMethod method = FitMethod::RowGeneration;
  FitObjective objective = FitObjective::MaxError;  // mirror-prox supports only MaxError
  // Stop once upper - lower <= relative_gap * lower (certified); 0 asks for the exact optimum
  // (row generation and simplex; mirror-prox needs a positive gap).
  double relative_gap = 0;
  SimplexOptions simplex;         // GLPK method and limits (row generation, simplex)
  MirrorProxOptions mirror_prox;  // first-order limits (its gap is relative_gap)
  SecondStage second_stage = SecondStage::None;
  double second_stage_slack = 1;           // tau = (1 + slack) t0
  double second_stage_error_weight = 0.1;  // the sum of errors' weight, in units of 1 / tau
  EntropyFitOptions entropy{0, 1e-3, 300};
};

struct FitProgress {
  long long iterations = 0;      // in the current solve
  double upper = 0;              // best certified objective so far (0: none yet)
  double lower = 0;              // certified lower bound on the optimum (0: none yet)
  size_t active_statistics = 0;  // statistics in the LP being solved
  double infeasibility = 0;      // > 0 while the simplex looks for a feasible point
  bool second_stage = false;     // the second stage: `upper` is then its duality gap (nats), `lower` 0
};
// Return false to cancel.
using FitProgressSink = std::function<bool(const FitProgress&)>;

struct ReweightingRound {
  size_t points = 0;
  double lp_objective = 0;  // max error of this round's solution
  double lower_bound = 0;   // certified lower bound on this round's optimum
  long long iterations = 0;
  size_t active_statistics = 0;
};

struct Reweighting {
  EncodedTable points;           // the final reduced space (doubled for the second stage, if it ran)
  std::vector<double> weights;   // h, a probability vector over the points
  double lp_objective = 0;       // the objective at the returned h (recomputed over all statistics)
  double max_error = 0;          // max_f |A_f h - b_f| at the returned h (equal to lp_objective for MaxError)
  double lower_bound = 0;        // certified: the optimum over these points is >= lower_bound
  LpSize size;                   // of the last LP solved (row generation: active statistics only)
  size_t active_statistics = 0;  // statistics in the last LP (all, for simplex and mirror-prox)
  long long iterations = 0;      // simplex or first-order iterations over all rounds
  std::vector<ReweightingRound> rounds;
  // The second stage, when it ran: its tolerance tau, KL of h and of the first stage's h0 to the
  // reference weights, the dual bound, the share of h0 mixed in, iterations. `weights` and
  // `max_error` are then the second stage's; lp_objective and lower_bound stay the first's.
  std::optional<EntropyFit> second_stage;
  double first_stage_max_error = 0;
};

struct ReducedSpaceSchedule {
  size_t initial_points = 1000;
  size_t max_points = 1000;  // equal to initial_points for a fixed reduced space
  double target_error = 0;   // stop growing once t* <= target_error
  // The second stage runs on twice the final space (reweighting.cpp), unless the points come from a
  // private mu, which draws them where the data are already.
  bool double_for_second_stage = true;
};
// The space also stops growing once t* is within kStallErrorRatio x target_error and two doublings
// in a row each lowered it by less than kMinGrowthGain: on Balog's 2-D mixture with a KD-tree
// reference, t* stayed at 1.4x the target from 2,188 to 35,008 points, and the run took 10 s instead
// of 1 s for a worse fit. Far above the noise, flat doublings can be chance (a few uniform points
// miss the data's support, test_reweighting.cpp), so the space keeps growing there.
inline constexpr double kMinGrowthGain = 0.01;
inline constexpr double kStallErrorRatio = 2;

inline constexpr size_t kMaxLpNonzeros = 40'000'000;

// Draws `count` new points of the reduced space (from a reference measure that is private or
// independent of the data), with the values of the dense test functions at them, if any.
using PointSource = std::function<PointBatch(size_t count)>;

// Size of the full LP (all statistics, `dense` real-valued ones among them) for a workload and
// m points, without building it.
LpSize reweighting_lp_size(const MarginalWorkload& workload, size_t points, size_t dense = 0);

// DomainTooLarge (with advice) if fitting m points with this method would hold more than
// kMaxLpNonzeros matrix entries: the whole LP for the simplex, one cell index per (marginal,
// point) and one value per (dense function, point) for row generation and mirror-prox.
Status check_fit_size(const MarginalWorkload& workload, size_t points, FitMethod method, size_t dense = 0);

// targets has one entry per workload statistic (frequencies in [0, 1]) followed by one per dense
// function of the points (the number of rows of their `dense`).
Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const PointSource& draw_points,
                                      const std::vector<double>& targets, const ReducedSpaceSchedule& schedule,
                                      const FitOptions& options, const FitProgressSink& progress = {});

// The same on a fixed, given reduced space.
Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const EncodedTable& points,
                                      const std::vector<double>& targets, const FitOptions& options,
                                      const FitProgressSink& progress = {});

}  // namespace privsynth
