#include "mechanisms/space_partition/space_layout.hpp"

#include <cmath>
#include <limits>

#include "data/unit_codes.hpp"

namespace privsynth {

SpaceLayout space_layout(const std::vector<int>& column_levels, const std::vector<bool>& numeric,
                         const std::vector<bool>& nullable) {
  SpaceLayout layout;
  for (size_t c = 0; c < column_levels.size(); ++c) {
    const bool is_numeric = c < numeric.size() && numeric[c];
    const bool has_presence = is_numeric && c < nullable.size() && nullable[c];
    layout.presence_axis.push_back(-1);
    if (has_presence) {
      layout.presence_axis.back() = static_cast<int>(layout.levels.size());
      layout.levels.push_back(2);
      layout.table_levels.push_back(2);
    }
    layout.value_axis.push_back(static_cast<int>(layout.levels.size()));
    layout.levels.push_back(is_numeric ? 0 : column_levels[c]);
    layout.table_levels.push_back(has_presence ? column_levels[c] - 1 : column_levels[c]);
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
    if (layout.presence_axis[c] < 0) continue;
    std::vector<uint32_t>& presence = data.table.codes[static_cast<size_t>(layout.presence_axis[c])];
    presence.resize(table.rows);
    for (size_t row = 0; row < table.rows; ++row) {
      presence[row] = std::isnan(values[row]) ? 1 : 0;
      if (presence[row]) values[row] = 0;
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
    if (layout.presence_axis[c] < 0) continue;
    const std::vector<uint32_t>& presence = codes.codes[static_cast<size_t>(layout.presence_axis[c])];
    for (size_t row = 0; row < codes.rows; ++row) {
      if (presence[row] == 0) continue;
      columns.codes[c][row] = static_cast<uint32_t>(column_levels[c] - 1);
      column_unit[c][row] = std::numeric_limits<double>::quiet_NaN();
    }
  }
  codes = std::move(columns);
  unit = std::move(column_unit);
}

SpaceLayout unit_space_layout(const std::vector<int>& column_levels, const std::vector<bool>& nullable) {
  return space_layout(column_levels, std::vector<bool>(column_levels.size(), true), nullable);
}

std::vector<std::vector<double>> unit_space_points(const SpaceLayout& layout, const EncodedTable& table,
                                                   const std::vector<std::vector<double>>& unit) {
  SpaceData data = space_data(layout, table, unit);
  for (size_t axis = 0; axis < layout.levels.size(); ++axis) {
    if (layout.levels[axis] == 0) continue;  // a presence axis: its codes as coordinates
    std::vector<double>& coordinates = data.unit[axis];
    coordinates.resize(table.rows);
    for (size_t row = 0; row < table.rows; ++row) {
      coordinates[row] = data.table.codes[axis][row] ? kMissingCoordinate : kPresentCoordinate;
    }
  }
  return std::move(data.unit);
}

ColumnPoints unit_space_columns(const SpaceLayout& layout, const std::vector<int>& column_levels,
                                std::vector<std::vector<double>> points, size_t count) {
  ColumnPoints columns;
  columns.codes = bin_unit_points(layout.table_levels, points, count);  // a presence axis: 2 bins
  columns.unit = std::move(points);
  collapse_to_columns(layout, column_levels, columns.codes, columns.unit);
  return columns;
}

}  // namespace privsynth
