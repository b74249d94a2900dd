// The three objectives of the reweighting LP (max error, sum of L1 errors, max L1 marginal error):
// row generation reaches the full simplex's optimum, the reported value is the objective at the
// returned weights, and a two-point instance is checked against a grid search.
#include <catch2/catch.hpp>
#include <cmath>

#include "lp/reweighting.hpp"
#include "reweighting_instances.hpp"

using namespace privsynth;

namespace {

// The objective at `weights`, from MarginalWorkload::weighted_sum (independent of the operator).
double objective_at(FitObjective objective, const testing::ReweightingInstance& instance,
                    const std::vector<double>& h) {
  const std::vector<double> fitted = instance.workload.weighted_sum(instance.points, h);
  double value = 0;
  for (const Marginal& marginal : instance.workload.marginals()) {
    double l1 = 0;
    for (size_t c = 0; c < marginal.cells; ++c) {
      const double error = std::fabs(fitted[marginal.offset + c] - instance.targets[marginal.offset + c]);
      l1 += error;
      if (objective == FitObjective::MaxError) value = std::max(value, error);
    }
    if (objective == FitObjective::SumError) value += l1;
    if (objective == FitObjective::MaxMarginalError) value = std::max(value, l1);
  }
  return value;
}

FitOptions options_for(FitObjective objective, FitMethod method) {
  FitOptions options;
  options.objective = objective;
  options.method = method;
  options.relative_gap = 0;
  return options;
}

}  // namespace

TEST_CASE("row generation reaches the full LP's optimum for every objective", "[reweighting][objective]") {
  const testing::ReweightingInstance instance = testing::make_reweighting_instance({3, 4, 2, 5, 3}, 2, 600, 0.02, 7);
  for (FitObjective objective : {FitObjective::MaxError, FitObjective::SumError, FitObjective::MaxMarginalError}) {
    INFO(fit_objective_name(objective));
    const Reweighting generated = fit_min_max_error(instance.workload, instance.points, instance.targets,
                                                    options_for(objective, FitMethod::RowGeneration))
                                      .value();
    const Reweighting full = fit_min_max_error(instance.workload, instance.points, instance.targets,
                                               options_for(objective, FitMethod::Simplex))
                                 .value();
    CHECK(generated.lp_objective == Approx(full.lp_objective).epsilon(1e-7));
    CHECK(generated.lower_bound <= generated.lp_objective + 1e-9);
    CHECK(generated.lp_objective == Approx(objective_at(objective, instance, generated.weights)).epsilon(1e-9));
    CHECK(generated.max_error == Approx(testing::max_statistic_error(instance, generated.weights)).epsilon(1e-9));
    // Each objective is optimal for itself: the others' solutions are no better under it.
    for (FitObjective other : {FitObjective::MaxError, FitObjective::SumError, FitObjective::MaxMarginalError}) {
      const Reweighting rival = fit_min_max_error(instance.workload, instance.points, instance.targets,
                                                  options_for(other, FitMethod::Simplex))
                                    .value();
      CHECK(objective_at(objective, instance, rival.weights) >= generated.lp_objective - 1e-9);
    }
  }
}

TEST_CASE("two points: every objective's optimum matches a grid search over h", "[reweighting][objective]") {
  testing::ReweightingInstance instance = testing::make_reweighting_instance({2, 3}, 2, 2, 0.05, 3);
  instance.points = testing::first_rows(instance.points, 2);
  for (FitObjective objective : {FitObjective::MaxError, FitObjective::SumError, FitObjective::MaxMarginalError}) {
    INFO(fit_objective_name(objective));
    double best = INFINITY;
    for (int step = 0; step <= 100000; ++step) {
      const double h1 = step / 100000.0;
      best = std::min(best, objective_at(objective, instance, {h1, 1 - h1}));
    }
    const Reweighting fitted = fit_min_max_error(instance.workload, instance.points, instance.targets,
                                                 options_for(objective, FitMethod::RowGeneration))
                                   .value();
    CHECK(fitted.lp_objective == Approx(best).margin(1e-4));
    CHECK(fitted.lp_objective <= best + 1e-9);
  }
}

TEST_CASE("the first-order solver refuses objectives other than the max error", "[reweighting][objective][errors]") {
  const testing::ReweightingInstance instance = testing::make_reweighting_instance({3, 3}, 2, 50, 0.02, 1);
  FitOptions options = options_for(FitObjective::SumError, FitMethod::MirrorProx);
  options.relative_gap = 0.01;
  const Result<Reweighting> fitted = fit_min_max_error(instance.workload, instance.points, instance.targets, options);
  REQUIRE(!fitted.is_ok());
  CHECK(fitted.status().code() == ErrorCode::InvalidArgument);
}
