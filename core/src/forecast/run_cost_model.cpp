#include "forecast/run_cost_model.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "base/number_text.hpp"

namespace privsynth {
namespace {

// ---- Runtime calibration ----
// Per phase, seconds of the native Release build on one core, from a model whose coefficients were
// fitted to measured runs (bench/pipeline/bench_native.cpp, phase times from progress events); the
// runs, the model's table and how far each run fell from it are in docs/forecast.md,
// "Calibration". n records, p columns, k synthetic records, S the LP's cell statistics, C the
// marginals counted (pairs scored for a selection included), L one-hot features of the mlTarget
// models, and S' gradient steps x features of the directly trained ones:
//   encode    a + b n p;  measure  b n p + c n C;  lp  a S^e (max-error or sum-error);
//   sample    a + b k p;  evaluate a (n + k) (p + p(p-1)/2 + min(50, 3-way marginals)) + b (n + k) L + c n S'.
// The LP's time depends on the data (how far the reduced space grows, how many statistics turn
// active) far more than on any public size, hence its wide range.
constexpr double kEncodeFixed = 0.02, kEncodePerCell = 6e-8;
constexpr double kMeasurePerCell = 3.5e-8, kMeasurePerRecordMarginal = 1e-10;
constexpr double kLpMaxErrorFactor = 0.0154, kLpMaxErrorExponent = 0.45;
constexpr double kLpSumErrorFactor = 2.8e-4, kLpSumErrorExponent = 1.38;
constexpr double kLpLowFactor = 1.0 / 3, kLpHighFactor = 3;
// The LP's second stage: sweeps x points x (marginals + moments) x a constant.
constexpr double kSecondStagePerPointStatisticSweep = 1.5e-9;
constexpr double kTreeSampleFixed = 0.025, kTreeSamplePerCell = 4.5e-8;
constexpr double kLpSampleFixed = 0.005, kLpSamplePerCell = 3e-8;
constexpr double kEvaluatePerRowMarginal = 4.7e-9, kMlPerRowFeature = 1.65e-8, kDpGdPerRowStepFeature = 1.8e-9;
constexpr double kOtherLowFactor = 0.5, kOtherHighFactor = 2;
// wasm under Node / native, per kind of fit.
constexpr double kWasmFactorTree = 4.7, kWasmFactorLp = 1.5;
// A graphical model refitted round by round (adaptive marginals). Per round, seconds =
//   a x steps x (cells / 2)  (the model grows with the budget spent)  + b x scored x rows,
// plus a x final steps x cells for the last fit. The tree fits' one model fit (no rounds) is the
// last term alone: 1,000 steps over the measured tables' cells.
constexpr double kModelPerCellStep = 5.75e-9, kModelPerScoredCount = 2.5e-9, kWasmFactorModel = 1.8;

// ---- Memory ----
constexpr double kInputBytesPerCell = 12;    // the CSV cell grid: a 4-byte offset and ~8 bytes of text
constexpr double kGlpkBytesPerEntry = 40;    // GLPK's sparse matrix entry with its row and column links
constexpr double kGlpkActivePoints = 10000;  // row generation keeps at most this order of points active

}  // namespace

MemoryEstimate estimate_memory(const RunShape& shape) {
  MemoryEstimate memory;
  const double n = double(shape.rows), p = double(shape.columns), k = double(shape.synthetic_rows);
  memory.table = n * p * (4 + kInputBytesPerCell) + (shape.ml ? n * p * 4 : 0);  // codes, the input grid, a split copy
  memory.output = k * p * (4 + 8);                                               // encoded and decoded synthetic rows
  memory.marginals = double(shape.measured_cells) * 16;                          // true counts and noisy values
  if (const std::optional<LpFitCost>& lp = shape.lp) {
    const double m = double(lp->points), marginals = double(shape.fit_marginals);
    // The points' codes, one uint32 cell index per (marginal, point) in the statistic
    // operator and again in the LP's point lists, the moment functions' values, per statistic its
    // target, residual and bookkeeping (~40 bytes), and GLPK's matrix of the active points.
    memory.fit = m * p * 4 + marginals * m * 8 + double(lp->dense_statistics) * m * 8 +
                 double(shape.fit_statistics + lp->dense_statistics) * 40;
    const double active = lp->method == FitMethod::Simplex ? m : std::min(m, kGlpkActivePoints);
    if (lp->method != FitMethod::MirrorProx) memory.fit += (marginals + 1) * active * kGlpkBytesPerEntry;
  } else if (const std::optional<ModelFitCost>& model = shape.model) {
    // Potentials, clique potentials, beliefs and their cell maps (~36 bytes a cell, and a copy
    // while the next model is built), the records drawn to score, the rows.
    memory.fit = model->model_cells * 72 + model->scoring_rows * p * 4 + k * p * 4;
  } else {
    memory.fit = double(shape.fit_statistics) * 3 * 8 + k * p * 4;  // tables, estimates, rounded rows
  }
  memory.total = memory.table + memory.output + memory.marginals + memory.fit;
  return memory;
}

RuntimeEstimate estimate_runtime(const RunShape& shape) {
  RuntimeEstimate runtime;
  const double n = double(shape.rows), seen = double(shape.mechanism_rows), p = double(shape.columns),
               k = double(shape.synthetic_rows);
  double other = kEncodeFixed + kEncodePerCell * n * p;
  other += kMeasurePerCell * seen * p + kMeasurePerRecordMarginal * seen * double(shape.counted_marginals);
  double lp = 0;
  if (const std::optional<ModelFitCost>& model = shape.model) {
    other += model->rounds * (kModelPerCellStep * model->round_iterations * model->model_cells / 2 +
                              kModelPerScoredCount * model->scored * model->scoring_rows) +
             kModelPerCellStep * model->final_iterations * model->model_cells;
  }
  if (shape.lp) {
    const double statistics = double(std::max<size_t>(1, shape.fit_statistics + shape.lp->dense_statistics));
    lp = shape.lp->objective == FitObjective::SumError ? kLpSumErrorFactor * std::pow(statistics, kLpSumErrorExponent)
                                                       : kLpMaxErrorFactor * std::pow(statistics, kLpMaxErrorExponent);
    other += kLpSampleFixed + kLpSamplePerCell * k * p;
    other += kSecondStagePerPointStatisticSweep * shape.lp->second_stage_sweeps * double(shape.lp->points) *
             double(shape.fit_marginals + shape.lp->dense_statistics);
  } else {
    other += kTreeSampleFixed + kTreeSamplePerCell * k * p;
  }
  if (shape.evaluate) {
    const double compared = p + p * (p - 1) / 2 + std::min(50.0, p * (p - 1) * (p - 2) / 6);
    other += kEvaluatePerRowMarginal * (seen + k) * compared;
    if (shape.ml) other += kMlPerRowFeature * (seen + k) * double(shape.ml_model_features);
  }
  other += kDpGdPerRowStepFeature * seen * shape.direct_dp_step_features;  // trained with or without the report
  const double limit = shape.lp && shape.lp->time_limit_seconds > 0 ? shape.lp->time_limit_seconds : INFINITY;
  runtime.native = other + std::min(lp, limit);
  runtime.low = other * kOtherLowFactor + std::min(lp * kLpLowFactor, limit);
  runtime.high = other * kOtherHighFactor + std::min(lp * kLpHighFactor, limit);
  const bool adaptive = shape.model && shape.model->rounds > 0;  // a tree fit's one model fit has no rounds
  runtime.wasm_factor = shape.lp ? kWasmFactorLp : adaptive ? kWasmFactorModel : kWasmFactorTree;
  runtime.wasm = runtime.native * runtime.wasm_factor;
  // The runs behind the model and its fit are in docs/forecast.md ("Calibration"), not quoted here.
  runtime.basis =
      "native seconds on one core, from a model fitted per phase to runs of the native build on Adult and "
      "private-pgm's Adult at epsilon 1; the LP's time depends on the data, hence the range; wasm = native x " +
      format_number(runtime.wasm_factor) +
      (shape.lp   ? " for LP fits"
       : adaptive ? " for adaptive marginals"
                  : " for tree fits") +
      " under Node. See docs/forecast.md.";
  return runtime;
}

}  // namespace privsynth
