#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "lp/reweighting.hpp"
#include "lp/uniform_reference_measure.hpp"
#include "reweighting_instances.hpp"

using namespace privsynth;
using privsynth::testing::first_rows;
using privsynth::testing::make_reweighting_instance;
using privsynth::testing::max_statistic_error;
using privsynth::testing::ReweightingInstance;

namespace {

struct Spec {
  std::vector<int> levels;
  int degree;
  size_t points;
};

// Sizes where the full simplex takes well under a second. With m > 1000 the row-generation solver
// starts from a subset of the points and prices the others in (its column batch is >= 1000), so
// the Lagrangian lower bound t_restricted + min_j d_j is exercised as well as the row bound.
const std::vector<Spec> kSpecs = {
    {{3, 4, 2, 5, 3}, 2, 150},      // 130 statistics, all points active from the start
    {{4, 3, 5, 2}, 3, 2500},        // 239 statistics, column generation
    {{6, 6, 6, 6, 6, 6}, 2, 1500},  // 576 statistics, rows and columns generated
    {{5, 5, 5, 5, 5}, 3, 500},      // 1525 statistics, most never enter the LP
};

void check_probability_vector(const std::vector<double>& weights, size_t points) {
  REQUIRE(weights.size() == points);
  double total = 0;
  for (const double w : weights) {
    REQUIRE(w >= 0);
    total += w;
  }
  CHECK(total == Approx(1).margin(1e-12));
}

FitOptions with(FitMethod method, double relative_gap) {
  FitOptions options;
  options.method = method;
  options.relative_gap = relative_gap;
  return options;
}

// Every bound a progress report certifies must hold against the exact optimum.
struct BoundRecorder {
  size_t calls = 0;
  double highest_lower = 0;
  double lowest_upper = INFINITY;
  FitProgressSink sink() {
    return [this](const FitProgress& p) {
      ++calls;
      highest_lower = std::max(highest_lower, p.lower);
      if (p.upper > 0) lowest_upper = std::min(lowest_upper, p.upper);
      return true;
    };
  }
};

}  // namespace

TEST_CASE("row generation reaches the full simplex optimum with certified bounds on seeded random instances",
          "[row-generation][reweighting]") {
  for (const Spec& spec : kSpecs) {
    for (const uint64_t seed : {11u, 12u}) {
      const ReweightingInstance instance = make_reweighting_instance(spec.levels, spec.degree, spec.points, 0.01, seed);
      const size_t statistics = instance.workload.statistic_count();
      INFO("statistics " << statistics << ", points " << spec.points << ", seed " << seed);

      const Result<Reweighting> full =
          fit_min_max_error(instance.workload, instance.points, instance.targets, with(FitMethod::Simplex, 0));
      REQUIRE(full.is_ok());
      const Reweighting& reference = full.value();
      const double exact = reference.lp_objective;
      REQUIRE(exact > 1e-3);  // noisy targets: the instance is not trivially solvable
      check_probability_vector(reference.weights, spec.points);
      CHECK(max_statistic_error(instance, reference.weights) == Approx(exact).margin(1e-12));
      CHECK(reference.lower_bound <= exact + 1e-9);
      CHECK(exact - reference.lower_bound <= 1e-9);
      CHECK(reference.active_statistics == statistics);
      CHECK(reference.size.rows == static_cast<int>(2 * statistics + 1));
      CHECK(reference.size.columns == static_cast<int>(spec.points + 1));

      BoundRecorder recorder;
      const Result<Reweighting> exact_fit = fit_min_max_error(instance.workload, instance.points, instance.targets,
                                                              with(FitMethod::RowGeneration, 0), recorder.sink());
      REQUIRE(exact_fit.is_ok());
      const Reweighting& generated = exact_fit.value();
      CHECK(generated.lp_objective == Approx(exact).margin(1e-8));
      CHECK(generated.lower_bound <= exact + 1e-9);
      CHECK(exact + 1e-9 <= generated.lp_objective + 2e-9);
      check_probability_vector(generated.weights, spec.points);
      CHECK(max_statistic_error(instance, generated.weights) == Approx(generated.lp_objective).margin(1e-12));
      CHECK(generated.active_statistics <= statistics);
      CHECK(generated.size.rows == static_cast<int>(2 * generated.active_statistics + 1));
      CHECK(generated.size.columns <= static_cast<int>(spec.points + 1));
      REQUIRE(generated.rounds.size() == 1);
      CHECK(generated.rounds[0].points == spec.points);
      CHECK(generated.rounds[0].lp_objective == generated.lp_objective);
      CHECK(generated.rounds[0].lower_bound == generated.lower_bound);
      CHECK(generated.rounds[0].iterations == generated.iterations);
      // Every intermediate certificate reported on the way, Lagrangian ones included, is valid.
      CHECK(recorder.calls > 0);
      CHECK(recorder.highest_lower <= exact + 1e-9);
      CHECK(recorder.lowest_upper >= exact - 1e-9);

      BoundRecorder loose_recorder;
      const Result<Reweighting> loose_fit =
          fit_min_max_error(instance.workload, instance.points, instance.targets, with(FitMethod::RowGeneration, 0.05),
                            loose_recorder.sink());
      REQUIRE(loose_fit.is_ok());
      const Reweighting& loose = loose_fit.value();
      CHECK(loose.lp_objective - loose.lower_bound <= 0.05 * loose.lower_bound + 1e-9);
      CHECK(loose.lp_objective <= 1.05 * exact + 1e-9);
      CHECK(loose.lp_objective >= exact - 1e-9);
      CHECK(loose.lower_bound <= exact + 1e-9);
      check_probability_vector(loose.weights, spec.points);
      CHECK(max_statistic_error(instance, loose.weights) == Approx(loose.lp_objective).margin(1e-12));
      CHECK(loose_recorder.highest_lower <= exact + 1e-9);
      CHECK(loose_recorder.lowest_upper >= exact - 1e-9);
    }
  }
}

TEST_CASE("row generation leaves most statistics and points out of the LP when few of them matter",
          "[row-generation][reweighting]") {
  // 1525 statistics (all marginals up to degree 3 of five 5-level columns) and 2000 points.
  const ReweightingInstance instance = make_reweighting_instance({5, 5, 5, 5, 5}, 3, 2000, 0.01, 21);
  const size_t statistics = instance.workload.statistic_count();
  REQUIRE(statistics == 25 + 250 + 1250);
  const Reweighting exact =
      fit_min_max_error(instance.workload, instance.points, instance.targets, with(FitMethod::Simplex, 0)).value();
  const Reweighting generated =
      fit_min_max_error(instance.workload, instance.points, instance.targets, with(FitMethod::RowGeneration, 0))
          .value();
  CHECK(generated.lp_objective == Approx(exact.lp_objective).margin(1e-8));
  CHECK(generated.active_statistics < statistics / 2);
  CHECK(generated.size.rows == static_cast<int>(2 * generated.active_statistics + 1));
  CHECK(generated.size.rows < exact.size.rows);
  CHECK(generated.size.columns < exact.size.columns);
  CHECK(generated.size.nonzeros < exact.size.nonzeros);
  // The statistics left out hold at the optimum: the recomputed error over all of them is t*.
  CHECK(max_statistic_error(instance, generated.weights) == Approx(exact.lp_objective).margin(1e-8));
}

TEST_CASE("row generation and the simplex agree on known answers for a one-point and a two-point reduced space",
          "[row-generation][reweighting]") {
  // One binary column, targets (0.3, 0.7). Points {1}: h = (1) gives frequencies (0, 1): t* = 0.3.
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree({2}, 1).value();
  EncodedTable one = make_empty_table({2}, 1);
  one.codes[0][0] = 1;
  // Points {0, 0, 1}: the best density puts 0.3 on the 0s together; t* = 0.
  EncodedTable three = make_empty_table({2}, 3);
  three.codes[0][2] = 1;
  for (const FitMethod method : {FitMethod::RowGeneration, FitMethod::Simplex}) {
    INFO(fit_method_name(method));
    const Reweighting a = fit_min_max_error(workload, one, {0.3, 0.7}, with(method, 0)).value();
    CHECK(a.lp_objective == Approx(0.3).margin(1e-12));
    CHECK(a.lower_bound == Approx(0.3).margin(1e-9));
    CHECK(a.weights == std::vector<double>{1.0});
    const Reweighting b = fit_min_max_error(workload, three, {0.3, 0.7}, with(method, 0)).value();
    CHECK(b.lp_objective == Approx(0).margin(1e-12));
    CHECK(b.weights[0] + b.weights[1] == Approx(0.3).margin(1e-12));
    CHECK(b.weights[2] == Approx(0.7).margin(1e-12));
  }
}

TEST_CASE("a growing reduced space with row generation doubles each round and each round is exact and warm",
          "[row-generation][reweighting][growth]") {
  // 576 statistics; small noise, so t* keeps falling as the reduced space grows (with larger noise
  // it soon stalls at the targets' own inconsistency, and later rounds would have nothing to do).
  const ReweightingInstance instance = make_reweighting_instance({6, 6, 6, 6, 6, 6}, 2, 2400, 0.001, 31);
  // The point source hands out the instance's points in order, so every round's reduced space is a
  // known prefix that a cold solve can check.
  const auto prefix_source = [&](size_t& drawn) {
    return PointSource([&](size_t count) {
      EncodedTable part = make_empty_table(instance.levels, count);
      for (size_t c = 0; c < instance.levels.size(); ++c) {
        for (size_t row = 0; row < count; ++row) part.codes[c][row] = instance.points.codes[c][drawn + row];
      }
      drawn += count;
      return part;
    });
  };
  const ReducedSpaceSchedule schedule{300, 2400, 0};
  std::vector<Reweighting> grown;
  for (const FitMethod method : {FitMethod::RowGeneration, FitMethod::Simplex}) {
    size_t drawn = 0;
    const Result<Reweighting> fit =
        fit_min_max_error(instance.workload, prefix_source(drawn), instance.targets, schedule, with(method, 0));
    REQUIRE(fit.is_ok());
    CHECK(drawn == 2400);
    grown.push_back(fit.value());
  }
  const Reweighting& rows = grown[0];
  const Reweighting& full = grown[1];
  REQUIRE(rows.rounds.size() == 4);  // 300, 600, 1200, 2400
  REQUIRE(full.rounds.size() == 4);
  long long iterations = 0;
  for (size_t i = 0; i < rows.rounds.size(); ++i) {
    INFO("round " << i);
    const ReweightingRound& round = rows.rounds[i];
    CHECK(round.points == 300u << i);
    iterations += round.iterations;
    // The cold exact optimum on the same points.
    ReweightingInstance prefix = instance;
    prefix.points = first_rows(instance.points, round.points);
    const Reweighting cold =
        fit_min_max_error(prefix.workload, prefix.points, prefix.targets, with(FitMethod::Simplex, 0)).value();
    CHECK(round.lp_objective == Approx(cold.lp_objective).margin(1e-8));
    CHECK(full.rounds[i].lp_objective == Approx(cold.lp_objective).margin(1e-8));
    CHECK(round.lower_bound <= cold.lp_objective + 1e-9);
    CHECK(full.rounds[i].lower_bound <= cold.lp_objective + 1e-9);
    if (i > 0) {
      CHECK(round.lp_objective <= rows.rounds[i - 1].lp_objective + 1e-9);     // more points never hurt
      CHECK(round.active_statistics >= rows.rounds[i - 1].active_statistics);  // rows are never dropped
    }
  }
  CHECK(rows.rounds.back().lp_objective < 0.75 * rows.rounds.front().lp_objective);
  CHECK(rows.iterations == iterations);
  CHECK(rows.points.rows == 2400);
  check_probability_vector(rows.weights, 2400);
  CHECK(max_statistic_error(instance, rows.weights) == Approx(rows.lp_objective).margin(1e-12));
  CHECK(rows.active_statistics == rows.rounds.back().active_statistics);
  // Warm: the last round continues from the previous basis and needs far fewer simplex iterations
  // than a cold row-generation solve on the same 2400 points.
  const Reweighting cold =
      fit_min_max_error(instance.workload, instance.points, instance.targets, with(FitMethod::RowGeneration, 0))
          .value();
  CHECK(cold.lp_objective == Approx(rows.lp_objective).margin(1e-8));
  CHECK(rows.rounds.back().iterations < cold.iterations);
}

TEST_CASE("a growing reduced space stops at the target error and at the cap with row generation at a gap",
          "[row-generation][reweighting][growth]") {
  const ReweightingInstance instance = make_reweighting_instance({4, 3, 5, 2}, 3, 1, 0.01, 32);
  SeededTestRandom random(33);
  const PointSource uniform = [&](size_t count) { return sample_uniform_points(instance.levels, count, random); };
  const Reweighting capped = fit_min_max_error(instance.workload, uniform, instance.targets, {100, 700, 0},
                                               with(FitMethod::RowGeneration, 0.05))
                                 .value();
  REQUIRE(capped.rounds.size() == 4);  // 100, 200, 400, then the cap 700
  CHECK(capped.rounds[3].points == 700);
  CHECK(capped.points.rows == 700);
  for (const ReweightingRound& round : capped.rounds) {
    CHECK(round.lp_objective - round.lower_bound <= 0.05 * round.lower_bound + 1e-9);
  }
  // A target between the first and the last round's errors stops the growth at the first round
  // whose max error reaches it.
  const double target = 0.5 * (capped.rounds[0].lp_objective + capped.rounds[3].lp_objective);
  SeededTestRandom again(33);
  const PointSource same = [&](size_t count) { return sample_uniform_points(instance.levels, count, again); };
  const Reweighting stopped = fit_min_max_error(instance.workload, same, instance.targets, {100, 700, target},
                                                with(FitMethod::RowGeneration, 0.05))
                                  .value();
  REQUIRE(capped.rounds[3].lp_objective < capped.rounds[0].lp_objective);
  size_t first_below = 0;
  while (capped.rounds[first_below].lp_objective > target) ++first_below;
  REQUIRE(stopped.rounds.size() == first_below + 1);  // the same points, so the same rounds
  for (size_t i = 0; i < stopped.rounds.size(); ++i) {
    CHECK(stopped.rounds[i].points == capped.rounds[i].points);
    CHECK(stopped.rounds[i].lp_objective == Approx(capped.rounds[i].lp_objective).margin(1e-12));
  }
  CHECK(stopped.lp_objective <= target);
  CHECK(stopped.points.rows == stopped.rounds.back().points);
}

TEST_CASE("a progress sink that returns false cancels row generation and the simplex inside the LP loop",
          "[row-generation][reweighting][cancel]") {
  const ReweightingInstance instance = make_reweighting_instance({6, 6, 6, 6, 6, 6}, 2, 1500, 0.01, 41);
  for (const FitMethod method : {FitMethod::RowGeneration, FitMethod::Simplex}) {
    INFO(fit_method_name(method));
    int calls = 0;
    const FitProgressSink cancel_after_first = [&](const FitProgress&) { return ++calls == 1; };
    const Result<Reweighting> fit =
        fit_min_max_error(instance.workload, instance.points, instance.targets, with(method, 0), cancel_after_first);
    REQUIRE_FALSE(fit.is_ok());
    CHECK(fit.status().code() == ErrorCode::Cancelled);
    CHECK(calls == 2);  // called, and not again after it said stop
  }
  // The same instance without cancellation solves (the sink is not what fails).
  int calls = 0;
  const FitProgressSink count = [&](const FitProgress&) { return ++calls > 0; };
  CHECK(
      fit_min_max_error(instance.workload, instance.points, instance.targets, with(FitMethod::RowGeneration, 0), count)
          .is_ok());
  CHECK(calls >= 2);
}

TEST_CASE("the simplex iteration limit stops row generation with LpLimitReached",
          "[row-generation][reweighting][errors]") {
  const ReweightingInstance instance = make_reweighting_instance({6, 6, 6, 6, 6, 6}, 2, 1500, 0.01, 41);
  for (const FitMethod method : {FitMethod::RowGeneration, FitMethod::Simplex}) {
    INFO(fit_method_name(method));
    FitOptions options = with(method, 0);
    options.simplex.iteration_limit = 20;
    const Result<Reweighting> fit = fit_min_max_error(instance.workload, instance.points, instance.targets, options);
    REQUIRE_FALSE(fit.is_ok());
    CHECK(fit.status().code() == ErrorCode::LpLimitReached);
  }
}

TEST_CASE("row generation checks for cancellation between its LP solves, not only inside GLPK",
          "[row-generation][reweighting][cancel]") {
  const ReweightingInstance instance = make_reweighting_instance({6, 6, 6, 6, 6, 6}, 2, 1500, 0.01, 41);
  // Between solves the fit reports iterations 0 with a certified upper bound; inside a solve GLPK
  // reports its (cumulative, so positive after the first solve) iteration count.
  int calls = 0, calls_after_stop = 0;
  bool stopped = false;
  const FitProgressSink stop_between_solves = [&](const FitProgress& p) {
    ++calls;
    if (stopped) {
      ++calls_after_stop;
      return false;
    }
    stopped = p.iterations == 0 && p.upper > 0;
    return !stopped;
  };
  const Result<Reweighting> fit = fit_min_max_error(instance.workload, instance.points, instance.targets,
                                                    with(FitMethod::RowGeneration, 0), stop_between_solves);
  REQUIRE(stopped);
  REQUIRE_FALSE(fit.is_ok());
  CHECK(fit.status().code() == ErrorCode::Cancelled);
  CHECK(calls_after_stop == 0);  // the next solve did not start
  CHECK(calls >= 2);
}
