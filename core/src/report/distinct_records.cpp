#include "report/distinct_records.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>

namespace privsynth {

size_t distinct_records(const EncodedTable& synthetic, const std::vector<std::vector<double>>& unit_values) {
  const size_t rows = synthetic.rows;
  std::vector<size_t> order(rows);
  std::iota(order.begin(), order.end(), size_t{0});
  const auto key = [&](size_t row, size_t column) -> uint64_t {
    if (column < unit_values.size() && unit_values[column].size() == rows) {
      uint64_t bits = 0;
      std::memcpy(&bits, &unit_values[column][row], sizeof bits);
      return bits;
    }
    return synthetic.codes[column][row];
  };
  const size_t columns = synthetic.columns();
  const auto compare = [&](size_t a, size_t b, bool less) {
    for (size_t c = 0; c < columns; ++c) {
      const uint64_t x = key(a, c), y = key(b, c);
      if (x != y) return less ? x < y : true;
    }
    return false;
  };
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return compare(a, b, true); });
  size_t distinct = rows > 0 ? 1 : 0;
  for (size_t i = 1; i < rows; ++i) distinct += compare(order[i - 1], order[i], false);
  return distinct;
}

}  // namespace privsynth
