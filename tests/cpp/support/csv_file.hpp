#pragma once
// Reads a CSV file into a CellGrid for native tests and benchmarks (libcsv, RFC 4180 quoting).
#include <optional>
#include <string>

#include "privsynth/cell_grid.hpp"

namespace privsynth::testing {

// Returns nullopt if the file cannot be read or rows have differing lengths.
std::optional<CellGrid> read_csv_file(const std::string& path);
// Whole file as text.
std::optional<std::string> read_text_file(const std::string& path);
// Path of a file under the repository's data/ folder.
std::string data_path(const std::string& relative);

}  // namespace privsynth::testing
