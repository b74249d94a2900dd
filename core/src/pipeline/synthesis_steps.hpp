#pragma once
// The pipeline's privacy-critical steps as replaceable values, for the end-to-end DP audit.
#include <functional>

#include "data/encoding.hpp"
#include "pipeline/holdout.hpp"
#include "privacy/definition.hpp"
#include "privsynth/synthesis.hpp"

namespace privsynth {

// What the encoding does with a record it cannot fix: drop it under add/remove neighbours, keep it
// (the cell set to its column's first level) under replace-one, where n is public.
UnfixableCells unfixable_cells_for(Neighbours neighbours);

// The pipeline's privacy-critical steps, as values. Production runs (synthesize) use these
// defaults; the end-to-end DP audit (tests/cpp/audit) swaps one for a deliberately broken version
// to show that it would catch it.
struct PipelineSteps {
  // The mlTarget holdout (holdout.hpp: Poisson).
  std::function<Result<RowSplit>(size_t rows, double test_fraction, RandomSource& random)> hold_out = split_rows;
  // What the encoding does with an unfixable record, by neighbour relation.
  std::function<UnfixableCells(Neighbours)> unfixable_cells = unfixable_cells_for;
};

// synthesize() with the given steps: for the DP audit only.
Result<SynthesisOutput> synthesize_with_steps(const SynthesisInput& input, const PipelineSteps& steps,
                                              const ProgressSink& progress = {});

}  // namespace privsynth
