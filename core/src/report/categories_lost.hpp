#pragma once
// Categories the synthetic table never produced, and the share of real rows they stand for: a
// category lost this way is invisible in an average distance when it is rare, and is a whole
// subgroup gone. Computed on real data: for the owner's eyes only, never part of a release.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace privsynth {

struct CategoriesLost {
  size_t real_rows = 0;
  size_t lost_rows = 0;                 // real rows whose level no synthetic row has
  size_t real_levels = 0;               // levels with real rows
  std::vector<int> lost_levels;         // levels with real rows and no synthetic row, ascending
  std::vector<size_t> lost_level_rows;  // the real rows of each lost level
  double lost_share() const { return real_rows ? static_cast<double>(lost_rows) / static_cast<double>(real_rows) : 0; }
};

// Of one column's codes (each < `levels`) in the real and the synthetic table.
CategoriesLost categories_lost(const std::vector<uint32_t>& real, const std::vector<uint32_t>& synthetic, int levels);

}  // namespace privsynth
