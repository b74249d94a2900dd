// The reweighting LP's second stage (lp/entropy_fit.hpp): the maximum-entropy h within
// (1 + slack) t* of every target. Exact answers on small instances worked out by hand, and on a
// seeded instance: feasibility checked against every statistic (recomputed without the operator),
// entropy at least the vertex's, a certified gap, reproducibility.
#include <catch2/catch.hpp>
#include <cmath>

#include "lp/entropy_fit.hpp"
#include "lp/reweighting.hpp"
#include "reweighting_instances.hpp"
#include "statistics/marginal_operator.hpp"

using namespace privsynth;
using privsynth::testing::make_reweighting_instance;
using privsynth::testing::max_statistic_error;
using privsynth::testing::ReweightingInstance;

namespace {

double entropy(const std::vector<double>& h) {
  double value = 0;
  for (double w : h) value -= w > 0 ? w * std::log(w) : 0.0;
  return value;
}

// The four cells of two binary columns as points, with their 1-way and 2-way marginals.
struct TwoBinaryColumns {
  MarginalWorkload workload = MarginalWorkload::all_up_to_degree({2, 2}, 2).value();
  EncodedTable points = make_points();
  static EncodedTable make_points() {
    EncodedTable t = make_empty_table({2, 2}, 4);
    for (uint32_t j = 0; j < 4; ++j) {
      t.codes[0][j] = j / 2;
      t.codes[1][j] = j % 2;
    }
    return t;
  }
  // The workload's statistics of a distribution over the cells 00, 01, 10, 11.
  std::vector<double> statistics_of(const std::vector<double>& cells) const {
    const MarginalOperator op(workload, points);
    std::vector<double> out(op.statistics());
    op.apply(cells.data(), out.data());
    return out;
  }
};

}  // namespace

TEST_CASE("second stage: the maximum-entropy distribution inside the box, worked out by hand", "[lp][entropy-fit]") {
  const TwoBinaryColumns instance;
  const MarginalOperator op(instance.workload, instance.points);
  EntropyFitOptions options;
  options.gap = 1e-7;
  options.sweep_limit = 2000;

  SECTION("symmetric: every cell moves tau towards uniform") {
    // Targets of (0.4, 0.1, 0.1, 0.4) with tau = 0.05: the cells 00 and 11 lie in [0.35, 0.45],
    // the others in [0.05, 0.15], and the 1-way marginals stay 1/2; entropy is largest at
    // (0.35, 0.15, 0.15, 0.35).
    const std::vector<double> targets = instance.statistics_of({0.4, 0.1, 0.1, 0.4});
    const Result<EntropyFit> fit = fit_max_entropy_within(op, targets, 0.05, {0.4, 0.1, 0.1, 0.4}, options);
    REQUIRE(fit.is_ok());
    CHECK(fit.value().converged);
    const std::vector<double> expected = {0.35, 0.15, 0.15, 0.35};
    for (size_t j = 0; j < 4; ++j) CHECK(fit.value().weights[j] == Approx(expected[j]).margin(2e-4));
  }
  SECTION("asymmetric: the 1-way bound binds too") {
    // Targets of (0.5, 0.2, 0.2, 0.1), tau = 0.05: 00 >= 0.45, 11 <= 0.15, and P(first = 0) >= 0.65
    // force 01 >= 0.2 (likewise 10), so the optimum is (0.45, 0.2, 0.2, 0.15).
    const std::vector<double> targets = instance.statistics_of({0.5, 0.2, 0.2, 0.1});
    const Result<EntropyFit> fit = fit_max_entropy_within(op, targets, 0.05, {0.5, 0.2, 0.2, 0.1}, options);
    REQUIRE(fit.is_ok());
    const std::vector<double> expected = {0.45, 0.2, 0.2, 0.15};
    for (size_t j = 0; j < 4; ++j) CHECK(fit.value().weights[j] == Approx(expected[j]).margin(2e-4));
    CHECK(fit.value().max_error <= 0.05);
    CHECK(fit.value().dual_bound <= fit.value().kl + 1e-12);
  }
  SECTION("a tolerance that holds the reference gives the reference itself") {
    const std::vector<double> targets = instance.statistics_of({0.3, 0.2, 0.2, 0.3});
    const Result<EntropyFit> fit = fit_max_entropy_within(op, targets, 0.1, {0.3, 0.2, 0.2, 0.3}, options);
    REQUIRE(fit.is_ok());
    for (double w : fit.value().weights) CHECK(w == Approx(0.25).margin(1e-4));
    CHECK(fit.value().kl < 1e-6);
  }
  SECTION("a weight on the errors pulls h onto consistent targets") {
    // Targets of (0.4, 0.1, 0.1, 0.4): with c = 10 an error costs more than the entropy it buys,
    // so h fits them exactly (without the weight it moved tau towards uniform, above).
    options.error_weight = 10;
    const std::vector<double> targets = instance.statistics_of({0.4, 0.1, 0.1, 0.4});
    const Result<EntropyFit> fit = fit_max_entropy_within(op, targets, 0.05, {0.4, 0.1, 0.1, 0.4}, options);
    REQUIRE(fit.is_ok());
    const std::vector<double> expected = {0.4, 0.1, 0.1, 0.4};
    for (size_t j = 0; j < 4; ++j) CHECK(fit.value().weights[j] == Approx(expected[j]).margin(2e-4));
    CHECK(fit.value().dual_bound <= fit.value().objective + 1e-12);
  }
  SECTION("non-uniform reference weights: KL to them, not entropy") {
    // With no binding constraint the answer is the reference mu itself.
    const std::vector<double> mu = {0.4, 0.1, 0.2, 0.3};
    const std::vector<double> targets = instance.statistics_of(mu);
    const Result<EntropyFit> fit = fit_max_entropy_within(op, targets, 0.02, {0.4, 0.1, 0.2, 0.3}, options, mu);
    REQUIRE(fit.is_ok());
    for (size_t j = 0; j < 4; ++j) CHECK(fit.value().weights[j] == Approx(mu[j]).margin(1e-4));
  }
}

TEST_CASE(
    "second stage on a seeded instance: within (1 + slack) t* on every statistic, more entropy than the vertex, "
    "certified, reproducible",
    "[lp][entropy-fit]") {
  const ReweightingInstance instance = make_reweighting_instance({3, 4, 2, 5, 3}, 2, 600, 0.01, 7);
  FitOptions first;
  first.method = FitMethod::Simplex;
  const Reweighting vertex = fit_min_max_error(instance.workload, instance.points, instance.targets, first).value();
  const double t_star = vertex.lp_objective;
  REQUIRE(t_star > 1e-3);
  size_t vertex_support = 0;
  for (double w : vertex.weights) vertex_support += w > 1e-12;

  const MarginalOperator op(instance.workload, instance.points);
  EntropyFitOptions options;
  options.gap = 1e-3;
  for (const double slack : {0.0, 0.1, 0.5, 1.0}) {
    const double tolerance = (1 + slack) * t_star;
    // Pure maximum entropy, and the default weight on the errors (0.1 / tau).
    for (const double weight : {0.0, 0.1}) {
      options.error_weight = weight / tolerance;
      const Result<EntropyFit> solved =
          fit_max_entropy_within(op, instance.targets, tolerance, vertex.weights, options);
      REQUIRE(solved.is_ok());
      const EntropyFit& fit = solved.value();
      INFO("slack " << slack << ", weight " << weight << ": mix " << fit.mix << ", sweeps " << fit.sweeps);
      // Every statistic, recomputed by counting (not through the operator the solver used).
      CHECK(max_statistic_error(instance, fit.weights) <= tolerance * (1 + 1e-12));
      double total = 0;
      for (double w : fit.weights) {
        REQUIRE(w >= 0);
        total += w;
      }
      CHECK(total == Approx(1).margin(1e-12));
      CHECK(entropy(fit.weights) >= entropy(vertex.weights));
      CHECK(fit.dual_bound <= fit.objective + 1e-12);
      if (slack > 0) {
        // Dense: most of the 600 points carry weight (the vertex: at most one per binding statistic).
        size_t support = 0;
        for (double w : fit.weights) support += w > 1e-6;
        CHECK(support > 3 * vertex_support);
        CHECK(entropy(fit.weights) > entropy(vertex.weights) + 0.5);
        if (weight == 0) CHECK(fit.objective - fit.dual_bound <= 0.05);  // certified near the optimum
      }
    }
  }
  options.error_weight = 0;
  // Reproducible: the same inputs give the same weights, bit for bit.
  const EntropyFit once = fit_max_entropy_within(op, instance.targets, 1.1 * t_star, vertex.weights, options).value();
  const EntropyFit twice = fit_max_entropy_within(op, instance.targets, 1.1 * t_star, vertex.weights, options).value();
  CHECK(once.weights == twice.weights);
}

TEST_CASE("second stage: refusals", "[lp][entropy-fit][errors]") {
  const TwoBinaryColumns instance;
  const MarginalOperator op(instance.workload, instance.points);
  const std::vector<double> targets = instance.statistics_of({0.4, 0.1, 0.1, 0.4});
  // A first stage outside the tolerance, or of the wrong length.
  CHECK(!fit_max_entropy_within(op, targets, 0.01, {0.25, 0.25, 0.25, 0.25}, {}).is_ok());
  CHECK(!fit_max_entropy_within(op, targets, 0.05, {0.5, 0.5}, {}).is_ok());
}
