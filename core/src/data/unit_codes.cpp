#include "data/unit_codes.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {

size_t unit_bin(double u, int levels) {
  const double bins = levels;
  return static_cast<size_t>(std::clamp(std::floor(u * bins), 0.0, bins - 1));
}

EncodedTable bin_unit_points(const std::vector<int>& levels, const std::vector<std::vector<double>>& points,
                             size_t count) {
  EncodedTable codes = make_empty_table(levels, count);
  for (size_t c = 0; c < levels.size(); ++c) {
    for (size_t row = 0; row < count; ++row)
      codes.codes[c][row] = static_cast<uint32_t>(unit_bin(points[c][row], levels[c]));
  }
  return codes;
}

}  // namespace privsynth
