#pragma once
// First-order solver for the reweighting LP  min_{h in simplex} max_f |(A h)_f - b_f|, written as
// the matrix game  min_h max_{u in simplex(2S)} sum_f (u+_f - u-_f)((A h)_f - b_f)  and solved by
// Nemirovski's mirror-prox (extragradient) with entropy on both simplices (Nemirovski 2004,
// "Prox-method with rate of convergence O(1/t)"; Juditsky & Nemirovski 2011, §6.3 for the l1/linf
// setup: A has entries in [0, 1], so the step 1 is always safe and O(log(m S)/T) gap follows).
//
// Every iterate certifies itself: any h in the simplex gives the upper bound P(h) = max_f |A h - b|
// and any w = u+ - u- gives the lower bound D(w) = min_j (A^T w)_j - w.b <= t* (weak duality). The
// solver stops when P - D <= relative_gap * D, so the returned objective is within relative_gap of
// the exact optimum t*, without knowing t*. Its solutions are dense (every point keeps weight),
// unlike simplex vertices, which matters for the variety of the synthetic records.
#include <cstddef>
#include <functional>
#include <vector>

#include "privsynth/status.hpp"
#include "statistics/marginal_operator.hpp"

namespace privsynth {

struct MirrorProxOptions {
  double relative_gap = 0.01;     // stop when upper - lower <= relative_gap * lower
  double absolute_gap = 0;        // ... or when upper - lower <= absolute_gap
  long long iteration_limit = 0;  // 0: none
  long long time_limit_ms = 0;    // 0: none
  int progress_interval = 25;     // iterations between progress calls and averaged certificates
  double step = 1.0;              // mirror step; 1 is safe because A's entries lie in [0, 1]
};

struct MirrorProxProgress {
  long long iterations = 0;
  double upper = 0;  // best certified max error so far
  double lower = 0;  // best certified lower bound on t* so far
};
// Return false to cancel.
using MirrorProxProgressSink = std::function<bool(const MirrorProxProgress&)>;

struct MirrorProxSolution {
  std::vector<double> weights;  // the best h found (a probability vector)
  double objective = 0;         // P(weights) = max_f |A weights - b|_f
  double lower_bound = 0;       // certified: t* >= lower_bound
  long long iterations = 0;
  bool converged = false;  // the gap target was met (false: a limit stopped the solver)
};

// `start` (optional, length A.points()) warm-starts h, e.g. from a smaller reduced space.
Result<MirrorProxSolution> solve_min_max_mirror_prox(const MarginalOperator& statistics,
                                                     const std::vector<double>& targets,
                                                     const MirrorProxOptions& options,
                                                     const std::vector<double>& start = {},
                                                     const MirrorProxProgressSink& progress = {});

}  // namespace privsynth
