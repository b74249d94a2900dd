#pragma once
// The end-to-end pipeline behind the library's synthesize(): schema + CSV cells + options in;
// synthetic columns, a privacy receipt and a utility report out. Nothing is returned unless every
// step succeeded.
#include <string>
#include <string_view>
#include <vector>

#include "privsynth/cell_grid.hpp"
#include "privsynth/decoding.hpp"
#include "privsynth/progress.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct SynthesisInput {
  std::string_view schema_json;
  CellGridView cells;            // row 0 is the CSV header
  std::string_view options_json; // see docs/api.md: epsilon, mechanism, columns, degree, ...
};

struct SynthesisOutput {
  size_t rows = 0;
  std::vector<DecodedColumn> columns;  // the synthetic table
  std::string receipt_json;            // public: what was released and how (DESIGN §2)
  std::string report_json;             // NOT public: utility measured on the real data
};

Result<SynthesisOutput> synthesize(const SynthesisInput& input, const ProgressSink& progress = {});

}  // namespace privsynth
