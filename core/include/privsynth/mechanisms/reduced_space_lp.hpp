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
#include <nlohmann/json.hpp>

#include "privsynth/lp.hpp"
#include "privsynth/mechanisms/mechanism.hpp"
#include "privsynth/mechanisms/reference_release.hpp"
#include "privsynth/reweighting.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Row generation to a certified 1% gap: the Laplace noise on the targets is far larger than 1% of
// t*, and the gap is stated in the receipt.
inline FitOptions default_fit_options() {
  FitOptions options;
  options.method = FitMethod::RowGeneration;
  options.relative_gap = 0.01;
  return options;
}

// Where Omega* lives: the encoded domain (codes: categories and numeric bins), or [0,1]^p for
// all-numeric tables (each column scaled by its public bounds; the bins serve as the public grid of
// the indicator test functions).
enum class ReducedSpace { Encoded, Continuous };

struct ReducedSpaceLpOptions {
  double epsilon = 1.0;
  int degree = 2;
  ReducedSpace space = ReducedSpace::Encoded;
  int moments = 0;                      // continuous space: 0, 1 (means) or 2 (and second moments)
  ReferenceOptions reference;
  size_t reduced_space_size = 0;        // fixed m; 0 grows m automatically (see reweighting.hpp)
  size_t max_reduced_space_size = 0;    // cap for automatic growth; 0 picks the default from |F|
  size_t synthetic_rows = 0;            // k; 0 means the noisy record count
  bool round_to_dataset = true;         // k rows by rounding k h* (largest remainders), not k draws
  double count_budget_fraction = 0;     // share of epsilon for the record count; 0 picks 1/(1+sqrt(#marginals))
  FitOptions fit = default_fit_options();
  bool test_only_disable_noise = false; // exact statistics, NOT PRIVATE: for tests of the LP path only
};

inline constexpr size_t kMaxReducedSpaceSize = 2'000'000;
inline constexpr size_t kMaxSyntheticRows = 20'000'000;

// Automatic reduced space: start at twice the number of statistics (Theorem 2.3 asks for
// m >~ |F|), at least 1,000, and double while t* is above the noise level, up to 32 |F| (at most
// 100,000 points) unless a cap is given.
ReducedSpaceSchedule default_reduced_space_schedule(size_t statistics);
// The noise level of the normalized targets: the expected largest of S discrete Laplace noises
// of scale b, relative to the noisy count, ~ b (ln S + 0.5772) / n~. An LP objective below it
// cannot be told apart from noise, so growing the reduced space further gains nothing.
double noise_level(double cell_scale, size_t statistics, double noisy_count);
// The noise level of the chosen objective (growth stops below it): the expected max noise for
// MaxError, the expected sum of |noise| for SumError, the largest marginal's for MaxMarginalError.
double objective_noise_level(FitObjective objective, const MarginalWorkload& workload, double cell_scale,
                             size_t dense, double dense_scale, double noisy_count);
// Default share of epsilon for the record count: minimizes the sum of the count's noise scale and
// a marginal cell's noise scale, 1/eps_c + M/eps_m subject to eps_c + eps_m = eps.
double default_count_budget_fraction(size_t marginals);

// Reads the mechanism's options from JSON ("degree", "reducedSpaceSize", "maxReducedSpaceSize",
// "syntheticRows", "countBudgetFraction", "lpSolver", "lpRelativeGap", "lpTimeLimitSeconds",
// "lpIterationLimit", "lpMethod", "lpObjective", "testOnlyDisableNoise", "space", "moments", "referenceMeasure",
// "referenceBudgetFraction", "histogramCellLimit", "bernsteinLattice", "bernsteinOrder",
// "kdeBandwidth", "kdeBandwidthConstant"); epsilon is passed separately. See docs/api.md.
class OptionReader;
Result<ReducedSpaceLpOptions> read_reduced_space_lp_options(OptionReader& reader, double epsilon);

Result<MechanismOutput> run_reduced_space_lp(const MechanismContext& context, const ReducedSpaceLpOptions& options);

}  // namespace privsynth
