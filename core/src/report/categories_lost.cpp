#include "report/categories_lost.hpp"

namespace privsynth {

CategoriesLost categories_lost(const std::vector<uint32_t>& real, const std::vector<uint32_t>& synthetic, int levels) {
  std::vector<size_t> real_counts(static_cast<size_t>(levels)), synthetic_counts(static_cast<size_t>(levels));
  for (uint32_t code : real) ++real_counts[code];
  for (uint32_t code : synthetic) ++synthetic_counts[code];
  CategoriesLost lost;
  lost.real_rows = real.size();
  for (size_t level = 0; level < real_counts.size(); ++level) {
    if (real_counts[level] > 0) ++lost.real_levels;
    if (real_counts[level] == 0 || synthetic_counts[level] > 0) continue;
    lost.lost_rows += real_counts[level];
    lost.lost_levels.push_back(static_cast<int>(level));
    lost.lost_level_rows.push_back(real_counts[level]);
  }
  return lost;
}

}  // namespace privsynth
