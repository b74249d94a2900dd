#pragma once
// Data-independent binning (Kreačić et al., Algorithm 1): a grid of `cells_per_axis` equal cells
// along every numeric axis of the unit space (public bounds, never the data's min/max) times every
// category of the categorical axes; each cell's count gets discrete Laplace noise and the cells
// whose noisy count reaches the threshold are released with it. Empty cells are treated implicitly
// (Algorithm 5, empty_cells.hpp), so time and memory grow with the non-empty and released cells,
// not with the (cells_per_axis)^d cells of the grid.
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "data/space_points.hpp"
#include "mechanisms/space_partition/empty_cells.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct GridSettings {
  uint32_t cells_per_axis = 16;  // along each numeric axis (w = 1 / cells_per_axis in unit scale)
  ThresholdedNoise noise;        // scale = 1 / epsilon (add/remove neighbours: L1 sensitivity 1)
  uint64_t limit = 2'000'000;    // most bins to release (the threshold is too low beyond)
  bool enumerate_empty = false;  // tests: noise every empty cell explicitly (Algorithm 4)
};

struct GridRelease {
  std::vector<SpaceBin> bins;  // released cells, weight = noisy count >= threshold
  double cells = 0;            // cells of the whole grid (public)
};

// The number of cells of the grid over these axes (a double: it may exceed 2^64).
double grid_cell_count(const std::vector<SpaceAxis>& axes, uint32_t cells_per_axis);

Result<GridRelease> release_grid(const SpacePoints& points, const GridSettings& settings, RandomSource& random);

}  // namespace privsynth
