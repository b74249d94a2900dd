#pragma once
// The stages of a reduced-space-lp run, in the order reduced_space_lp.cpp runs them (Boedihardjo,
// Strohmer & Vershynin, Algorithm 1): measure the LP's targets; release the reference measure mu
// (mechanisms/reduced_space_lp/reference_release.hpp); fit h* over reduced spaces drawn from mu; draw the k rows;
// describe the run for the receipt. A stage that releases something charges it to the run's
// accountant first; the fit and everything after it are post-processing.
#include <vector>
#include <nlohmann/json.hpp>

#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"
#include "statistics/marginal_measurement.hpp"
#include "statistics/moments.hpp"

namespace privsynth {

// What the LP is fitted to, all of it differentially private.
struct LpTargets {
  NoisyMarginals marginals;     // the noisy record count and cells
  NoisyMoments moments;         // the noisy moment sums (continuous space with moments)
  std::vector<double> targets;  // the cells' and moments' frequencies, clipped to [0, 1]
  double noise_level = 0;       // the chosen objective's noise level: the reduced space stops growing below it
};

// 1. The record count and every cell of the workload (discrete Laplace), and in the continuous
// space the moment sums.
// The marginals come from `data` (rows or given count tables); moments need the rows' values.
Result<LpTargets> measure_lp_targets(const MechanismContext& context, const MarginalSource& data,
                                     const ReducedSpaceLpPlan& plan);

// 3. h* over reduced spaces Omega* drawn from mu (depending only on mu and fresh randomness),
// grown until the objective reaches the noise level; in the continuous space the coordinates of
// every point drawn, for the rows' exact values.
struct ReducedSpaceFit {
  Reweighting fit;
  ReducedSpaceSchedule schedule;
  std::vector<std::vector<double>> coordinates;  // continuous space: per axis, every point drawn
};
Result<ReducedSpaceFit> fit_reduced_space(const MechanismContext& context, const ReducedSpaceLpPlan& plan,
                                          const LpTargets& targets, const ReferenceDraws& reference);

// 5. The receipt's description, parameters and released by-products; `rows`: the k drawn.
nlohmann::json reduced_space_lp_description(ReferenceKind reference);
nlohmann::json reduced_space_lp_parameters(const ReducedSpaceLpOptions& given, const ReducedSpaceLpPlan& plan,
                                           const LpTargets& targets, const ReferenceDraws& reference,
                                           const ReducedSpaceFit& fitted, size_t rows);
nlohmann::json reduced_space_lp_released(const ReducedSpaceLpPlan& plan, const LpTargets& targets,
                                         const ReducedSpaceFit& fitted);

}  // namespace privsynth
