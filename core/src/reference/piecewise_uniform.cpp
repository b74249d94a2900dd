#include "reference/piecewise_uniform.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {

UniformPieces::UniformPieces(std::vector<SpaceBin> given) : boxes(std::move(given)) {
  double total = 0;
  cumulative.reserve(boxes.size());
  for (const SpaceBin& box : boxes) cumulative.push_back(total += box.weight);
}

std::vector<std::vector<double>> UniformPieces::draw(size_t count, RandomSource& random) {
  const size_t axes = boxes.empty() ? 0 : boxes.front().low.size();
  std::vector<std::vector<double>> points(axes, std::vector<double>(count));
  const double total = cumulative.empty() ? 0 : cumulative.back();
  for (size_t i = 0; i < count; ++i) {
    const double target = random.uniform_unit() * total;
    const size_t chosen = std::min(
        boxes.size() - 1,
        static_cast<size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), target) - cumulative.begin()));
    const SpaceBin& box = boxes[chosen];
    for (size_t axis = 0; axis < axes; ++axis) {
      points[axis][i] = std::min(1.0, box.low[axis] + (box.high[axis] - box.low[axis]) * random.uniform_unit());
    }
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

namespace {

size_t bin_of(double u, int levels) {
  const auto last = static_cast<size_t>(levels - 1);
  return std::min(last, static_cast<size_t>(std::max(0.0, std::floor(u * levels))));
}

}  // namespace

std::vector<std::vector<double>> redraw_within_cells(const UniformPieces& pieces, const std::vector<int>& levels,
                                                     const std::vector<std::vector<double>>& points,
                                                     const std::vector<size_t>& rows, RandomSource& random) {
  std::vector<std::vector<double>> redrawn(points.size(), std::vector<double>(rows.size()));
  for (size_t i = 0; i < rows.size(); ++i) {
    const SpaceBin& box = pieces.boxes[pieces.box_of_point[rows[i]]];
    for (size_t axis = 0; axis < points.size(); ++axis) {
      const double u = points[axis][rows[i]];
      const int bins = levels[axis];
      const size_t bin = bin_of(u, bins);
      const double low = std::max(box.low[axis], double(bin) / bins);
      const double high = std::min(box.high[axis], double(bin + 1) / bins);
      const double candidate = std::min(1.0, low + (high - low) * random.uniform_unit());
      redrawn[axis][i] = high > low && bin_of(candidate, bins) == bin ? candidate : u;
    }
  }
  return redrawn;
}

}  // namespace privsynth
