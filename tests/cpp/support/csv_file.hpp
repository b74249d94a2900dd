#pragma once
// Reads a CSV file into a CellGrid for native tests and benchmarks (libcsv, RFC 4180 quoting).
#include <optional>
#include <string>

#include "privsynth/cell_grid.hpp"
#include "text_file.hpp"

namespace privsynth::testing {

// Returns nullopt if the file cannot be read or rows have differing lengths.
std::optional<CellGrid> read_csv_file(const std::string& path);

}  // namespace privsynth::testing
