#pragma once
// Encoded tables: every column of the schema as integer codes (category index, numeric bin, or the
// missing level). This is the only form in which private records reach a mechanism.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace privsynth {

struct EncodedTable {
  std::vector<int> levels;  // number of codes of each column
  size_t rows = 0;
  std::vector<std::vector<uint32_t>> codes;  // codes[column][row], each < levels[column]

  size_t columns() const { return levels.size(); }
};

// An empty table with the given column domains.
EncodedTable make_empty_table(const std::vector<int>& levels, size_t rows);

}  // namespace privsynth
