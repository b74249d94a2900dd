#pragma once
// Whole text files (schemas, JSON) for tests and benchmarks. No CSV parser here, so that the tests
// built for WebAssembly, which have no libcsv, can read the bundled schemas too.
#include <optional>
#include <string>

namespace privsynth::testing {

// Whole file as text; nullopt if it cannot be read.
std::optional<std::string> read_text_file(const std::string& path);
// Path of a file under the repository's data/ folder.
std::string data_path(const std::string& relative);

}  // namespace privsynth::testing
