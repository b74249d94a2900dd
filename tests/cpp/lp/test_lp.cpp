#include <catch2/catch.hpp>

#include "lp/linear_program.hpp"

using namespace privsynth;

namespace {
// max 3x + 2y s.t. x + y <= 4, x + 3y <= 6, x <= 3 (as min -3x - 2y); optimum (3, 1), value -11.
LinearProgram small_lp() {
  LinearProgram lp;
  REQUIRE(lp.add_rows(2).is_ok());
  REQUIRE(lp.add_columns(2).is_ok());
  REQUIRE(lp.set_row_bounds(0, LpBound::Upper, 0, 4).is_ok());
  REQUIRE(lp.set_row_bounds(1, LpBound::Upper, 0, 6).is_ok());
  REQUIRE(lp.set_column_bounds(0, LpBound::Range, 0, 3).is_ok());
  REQUIRE(lp.set_column_bounds(1, LpBound::Lower, 0, 0).is_ok());
  REQUIRE(lp.set_objective(0, -3).is_ok());
  REQUIRE(lp.set_objective(1, -2).is_ok());
  REQUIRE(lp.load_matrix({{0, 0, 1}, {0, 1, 1}, {1, 0, 1}, {1, 1, 3}}).is_ok());
  return lp;
}
}  // namespace

TEST_CASE("a small LP reaches its known optimum with primal and dual simplex", "[lp]") {
  for (SimplexMethod method : {SimplexMethod::Primal, SimplexMethod::Dual}) {
    LinearProgram lp = small_lp();
    SimplexOptions options;
    options.method = method;
    const Result<LpSolution> solution = lp.solve(options);
    REQUIRE(solution.is_ok());
    CHECK(solution.value().objective == Approx(-11));
    CHECK(solution.value().columns[0] == Approx(3));
    CHECK(solution.value().columns[1] == Approx(1));
  }
}

TEST_CASE("min-max fit of a point to three targets has the known optimum", "[lp]") {
  // min t s.t. |h - b_i| <= t for b = (0.1, 0.5, 0.7): optimum t = 0.3 at h = 0.4.
  LinearProgram lp;
  REQUIRE(lp.add_rows(6).is_ok());
  REQUIRE(lp.add_columns(2).is_ok());
  const double targets[] = {0.1, 0.5, 0.7};
  std::vector<LpEntry> entries;
  for (int i = 0; i < 3; ++i) {
    REQUIRE(lp.set_row_bounds(2 * i, LpBound::Upper, 0, targets[i]).is_ok());
    REQUIRE(lp.set_row_bounds(2 * i + 1, LpBound::Lower, targets[i], 0).is_ok());
    entries.push_back({2 * i, 0, 1});
    entries.push_back({2 * i, 1, -1});
    entries.push_back({2 * i + 1, 0, 1});
    entries.push_back({2 * i + 1, 1, 1});
  }
  REQUIRE(lp.set_column_bounds(0, LpBound::Free, 0, 0).is_ok());
  REQUIRE(lp.set_column_bounds(1, LpBound::Lower, 0, 0).is_ok());
  REQUIRE(lp.set_objective(1, 1).is_ok());
  REQUIRE(lp.load_matrix(entries).is_ok());
  const Result<LpSolution> solution = lp.solve({});
  REQUIRE(solution.is_ok());
  CHECK(solution.value().objective == Approx(0.3));
  CHECK(solution.value().columns[0] == Approx(0.4));
}

TEST_CASE("an infeasible LP is an error result, not an abort", "[lp][errors]") {
  LinearProgram lp;
  REQUIRE(lp.add_rows(2).is_ok());
  REQUIRE(lp.add_columns(1).is_ok());
  REQUIRE(lp.set_row_bounds(0, LpBound::Lower, 2, 0).is_ok());  // x >= 2
  REQUIRE(lp.set_row_bounds(1, LpBound::Upper, 0, 1).is_ok());  // x <= 1
  REQUIRE(lp.set_column_bounds(0, LpBound::Free, 0, 0).is_ok());
  REQUIRE(lp.load_matrix({{0, 0, 1}, {1, 0, 1}}).is_ok());
  const Result<LpSolution> solution = lp.solve({});
  REQUIRE_FALSE(solution.is_ok());
  CHECK(solution.status().code() == ErrorCode::LpInfeasible);
}

TEST_CASE("a GLPK fatal error becomes an error Status and GLPK keeps working afterwards", "[lp][errors]") {
  LinearProgram broken = small_lp();
  // Row 99 does not exist: GLPK calls glp_error, which would abort the process without the hook.
  const Status status = broken.set_row_bounds(99, LpBound::Upper, 0, 1);
  REQUIRE(status.code() == ErrorCode::LpFailed);
  CHECK_THAT(status.message(), Catch::Contains("row number out of range"));
  // The failed problem is gone with the environment; using it again is a clean error.
  CHECK(broken.solve({}).status().code() == ErrorCode::LpFailed);
  // A duplicate matrix entry is another GLPK fatal error.
  LinearProgram duplicate;
  REQUIRE(duplicate.add_rows(1).is_ok());
  REQUIRE(duplicate.add_columns(1).is_ok());
  CHECK(duplicate.load_matrix({{0, 0, 1}, {0, 0, 2}}).code() == ErrorCode::LpFailed);
  // New problems solve normally.
  LinearProgram fresh = small_lp();
  const Result<LpSolution> solution = fresh.solve({});
  REQUIRE(solution.is_ok());
  CHECK(solution.value().objective == Approx(-11));
}

TEST_CASE("an LP without rows or columns is an error", "[lp][errors]") {
  LinearProgram empty;
  CHECK(empty.solve({}).status().code() == ErrorCode::LpFailed);
}

namespace {
// A dense random LP big enough to need many iterations.
LinearProgram big_lp(int size) {
  LinearProgram lp;
  REQUIRE(lp.add_rows(size).is_ok());
  REQUIRE(lp.add_columns(size).is_ok());
  std::vector<LpEntry> entries;
  uint64_t state = 12345;
  for (int i = 0; i < size; ++i) {
    REQUIRE(lp.set_row_bounds(i, LpBound::Upper, 0, 1 + i % 7).is_ok());
    REQUIRE(lp.set_column_bounds(i, LpBound::Lower, 0, 0).is_ok());
    REQUIRE(lp.set_objective(i, -1.0 - (i % 5)).is_ok());
    for (int j = 0; j < size; ++j) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      entries.push_back({i, j, 0.1 + static_cast<double>(state >> 40) / (1ull << 24)});
    }
  }
  REQUIRE(lp.load_matrix(entries).is_ok());
  return lp;
}
}  // namespace

TEST_CASE("iteration limits and cancellation stop the solver with clear errors", "[lp][errors]") {
  {
    LinearProgram lp = big_lp(150);
    SimplexOptions options;
    options.iteration_limit = 3;
    const Result<LpSolution> solution = lp.solve(options);
    CHECK(solution.status().code() == ErrorCode::LpLimitReached);
    CHECK_THAT(solution.status().message(), Catch::Contains("iteration limit"));
  }
  {
    LinearProgram lp = big_lp(150);
    SimplexOptions options;
    options.progress_interval_ms = 0;  // report every iteration
    int reports = 0;
    const Result<LpSolution> solution = lp.solve(options, [&](const LpProgress&) { return ++reports < 3; });
    CHECK(solution.status().code() == ErrorCode::Cancelled);
    CHECK(reports == 3);
  }
  LinearProgram lp = big_lp(150);
  CHECK(lp.solve({}).is_ok());
}

TEST_CASE("limits count every solve of the same problem together", "[lp][errors]") {
  LinearProgram lp = big_lp(60);
  const Result<LpSolution> first = lp.solve({});
  REQUIRE(first.is_ok());
  REQUIRE(first.value().iterations > 0);
  SimplexOptions limited;
  limited.iteration_limit = first.value().iterations;  // already used up by the first solve
  CHECK(lp.solve(limited).status().code() == ErrorCode::LpLimitReached);
  limited.iteration_limit = first.value().iterations + 1000;
  const Result<LpSolution> again = lp.solve(limited);  // warm start from the optimal basis: no pivots
  REQUIRE(again.is_ok());
  CHECK(again.value().iterations == 0);
  CHECK(again.value().objective == Approx(first.value().objective));
}
