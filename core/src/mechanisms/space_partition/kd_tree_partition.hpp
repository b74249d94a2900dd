#pragma once
// The data-dependent KD-tree partition of Kreačić et al. (Algorithms 2-3, Theorems 7-8), with the
// leaves released by thresholded noise (Algorithm 1, lines 9-12) and empty boxes never enumerated.
//
// Process. The unit space (data/space_points.hpp: numeric axes scaled by PUBLIC bounds, never the data's
// min/max as in Algorithm 2) is first cut into one box per combination of categories (the paper's
// §5). Each such box is halved cyclically along the numeric axes (Algorithm 3, lines 8-19): without
// looking at the data for the first h levels, then iff count > tau + Z (kd_tree_budget.hpp) for at
// most L levels. Leaves get discrete Laplace counts of scale 1/epsilon'' and are released iff the
// noisy count reaches the threshold t. No numeric axes: the leaves are the category cells.
//
// Privacy (add/remove neighbours; replace-one doubles epsilon). One record changes the counts on one
// root-to-leaf path by 1: the <= L decisions of that path cost epsilon'/L each (Theorem 7 with
// L/epsilon' instead of 2L/epsilon'), the leaf counts have L1 sensitivity 1 (epsilon''). Total
// epsilon' + epsilon'' (Theorem 8).
//
// Exact implicit empty boxes. The explicit algorithm decides for EVERY box, empty or not; an empty
// box splits with q = P(0 > tau + Z) > 0. We follow non-empty boxes and their empty children one by
// one and treat the mostly empty level-h boxes in bulk: Binomial(#empty, q) of them split, chosen
// uniformly without replacement (by rejection); a split empty box has two empty children that
// decide again (a branching process, simulated). Empty leaves are released by Algorithm 5 (Lemma 9):
// the unsplit empty level-h boxes by Binomial(#, p) survivors chosen uniformly (rejection), the
// explicitly followed empty leaves by Bernoulli(p) trials in a geometric-skip stream; together the
// same independent Bernoulli(p) per empty leaf as Binomial over their union.
// So the output has EXACTLY the distribution of the explicit algorithm, with no delta: Lemma 10's
// tau (lemma10_tau) only makes empty splits rare, i.e. keeps the work O(n L + released bins).
// Theorem 11's reconstruction of the empty leaves from the non-empty paths is not needed.
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "data/space_points.hpp"
#include "mechanisms/space_partition/empty_cells.hpp"
#include "mechanisms/space_partition/kd_tree_budget.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct KdTreeSettings {
  double split_epsilon = 0;     // epsilon' of all split decisions (composes along one root-to-leaf path)
  ThresholdedNoise leaf_noise;  // the leaves' counts (scale 1/epsilon'') and the release threshold t >= 1
  double max_edge = 0.25;       // s1 (unit scale): split without a decision while the largest numeric edge > s1
  double min_edge = 1.0 / 32;   // s2: never split a box whose largest numeric edge < s2 (2^-50 <= s2 < s1 <= 1)
  double tau = 0;               // a box splits iff count > tau + Z; see lemma10_tau
  // Most bins to release, and most empty boxes expected to split or pass at the data-independent
  // level (checked from public quantities); DomainTooLarge beyond.
  uint64_t limit = 2'000'000;
  // Most split decisions that come out "split" (a function of the released decisions, so refusing
  // beyond it is private): the run sets it from the noisy record count, limit + L (n~ + slack).
  uint64_t split_limit = UINT64_MAX;
  bool list_leaves = false;  // tests: also return every leaf (small spaces only; counts against limit)
};

struct KdTreeRelease {
  std::vector<SpaceBin> bins;          // released leaves in canonical order, weight = noisy count >= t
  size_t data_independent_levels = 0;  // h
  size_t decision_levels = 0;          // L
  double decision_scale = 0;           // b: discrete Laplace scale of each decision (>= L / epsilon'), 0 if L = 0
  double leaves = 0;                   // leaves of the tree (a double: the level-h boxes may exceed 2^64)
  std::vector<SpaceBin> all_leaves;    // with list_leaves: every leaf, weight = released count or 0
  // Diagnostics. They depend on which boxes are truly empty: NOT private, never release them.
  uint64_t empty_boxes_split = 0;    // empty boxes that the noisy decisions split
  uint64_t empty_bins_released = 0;  // released bins whose true count is 0
};

Result<KdTreeRelease> release_kd_tree(const SpacePoints& points, const KdTreeSettings& settings, RandomSource& random);

}  // namespace privsynth
