#include "data/binning.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace privsynth {

int numeric_bin(const Column& column, double value) {
  if (!column.bin_edges.empty()) {
    const auto after = std::upper_bound(column.bin_edges.begin(), column.bin_edges.end(), value);
    const long bin = static_cast<long>(after - column.bin_edges.begin()) - 1;
    return static_cast<int>(std::clamp<long>(bin, 0, column.bins - 1));
  }
  const double position = (value - column.min) / (column.max - column.min) * column.bins;
  const double bin = std::floor(position);
  return static_cast<int>(std::clamp(bin, 0.0, static_cast<double>(column.bins - 1)));
}

int numeric_code(const Column& column, double value) {
  const auto found = std::lower_bound(column.common_values.begin(), column.common_values.end(), value);
  if (found != column.common_values.end() && *found == value) {
    return column.bins + static_cast<int>(found - column.common_values.begin());
  }
  return numeric_bin(column, value);
}

const double* common_value_of_code(const Column& column, int code) {
  const int index = code - column.bins;
  return index >= 0 && index < static_cast<int>(column.common_values.size()) ? &column.common_values[size_t(index)]
                                                                             : nullptr;
}

bool is_common_value(const Column& column, double value) {
  return std::binary_search(column.common_values.begin(), column.common_values.end(), value);
}

std::vector<double> special_levels_of(const Column& column) {
  std::vector<double> units;
  if (column.kind != ColumnKind::Numeric) return units;
  for (double value : column.common_values) units.push_back((value - column.min) / (column.max - column.min));
  if (column.nullable) units.push_back(std::numeric_limits<double>::quiet_NaN());
  return units;
}

double bin_lower(const Column& column, int bin) {
  if (!column.bin_edges.empty()) return column.bin_edges[size_t(bin)];
  return column.min + (column.max - column.min) * bin / column.bins;
}

double bin_upper(const Column& column, int bin) {
  if (!column.bin_edges.empty()) return column.bin_edges[size_t(bin) + 1];
  return bin + 1 == column.bins ? column.max : column.min + (column.max - column.min) * (bin + 1) / column.bins;
}

WholeNumberRange whole_numbers_in_bin(const Column& column, int bin) {
  // Start from the real interval and correct for rounding at the edges with the encoder's own rule.
  double first = std::max(column.min, std::ceil(bin_lower(column, bin)));
  while (first > column.min && numeric_bin(column, first - 1) >= bin) first -= 1;
  while (first < column.max && numeric_bin(column, first) < bin) first += 1;
  double last = std::min(column.max, std::floor(bin_upper(column, bin)));
  while (last < column.max && numeric_bin(column, last + 1) <= bin) last += 1;
  while (last > column.min && numeric_bin(column, last) > bin) last -= 1;
  return {first, last};
}

size_t common_values_in(const Column& column, const WholeNumberRange& range) {
  const auto first = std::lower_bound(column.common_values.begin(), column.common_values.end(), range.first);
  return static_cast<size_t>(std::upper_bound(first, column.common_values.end(), range.last) - first);
}

}  // namespace privsynth
