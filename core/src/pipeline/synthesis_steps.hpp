#pragma once
// The pipeline's privacy-critical steps as replaceable values, for the end-to-end DP audit.
#include <functional>

#include "data/encoding.hpp"
#include "mechanisms/mechanism.hpp"
#include "pipeline/holdout.hpp"
#include "pipeline/person_release.hpp"
#include "pipeline/run_setup.hpp"
#include "privacy/accountant.hpp"
#include "privacy/definition.hpp"
#include "private_models/dp_logistic_regression.hpp"
#include "privsynth/synthesis.hpp"

namespace privsynth {

// What the encoding does with a record it cannot fix: drop it under add/remove neighbours, keep it
// (the cell set to its column's first level) under replace-one, where n is public.
UnfixableCells unfixable_cells_for(Neighbours neighbours);

// The models trained directly under DP for a run's targets: their ledger and the rho each target
// gets of it. Production: one ledger at the run's (epsilon, delta) (direct_model_accountant), an
// equal share per target, so that all of them together spend the budget once (docs/privacy/dp-gd.md).
struct DirectModelBudget {
  Accountant ledger;
  double rho_each = 0;
};
Result<DirectModelBudget> shared_direct_model_budget(const RunSetup& setup, size_t targets);

// The pipeline's privacy-critical steps, as values. Production runs (synthesize) use these
// defaults; the end-to-end DP audit (tests/cpp/audit) swaps one for a deliberately broken version
// to show that it would catch it.
struct PipelineSteps {
  // Adaptive marginals' selection as calibrated (mechanism.hpp: SelectionCalibration).
  SelectionCalibration selection = {};
  // The mlTarget holdout (holdout.hpp: Poisson).
  std::function<Result<RowSplit>(size_t rows, double test_fraction, RandomSource& random)> hold_out = split_rows;
  // What the encoding does with an unfixable record, by neighbour relation.
  std::function<UnfixableCells(Neighbours)> unfixable_cells = unfixable_cells_for;
  // The directly trained models' ledger and each target's share of it (ml_report.hpp).
  std::function<Result<DirectModelBudget>(const RunSetup& setup, size_t targets)> direct_model_budget =
      shared_direct_model_budget;
  // DP gradient descent's settings for the direct models (public; the audit sets a one-step descent
  // whose weights show their rho).
  DpGradientDescentOptions dp_gradient_descent = {};
  // With a privacy unit: each person's rows bounded to k (persons/contribution_bounding.hpp).
  BoundingStep bound_rows = bound_contributions;
  // With a privacy unit and no rowsPerPerson: k chosen privately (persons/rows_per_person_choice.hpp).
  RowsChoiceStep choose_rows = choose_rows_per_person;
};

// synthesize() with the given steps: for the DP audit only.
Result<SynthesisOutput> synthesize_with_steps(const SynthesisInput& input, const PipelineSteps& steps,
                                              const ProgressSink& progress = {});

}  // namespace privsynth
