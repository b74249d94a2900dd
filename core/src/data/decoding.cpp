#include "data/decoding.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "data/binning.hpp"

namespace privsynth {
namespace {

// A whole number of the bin uniformly, the bin's common values left out (their records have a
// level of their own), unless they are all it holds.
double draw_whole_number(const Column& column, const WholeNumberRange& range, RandomSource& random) {
  const auto count = static_cast<uint64_t>(range.last - range.first + 1);
  const auto common = static_cast<uint64_t>(common_values_in(column, range));
  if (common == 0 || common == count) return range.first + static_cast<double>(random.uniform_below(count));
  // The k-th number that is not common: step over the common values at or below it, in order.
  double value = range.first + static_cast<double>(random.uniform_below(count - common));
  const auto first = std::lower_bound(column.common_values.begin(), column.common_values.end(), range.first);
  for (auto it = first; it != column.common_values.end() && *it <= value; ++it) value += 1;
  return value;
}

double draw_in_bin(const Column& column, int code, RandomSource& random) {
  if (const double* common = common_value_of_code(column, code)) return *common;
  const int bin = code;
  if (column.integer) {
    const WholeNumberRange range = whole_numbers_in_bin(column, bin);
    if (range.first <= range.last) return draw_whole_number(column, range, random);
  }
  const double lower = bin_lower(column, bin);
  const double upper = bin_upper(column, bin);
  return std::min(upper, lower + (upper - lower) * random.uniform_unit());
}

double from_unit(const Column& column, double unit, bool round_integers) {
  const double value = std::clamp(column.min + unit * (column.max - column.min), column.min, column.max);
  return column.integer && round_integers ? std::round(value) : value;
}

// A bin's value rounded onto one of the column's common values (whose records have a level of their
// own) moves to the nearest whole number of the bin that is not common, if there is one.
double off_common_values(const Column& column, int bin, double value) {
  if (!column.integer || !is_common_value(column, value)) return value;
  const WholeNumberRange range = whole_numbers_in_bin(column, bin);
  for (double step = 1; step <= range.last - range.first; ++step) {
    if (value - step >= range.first && !is_common_value(column, value - step)) return value - step;
    if (value + step <= range.last && !is_common_value(column, value + step)) return value + step;
  }
  return value;
}

}  // namespace

std::vector<DecodedColumn> decode_table(const std::vector<Column>& columns, const EncodedTable& table,
                                        RandomSource& random, const std::vector<std::vector<double>>& unit_values,
                                        bool round_integers) {
  std::vector<DecodedColumn> decoded(columns.size());
  for (size_t c = 0; c < columns.size(); ++c) {
    const Column& column = columns[c];
    DecodedColumn& out = decoded[c];
    out.name = column.name;
    out.kind = column.kind;
    const int missing = missing_code(column);
    const std::vector<uint32_t>& codes = table.codes[c];
    if (column.kind == ColumnKind::Categorical) {
      out.categories.resize(table.rows);
      for (size_t row = 0; row < table.rows; ++row) {
        out.categories[row] = static_cast<int>(codes[row]) == missing ? -1 : static_cast<int32_t>(codes[row]);
      }
    } else {
      out.numbers.resize(table.rows);
      if (c < unit_values.size() && !unit_values[c].empty()) {
        for (size_t row = 0; row < table.rows; ++row) {
          const int code = static_cast<int>(codes[row]);
          const double* common = common_value_of_code(column, code);
          out.numbers[row] = common ? *common : from_unit(column, unit_values[c][row], round_integers);
          if (!common && code < column.bins && round_integers) {
            out.numbers[row] = off_common_values(column, code, out.numbers[row]);
          }
        }
        continue;
      }
      for (size_t row = 0; row < table.rows; ++row) {
        out.numbers[row] = static_cast<int>(codes[row]) == missing
                               ? std::numeric_limits<double>::quiet_NaN()
                               : draw_in_bin(column, static_cast<int>(codes[row]), random);
      }
    }
  }
  return decoded;
}

}  // namespace privsynth
