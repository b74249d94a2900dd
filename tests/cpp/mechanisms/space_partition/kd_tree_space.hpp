#pragma once
// Test-only spaces for the KD-tree tests: points given row by row (numeric axes in [0, 1],
// categorical axes as codes), the brute-force walk of the halving rule, and coverage helpers.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "data/space_points.hpp"
#include "mechanisms/space_partition/empty_cells.hpp"
#include "privacy/noise.hpp"

namespace privsynth::testing {

struct KdSpace {
  EncodedTable table;
  std::vector<std::vector<double>> unit;
  SpacePoints points;
  KdSpace(const std::vector<SpaceAxis>& axes, const std::vector<std::vector<double>>& rows) {
    std::vector<int> levels;
    for (const SpaceAxis& axis : axes) levels.push_back(axis.categorical ? axis.levels : 1);
    table = make_empty_table(levels, rows.size());
    unit.assign(axes.size(), std::vector<double>(rows.size(), 0.0));
    for (size_t r = 0; r < rows.size(); ++r) {
      for (size_t a = 0; a < axes.size(); ++a) {
        if (axes[a].categorical) table.codes[a][r] = static_cast<uint32_t>(rows[r][a]);
        else unit[a][r] = rows[r][a];
      }
    }
    points.axes = axes;
    points.table = &table;
    points.unit = &unit;
  }
  KdSpace(const KdSpace&) = delete;
};

inline ThresholdedNoise kd_noise(double scale, int64_t threshold) {
  return {rational_scale_at_least(scale).value(), threshold};
}

// The halving rule walked literally on edge lengths: {data-independent levels h, decision levels L}.
inline std::pair<size_t, size_t> walk_halving_rule(size_t numeric_axes, double s1, double s2) {
  if (numeric_axes == 0) return {0, 0};
  std::vector<double> edge(numeric_axes, 1.0);
  size_t h = 0, decisions = 0;
  for (size_t depth = 0;; ++depth) {
    const double largest = *std::max_element(edge.begin(), edge.end());
    if (largest > s1) ++h;
    else if (largest >= s2) ++decisions;  // Algorithm 3 line 7: stop only below s2
    else return {h, decisions};
    edge[depth % numeric_axes] /= 2;
  }
}

// Numeric volume of a bin (categorical axes excluded).
inline double numeric_volume(const std::vector<SpaceAxis>& axes, const SpaceBin& bin) {
  double volume = 1;
  for (size_t a = 0; a < axes.size(); ++a) {
    if (!axes[a].categorical) volume *= bin.high[a] - bin.low[a];
  }
  return volume;
}

}  // namespace privsynth::testing
