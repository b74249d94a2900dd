#include "data/table.hpp"

namespace privsynth {

EncodedTable make_empty_table(const std::vector<int>& levels, size_t rows) {
  EncodedTable table;
  table.levels = levels;
  table.rows = rows;
  table.codes.assign(levels.size(), std::vector<uint32_t>(rows, 0));
  return table;
}

}  // namespace privsynth
