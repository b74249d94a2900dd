#pragma once
// The axes of the space a table's records are points of (space_points.hpp): one per chosen
// column, and for a numeric column with special levels (its public common values, its missing
// level) two: a categorical axis of those levels before its numeric axis, 0 for "a value in the
// bins" and then one code per special level; a record on a special level sits at 0 on the numeric
// axis. Kreačić et al. treat a category as its own bin along its axis (§5); a special level is such
// a category, so a missing value, or all records of a common value, are a bin of their own and never
// mixed with the values near them (for a column with missing values only, this is its presence
// axis). Every record maps to one point on its own (neighbours stay neighbours); the layout comes
// from the schema alone.
#include <vector>

#include "data/space_points.hpp"
#include "data/table.hpp"

namespace privsynth {

struct SpaceLayout {
  std::vector<int> levels;        // per axis: a categorical axis's levels, 0 for a numeric axis
  std::vector<int> table_levels;  // per axis: the levels its values are binned into for codes
  std::vector<int> value_axis;    // per column: its axis
  std::vector<int> special_axis;  // per column: its special levels' axis, or -1
  // per column: the unit value of each special level (a common value's; NaN: missing)
  std::vector<std::vector<double>> special_units;
  bool identity() const { return levels.size() == value_axis.size(); }
};

// `column_levels`: each column's encoded levels (bins, then its special levels); `special_units`:
// per numeric column, its special levels' unit values (MechanismContext::special_levels).
SpaceLayout space_layout(const std::vector<int>& column_levels, const std::vector<bool>& numeric,
                         const std::vector<std::vector<double>>& special_units);

// The records on the layout's axes: codes for the categorical axes (special axes included), unit
// values for the numeric ones (a record on a special level at 0).
struct SpaceData {
  EncodedTable table;
  std::vector<std::vector<double>> unit;
};
SpaceData space_data(const SpaceLayout& layout, const EncodedTable& table,
                     const std::vector<std::vector<double>>& unit);

// Points drawn on the layout's axes (codes per axis, unit values per numeric axis) back as the
// columns' codes and unit values: a point on a special level is that level (its code after the
// bins, its unit value: the common value's, or NaN for missing).
void collapse_to_columns(const SpaceLayout& layout, const std::vector<int>& column_levels, EncodedTable& codes,
                         std::vector<std::vector<double>>& unit);

// The continuous space [0,1]^a (reduced-space LP, its Bernstein and KD-tree reference measures):
// the layout of numeric columns, every axis in unit scale. A special axis of L levels is a
// coordinate cut into L bins of width 1/L, level j being [j/L, (j+1)/L) (for a presence axis:
// [0, 1/2) a value, [1/2, 1] missing); a record sits at its level's centre (j + 1/2)/L.
SpaceLayout unit_space_layout(const std::vector<int>& column_levels,
                              const std::vector<std::vector<double>>& special_units);
// The records on those axes: `unit` (NaN: missing) per column, special levels as above.
std::vector<std::vector<double>> unit_space_points(const SpaceLayout& layout, const EncodedTable& table,
                                                   const std::vector<std::vector<double>>& unit);
// `count` points on those axes back as the columns' codes (binned by the schema; a special level:
// its code) and unit values (a common value's, NaN: missing).
struct ColumnPoints {
  EncodedTable codes;
  std::vector<std::vector<double>> unit;
};
ColumnPoints unit_space_columns(const SpaceLayout& layout, const std::vector<int>& column_levels,
                                std::vector<std::vector<double>> points, size_t count);

}  // namespace privsynth
