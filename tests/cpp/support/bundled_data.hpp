#pragma once
// The bundled datasets as the pipeline takes them (schema text + CSV cells), each read once per
// test process however many test files use it.
#include <string>

#include "privsynth/cell_grid.hpp"
#include "privsynth/progress.hpp"
#include "privsynth/synthesis.hpp"

namespace privsynth::testing {

struct BundledData {
  std::string schema;
  CellGrid cells;
};

const BundledData& adult_data();    // data/adult
const BundledData& mixture_data();  // data/mixture-of-gaussians, the 2-D mixture
const BundledData& visits_data();   // data/visits: several rows per person, a privacy unit

// synthesize() on a bundled dataset with these options (JSON).
Result<SynthesisOutput> synthesize_on(const BundledData& data, const std::string& options,
                                      const ProgressSink& progress = {});

}  // namespace privsynth::testing
