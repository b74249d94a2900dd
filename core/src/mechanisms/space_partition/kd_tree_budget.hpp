#pragma once
// The depth and the split decisions of the data-dependent KD-tree (Kreačić et al., Algorithm 3 and
// Theorem 7), for our halving rule: every box of a category cell is halved along the numeric axes
// in a fixed cyclic order, so after k cuts its largest numeric edge is 2^-floor(k / p) (p numeric
// axes). A box splits without a decision while that edge is > s1 (line 5), decides on noisy data
// while s2 <= edge <= s1, and never splits once the edge is < s2 (line 7, strict). Hence, with
// m1 = ceil(log2(1/s1)) and m2 = floor(log2(1/s2)):
//   h = p m1 data-independent levels,  L = p (m2 - m1 + 1) decision levels (0 if m2 < m1),
// and a box at depth h + L has edge 2^-(m2+1) < s2. (The paper's h' - h = d log2(s1/s2) is p less
// for powers of two: a box whose largest edge equals s2 still decides, by line 7's strict <.)
#include <cstddef>
#include <cstdint>

#include "base/random.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// The smallest s2 accepted: a numeric axis is cut at most 51 times, so bin bounds are exact doubles.
inline constexpr double kKdTreeMinEdge = 1.0 / (1ULL << 50);

struct KdTreeLevels {
  size_t numeric_axes = 0;      // p
  size_t cuts_at_h = 0;         // m1: cuts of every numeric axis at level h
  size_t data_independent = 0;  // h
  size_t decisions = 0;         // L: the most data-dependent decisions on one root-to-leaf path
  size_t max_depth() const { return data_independent + decisions; }
};

// Needs 2^-50 <= min_edge < max_edge <= 1 (checked by release_kd_tree). No numeric axes: h = L = 0.
KdTreeLevels kd_tree_levels(size_t numeric_axes, double max_edge, double min_edge);

// One split decision of Algorithm 3, line 5: a box splits iff count > tau + Z. Neighbours add or
// remove one record, which changes the counts of the boxes on one root-to-leaf path by 1, so Z is
// discrete Laplace of scale L / epsilon' (rounded up, noise.hpp) on each of the <= L decisions of a
// path: epsilon' in total (the paper's 2L/epsilon' is for replace-one neighbours). Discrete noise
// keeps the comparison exact and makes the empty-box probability q below closed-form.
class SplitDecision {
 public:
  static Result<SplitDecision> make(size_t decisions, double split_epsilon, double tau);
  bool splits(uint64_t count, RandomSource& random) const;
  // q = P(0 > tau + Z): the probability that an empty box splits.
  double empty_split_probability() const { return empty_split_; }
  const RationalScale& scale() const { return scale_; }

 private:
  RationalScale scale_;
  int64_t least_split_ = 1;  // count - Z is an integer: it exceeds tau iff it is >= floor(tau) + 1
  double empty_split_ = 0;
};

// Lemma 10 (Kreačić et al.) for our noise: with tau = b log((boxes_h + n L) / delta), b the scale
// above, each empty box splits with q <= exp(-tau / b) and at most boxes_h + n L empty boxes decide
// (Lemma 29), so with probability >= 1 - delta no empty box splits. boxes_at_level_h = category
// cells x 2^h; records_bound must be a PUBLIC bound on n, never the true count. 0 when L = 0; NaN
// for invalid arguments (release_kd_tree rejects a NaN tau).
double lemma10_tau(size_t decision_levels, double split_epsilon, double boxes_at_level_h, double records_bound,
                   double delta);

}  // namespace privsynth
