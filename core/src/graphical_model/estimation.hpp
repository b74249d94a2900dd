#pragma once
// Private-PGM's estimation (McKenna, Sheldon & Miklau 2019, Algorithm 1 with the line search of
// their reference code): the graphical model whose marginals best explain noisy marginal
// measurements, in the Gaussian likelihood
//   L(mu) = sum_i || mu_{r_i} - y_i ||^2 / (2 sigma_i^2),
// minimised over the marginal polytope by entropic mirror descent on the model's potentials:
// theta_r <- theta_r - alpha * dL/dmu_r, with belief propagation giving mu after each step. The
// step alpha grows by 1.01 after a step that decreases L enough (Armijo: by half of
// <g, mu - mu'>) and halves after one that does not (which is undone). Post-processing of the measurements only.
#include <cstddef>
#include <functional>
#include <vector>

#include "graphical_model/factor.hpp"
#include "graphical_model/graphical_model.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// One released measurement: noisy counts of the cells of `attributes` (row-major, as Factor) with
// Gaussian noise of standard deviation `noise_std` on each; or, when `groups` is set, noisy counts
// of groups of those cells (groups[cell] = its group, values[group] = the group's noisy count): a
// coarsened marginal, one linear query of the marginal per group, which Private-PGM's loss takes
// as it takes any linear measurement (McKenna, Sheldon & Miklau 2019, §3).
struct NoisyMarginal {
  AttributeSet attributes;
  std::vector<double> values;
  double noise_std = 1;
  std::vector<uint32_t> groups;  // empty: one value per cell
};

// The counts of `cells` grouped as a measurement groups them (unchanged without groups).
std::vector<double> grouped(const NoisyMarginal& measurement, const std::vector<double>& cells);

// The minimum-variance unbiased combination of the measurements' totals (each total has variance
// cells * sigma^2), at least 1: the number of records the model's marginals are scaled to.
double estimated_total(const std::vector<NoisyMarginal>& measurements);

struct FitSettings {
  int iterations = 1000;  // mirror-descent steps (each one belief propagation, two when undone)
  double step = 0;        // the first step alpha; 0: 1 / (total * the largest 1 / sigma^2)
  // Called after each step with (step, iterations); false cancels the fit (Cancelled).
  std::function<bool(int, int)> keep_going;
};

struct FitResult {
  double loss = 0;  // L at the returned potentials
  double step = 0;  // the step size at the end (a warm start for the next fit)
  int propagations = 0;
};

// Fits `model`'s potentials (kept as a warm start) to the measurements, each of whose attribute
// sets must be one of model.sets(); leaves the model calibrated at `total`.
Result<FitResult> fit_model(GraphicalModel& model, const std::vector<NoisyMarginal>& measurements, double total,
                            const FitSettings& settings);

}  // namespace privsynth
