#include "discovery/person_sample.hpp"

#include <algorithm>
#include <unordered_map>

#include "data/encoding.hpp"
#include "persons/contribution_bounding.hpp"

namespace privsynth {

Result<PersonSample> one_row_per_person_cells(const CellGridView& grid, const std::string& unit,
                                              const std::vector<std::string>& missing, RandomSource& random) {
  if (grid.rows == 0) return Status::error(ErrorCode::EmptyData, "the CSV has no header row");
  size_t unit_column = grid.columns;
  for (size_t c = 0; c < grid.columns; ++c) {
    if (cell_token(grid.cell(0, c)) == unit) unit_column = c;
  }
  if (unit_column == grid.columns) {
    return Status::error(ErrorCode::InvalidArgument, "schema discovery: the CSV has no column \"" + unit +
                                                         "\", named as the privacyUnit (the column that identifies a "
                                                         "person)");
  }
  // Each row's person, by its identifier; -1 for a row without one (never read).
  std::unordered_map<std::string, int64_t> numbers;
  std::vector<int64_t> person(grid.rows - 1, -1);
  for (size_t row = 1; row < grid.rows; ++row) {
    const std::string_view id = cell_token(grid.cell(row, unit_column));
    if (id.empty() || std::find(missing.begin(), missing.end(), id) != missing.end()) continue;
    person[row - 1] = numbers.emplace(std::string(id), int64_t(numbers.size())).first->second;
  }
  PersonSample sample;
  sample.persons = numbers.size();
  sample.cells = CellGrid(grid.columns - 1);
  const auto add_row = [&](size_t row) {
    for (size_t c = 0; c < grid.columns; ++c) {
      if (c != unit_column) sample.cells.add_cell(grid.cell(row, c));
    }
  };
  add_row(0);
  for (size_t row : one_row_per_person(person, numbers.size(), random)) add_row(row + 1);
  return sample;
}

}  // namespace privsynth
