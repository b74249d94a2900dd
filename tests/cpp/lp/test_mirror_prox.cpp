#include <catch2/catch.hpp>

#include <cmath>

#include "lp/min_max_fit.hpp"
#include "lp/reweighting.hpp"
#include "lp/uniform_reference_measure.hpp"
#include "reweighting_instances.hpp"
#include "statistics/marginal_operator.hpp"

using namespace privsynth;
using privsynth::testing::make_reweighting_instance;
using privsynth::testing::max_statistic_error;
using privsynth::testing::ReweightingInstance;

namespace {

// 130 statistics over 150 points; t* is about 0.016 (from the simplex, below).
ReweightingInstance small_instance() { return make_reweighting_instance({3, 4, 2, 5, 3}, 2, 150, 0.01, 51); }

double exact_optimum(const ReweightingInstance& instance) {
  FitOptions options;
  options.method = FitMethod::Simplex;
  const Reweighting exact = fit_min_max_error(instance.workload, instance.points, instance.targets, options).value();
  REQUIRE(exact.lp_objective - exact.lower_bound <= 1e-9);
  return exact.lp_objective;
}

void check_dense_probability_vector(const std::vector<double>& weights, size_t points) {
  REQUIRE(weights.size() == points);
  double total = 0;
  for (const double w : weights) {
    REQUIRE(w > 0);  // entropic iterates keep every point
    total += w;
  }
  CHECK(total == Approx(1).margin(1e-12));
}

MirrorProxOptions with_gap(double relative_gap) {
  MirrorProxOptions options;
  options.relative_gap = relative_gap;
  return options;
}

}  // namespace

TEST_CASE("mirror-prox converges to a certified 5% gap around the simplex optimum with dense weights",
          "[mirror-prox]") {
  const ReweightingInstance instance = small_instance();
  const double exact = exact_optimum(instance);
  REQUIRE(exact > 1e-3);
  const MarginalOperator op(instance.workload, instance.points);
  const Result<MirrorProxSolution> solved = solve_min_max_mirror_prox(op, instance.targets, with_gap(0.05));
  REQUIRE(solved.is_ok());
  const MirrorProxSolution& s = solved.value();
  CHECK(s.converged);
  CHECK(s.iterations > 0);
  CHECK(s.lower_bound <= exact + 1e-9);
  CHECK(exact <= s.objective + 1e-9);
  CHECK(s.objective - s.lower_bound <= 0.05 * s.lower_bound + 1e-12);
  CHECK(s.objective <= 1.05 * exact + 1e-9);
  check_dense_probability_vector(s.weights, instance.points.rows);
  CHECK(max_statistic_error(instance, s.weights) == Approx(s.objective).margin(1e-12));

  // A tighter gap costs more iterations and gives a tighter certificate.
  const MirrorProxSolution tight = solve_min_max_mirror_prox(op, instance.targets, with_gap(0.025)).value();
  CHECK(tight.converged);
  CHECK(tight.iterations >= s.iterations);
  CHECK(tight.lower_bound <= exact + 1e-9);
  CHECK(exact <= tight.objective + 1e-9);
  CHECK(tight.objective - tight.lower_bound <= 0.025 * tight.lower_bound + 1e-12);
}

TEST_CASE("mirror-prox stopped by its iteration limit reports valid bounds and converged = false", "[mirror-prox]") {
  const ReweightingInstance instance = small_instance();
  const double exact = exact_optimum(instance);
  const MarginalOperator op(instance.workload, instance.points);
  MirrorProxOptions options = with_gap(0.05);
  options.iteration_limit = 3;
  const Result<MirrorProxSolution> solved = solve_min_max_mirror_prox(op, instance.targets, options);
  REQUIRE(solved.is_ok());
  const MirrorProxSolution& s = solved.value();
  CHECK_FALSE(s.converged);
  CHECK(s.iterations == 3);
  CHECK(s.objective - s.lower_bound > 0.05 * s.lower_bound);  // indeed not converged
  CHECK(s.lower_bound >= 0);
  CHECK(s.lower_bound <= exact + 1e-9);
  CHECK(exact <= s.objective + 1e-9);
  check_dense_probability_vector(s.weights, instance.points.rows);
  CHECK(max_statistic_error(instance, s.weights) == Approx(s.objective).margin(1e-12));

  // Through fit_min_max_error a first-order solve that stops at its limit is an error.
  FitOptions fit;
  fit.method = FitMethod::MirrorProx;
  fit.relative_gap = 0.05;
  fit.mirror_prox.iteration_limit = 3;
  const Result<Reweighting> limited = fit_min_max_error(instance.workload, instance.points, instance.targets, fit);
  REQUIRE_FALSE(limited.is_ok());
  CHECK(limited.status().code() == ErrorCode::LpLimitReached);
  CHECK_THAT(limited.status().message(), Catch::Contains("limit"));
}

TEST_CASE("mirror-prox reports valid bounds to its progress sink and a sink returning false cancels it",
          "[mirror-prox][cancel]") {
  const ReweightingInstance instance = small_instance();
  const double exact = exact_optimum(instance);
  const MarginalOperator op(instance.workload, instance.points);
  MirrorProxOptions options = with_gap(0.05);
  options.progress_interval = 7;
  int calls = 0;
  long long last_iteration = 0;
  const MirrorProxProgressSink watch = [&](const MirrorProxProgress& p) {
    ++calls;
    CHECK(p.iterations == last_iteration + 7);
    last_iteration = p.iterations;
    CHECK(p.lower <= exact + 1e-9);
    CHECK(p.upper >= exact - 1e-9);
    CHECK(p.lower >= 0);
    return true;
  };
  const MirrorProxSolution s = solve_min_max_mirror_prox(op, instance.targets, options, {}, watch).value();
  CHECK(s.converged);
  CHECK(calls == (s.iterations - 1) / 7);  // every checkpoint before the iteration that converged

  options.progress_interval = 1;
  calls = 0;
  const MirrorProxProgressSink stop = [&](const MirrorProxProgress&) {
    ++calls;
    return false;
  };
  const Result<MirrorProxSolution> cancelled = solve_min_max_mirror_prox(op, instance.targets, options, {}, stop);
  REQUIRE_FALSE(cancelled.is_ok());
  CHECK(cancelled.status().code() == ErrorCode::Cancelled);
  CHECK(calls == 1);

  // The same through fit_min_max_error.
  FitOptions fit;
  fit.method = FitMethod::MirrorProx;
  fit.relative_gap = 0.05;
  fit.mirror_prox.progress_interval = 1;
  calls = 0;
  const FitProgressSink stop_fit = [&](const FitProgress& p) {
    ++calls;
    CHECK(p.active_statistics == instance.workload.statistic_count());
    return false;
  };
  const Result<Reweighting> fit_cancelled =
      fit_min_max_error(instance.workload, instance.points, instance.targets, fit, stop_fit);
  REQUIRE_FALSE(fit_cancelled.is_ok());
  CHECK(fit_cancelled.status().code() == ErrorCode::Cancelled);
  CHECK(calls == 1);
}

TEST_CASE("mirror-prox through fit_min_max_error needs a positive gap and then certifies it",
          "[mirror-prox][reweighting]") {
  const ReweightingInstance instance = small_instance();
  const double exact = exact_optimum(instance);
  FitOptions fit;
  fit.method = FitMethod::MirrorProx;
  fit.relative_gap = 0;
  const Result<Reweighting> refused = fit_min_max_error(instance.workload, instance.points, instance.targets, fit);
  REQUIRE_FALSE(refused.is_ok());
  CHECK(refused.status().code() == ErrorCode::InvalidArgument);
  CHECK_THAT(refused.status().message(), Catch::Contains("relative gap"));
  for (const FitMethod method : {FitMethod::RowGeneration, FitMethod::Simplex, FitMethod::MirrorProx}) {
    FitOptions negative;
    negative.method = method;
    negative.relative_gap = -0.01;
    CHECK(fit_min_max_error(instance.workload, instance.points, instance.targets, negative).status().code() ==
          ErrorCode::InvalidArgument);
    negative.relative_gap = NAN;
    CHECK(fit_min_max_error(instance.workload, instance.points, instance.targets, negative).status().code() ==
          ErrorCode::InvalidArgument);
  }

  fit.relative_gap = 0.05;
  const Result<Reweighting> fitted = fit_min_max_error(instance.workload, instance.points, instance.targets, fit);
  REQUIRE(fitted.is_ok());
  const Reweighting& r = fitted.value();
  CHECK(r.lower_bound <= exact + 1e-9);
  CHECK(exact <= r.lp_objective + 1e-9);
  CHECK(r.lp_objective - r.lower_bound <= 0.05 * r.lower_bound + 1e-12);
  check_dense_probability_vector(r.weights, instance.points.rows);
  CHECK(max_statistic_error(instance, r.weights) == Approx(r.lp_objective).margin(1e-12));
  CHECK(r.active_statistics == instance.workload.statistic_count());
  REQUIRE(r.rounds.size() == 1);
  CHECK(r.rounds[0].iterations == r.iterations);
}

TEST_CASE("mirror-prox has the known answers of a one-point and an exactly fitting reduced space", "[mirror-prox]") {
  // One binary column, targets (0.3, 0.7). Points {1}: h = (1), frequencies (0, 1), t* = 0.3,
  // certified by w = (-1/2, 1/2): min_j (A^T w)_j - w.b = 1/2 - 0.2 = 0.3.
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree({2}, 1).value();
  EncodedTable one = make_empty_table({2}, 1);
  one.codes[0][0] = 1;
  const MarginalOperator single(workload, one);
  const MirrorProxSolution a = solve_min_max_mirror_prox(single, {0.3, 0.7}, with_gap(0.01)).value();
  CHECK(a.converged);
  CHECK(a.weights == std::vector<double>{1.0});
  CHECK(a.objective == Approx(0.3).margin(1e-12));
  CHECK(a.lower_bound <= 0.3 + 1e-12);
  CHECK(a.lower_bound >= 0.3 / 1.01 - 1e-12);

  // Points {0, 0, 1}: t* = 0, so only an absolute gap can be met.
  EncodedTable three = make_empty_table({2}, 3);
  three.codes[0][2] = 1;
  const MarginalOperator fits(workload, three);
  MirrorProxOptions options = with_gap(0);
  options.absolute_gap = 1e-4;
  const MirrorProxSolution b = solve_min_max_mirror_prox(fits, {0.3, 0.7}, options).value();
  CHECK(b.converged);
  CHECK(b.objective <= 1e-4);
  CHECK(b.lower_bound == 0);
  CHECK(b.weights[0] + b.weights[1] == Approx(0.3).margin(1e-4));
  CHECK(b.weights[0] == Approx(b.weights[1]).margin(1e-12));  // the two copies of 0 are symmetric
}

TEST_CASE("mirror-prox rejects inputs of the wrong shape and negative gaps", "[mirror-prox][errors]") {
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree({2, 3}, 2).value();  // 11 statistics
  SeededTestRandom random(61);
  const MarginalOperator op(workload, sample_uniform_points({2, 3}, 10, random));
  const std::vector<double> targets(11, 1.0 / 6);
  CHECK(solve_min_max_mirror_prox(op, std::vector<double>(10, 0.1), with_gap(0.05)).status().code() ==
        ErrorCode::Internal);
  CHECK(solve_min_max_mirror_prox(op, targets, with_gap(0.05), std::vector<double>(9, 0.1)).status().code() ==
        ErrorCode::Internal);
  CHECK(solve_min_max_mirror_prox(op, targets, with_gap(-1)).status().code() == ErrorCode::InvalidArgument);
  MirrorProxOptions negative_absolute = with_gap(0.05);
  negative_absolute.absolute_gap = -1;
  CHECK(solve_min_max_mirror_prox(op, targets, negative_absolute).status().code() == ErrorCode::InvalidArgument);
  const MarginalOperator empty(workload, make_empty_table({2, 3}, 0));
  CHECK(solve_min_max_mirror_prox(empty, targets, with_gap(0.05)).status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("mirror-prox warm-started from the simplex optimum converges and keeps every point", "[mirror-prox]") {
  const ReweightingInstance instance = small_instance();
  FitOptions simplex;
  simplex.method = FitMethod::Simplex;
  const Reweighting exact = fit_min_max_error(instance.workload, instance.points, instance.targets, simplex).value();
  const MarginalOperator op(instance.workload, instance.points);
  const MirrorProxSolution cold = solve_min_max_mirror_prox(op, instance.targets, with_gap(0.05)).value();
  MirrorProxOptions options = with_gap(0.05);
  options.progress_interval = 1;
  double first_upper = -1;
  const MirrorProxProgressSink first = [&](const MirrorProxProgress& p) {
    if (first_upper < 0) first_upper = p.upper;
    return true;
  };
  const MirrorProxSolution warm =
      solve_min_max_mirror_prox(op, instance.targets, options, exact.weights, first).value();
  // The start 0.99 h* + 0.01 uniform has max error <= 0.99 t* + 0.01 P(uniform) (convexity), and
  // the best iterate is never worse than the start.
  const std::vector<double> uniform(instance.points.rows, 1.0 / static_cast<double>(instance.points.rows));
  const double start_bound = 0.99 * exact.lp_objective + 0.01 * max_statistic_error(instance, uniform);
  CHECK(first_upper >= 0);
  CHECK(first_upper <= start_bound + 1e-12);
  CHECK(warm.objective <= start_bound + 1e-12);
  CHECK(warm.converged);
  CHECK(warm.lower_bound <= exact.lp_objective + 1e-9);
  CHECK(exact.lp_objective <= warm.objective + 1e-9);
  CHECK(warm.objective - warm.lower_bound <= 0.05 * warm.lower_bound + 1e-12);
  check_dense_probability_vector(warm.weights, instance.points.rows);  // the 1% uniform mix
  CHECK(warm.iterations <= cold.iterations);
}

TEST_CASE("a growing reduced space with mirror-prox certifies every round's gap", "[mirror-prox][growth]") {
  const ReweightingInstance instance = make_reweighting_instance({3, 4, 2, 5, 3}, 2, 1, 0.01, 71);
  SeededTestRandom random(72);
  EncodedTable drawn = make_empty_table(instance.levels, 0);
  const PointSource uniform = [&](size_t count) {
    EncodedTable more = sample_uniform_points(instance.levels, count, random);
    for (size_t c = 0; c < instance.levels.size(); ++c) {
      drawn.codes[c].insert(drawn.codes[c].end(), more.codes[c].begin(), more.codes[c].end());
    }
    drawn.rows += count;
    return more;
  };
  FitOptions fit;
  fit.method = FitMethod::MirrorProx;
  fit.relative_gap = 0.05;
  const Reweighting grown = fit_min_max_error(instance.workload, uniform, instance.targets, {40, 160, 0}, fit).value();
  REQUIRE(grown.rounds.size() == 3);  // 40, 80, 160
  CHECK(drawn.rows == 160);
  FitOptions simplex;
  simplex.method = FitMethod::Simplex;
  for (size_t i = 0; i < grown.rounds.size(); ++i) {
    INFO("round " << i);
    const ReweightingRound& round = grown.rounds[i];
    CHECK(round.points == 40u << i);
    const double exact = fit_min_max_error(instance.workload, privsynth::testing::first_rows(drawn, round.points),
                                           instance.targets, simplex)
                             .value()
                             .lp_objective;
    CHECK(round.lower_bound <= exact + 1e-9);
    CHECK(exact <= round.lp_objective + 1e-9);
    CHECK(round.lp_objective - round.lower_bound <= 0.05 * round.lower_bound + 1e-12);
  }
  check_dense_probability_vector(grown.weights, 160);
}
