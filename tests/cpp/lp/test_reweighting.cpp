#include <catch2/catch.hpp>

#include "lp/reweighting.hpp"
#include "lp/uniform_reference_measure.hpp"

using namespace privsynth;

TEST_CASE("with exact targets and a reduced space covering the domain, the LP reproduces the statistics",
          "[reweighting]") {
  const std::vector<int> levels = {2, 3, 2};
  SeededTestRandom random(9);
  EncodedTable data = make_empty_table(levels, 500);
  for (size_t row = 0; row < data.rows; ++row) {  // correlated columns
    data.codes[0][row] = static_cast<uint32_t>(random.uniform_below(2));
    data.codes[1][row] = static_cast<uint32_t>((data.codes[0][row] + random.uniform_below(2)) % 3);
    data.codes[2][row] =
        static_cast<uint32_t>(random.uniform_below(10) < 8 ? data.codes[0][row] : 1 - data.codes[0][row]);
  }
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree(levels, 2).value();
  std::vector<double> targets;
  for (int64_t count : workload.count(data)) targets.push_back(static_cast<double>(count) / data.rows);
  // 200 uniform points cover all 12 cells with overwhelming probability.
  const EncodedTable points = sample_uniform_points(levels, 200, random);
  for (const FitMethod method : {FitMethod::RowGeneration, FitMethod::Simplex}) {
    FitOptions options;
    options.method = method;
    const Reweighting fit = fit_min_max_error(workload, points, targets, options).value();
    CHECK(fit.lp_objective < 1e-9);
    CHECK(fit.lower_bound < 1e-9);
    const std::vector<double> fitted = workload.weighted_sum(points, fit.weights);
    for (size_t i = 0; i < targets.size(); ++i) CHECK(fitted[i] == Approx(targets[i]).margin(1e-9));
    if (method == FitMethod::Simplex) {  // the whole LP; row generation solves a part of it
      CHECK(fit.size.rows == static_cast<int>(2 * workload.statistic_count() + 1));
      CHECK(fit.size.columns == 201);
    } else {
      CHECK(fit.size.rows <= static_cast<int>(2 * workload.statistic_count() + 1));
      CHECK(fit.size.columns <= 201);
    }
  }
}

TEST_CASE("the min-max error has its known value when the reduced space is too small", "[reweighting]") {
  // One binary column, reduced space = {0, 0}: the best density puts all mass on 0, so the
  // frequencies are (1, 0) against targets (0.3, 0.7): t* = 0.7.
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree({2}, 1).value();
  EncodedTable points = make_empty_table({2}, 2);
  const Reweighting fit = fit_min_max_error(workload, points, {0.3, 0.7}, {}).value();
  CHECK(fit.lp_objective == Approx(0.7));
  CHECK(fit.lower_bound == Approx(0.7));
  // Points {0, 1}: exact fit.
  points.codes[0][1] = 1;
  CHECK(fit_min_max_error(workload, points, {0.3, 0.7}, {}).value().lp_objective == Approx(0).margin(1e-12));
}

TEST_CASE("the reweighting LP refuses sizes that do not fit in memory", "[reweighting][errors]") {
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree({50, 50, 50, 50}, 2).value();
  const LpSize size = reweighting_lp_size(workload, 2'000'000);
  CHECK(size.nonzeros > kMaxLpNonzeros);
  // Row generation and mirror-prox hold one cell index per (marginal, point): 10 x 4.5M > 40M.
  EncodedTable points = make_empty_table({50, 50, 50, 50}, 4'500'000);
  for (const FitMethod method : {FitMethod::RowGeneration, FitMethod::Simplex, FitMethod::MirrorProx}) {
    FitOptions options;
    options.method = method;
    options.relative_gap = 0.01;
    const Result<Reweighting> fit =
        fit_min_max_error(workload, points, std::vector<double>(workload.statistic_count(), 0.0), options);
    CHECK(fit.status().code() == ErrorCode::DomainTooLarge);
  }
}

TEST_CASE("the reduced space grows until t* reaches the target, warm-starting each round", "[reweighting]") {
  const std::vector<int> levels = {4, 4, 4};
  SeededTestRandom random(31);
  EncodedTable data = make_empty_table(levels, 1000);
  for (size_t row = 0; row < data.rows; ++row) {  // concentrated on the diagonal: uniform points rarely hit it
    const uint32_t a = static_cast<uint32_t>(random.uniform_below(4));
    data.codes[0][row] = data.codes[1][row] = data.codes[2][row] = a;
  }
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree(levels, 2).value();
  std::vector<double> targets;
  for (int64_t count : workload.count(data)) targets.push_back(static_cast<double>(count) / data.rows);
  const PointSource uniform = [&](size_t count) { return sample_uniform_points(levels, count, random); };

  const Reweighting grown = fit_min_max_error(workload, uniform, targets, {8, 512, 1e-9}, {}).value();
  REQUIRE(grown.rounds.size() >= 2);
  for (size_t i = 1; i < grown.rounds.size(); ++i) {
    CHECK(grown.rounds[i].points == 2 * grown.rounds[i - 1].points);
    CHECK(grown.rounds[i].lp_objective <= grown.rounds[i - 1].lp_objective + 1e-12);  // more points never hurt
  }
  CHECK(grown.lp_objective < 1e-9);  // the 4 diagonal points are found
  CHECK(grown.points.rows == grown.rounds.back().points);
  CHECK(grown.weights.size() == grown.points.rows);

  const Reweighting capped = fit_min_max_error(workload, uniform, targets, {2, 4, 0}, {}).value();
  CHECK(capped.points.rows == 4);
  CHECK(capped.rounds.size() == 2);
  CHECK(capped.lp_objective > 0.1);
}

TEST_CASE("the reduced space stops growing when t* is flat near the noise level", "[reweighting]") {
  // Inconsistent targets, as noise makes them: column 0's cells sum to 1.1, so every h is at least
  // 0.05 off whatever the points (t* = 0.05 on any space that covers the 2 x 2 domain).
  const std::vector<int> levels = {2, 2};
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree(levels, 1).value();
  const std::vector<double> targets = {0.55, 0.55, 0.5, 0.5};
  SeededTestRandom random(5);
  const PointSource uniform = [&](size_t count) { return sample_uniform_points(levels, count, random); };
  // Near the noise level (t* <= 2 x target): two flat doublings, then stop.
  const Reweighting near = fit_min_max_error(workload, uniform, targets, {64, 4096, 0.03}, {}).value();
  REQUIRE(near.rounds.size() == 3);
  CHECK(near.lp_objective == Approx(0.05).margin(1e-9));
  CHECK(near.points.rows == 256);
  // Far above it the space keeps doubling up to its cap: flat rounds there can be chance.
  const Reweighting far = fit_min_max_error(workload, uniform, targets, {64, 4096, 0.01}, {}).value();
  CHECK(far.points.rows == 4096);
  CHECK(far.rounds.size() == 7);
}

TEST_CASE("the second stage runs on twice the final space, unless told the points come from a private mu",
          "[reweighting]") {
  const std::vector<int> levels = {3, 3};
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree(levels, 2).value();
  std::vector<double> targets(workload.statistic_count(), 0.0);
  // Independent uniform columns: every 1-way cell 1/3, every 2-way cell 1/9.
  for (size_t f = 0; f < targets.size(); ++f) targets[f] = f < 6 ? 1.0 / 3 : 1.0 / 9;
  SeededTestRandom random(8);
  const PointSource uniform = [&](size_t count) { return sample_uniform_points(levels, count, random); };
  FitOptions options;
  options.second_stage = SecondStage::MaxEntropy;
  ReducedSpaceSchedule schedule{16, 64, 1.0};  // the target is met at once: one round of 16 points
  const Reweighting doubled = fit_min_max_error(workload, uniform, targets, schedule, options).value();
  REQUIRE(doubled.rounds.size() == 1);
  CHECK(doubled.points.rows == 32);
  CHECK(doubled.weights.size() == 32);
  REQUIRE(doubled.second_stage);
  CHECK(doubled.second_stage->max_error <= doubled.second_stage->tolerance);
  schedule.double_for_second_stage = false;
  const Reweighting kept = fit_min_max_error(workload, uniform, targets, schedule, options).value();
  CHECK(kept.points.rows == 16);
  CHECK(kept.weights.size() == 16);
  // At the cap nothing is added.
  const Reweighting capped = fit_min_max_error(workload, uniform, targets, {16, 16, 1.0}, options).value();
  CHECK(capped.points.rows == 16);
}
