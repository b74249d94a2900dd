#pragma once
// Memory and runtime models of a synthesis run, from its shape only (sizes known before the run).
// The runtime model is calibrated on measurements of the native build (bench/pipeline/bench_native.cpp) on
// one machine; its constants and the measurements behind them are in run_cost_model.cpp and
// docs/forecast.md. Estimates, not promises: the LP's time in particular varies several-fold with
// the data.
#include <cstddef>
#include <optional>
#include <string>

#include "mechanisms/mechanism_forecast.hpp"

namespace privsynth {

struct RunShape {
  size_t rows = 0;                               // n, records read
  size_t mechanism_rows = 0;                     // records the mechanism sees (n minus an mlTarget hold-out)
  size_t columns = 0;                            // p
  size_t synthetic_rows = 0;                     // k
  size_t counted_marginals = 0;                  // marginals counted over the records (measured, scored or for mu)
  size_t measured_cells = 0;                     // noisy values held
  size_t fit_marginals = 0, fit_statistics = 0;  // what the fit matches (FitForecast)
  std::optional<LpFitCost> lp;                   // an LP fit; none: rows drawn from released tables, bins or samples
  std::optional<ModelFitCost> model;             // a graphical model refitted round by round
  bool evaluate = true;                          // the utility report (marginal distances on the real data)
  bool ml = false;                               // the mlTarget report (logistic regressions)
  // Over every target (mlTarget, mlExtraTargets): its models (1, or one per class) x the levels of
  // the other columns, each model fitted twice (on the synthetic and the real rows).
  size_t ml_model_features = 0;
  // The directly trained DP models: over every model, its gradient steps x (p - 1 active levels
  // and the intercept), each step a pass over the records the mechanism saw.
  double direct_dp_step_features = 0;
};

struct MemoryEstimate {
  double table = 0;      // the records: the input grid (~12 bytes a cell) and their codes (4 bytes)
  double output = 0;     // synthetic rows: k p (4 encoded + 8 decoded) bytes
  double marginals = 0;  // counts and noisy values: 16 bytes per cell
  double fit = 0;        // LP: reduced space, statistic operator, GLPK's rows; tree: its tables and rows
  double total = 0;
};

struct RuntimeEstimate {
  double native = 0;         // seconds, the native build on the calibration machine
  double low = 0, high = 0;  // the range the calibration data suggest for the native build
  double wasm = 0;           // native times the wasm factor
  double wasm_factor = 0;
  std::string basis;  // the calibration, in words
};

MemoryEstimate estimate_memory(const RunShape& shape);
RuntimeEstimate estimate_runtime(const RunShape& shape);

}  // namespace privsynth
