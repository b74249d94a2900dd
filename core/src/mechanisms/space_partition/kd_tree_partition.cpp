#include "mechanisms/space_partition/kd_tree_partition.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "mechanisms/space_partition/kd_box.hpp"

namespace privsynth {
namespace {

Status too_many(const std::string& what, uint64_t limit) {
  return Status::error(ErrorCode::DomainTooLarge, "the KD-tree would create more than " + std::to_string(limit) + " " +
                                                      what + ": raise tau or the leaf threshold, or use a larger s2");
}

Status check_settings(const KdTreeSettings& s) {
  // Zero when nothing is split on the data: without numeric axes every box is a category's
  // (SplitDecision::make refuses zero where there are decisions to make).
  if (!(s.split_epsilon >= 0) || !std::isfinite(s.split_epsilon)) {
    return Status::error(ErrorCode::InvalidArgument, "the split epsilon must be zero or positive, and finite");
  }
  if (!(s.max_edge <= 1)) return Status::error(ErrorCode::InvalidArgument, "s1 (max_edge) must be at most 1");
  if (!(s.min_edge > 0)) return Status::error(ErrorCode::InvalidArgument, "s2 (min_edge) must be positive");
  if (!(s.min_edge < s.max_edge)) return Status::error(ErrorCode::InvalidArgument, "s2 (min_edge) must be below s1");
  if (s.min_edge < kKdTreeMinEdge)
    return Status::error(ErrorCode::InvalidArgument, "s2 (min_edge) must be at least 2^-50");
  if (!std::isfinite(s.tau)) return Status::error(ErrorCode::InvalidArgument, "the split threshold tau must be finite");
  if (s.leaf_noise.threshold < 1)
    return Status::error(ErrorCode::InvalidArgument, "the release threshold must be at least 1");
  return Status::ok();
}

// The boxes of level h: category cells x 2^m1 cells along every numeric axis.
struct LevelH {
  const SpacePoints& points;
  size_t depth;
  uint64_t cells;  // 2^m1 along a numeric axis

  double count() const {
    double boxes = 1;
    for (const SpaceAxis& axis : points.axes) boxes *= axis.categorical ? axis.levels : static_cast<double>(cells);
    return boxes;
  }
  uint64_t along(size_t axis) const {
    return points.axes[axis].categorical ? static_cast<uint64_t>(points.axes[axis].levels) : cells;
  }
  Result<KdKey> key_of(size_t row) const {  // [i/m, (i+1)/m), the last cell closed at 1
    KdKey key(points.axes.size());
    for (size_t axis = 0; axis < key.size(); ++axis) {
      if (points.axes[axis].categorical) {
        key[axis] = points.code(row, axis);
      } else {
        const double x = points.numeric(row, axis);
        if (!(x >= 0 && x <= 1)) return Status::error(ErrorCode::InvalidData, "a scaled value lies outside [0, 1]");
        key[axis] = std::min(cells - 1, static_cast<uint64_t>(x * static_cast<double>(cells)));
      }
      if (key[axis] >= along(axis)) return Status::error(ErrorCode::InvalidData, "a category code is out of range");
    }
    return key;
  }
  KdKey random_key(RandomSource& random) const {
    KdKey key(points.axes.size());
    for (size_t axis = 0; axis < key.size(); ++axis) key[axis] = random.uniform_below(along(axis));
    return key;
  }
};

// Bernoulli(p) trials in a stream, by geometric skips between successes (as binomial_by_skips):
// O(successes) random draws however many trials.
class BernoulliSkips {
 public:
  BernoulliSkips(double p, RandomSource& random) : log_fail_(std::log1p(-p)), random_(random) { draw(); }
  bool next() {
    if (--until_ > 0) return false;
    draw();
    return true;
  }

 private:
  void draw() {
    until_ = log_fail_ == 0 ? INFINITY : std::floor(std::log(1.0 - random_.uniform_unit()) / log_fail_) + 1;
  }
  double log_fail_;
  double until_ = 0;
  RandomSource& random_;
};

// Algorithm 3 on the explicitly followed boxes (depth >= h), and their leaves' release.
class Walk {
 public:
  Walk(const SpacePoints& points, const KdGeometry& geometry, const KdTreeLevels& levels, const SplitDecision* decision,
       const KdTreeSettings& settings, RandomSource& random, std::vector<size_t>& rows, KdTreeRelease& release)
      : points_(points),
        geometry_(geometry),
        levels_(levels),
        decision_(decision),
        settings_(settings),
        random_(random),
        rows_(rows),
        release_(release),
        empty_pass_(settings.leaf_noise.pass_probability(), random) {}

  // A box holding rows_[begin, end). already_split: its decision was drawn in bulk (an empty level-h box).
  Status visit(const KdBox& box, size_t begin, size_t end, bool already_split) {
    const uint64_t count = end - begin;
    const bool split = already_split || (box.depth < levels_.max_depth() && decision_->splits(count, random_));
    if (!split) return leaf(box, count);
    if (count == 0) ++release_.empty_boxes_split;
    if (++splits_ > settings_.split_limit) return too_many("boxes split", settings_.split_limit);
    const size_t axis = geometry_.axis_to_cut(box.depth);
    const double mid = geometry_.midpoint(box);
    const size_t middle = static_cast<size_t>(std::partition(rows_.begin() + begin, rows_.begin() + end,
                                                             [&](size_t r) { return points_.numeric(r, axis) < mid; }) -
                                              rows_.begin());
    PRIVSYNTH_RETURN_IF_ERROR(visit(geometry_.child(box, false), begin, middle, false));
    return visit(geometry_.child(box, true), middle, end, false);
  }

 private:
  // Algorithm 1, lines 9-12; an empty leaf passes by the skip stream (Algorithm 5, streamed).
  Status leaf(const KdBox& box, uint64_t count) {
    release_.leaves += 1;
    int64_t noisy = 0;
    if (count > 0) {
      noisy = thresholded_count(static_cast<int64_t>(count), settings_.leaf_noise, random_);
    } else if (empty_pass_.next()) {
      noisy = passing_empty_count(settings_.leaf_noise, random_);
      ++release_.empty_bins_released;
    }
    if (noisy > 0) release_.bins.push_back(geometry_.bin(box, static_cast<double>(noisy)));
    if (release_.bins.size() > settings_.limit) return too_many("released bins", settings_.limit);
    if (settings_.list_leaves) release_.all_leaves.push_back(geometry_.bin(box, static_cast<double>(noisy)));
    return Status::ok();
  }

  const SpacePoints& points_;
  const KdGeometry& geometry_;
  const KdTreeLevels& levels_;
  const SplitDecision* decision_;
  const KdTreeSettings& settings_;
  RandomSource& random_;
  std::vector<size_t>& rows_;
  KdTreeRelease& release_;
  BernoulliSkips empty_pass_;
  uint64_t splits_ = 0;  // decisions that came out "split": released (the tree's leaves show them)
};

using KeySet = std::unordered_set<KdKey, KdKeyHash>;

// `wanted` distinct level-h keys, uniformly among those in none of `excluded`, by rejection.
std::vector<KdKey> choose_keys(const LevelH& level, uint64_t wanted, const std::vector<const KeySet*>& excluded,
                               RandomSource& random) {
  KeySet chosen;
  std::vector<KdKey> keys;  // in the order drawn: reproducible on every platform
  while (keys.size() < wanted) {
    KdKey key = level.random_key(random);
    bool taken = false;
    for (const KeySet* set : excluded) taken = taken || set->count(key);
    if (taken || !chosen.insert(key).second) continue;
    keys.push_back(std::move(key));
  }
  return keys;
}

// list_leaves: every implicit leaf (level-h box neither occupied nor split) in odometer order.
void list_implicit_leaves(const LevelH& level, const KdGeometry& geometry, const KeySet& occupied, const KeySet& split,
                          const std::unordered_map<KdKey, double, KdKeyHash>& released, KdTreeRelease& release) {
  KdKey key(level.points.axes.size(), 0);
  for (;;) {
    if (!occupied.count(key) && !split.count(key)) {
      const auto found = released.find(key);
      release.all_leaves.push_back(geometry.bin({key, level.depth}, found == released.end() ? 0 : found->second));
    }
    size_t axis = 0;
    while (axis < key.size() && ++key[axis] == level.along(axis)) key[axis++] = 0;
    if (axis == key.size()) return;
  }
}

}  // namespace

Result<KdTreeRelease> release_kd_tree(const SpacePoints& points, const KdTreeSettings& settings, RandomSource& random) {
  PRIVSYNTH_RETURN_IF_ERROR(check_settings(settings));
  for (const SpaceAxis& axis : points.axes) {
    if (axis.categorical && axis.levels < 1)
      return Status::error(ErrorCode::InvalidArgument, "a categorical axis has no levels");
  }
  const KdGeometry geometry(points.axes);
  const KdTreeLevels levels = kd_tree_levels(geometry.numeric_axes(), settings.max_edge, settings.min_edge);
  if (points.rows() > 0 && geometry.numeric_axes() > 0 && points.unit == nullptr) {
    return Status::error(ErrorCode::InvalidArgument, "the numeric axes have no values");
  }
  std::optional<SplitDecision> decision;
  if (levels.decisions > 0) {
    PRIVSYNTH_ASSIGN_OR_RETURN(SplitDecision made,
                               SplitDecision::make(levels.decisions, settings.split_epsilon, settings.tau));
    decision = made;
  }
  const LevelH level{points, levels.data_independent, uint64_t{1} << levels.cuts_at_h};
  const double level_boxes = level.count();
  if (!std::isfinite(level_boxes)) return too_many("boxes at the data-independent level", settings.limit);
  if (settings.list_leaves && level_boxes > static_cast<double>(settings.limit))
    return too_many("leaves to list", settings.limit);

  KdTreeRelease release;
  release.data_independent_levels = levels.data_independent;
  release.decision_levels = levels.decisions;
  release.decision_scale = decision ? decision->scale().value() : 0;

  // The data-independent levels: group the rows by their level-h box.
  std::vector<KdKey> row_keys(points.rows());
  for (size_t row = 0; row < row_keys.size(); ++row) {
    Result<KdKey> key = level.key_of(row);
    if (!key.is_ok()) return key.status();
    row_keys[row] = std::move(key).value();
  }
  std::vector<size_t> rows(points.rows());
  std::iota(rows.begin(), rows.end(), size_t{0});
  std::sort(rows.begin(), rows.end(), [&](size_t a, size_t b) { return row_keys[a] < row_keys[b]; });

  Walk walk(points, geometry, levels, decision ? &*decision : nullptr, settings, random, rows, release);
  KeySet occupied;
  for (size_t begin = 0, end = 0; begin < rows.size(); begin = end) {
    while (end < rows.size() && row_keys[rows[end]] == row_keys[rows[begin]]) ++end;
    occupied.insert(row_keys[rows[begin]]);
    PRIVSYNTH_RETURN_IF_ERROR(walk.visit({row_keys[rows[begin]], levels.data_independent}, begin, end, false));
  }
  row_keys = {};

  // The empty level-h boxes in bulk: Binomial(#empty, q) split, uniformly chosen; each is followed.
  const double empty = level_boxes - static_cast<double>(occupied.size());
  KeySet split;
  if (decision) {
    // Refusals only from public quantities (every level-h box, not the empty ones) or released ones
    // (the splits, counted in the walk): a refusal is an output too.
    PRIVSYNTH_RETURN_IF_ERROR(check_expected_passing(level_boxes, decision->empty_split_probability(), settings.limit,
                                                     "empty boxes to split"));
    Result<uint64_t> splitting = binomial_by_skips(empty, decision->empty_split_probability(), random);
    if (!splitting.is_ok()) return splitting.status();
    for (KdKey& key : choose_keys(level, splitting.value(), {&occupied}, random)) {
      split.insert(key);
      PRIVSYNTH_RETURN_IF_ERROR(walk.visit({std::move(key), levels.data_independent}, 0, 0, true));
    }
  }

  // The unsplit empty level-h boxes are leaves: Algorithm 5 over them.
  const double implicit_leaves = empty - static_cast<double>(split.size());
  release.leaves += implicit_leaves;
  PRIVSYNTH_RETURN_IF_ERROR(
      check_expected_passing(level_boxes, settings.leaf_noise.pass_probability(), settings.limit, "empty leaves"));
  Result<uint64_t> passing = binomial_by_skips(implicit_leaves, settings.leaf_noise.pass_probability(), random);
  if (!passing.is_ok()) return passing.status();
  if (release.bins.size() + passing.value() > settings.limit) return too_many("released bins", settings.limit);
  std::unordered_map<KdKey, double, KdKeyHash> released;
  for (KdKey& key : choose_keys(level, passing.value(), {&occupied, &split}, random)) {
    const double weight = static_cast<double>(passing_empty_count(settings.leaf_noise, random));
    release.bins.push_back(geometry.bin({key, levels.data_independent}, weight));
    if (settings.list_leaves) released.emplace(std::move(key), weight);
  }
  release.empty_bins_released += passing.value();
  if (settings.list_leaves) {
    list_implicit_leaves(level, geometry, occupied, split, released, release);
    sort_bins(release.all_leaves);
  }
  sort_bins(release.bins);
  return release;
}

}  // namespace privsynth
