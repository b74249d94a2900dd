#include <catch2/catch.hpp>

#include "lp/linear_program.hpp"

using namespace privsynth;

namespace {

// Columns x, y, z >= 0 with costs 1, 2, 3; rows r0: x + y + z >= 1, r1: x <= 0.75.
// Optimum x = 0.75, y = 0.25, z = 0, value 1.25. x and y are basic, so their reduced costs vanish:
//   1 = pi0 + pi1,  2 = pi0   =>   pi = (2, -1)   (>= row of a minimization: pi >= 0; <= row: pi <= 0)
// and z's reduced cost is 3 - pi0 = 1. Strong duality: 2 * 1 - 1 * 0.75 = 1.25.
LinearProgram dual_example() {
  LinearProgram lp;
  REQUIRE(lp.append_rows({LpRow{LpBound::Lower, 1, 0, {}, {}}, LpRow{LpBound::Upper, 0, 0.75, {}, {}}}).is_ok());
  REQUIRE(lp.append_columns({LpColumn{LpBound::Lower, 0, 0, 1, {0, 1}, {1, 1}},
                             LpColumn{LpBound::Lower, 0, 0, 2, {0}, {1}}, LpColumn{LpBound::Lower, 0, 0, 3, {0}, {1}}})
              .is_ok());
  return lp;
}

// Dense copy of the constraint matrix and costs, to check the reduced-cost convention.
struct Dense {
  std::vector<std::vector<double>> a;  // a[row][column]
  std::vector<double> cost;
};

std::vector<double> reduced_costs(const Dense& dense, const LpSolution& solution) {
  std::vector<double> d(dense.cost);
  for (size_t j = 0; j < d.size(); ++j) {
    for (size_t i = 0; i < dense.a.size(); ++i) d[j] -= solution.row_duals[i] * dense.a[i][j];
  }
  return d;
}

}  // namespace

TEST_CASE("row duals of a small LP have the hand-computed values and reduced costs c - pi A", "[lp][duals]") {
  for (SimplexMethod method : {SimplexMethod::Primal, SimplexMethod::Dual}) {
    INFO("method " << (method == SimplexMethod::Primal ? "primal" : "dual"));
    LinearProgram lp = dual_example();
    CHECK(lp.rows() == 2);
    CHECK(lp.columns() == 3);
    CHECK(lp.nonzeros() == 4);
    SimplexOptions options;
    options.method = method;
    const Result<LpSolution> solved = lp.solve(options);
    REQUIRE(solved.is_ok());
    const LpSolution& s = solved.value();
    CHECK(s.objective == Approx(1.25).margin(1e-12));
    REQUIRE(s.columns.size() == 3);
    CHECK(s.columns[0] == Approx(0.75).margin(1e-12));
    CHECK(s.columns[1] == Approx(0.25).margin(1e-12));
    CHECK(s.columns[2] == Approx(0).margin(1e-12));
    REQUIRE(s.row_duals.size() == 2);
    CHECK(s.row_duals[0] == Approx(2).margin(1e-12));
    CHECK(s.row_duals[1] == Approx(-1).margin(1e-12));
    const Dense dense{{{1, 1, 1}, {1, 0, 0}}, {1, 2, 3}};
    const std::vector<double> d = reduced_costs(dense, s);
    CHECK(d[0] == Approx(0).margin(1e-12));
    CHECK(d[1] == Approx(0).margin(1e-12));
    CHECK(d[2] == Approx(1).margin(1e-12));
    CHECK(2 * 1 + (-1) * 0.75 == Approx(s.objective));  // pi . b = c . x
  }
}

TEST_CASE("rows with entries appended after a solve re-solve warm to the new known optimum and duals", "[lp][duals]") {
  for (SimplexMethod method : {SimplexMethod::Primal, SimplexMethod::Dual}) {
    INFO("method " << (method == SimplexMethod::Primal ? "primal" : "dual"));
    LinearProgram lp = dual_example();
    SimplexOptions options;
    options.method = method;
    REQUIRE(lp.solve(options).is_ok());

    // r2: y >= 0.5 cuts off (0.75, 0.25). New optimum x = y = 0.5, value 1.5; r1 slack so pi1 = 0;
    // x basic: 1 = pi0; y basic: 2 = pi0 + pi2 => pi = (1, 0, 1).
    REQUIRE(lp.append_rows({LpRow{LpBound::Lower, 0.5, 0, {1}, {1.0}}}).is_ok());
    CHECK(lp.rows() == 3);
    CHECK(lp.nonzeros() == 5);
    Result<LpSolution> solved = lp.solve(options);
    REQUIRE(solved.is_ok());
    CHECK(solved.value().objective == Approx(1.5).margin(1e-12));
    CHECK(solved.value().columns[0] == Approx(0.5).margin(1e-12));
    CHECK(solved.value().columns[1] == Approx(0.5).margin(1e-12));
    REQUIRE(solved.value().row_duals.size() == 3);
    CHECK(solved.value().row_duals[0] == Approx(1).margin(1e-12));
    CHECK(solved.value().row_duals[1] == Approx(0).margin(1e-12));
    CHECK(solved.value().row_duals[2] == Approx(1).margin(1e-12));

    // r3: 2x - y >= 0.8 (two entries, one negative) cuts off (0.5, 0.5). With y >= 0.5 binding,
    // x = (0.8 + 0.5) / 2 = 0.65; value 0.65 + 1 = 1.65. r0 (x + y = 1.15) and r1 are slack:
    // x: 1 = 2 pi3;  y: 2 = pi2 - pi3  =>  pi = (0, 0, 2.5, 0.5). Check: 2.5 * 0.5 + 0.5 * 0.8 = 1.65.
    REQUIRE(lp.append_rows({LpRow{LpBound::Lower, 0.8, 0, {1, 0}, {-1.0, 2.0}}}).is_ok());
    CHECK(lp.nonzeros() == 7);
    solved = lp.solve(options);
    REQUIRE(solved.is_ok());
    const LpSolution& s = solved.value();
    CHECK(s.objective == Approx(1.65).margin(1e-12));
    CHECK(s.columns[0] == Approx(0.65).margin(1e-12));
    CHECK(s.columns[1] == Approx(0.5).margin(1e-12));
    CHECK(s.columns[2] == Approx(0).margin(1e-12));
    REQUIRE(s.row_duals.size() == 4);
    CHECK(s.row_duals[0] == Approx(0).margin(1e-12));
    CHECK(s.row_duals[1] == Approx(0).margin(1e-12));
    CHECK(s.row_duals[2] == Approx(2.5).margin(1e-12));
    CHECK(s.row_duals[3] == Approx(0.5).margin(1e-12));
    const Dense dense{{{1, 1, 1}, {1, 0, 0}, {0, 1, 0}, {2, -1, 0}}, {1, 2, 3}};
    const std::vector<double> d = reduced_costs(dense, s);
    CHECK(d[0] == Approx(0).margin(1e-12));
    CHECK(d[1] == Approx(0).margin(1e-12));
    CHECK(d[2] == Approx(3).margin(1e-12));  // z appears only in the slack row r0
  }
}

TEST_CASE("a column appended after a solve with a negative reduced cost enters on the warm re-solve", "[lp][duals]") {
  LinearProgram lp = dual_example();
  const Result<LpSolution> first = lp.solve({});
  REQUIRE(first.is_ok());
  // w with cost 0.5 in r0 only: reduced cost 0.5 - pi0 = -1.5 < 0 under the old duals, so the old
  // optimum is not optimal any more; the new optimum puts everything on w: value 0.5.
  const double reduced = 0.5 - first.value().row_duals[0] * 1.0;
  CHECK(reduced == Approx(-1.5).margin(1e-12));
  REQUIRE(lp.append_columns({LpColumn{LpBound::Lower, 0, 0, 0.5, {0}, {1}}}).is_ok());
  const Result<LpSolution> second = lp.solve({});
  REQUIRE(second.is_ok());
  CHECK(second.value().objective == Approx(0.5).margin(1e-12));
  CHECK(second.value().columns[3] == Approx(1).margin(1e-12));
  CHECK(second.value().row_duals[0] == Approx(0.5).margin(1e-12));
  CHECK(second.value().row_duals[1] == Approx(0).margin(1e-12));
}

TEST_CASE("appending a row with entries of missing columns or mismatched lengths is an error", "[lp][duals][errors]") {
  LinearProgram lp = dual_example();
  const Status missing = lp.append_rows({LpRow{LpBound::Lower, 0, 0, {3}, {1.0}}});
  CHECK(missing.code() == ErrorCode::InvalidArgument);
  CHECK_THAT(missing.message(), Catch::Contains("missing column"));
  CHECK(lp.append_rows({LpRow{LpBound::Lower, 0, 0, {-1}, {1.0}}}).code() == ErrorCode::InvalidArgument);
  CHECK(lp.append_rows({LpRow{LpBound::Lower, 0, 0, {0, 1}, {1.0}}}).code() == ErrorCode::Internal);
  // Nothing was added by the rejected calls, and the LP still solves to its optimum.
  CHECK(lp.rows() == 2);
  CHECK(lp.nonzeros() == 4);
  const Result<LpSolution> solved = lp.solve({});
  REQUIRE(solved.is_ok());
  CHECK(solved.value().objective == Approx(1.25).margin(1e-12));
  // Before any column exists, a row may only be empty.
  LinearProgram empty;
  CHECK(empty.append_rows({LpRow{LpBound::Lower, 0, 0, {0}, {1.0}}}).code() == ErrorCode::InvalidArgument);
  CHECK(empty.append_rows({LpRow{LpBound::Lower, 0, 0, {}, {}}}).is_ok());
  CHECK(empty.rows() == 1);
}
