#pragma once
// What the LP mechanisms share: the size of the reduced space, the solver and its objective, and
// how the k synthetic rows are made from h* -- read from the same option names, reported in the
// receipt in the same form, and driven with the same progress messages.
#include <cstddef>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/options.hpp"
#include "lp/reweighting.hpp"
#include "mechanisms/mechanism.hpp"

namespace privsynth {

// Row generation to a certified 1% gap: the noise on the targets is far larger than 1% of t*, and
// the gap is stated in the receipt.
inline FitOptions default_fit_options() {
  FitOptions options;
  options.method = FitMethod::RowGeneration;
  options.relative_gap = 0.01;
  return options;
}

inline constexpr size_t kMaxReducedSpaceSize = 2'000'000;

struct LpFitSettings {
  size_t reduced_space_size = 0;      // fixed m; 0 grows m automatically (see reweighting.hpp)
  size_t max_reduced_space_size = 0;  // cap for automatic growth; 0 picks the default from |F|
  size_t synthetic_rows = 0;          // k; 0 means the noisy record count
  bool round_to_dataset = true;       // k rows by rounding k h* (largest remainders), not k draws
  FitOptions fit = default_fit_options();
};

// Reads "reducedSpaceSize", "maxReducedSpaceSize", "syntheticRows", "syntheticRowsFrom",
// "lpSolver", "lpObjective", "lpRelativeGap", "lpTimeLimitSeconds", "lpIterationLimit", "lpMethod",
// "lpStage2", "lpStage2Slack", "lpStage2ErrorWeight".
Status read_lp_fit_settings(OptionReader& reader, LpFitSettings& settings);

// Automatic reduced space: start at twice the number of statistics (Theorem 2.3 asks for
// m >~ |F|), at least 1,000, and double while t* is above the noise level, up to 32 |F| (at most
// 100,000 points) unless a cap is given.
ReducedSpaceSchedule default_reduced_space_schedule(size_t statistics);
// The schedule for these settings: fixed m, or growth from the default until `noise`.
ReducedSpaceSchedule reduced_space_schedule(const LpFitSettings& settings, size_t statistics, double noise);

// Progress of the LP as the pipeline's "lp" phase: max error, certified bound, active statistics.
FitProgressSink lp_progress_sink(const MechanismContext& context, const LpFitSettings& settings);

// k: the setting, or the rounded noisy count (at most kMaxSyntheticRows, or kMaxStreamedRows when
// the records are `streamed`).
size_t synthetic_row_count(const LpFitSettings& settings, double noisy_count, bool streamed = false);
// k rows from h*: rounded or drawn (the continuous space, whose coordinates follow the indices).
Result<std::vector<size_t>> synthetic_row_indices(const LpFitSettings& settings, const std::vector<double>& weights,
                                                  double noisy_count, RandomSource& random);
// The same records drawn later, a chunk at a time (MechanismOutput::draw_records): each chunk of
// `rows` records is rounded from, or drawn from, h* as the k rows would be.
RecordDraw draw_rows_from_fit(const LpFitSettings& settings, const Reweighting& fit);

// An LP fit in a run forecast: kind "lp", the fit section's solver, objective and reduced space
// (`full_domain`: every cell of the domain, schedule.max_points of them), moment statistics and
// time limit, and the cost model's inputs. The marginals and statistics are the caller's.
void forecast_lp_fit(const LpFitSettings& settings, const ReducedSpaceSchedule& schedule, bool full_domain,
                     size_t dense_statistics, FitForecast& fit);

// The receipt's "reducedSpace" and "lp" blocks.
nlohmann::json reduced_space_json(const LpFitSettings& settings, const ReducedSpaceSchedule& schedule,
                                  const Reweighting& fit);
nlohmann::json lp_json(const LpFitSettings& settings, const Reweighting& fit);
// The "lp" block's "secondStage": the method, and when it ran its tolerance, errors, KL to the
// reference weights (its own and the first stage's), certified duality gap and iterations.
nlohmann::json second_stage_json(const FitOptions& options, const Reweighting& fit);
// The receipt's software entry of a run that solved an LP ({"lpSolver": "GLPK 5.0"}).
nlohmann::json lp_software_json();

}  // namespace privsynth
