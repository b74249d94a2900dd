#pragma once
// The reweighting step of Algorithm 1 (Boedihardjo, Strohmer, Vershynin 2022, step 2, eq. (3.3)):
// the density h on the reduced space Omega* = {z_1..z_m} whose linear statistics are uniformly
// closest to the (noisy) targets b:
//   minimize t  subject to  -t <= sum_j f(z_j) h_j - b_f <= t  for every f,   h >= 0,  sum_j h_j = 1.
// The constant function is enforced exactly by sum h = 1.
//
// The reduced space can grow: Theorem 2.3 needs m >~ kappa |F| / delta^2, where the Renyi
// condition number kappa of the data against the reference measure is unknown. Starting small and
// doubling m while the optimal t* stays above the noise level, warm-starting each solve from the
// previous optimal basis, finds a sufficient m without guessing. The decision uses only t*, which
// depends on the noisy targets and the data-independent points: it is post-processing.
#include <cstddef>
#include <functional>
#include <vector>

#include "privsynth/lp.hpp"
#include "privsynth/status.hpp"
#include "privsynth/table.hpp"
#include "privsynth/workload.hpp"

namespace privsynth {

struct LpSize {
  int rows = 0;
  int columns = 0;
  size_t nonzeros = 0;
};

struct ReweightingRound {
  size_t points = 0;
  double lp_objective = 0;
  int iterations = 0;
};

struct Reweighting {
  EncodedTable points;          // the final reduced space
  std::vector<double> weights;  // h*, a probability vector over the points
  double lp_objective = 0;      // t* as reported by the solver
  double max_error = 0;         // max_f |A_f h* - b_f| recomputed from the returned h*
  LpSize size;
  int iterations = 0;           // simplex iterations over all rounds
  std::vector<ReweightingRound> rounds;
};

struct ReducedSpaceSchedule {
  size_t initial_points = 1000;
  size_t max_points = 1000;     // equal to initial_points for a fixed reduced space
  double target_error = 0;      // stop growing once t* <= target_error
};

inline constexpr size_t kMaxLpNonzeros = 40'000'000;

// Draws `count` new points of the reduced space (from a data-independent reference measure).
using PointSource = std::function<EncodedTable(size_t count)>;

// Size of the LP for a workload and m points, without building it.
LpSize reweighting_lp_size(const MarginalWorkload& workload, size_t points);

// targets has one entry per workload statistic (frequencies in [0, 1]).
Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const PointSource& draw_points,
                                      const std::vector<double>& targets, const ReducedSpaceSchedule& schedule,
                                      const SimplexOptions& options, const LpProgressSink& progress = {});

// The same on a fixed, given reduced space.
Result<Reweighting> fit_min_max_error(const MarginalWorkload& workload, const EncodedTable& points,
                                      const std::vector<double>& targets, const SimplexOptions& options,
                                      const LpProgressSink& progress = {});

}  // namespace privsynth
