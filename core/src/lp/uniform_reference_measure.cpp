#include "lp/uniform_reference_measure.hpp"

namespace privsynth {

EncodedTable sample_uniform_points(const std::vector<int>& levels, size_t m, RandomSource& random) {
  EncodedTable points = make_empty_table(levels, m);
  for (size_t c = 0; c < levels.size(); ++c) {
    for (size_t row = 0; row < m; ++row) {
      points.codes[c][row] = static_cast<uint32_t>(random.uniform_below(static_cast<uint64_t>(levels[c])));
    }
  }
  return points;
}

}  // namespace privsynth
