#pragma once
// The axes of the space a table's records are points of (space_points.hpp): one per chosen
// column, and for a nullable numeric column two, a categorical presence axis (0: a value, 1:
// missing) before its numeric axis, on which a missing value sits at 0. Kreačić et al. treat a
// category as its own bin along its axis (§5); presence is such a category, so a missing value is
// a bin of its own and never mixed with the values near 0. Every record maps to one point on its
// own (neighbours stay neighbours); the layout comes from the schema alone.
#include <vector>

#include "data/table.hpp"
#include "mechanisms/space_partition/space_points.hpp"

namespace privsynth {

struct SpaceLayout {
  std::vector<int> levels;         // per axis: a categorical axis's levels, 0 for a numeric axis
  std::vector<int> table_levels;   // per axis: the levels its values are binned into for codes
  std::vector<int> value_axis;     // per column: its axis
  std::vector<int> presence_axis;  // per column: its presence axis, or -1
  bool identity() const { return levels.size() == value_axis.size(); }
};

// `column_levels`: each column's encoded levels (a nullable one's last is missing).
SpaceLayout space_layout(const std::vector<int>& column_levels, const std::vector<bool>& numeric,
                         const std::vector<bool>& nullable);

// The records on the layout's axes: codes for the categorical axes (presence included), unit
// values for the numeric ones (a missing value at 0).
struct SpaceData {
  EncodedTable table;
  std::vector<std::vector<double>> unit;
};
SpaceData space_data(const SpaceLayout& layout, const EncodedTable& table,
                     const std::vector<std::vector<double>>& unit);

// Points drawn on the layout's axes (codes per axis, unit values per numeric axis) back as the
// columns' codes and unit values: a point on a presence axis's "missing" level is a missing value
// (its column's last level, unit value NaN).
void collapse_to_columns(const SpaceLayout& layout, const std::vector<int>& column_levels, EncodedTable& codes,
                         std::vector<std::vector<double>>& unit);

// The continuous space [0,1]^a (reduced-space LP, its Bernstein and KD-tree reference measures):
// the layout of numeric columns, every axis in unit scale. A presence axis is a coordinate whose
// lower half [0, 1/2) is "a value" and upper half [1/2, 1] "missing" (its two categories as bins of
// width 1/2); a record sits at its category's centre, 1/4 or 3/4.
SpaceLayout unit_space_layout(const std::vector<int>& column_levels, const std::vector<bool>& nullable);
inline constexpr double kPresentCoordinate = 0.25, kMissingCoordinate = 0.75;
// The records on those axes: `unit` (NaN: missing) per column, presence as above, a missing value at 0.
std::vector<std::vector<double>> unit_space_points(const SpaceLayout& layout, const EncodedTable& table,
                                                   const std::vector<std::vector<double>>& unit);
// `count` points on those axes back as the columns' codes (binned by the schema; missing: the last
// level) and unit values (NaN: missing).
struct ColumnPoints {
  EncodedTable codes;
  std::vector<std::vector<double>> unit;
};
ColumnPoints unit_space_columns(const SpaceLayout& layout, const std::vector<int>& column_levels,
                                std::vector<std::vector<double>> points, size_t count);

}  // namespace privsynth
