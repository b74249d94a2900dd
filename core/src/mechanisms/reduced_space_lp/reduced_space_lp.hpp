#pragma once
// Reduced-space LP reweighting: Boedihardjo, Strohmer & Vershynin, "Privacy of synthetic data: a
// statistical framework" (2022), Algorithm 1, with the reference measures of Bojkovic & Loh,
// "Differentially private synthetic data with private density estimation". Privacy notes:
// docs/privacy/reduced-space-lp.md and one per reference measure.
//
//   1. measure the record count and every cell count of every marginal of degree 1..d with
//      discrete Laplace noise calibrated to the exact L1 sensitivity (add/remove-one neighbours);
//      in the continuous space also the sums of the means and second moments;
//   2. draw Omega* = m points from the reference measure mu: uniform (independent of the data) or
//      privately estimated with its own share of epsilon (reference_release.hpp);
//   3. solve the reweighting LP against the noisy frequencies (noisy counts / noisy record count);
//   4. bootstrap k records from the optimal density h*. In the continuous space they are the points
//      of Omega* themselves, in [0,1]^p, decoded to the schema's units.
#include <cstddef>
#include <vector>
#include <nlohmann/json.hpp>

#include "data/space_layout.hpp"
#include "lp/linear_program.hpp"
#include "lp/reweighting.hpp"
#include "mechanisms/lp_fit_settings.hpp"
#include "mechanisms/mechanism.hpp"
#include "mechanisms/mechanism_forecast.hpp"
#include "mechanisms/reduced_space_lp/reference_release.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"
#include "statistics/moments.hpp"
#include "statistics/workload.hpp"

namespace privsynth {

// Where Omega* lives: the encoded domain (codes: categories and numeric bins), or [0,1]^p for
// all-numeric tables (each column scaled by its public bounds; the bins serve as the public grid of
// the indicator test functions).
enum class ReducedSpace { Encoded, Continuous };
inline constexpr Choice<ReducedSpace> kReducedSpaces[] = {{"encoded", ReducedSpace::Encoded},
                                                          {"continuous", ReducedSpace::Continuous}};

struct ReducedSpaceLpOptions : LpFitSettings {
  double epsilon = 1.0;
  int degree = 2;
  ReducedSpace space = ReducedSpace::Encoded;
  int moments = 0;  // continuous space: 0, 1 (means) or 2 (and second moments)
  ReferenceOptions reference;
  double count_budget_fraction = 0;      // share of epsilon for the record count; 0 picks 1/(1+sqrt(#marginals))
  bool test_only_disable_noise = false;  // exact statistics, NOT PRIVATE: for tests of the LP path only
  // Continuous space with a piecewise-uniform mu: each row's point drawn again inside its statistics'
  // cell and mu's box (piecewise_uniform.hpp); false keeps the reduced space's points (the paper's step 4).
  bool redraw_within_cells = true;
};

// The noise level of the normalized targets: the expected largest of S discrete Laplace noises
// of scale b, relative to the noisy count, ~ b (ln S + 0.5772) / n~. An LP objective below it
// cannot be told apart from noise, so growing the reduced space further gains nothing.
double noise_level(double cell_scale, size_t statistics, double noisy_count);
// The noise level of the chosen objective (growth stops below it): the expected max noise for
// MaxError, the expected sum of |noise| for SumError, the largest marginal's for MaxMarginalError.
double objective_noise_level(FitObjective objective, const MarginalWorkload& workload, double cell_scale, size_t dense,
                             double dense_scale, double noisy_count);
// Default share of epsilon for the record count: minimizes the sum of the count's noise scale and
// a marginal cell's noise scale, 1/eps_c + M/eps_m subject to eps_c + eps_m = eps.
double default_count_budget_fraction(size_t marginals);

// How epsilon is shared: mu first (if private), then the LP's record count, cells and moments.
struct ReducedSpaceLpBudget {
  double reference = 0, lp = 0;
  double count_and_cells = 0, moments = 0;
  double count_fraction = 0;  // of count_and_cells
};
// `options` with the reference measure resolved (resolve_reference_options).
ReducedSpaceLpBudget reduced_space_lp_budget(const ReducedSpaceLpOptions& options, size_t marginals,
                                             size_t moment_terms);

// Everything a run decides before it measures, from the options and the columns' levels only; the
// run and the run forecast (run_forecast.hpp) both start here. Fails as the run would: degree
// above the columns, a workload or an LP too large.
struct ReducedSpaceLpPlan {
  ReducedSpaceLpOptions options;  // reference measure resolved
  MarginalWorkload workload;      // every marginal of degree 1..d
  std::vector<MomentTerm> terms;  // continuous space: the moments measured
  size_t statistics = 0;          // cells + moment terms (the constant function not counted)
  ReducedSpaceLpBudget budget;
  SpaceLayout axes;  // continuous space: its axes, a special axis before each column with special levels
};
// `special_levels`: of each column, from the schema (MechanismContext::special_levels).
Result<ReducedSpaceLpPlan> plan_reduced_space_lp(const ReducedSpaceLpOptions& options, const std::vector<int>& levels,
                                                 const std::vector<std::vector<double>>& special_levels);

// Reads the mechanism's options from JSON ("degree", "reducedSpaceSize", "maxReducedSpaceSize",
// "syntheticRows", "countBudgetFraction", "lpSolver", "lpRelativeGap", "lpTimeLimitSeconds",
// "lpIterationLimit", "lpMethod", "lpObjective", "lpStage2", "lpStage2Slack", "lpStage2ErrorWeight",
// "testOnlyDisableNoise", "space", "redrawWithinCells", "moments", "referenceMeasure", "referenceBudgetFraction",
// "histogramCellLimit", "bernsteinLattice", "bernsteinOrder", "kdeBandwidth", "kdeBandwidthConstant"); epsilon is
// passed separately. See docs/api.md.
class OptionReader;
Result<ReducedSpaceLpOptions> read_reduced_space_lp_options(OptionReader& reader, double epsilon);

// The releases of a run with these options, from public inputs only (mechanism_forecast.hpp).
Result<MechanismForecast> forecast_reduced_space_lp(const ReducedSpaceLpOptions& options, const ForecastInputs& inputs);

Result<MechanismOutput> run_reduced_space_lp(const MechanismContext& context, const ReducedSpaceLpOptions& options);

// The count tables a run reads from the encoded space (docs/scale.md): every marginal of the LP's
// degree, and every pair for the tree reference. Refused: the continuous space (its moments and
// reference read the records' values) and the histogram reference (the full joint table of the rows).
Result<std::vector<AttributeSet>> reduced_space_lp_count_tables(const ReducedSpaceLpOptions& options,
                                                                const std::vector<int>& levels);

// The continuous space places each record at its numeric values scaled by the public bounds, and a
// column's special levels (missing, common values) on an axis of its own (data/space_layout.hpp), so a
// column fits it when it is numeric (continuous_space.cpp). The run
// refuses the others through its registry entry's accepted columns, the run advice
// (forecast/run_advice.hpp) through the check, both with continuous_space_refusal's sentence.
bool fits_continuous_space(const Column& column);
std::string continuous_space_refusal(const std::string& column);
Status check_continuous_space_columns(const Schema& schema, const std::vector<int>& columns);

// The registry entry of "reduced-space-lp" (reduced_space_lp/reduced_space_lp_mechanism.cpp).
const MechanismDescriptor& reduced_space_lp_mechanism();

}  // namespace privsynth
