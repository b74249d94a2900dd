// The releases of a reduced-space LP run (Boedihardjo, Strohmer & Vershynin, Algorithm 1, step 1;
// reference measures of Bojkovic & Loh), from the plan and calibrations the run itself uses.
#include <algorithm>
#include <cmath>
#include <string>

#include "mechanisms/reduced_space_lp/bernstein_kde.hpp"
#include "mechanisms/reduced_space_lp/perturbed_histogram.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"
#include "mechanisms/space_partition/space_partition.hpp"
#include "statistics/marginal_measurement.hpp"
#include "statistics/tree_reference.hpp"

namespace privsynth {
namespace {

std::vector<std::vector<int>> column_sets(const MarginalWorkload& workload) {
  std::vector<std::vector<int>> sets;
  for (const Marginal& marginal : workload.marginals()) sets.push_back(marginal.columns);
  return sets;
}

// The releases of the reference measure mu with `epsilon` (reference_release.cpp), none if uniform.
Result<std::vector<ForecastRelease>> reference_releases(const ReducedSpaceLpOptions& options, double epsilon,
                                                        const ForecastInputs& inputs, size_t unit_axes) {
  const ReferenceOptions& reference = options.reference;
  ForecastRelease release;
  release.epsilon = epsilon;
  switch (reference.kind) {
    case ReferenceKind::Uniform:
    case ReferenceKind::Auto: return std::vector<ForecastRelease>();
    case ReferenceKind::KdTree: return forecast_kd_tree_density(epsilon, inputs);
    case ReferenceKind::Histogram: {
      PRIVSYNTH_RETURN_IF_ERROR(full_domain_cells(inputs.levels, reference.histogram_cell_limit).status());
      PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale scale, perturbed_histogram_scale(epsilon));
      std::vector<int> all(inputs.levels.size());
      for (size_t c = 0; c < all.size(); ++c) all[c] = int(c);
      release.release = "reference measure: histogram";
      release.what =
          "perturbed histogram: a noisy count of every cell of the full domain (Bojkovic & Loh, Algorithm 2), from "
          "which the reduced space is drawn";
      release.column_sets = {all};
      release.marginals = 1;
      release.sensitivity = 1;
      release.scale = scale.value();
      return std::vector<ForecastRelease>{release};
    }
    case ReferenceKind::Tree: {
      PRIVSYNTH_ASSIGN_OR_RETURN(TreeReferencePlan tree, plan_tree_reference(inputs.levels, epsilon));
      release.release = "reference measure: tree";
      release.what = "noisy cells of every 2-way marginal, fitted to a Chow-Liu tree that draws the reduced space";
      release.column_sets = column_sets(tree.workload);
      release.marginals = release.column_sets.size();
      release.sensitivity = tree.workload.l1_sensitivity_add_remove();
      release.scale = tree.scale.value();
      return std::vector<ForecastRelease>{release};
    }
    case ReferenceKind::BernsteinKde: {
      // The lattice grows with n (choose_bernstein_parameters): without an estimate of n the
      // forecast uses n = 2, which gives the smallest lattice.
      const double n = inputs.rows.value_or(2);
      PRIVSYNTH_ASSIGN_OR_RETURN(BernsteinParameters parameters,
                                 choose_bernstein_parameters(int(unit_axes), n, epsilon, reference.bernstein));
      PRIVSYNTH_ASSIGN_OR_RETURN(double scale, gaussian_kde_noise_scale(parameters, epsilon));
      release.release = "reference measure: Bernstein KDE";
      release.noise = ForecastNoise::BernsteinLaplace;
      release.what = "private Gaussian kernel sum on the Bernstein lattice of " +
                     std::to_string(parameters.lattice_points) +
                     " points (k = " + std::to_string(parameters.lattice_resolution) + "; Bojkovic & Loh, Algorithm 3)";
      release.values = parameters.lattice_points;
      release.values_are_counts = false;
      release.sensitivity = double(parameters.lattice_points) * 1025.0 / 1024.0;
      release.scale = scale;
      if (!inputs.rows)
        release.notes.push_back(
            "the lattice is chosen from the noisy record count; without rows the forecast shows the smallest lattice");
      return std::vector<ForecastRelease>{release};
    }
  }
  return std::vector<ForecastRelease>();
}

}  // namespace

Result<MechanismForecast> forecast_reduced_space_lp(const ReducedSpaceLpOptions& given, const ForecastInputs& inputs) {
  PRIVSYNTH_ASSIGN_OR_RETURN(ReducedSpaceLpPlan planned,
                             plan_reduced_space_lp(given, inputs.levels, inputs.special_levels));
  const ReducedSpaceLpPlan& plan = planned;
  const ReducedSpaceLpOptions& options = plan.options;
  const MarginalWorkload& workload = plan.workload;
  PRIVSYNTH_ASSIGN_OR_RETURN(
      MarginalNoise noise,
      marginal_noise(workload.marginals().size(), plan.budget.count_and_cells, plan.budget.count_fraction));

  MechanismForecast forecast;
  forecast.epsilon = options.epsilon;
  ForecastRelease count;
  count.release = "record count";
  count.what = "the noisy number of records n~ (normalizes the targets; k = n~ rows by default)";
  count.values = 1;
  count.sensitivity = 1;
  count.scale = noise.count_scale.value();
  count.epsilon = noise.count_epsilon;
  forecast.releases.push_back(count);

  ForecastRelease cells;
  cells.release = "marginals of degree 1.." + std::to_string(options.degree);
  cells.what = "noisy cell counts of every marginal of degree 1.." + std::to_string(options.degree) +
               ", one release of L1 sensitivity M (one cell of each marginal moves per record)";
  cells.column_sets = column_sets(workload);
  cells.marginals = cells.column_sets.size();
  cells.sensitivity = noise.sensitivity;
  cells.scale = noise.cell_scale.value();
  cells.epsilon = noise.cell_epsilon;
  forecast.releases.push_back(cells);

  if (!plan.terms.empty()) {
    PRIVSYNTH_ASSIGN_OR_RETURN(MomentNoise moments, moment_noise(plan.terms.size(), plan.budget.moments));
    ForecastRelease release;
    release.release = "moments";
    release.what = "noisy sums of the " + std::to_string(plan.terms.size()) +
                   " means and second moments on [0,1]^p (Bojkovic & Loh, §V-A(b))";
    release.values = plan.terms.size();
    release.values_are_counts = false;
    release.sensitivity = moments.sensitivity;
    release.scale = moments.noise_scale;
    release.epsilon = plan.budget.moments;
    forecast.releases.push_back(release);
  }

  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<ForecastRelease> reference,
                             reference_releases(options, plan.budget.reference, inputs, plan.axes.levels.size()));
  for (ForecastRelease& release : reference) forecast.releases.push_back(std::move(release));

  forecast.fit.marginals = workload.marginals().size();
  forecast.fit.statistics = workload.statistic_count();
  forecast_lp_fit(options, reduced_space_schedule(options, plan.statistics, 0), false, plan.terms.size(), forecast.fit);
  forecast.synthetic_rows = options.synthetic_rows;
  if (options.test_only_disable_noise)
    forecast.notes.push_back("testOnlyDisableNoise: the run adds no noise (NOT PRIVATE)");
  return forecast;
}

}  // namespace privsynth
