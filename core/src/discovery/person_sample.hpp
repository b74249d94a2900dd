#pragma once
// Schema discovery with a privacy unit (docs/privacy/privacy-unit.md): the discovery reads one row
// of each person, drawn uniformly, and never the unit's column. A person then contributes one row,
// so the discovery's guarantee for one row is its guarantee for one person, unchanged.
#include <string>

#include "base/random.hpp"
#include "privsynth/cell_grid.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct PersonSample {
  CellGrid cells{1};  // the header and one row per person, without the unit's column
  size_t persons = 0;
};

// Fails, naming the column, when the header has no column `unit`.
Result<PersonSample> one_row_per_person_cells(const CellGridView& grid, const std::string& unit,
                                              const std::vector<std::string>& missing, RandomSource& random);

}  // namespace privsynth
