#include "data/binning.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {

int numeric_bin(const Column& column, double value) {
  const double position = (value - column.min) / (column.max - column.min) * column.bins;
  const double bin = std::floor(position);
  return static_cast<int>(std::clamp(bin, 0.0, static_cast<double>(column.bins - 1)));
}

double bin_lower(const Column& column, int bin) { return column.min + (column.max - column.min) * bin / column.bins; }

double bin_upper(const Column& column, int bin) {
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

}  // namespace privsynth
