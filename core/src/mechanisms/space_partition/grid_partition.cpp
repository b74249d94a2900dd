#include "mechanisms/space_partition/grid_partition.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace privsynth {
namespace {

using CellKey = std::vector<uint32_t>;  // one index per axis

using CellKeyHash = IndexVectorHash;

uint32_t cells_along(const SpaceAxis& axis, uint32_t cells_per_axis) {
  return axis.categorical ? static_cast<uint32_t>(axis.levels) : cells_per_axis;
}

CellKey cell_of(const SpacePoints& points, size_t row, uint32_t cells_per_axis) {
  CellKey key(points.axes.size());
  for (size_t axis = 0; axis < points.axes.size(); ++axis) {
    if (points.axes[axis].categorical) {
      key[axis] = points.code(row, axis);
    } else {  // [i/m, (i+1)/m), the last cell closed at 1
      const double scaled = points.numeric(row, axis) * cells_per_axis;
      key[axis] = std::min(cells_per_axis - 1, static_cast<uint32_t>(std::max(0.0, std::floor(scaled))));
    }
  }
  return key;
}

SpaceBin bin_of(const std::vector<SpaceAxis>& axes, const CellKey& key, uint32_t cells_per_axis, double weight) {
  SpaceBin bin;
  bin.weight = weight;
  for (size_t axis = 0; axis < axes.size(); ++axis) {
    const double width = axes[axis].categorical ? 1.0 : 1.0 / cells_per_axis;
    bin.low.push_back(key[axis] * width);
    bin.high.push_back((key[axis] + 1) * width);
  }
  return bin;
}

CellKey random_cell(const std::vector<SpaceAxis>& axes, uint32_t cells_per_axis, RandomSource& random) {
  CellKey key(axes.size());
  for (size_t axis = 0; axis < axes.size(); ++axis) {
    key[axis] = static_cast<uint32_t>(random.uniform_below(cells_along(axes[axis], cells_per_axis)));
  }
  return key;
}

// Algorithm 4: every empty cell of a small grid, one by one (the reference for the implicit path).
void release_empty_explicitly(const std::vector<SpaceAxis>& axes, const GridSettings& settings,
                              const std::unordered_map<CellKey, int64_t, CellKeyHash>& counts, RandomSource& random,
                              GridRelease& release) {
  CellKey key(axes.size(), 0);
  for (;;) {
    if (!counts.count(key)) {
      const int64_t noisy = thresholded_count(0, settings.noise, random);
      if (noisy > 0) release.bins.push_back(bin_of(axes, key, settings.cells_per_axis, static_cast<double>(noisy)));
    }
    size_t axis = 0;  // next key in odometer order
    while (axis < axes.size() && ++key[axis] == cells_along(axes[axis], settings.cells_per_axis)) key[axis++] = 0;
    if (axis == axes.size()) return;
  }
}

}  // namespace

void sort_bins(std::vector<SpaceBin>& bins) {
  std::sort(bins.begin(), bins.end(), [](const SpaceBin& a, const SpaceBin& b) { return a.low < b.low; });
}

double grid_cell_count(const std::vector<SpaceAxis>& axes, uint32_t cells_per_axis) {
  double cells = 1;
  for (const SpaceAxis& axis : axes) cells *= cells_along(axis, cells_per_axis);
  return cells;
}

Result<GridRelease> release_grid(const SpacePoints& points, const GridSettings& settings, RandomSource& random) {
  if (settings.cells_per_axis == 0)
    return Status::error(ErrorCode::InvalidArgument, "the grid needs at least one cell per axis");
  if (settings.noise.threshold < 1)
    return Status::error(ErrorCode::InvalidArgument, "the release threshold must be at least 1");
  GridRelease release;
  release.cells = grid_cell_count(points.axes, settings.cells_per_axis);
  std::unordered_map<CellKey, int64_t, CellKeyHash> counts;
  for (size_t row = 0; row < points.rows(); ++row) ++counts[cell_of(points, row, settings.cells_per_axis)];

  // Algorithm 1, lines 9-12, for the non-empty cells.
  for (const auto& [key, count] : counts) {
    const int64_t noisy = thresholded_count(count, settings.noise, random);
    if (noisy > 0)
      release.bins.push_back(bin_of(points.axes, key, settings.cells_per_axis, static_cast<double>(noisy)));
  }
  // The empty cells: Algorithm 4 when asked (small grids only), else Algorithm 5.
  const double empty = release.cells - static_cast<double>(counts.size());
  if (settings.enumerate_empty) {
    if (release.cells > 1e7) return Status::error(ErrorCode::DomainTooLarge, "too many cells to enumerate");
    release_empty_explicitly(points.axes, settings, counts, random, release);
    sort_bins(release.bins);
    return release;
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      check_expected_passing(release.cells, settings.noise.pass_probability(), settings.limit, "empty cells"));
  PRIVSYNTH_ASSIGN_OR_RETURN(uint64_t passing, binomial_by_skips(empty, settings.noise.pass_probability(), random));
  std::unordered_set<CellKey, CellKeyHash> chosen;
  while (chosen.size() < passing) {  // uniform without replacement, by rejection
    CellKey key = random_cell(points.axes, settings.cells_per_axis, random);
    if (counts.count(key) || !chosen.insert(key).second) continue;
    release.bins.push_back(bin_of(points.axes, key, settings.cells_per_axis,
                                  static_cast<double>(passing_empty_count(settings.noise, random))));
  }
  if (release.bins.size() > settings.limit) {
    return Status::error(ErrorCode::DomainTooLarge,
                         std::to_string(release.bins.size()) + " bins pass the threshold: raise it or use fewer cells");
  }
  sort_bins(release.bins);
  return release;
}

}  // namespace privsynth
