#include "data/space_layout.hpp"

#include <cmath>

#include "data/unit_codes.hpp"

namespace privsynth {

SpaceLayout space_layout(const std::vector<int>& column_levels, const std::vector<bool>& numeric,
                         const std::vector<std::vector<double>>& special_units) {
  SpaceLayout layout;
  for (size_t c = 0; c < column_levels.size(); ++c) {
    const bool is_numeric = c < numeric.size() && numeric[c];
    const std::vector<double> specials =
        is_numeric && c < special_units.size() ? special_units[c] : std::vector<double>();
    const int special = static_cast<int>(specials.size());
    layout.special_units.push_back(specials);
    layout.special_axis.push_back(-1);
    if (special > 0) {
      layout.special_axis.back() = static_cast<int>(layout.levels.size());
      layout.levels.push_back(special + 1);
      layout.table_levels.push_back(special + 1);
    }
    layout.value_axis.push_back(static_cast<int>(layout.levels.size()));
    layout.levels.push_back(is_numeric ? 0 : column_levels[c]);
    layout.table_levels.push_back(column_levels[c] - special);
  }
  return layout;
}

SpaceData space_data(const SpaceLayout& layout, const EncodedTable& table,
                     const std::vector<std::vector<double>>& unit) {
  SpaceData data;
  data.table.rows = table.rows;
  data.table.levels = layout.table_levels;
  data.table.codes.resize(layout.levels.size());
  data.unit.resize(layout.levels.size());
  for (size_t c = 0; c < layout.value_axis.size(); ++c) {
    const auto axis = static_cast<size_t>(layout.value_axis[c]);
    if (layout.levels[axis] > 0) {
      data.table.codes[axis] = table.codes[c];
      continue;
    }
    std::vector<double>& values = data.unit[axis];
    values = unit[c];
    data.table.codes[axis].assign(table.rows, 0);  // numeric axes are read as unit values
    if (layout.special_axis[c] < 0) continue;
    const auto bins = static_cast<uint32_t>(layout.table_levels[axis]);
    std::vector<uint32_t>& special = data.table.codes[static_cast<size_t>(layout.special_axis[c])];
    special.resize(table.rows);
    for (size_t row = 0; row < table.rows; ++row) {
      const uint32_t code = table.codes[c][row];
      special[row] = code < bins ? 0 : code - bins + 1;
      if (special[row]) values[row] = 0;
    }
  }
  return data;
}

void collapse_to_columns(const SpaceLayout& layout, const std::vector<int>& column_levels, EncodedTable& codes,
                         std::vector<std::vector<double>>& unit) {
  EncodedTable columns;
  columns.rows = codes.rows;
  columns.levels = column_levels;
  std::vector<std::vector<double>> column_unit(layout.value_axis.size());
  for (size_t c = 0; c < layout.value_axis.size(); ++c) {
    const auto axis = static_cast<size_t>(layout.value_axis[c]);
    columns.codes.push_back(std::move(codes.codes[axis]));
    if (layout.levels[axis] > 0) continue;
    column_unit[c] = std::move(unit[axis]);
    if (layout.special_axis[c] < 0) continue;
    const auto bins = static_cast<uint32_t>(layout.table_levels[axis]);
    const std::vector<uint32_t>& special = codes.codes[static_cast<size_t>(layout.special_axis[c])];
    for (size_t row = 0; row < codes.rows; ++row) {
      if (special[row] == 0) continue;
      columns.codes[c][row] = bins + special[row] - 1;
      column_unit[c][row] = layout.special_units[c][special[row] - 1];
    }
  }
  codes = std::move(columns);
  unit = std::move(column_unit);
}

SpaceLayout unit_space_layout(const std::vector<int>& column_levels,
                              const std::vector<std::vector<double>>& special_units) {
  return space_layout(column_levels, std::vector<bool>(column_levels.size(), true), special_units);
}

std::vector<std::vector<double>> unit_space_points(const SpaceLayout& layout, const EncodedTable& table,
                                                   const std::vector<std::vector<double>>& unit) {
  SpaceData data = space_data(layout, table, unit);
  for (size_t axis = 0; axis < layout.levels.size(); ++axis) {
    const int levels = layout.levels[axis];
    if (levels == 0) continue;  // a special axis: its levels' centres as coordinates
    std::vector<double>& coordinates = data.unit[axis];
    coordinates.resize(table.rows);
    for (size_t row = 0; row < table.rows; ++row) {
      coordinates[row] = (data.table.codes[axis][row] + 0.5) / levels;
    }
  }
  return std::move(data.unit);
}

ColumnPoints unit_space_columns(const SpaceLayout& layout, const std::vector<int>& column_levels,
                                std::vector<std::vector<double>> points, size_t count) {
  ColumnPoints columns;
  columns.codes = bin_unit_points(layout.table_levels, points, count);  // a special axis: a bin per level
  columns.unit = std::move(points);
  collapse_to_columns(layout, column_levels, columns.codes, columns.unit);
  return columns;
}

}  // namespace privsynth
