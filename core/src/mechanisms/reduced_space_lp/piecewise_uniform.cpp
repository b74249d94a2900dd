#include "mechanisms/reduced_space_lp/piecewise_uniform.hpp"

#include <algorithm>
#include <cmath>

#include "data/unit_codes.hpp"

namespace privsynth {

UniformPieces::UniformPieces(std::vector<SpaceBin> given) : boxes(std::move(given)), sampler(boxes) {}

std::vector<std::vector<double>> UniformPieces::draw(size_t count, RandomSource& random) {
  const size_t axes = boxes.front().low.size();
  std::vector<std::vector<double>> points(axes, std::vector<double>(count));
  for (size_t i = 0; i < count; ++i) {
    const size_t chosen = sampler.draw(random);
    for (size_t axis = 0; axis < axes; ++axis) points[axis][i] = BinSampler::uniform_in(boxes[chosen], axis, random);
    box_of_point.push_back(static_cast<uint32_t>(chosen));
  }
  return points;
}

UniformPieces unit_cube_pieces(size_t axes) {
  SpaceBin cube;
  cube.low.assign(axes, 0.0);
  cube.high.assign(axes, 1.0);
  cube.weight = 1;
  return UniformPieces({cube});
}

std::vector<std::vector<double>> redraw_within_cells(const UniformPieces& pieces, const std::vector<int>& levels,
                                                     const std::vector<std::vector<double>>& points,
                                                     const std::vector<size_t>& rows, RandomSource& random) {
  std::vector<std::vector<double>> redrawn(points.size(), std::vector<double>(rows.size()));
  for (size_t i = 0; i < rows.size(); ++i) {
    const SpaceBin& box = pieces.boxes[pieces.box_of_point[rows[i]]];
    for (size_t axis = 0; axis < points.size(); ++axis) {
      const double u = points[axis][rows[i]];
      const int bins = levels[axis];
      const size_t bin = unit_bin(u, bins);
      const double low = std::max(box.low[axis], double(bin) / bins);
      const double high = std::min(box.high[axis], double(bin + 1) / bins);
      const double candidate = std::min(1.0, low + (high - low) * random.uniform_unit());
      redrawn[axis][i] = high > low && unit_bin(candidate, bins) == bin ? candidate : u;
    }
  }
  return redrawn;
}

}  // namespace privsynth
