#pragma once
// Reference measures that are uniform on boxes of the unit space [0,1]^p: the uniform measure (one
// box) and the KD-tree's released leaves (Kreačić et al.). Each point drawn remembers its box, so
// that a point the LP keeps can be drawn again inside the cell of the LP's statistics that holds it:
// the redraw leaves every binned statistic's value unchanged and gives distinct output points
// (docs/privacy/reduced-space-lp.md, "Rows in the continuous space").
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "data/space_points.hpp"

namespace privsynth {

struct UniformPieces {
  std::vector<SpaceBin> boxes;         // unit scale, weight = mass (need not sum to 1), not empty
  BinSampler sampler;                  // of the boxes
  std::vector<uint32_t> box_of_point;  // every point drawn so far, in draw order across calls

  explicit UniformPieces(std::vector<SpaceBin> boxes);
  // `count` points (one vector per axis): a box in proportion to its weight, a point uniform in it.
  std::vector<std::vector<double>> draw(size_t count, RandomSource& random);
};

// The single box [0,1]^p of weight 1.
UniformPieces unit_cube_pieces(size_t axes);

// Replaces the coordinates of each chosen point (`points[axis][rows[i]]`, drawn by `pieces`) with a
// uniform draw from the intersection of its box and its bin (unit_bin, as bin_unit_points codes it)
// along every axis; a draw that would land in another bin (rounding at an edge) keeps the point.
// Returns the new coordinates, one vector per axis, one entry per row.
std::vector<std::vector<double>> redraw_within_cells(const UniformPieces& pieces, const std::vector<int>& levels,
                                                     const std::vector<std::vector<double>>& points,
                                                     const std::vector<size_t>& rows, RandomSource& random);

}  // namespace privsynth
