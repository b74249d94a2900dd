#pragma once
// The bins of a numeric column's public range [min, max], equal-width or at its explicit edges; shared by encoding and
// decoding so that decode(encode(x)) stays in x's bin and encode(decode(bin)) == bin.
#include <vector>

#include "privsynth/schema.hpp"

namespace privsynth {

// Bin of a value inside [min, max]; max itself belongs to the last bin.
int numeric_bin(const Column& column, double value);
// Code of a value inside [min, max]: its common value's level (after the bins) if it is one, else its bin.
int numeric_code(const Column& column, double value);
// The common value a code stands for, or null for a bin (or the missing level).
const double* common_value_of_code(const Column& column, int code);
// Whether `value` is one of the column's common values.
bool is_common_value(const Column& column, double value);
// A numeric column's levels after its bins in unit scale (value - min) / (max - min): its common
// values, then NaN for its missing level if nullable; empty for a categorical column.
std::vector<double> special_levels_of(const Column& column);

// Real interval [lower, upper] covered by a bin.
double bin_lower(const Column& column, int bin);
double bin_upper(const Column& column, int bin);

// Whole numbers v with numeric_bin(v) == bin, as [first, last]; only for integer columns.
struct WholeNumberRange {
  double first = 0, last = 0;
};
WholeNumberRange whole_numbers_in_bin(const Column& column, int bin);
// How many of the column's common values lie in [range.first, range.last].
size_t common_values_in(const Column& column, const WholeNumberRange& range);

}  // namespace privsynth
