#pragma once
// What every mechanism receives and returns (docs/architecture.md §3): a function of (encoded table, options,
// budget, randomness, progress sink) returning a synthetic encoded table plus what the receipt
// needs. Mechanisms read no clock, file or global state.
#include <optional>
#include <vector>
#include <nlohmann/json.hpp>

#include "privacy/accountant.hpp"
#include "privsynth/progress.hpp"
#include "base/random.hpp"
#include "data/table.hpp"

namespace privsynth {

struct MechanismContext {
  const EncodedTable& table;      // the private records (only the chosen columns)
  // Every release is charged here before it is made. Its definition is the registry's for this
  // mechanism (neighbours, accounting, budget); under replace-one it holds the public n, and the
  // table holds every record (no record is dropped under that relation: encoding.hpp).
  Accountant& accountant;
  RandomSource& random;
  const ProgressSink& progress;
  // Numeric columns' values scaled to [0, 1] by their public bounds (EncodedData::unit_values),
  // present only for mechanisms that asked for them.
  const std::vector<std::vector<double>>* unit_values = nullptr;
  // The column the user will predict (mlTarget), or -1: a public choice mechanisms may use to
  // measure the marginals a classifier of it needs.
  int target_column = -1;
  // Each chosen column's kind from the schema (true: numeric), never from the data.
  std::vector<bool> numeric_columns = {};
  // The caller wants the owner-only report ("evaluate"): mechanisms skip its work otherwise.
  bool owner_report = true;
};

// The released bins' centres with their noisy counts (Kreačić et al.'s weighted-centre output, for
// kernel-density uses): one row per bin, categorical columns as codes, numeric columns as the
// centre in unit scale (`unit_values[c]`, empty for categorical columns). Post-processing.
struct WeightedCentres {
  EncodedTable centres;
  std::vector<std::vector<double>> unit_values;
  std::vector<double> weights;
};

struct MechanismOutput {
  EncodedTable synthetic;         // same columns and levels as the input table
  // Optional: numeric columns of the synthetic table as values in [0, 1] (decoded exactly, not
  // drawn within their bin); empty, or one vector per column (empty for columns without).
  std::vector<std::vector<double>> synthetic_unit_values;
  std::optional<WeightedCentres> weighted_centres;  // space partitioning only
  // NOT PRIVATE: data-dependent sections added to the data owner's report (key -> section), never
  // to the receipt. Null: none.
  nlohmann::json owner_report;
  bool noise_disabled = false;    // test-only switch was used: NOT PRIVATE
  nlohmann::json description;     // name, paper, reference measure, neighbour relation
  nlohmann::json parameters;      // every public choice, for the receipt
  nlohmann::json released;        // differentially private by-products worth stating (noisy count, ...)
  // The receipt's privacy and ledger sections come from the context's accountant, never from here.
};

}  // namespace privsynth
