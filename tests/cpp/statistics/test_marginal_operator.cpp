#include <catch2/catch.hpp>

#include <string>

#include "lp/uniform_reference_measure.hpp"
#include "statistics/marginal_operator.hpp"
#include "statistics/workload.hpp"

using namespace privsynth;

namespace {

// The statistic matrix written out: A(f, j) = 1 when point j falls in cell f (built from
// cell_of_row, independently of MarginalOperator).
std::vector<std::vector<double>> dense_matrix(const MarginalWorkload& workload, const EncodedTable& points) {
  std::vector<std::vector<double>> a(workload.statistic_count(), std::vector<double>(points.rows, 0.0));
  for (const Marginal& marginal : workload.marginals()) {
    for (size_t j = 0; j < points.rows; ++j) a[marginal.offset + cell_of_row(marginal, points, j)][j] = 1.0;
  }
  return a;
}

// Small integers: every product and sum below is exact in double, so results must agree exactly.
std::vector<double> small_integers(size_t count, RandomSource& random) {
  std::vector<double> v(count);
  for (double& x : v) x = static_cast<double>(random.uniform_below(11)) - 5.0;
  return v;
}

std::vector<double> uniform_reals(size_t count, RandomSource& random) {
  std::vector<double> v(count);
  for (double& x : v) x = 2.0 * random.uniform_unit() - 1.0;
  return v;
}

EncodedTable rows_of(const EncodedTable& table, size_t first, size_t end) {
  EncodedTable part = make_empty_table(table.levels, end - first);
  for (size_t c = 0; c < table.columns(); ++c) {
    for (size_t row = first; row < end; ++row) part.codes[c][row - first] = table.codes[c][row];
  }
  return part;
}

void check_against_dense(const MarginalWorkload& workload, const EncodedTable& points, const MarginalOperator& op,
                         RandomSource& random) {
  const std::vector<std::vector<double>> a = dense_matrix(workload, points);
  const size_t s = workload.statistic_count(), m = points.rows;
  REQUIRE(op.statistics() == s);
  REQUIRE(op.points() == m);
  REQUIRE(op.marginals() == workload.marginals().size());
  for (size_t k = 0; k < workload.marginals().size(); ++k) {
    const Marginal& marginal = workload.marginals()[k];
    for (size_t j = 0; j < m; ++j) {
      REQUIRE(op.cell(k, j) == marginal.offset + cell_of_row(marginal, points, j));
    }
  }
  // Exact arithmetic first (integer vectors), then general reals within round-off.
  for (int trial = 0; trial < 2; ++trial) {
    const std::vector<double> h = trial == 0 ? small_integers(m, random) : uniform_reals(m, random);
    const std::vector<double> y = trial == 0 ? small_integers(s, random) : uniform_reals(s, random);
    std::vector<double> ah(s, -99.0), aty(m, -99.0);  // garbage: the operator must overwrite, not accumulate
    op.apply(h.data(), ah.data());
    op.apply_transpose(y.data(), aty.data());
    for (size_t f = 0; f < s; ++f) {
      double expected = 0;
      for (size_t j = 0; j < m; ++j) expected += a[f][j] * h[j];
      if (trial == 0) {
        REQUIRE(ah[f] == expected);
      } else {
        REQUIRE(ah[f] == Approx(expected).margin(1e-12));
      }
    }
    for (size_t j = 0; j < m; ++j) {
      double expected = 0;
      for (size_t f = 0; f < s; ++f) expected += a[f][j] * y[f];
      if (trial == 0) {
        REQUIRE(aty[j] == expected);
      } else {
        REQUIRE(aty[j] == Approx(expected).margin(1e-12));
      }
    }
  }
  // A 1 = the count tables of the points, and each column of A has one 1 per marginal.
  std::vector<double> ones_m(m, 1.0), ones_s(s, 1.0), counts(s), per_point(m);
  op.apply(ones_m.data(), counts.data());
  const std::vector<int64_t> expected_counts = workload.count(points);
  for (size_t f = 0; f < s; ++f) REQUIRE(counts[f] == static_cast<double>(expected_counts[f]));
  op.apply_transpose(ones_s.data(), per_point.data());
  for (size_t j = 0; j < m; ++j) REQUIRE(per_point[j] == static_cast<double>(workload.marginals().size()));
}

}  // namespace

TEST_CASE("the marginal operator's products equal the dense matrix products on an all-2-way workload",
          "[marginal-operator]") {
  const std::vector<int> levels = {3, 2, 4, 2};
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree(levels, 2).value();
  REQUIRE(workload.statistic_count() == 11 + 44);  // 1-way 3+2+4+2, 2-way 6+12+6+8+4+8
  SeededTestRandom random(101);
  const EncodedTable points = sample_uniform_points(levels, 37, random);
  const MarginalOperator op(workload, points);
  check_against_dense(workload, points, op, random);
}

TEST_CASE("the marginal operator's products equal the dense matrix products on a workload from column sets",
          "[marginal-operator]") {
  const std::vector<int> levels = {3, 2, 4, 2};
  const MarginalWorkload workload = MarginalWorkload::from_column_sets(levels, {{1, 3}, {0}, {0, 2, 3}}).value();
  REQUIRE(workload.statistic_count() == 4 + 3 + 24);
  SeededTestRandom random(202);
  const EncodedTable points = sample_uniform_points(levels, 53, random);
  const MarginalOperator op(workload, points);
  check_against_dense(workload, points, op, random);
}

TEST_CASE("appending points to the marginal operator gives the operator built at once", "[marginal-operator]") {
  const std::vector<int> levels = {3, 2, 4, 2};
  const MarginalWorkload workload = MarginalWorkload::from_column_sets(levels, {{0, 1}, {2}, {1, 2, 3}, {3}}).value();
  SeededTestRandom random(303);
  const EncodedTable points = sample_uniform_points(levels, 41, random);
  const MarginalOperator whole(workload, points);
  MarginalOperator grown(workload, rows_of(points, 0, 10));
  CHECK(grown.points() == 10);
  grown.append_points(workload, rows_of(points, 10, 10));  // nothing
  CHECK(grown.points() == 10);
  grown.append_points(workload, rows_of(points, 10, 25));
  grown.append_points(workload, rows_of(points, 25, 41));
  REQUIRE(grown.points() == 41);
  REQUIRE(grown.statistics() == whole.statistics());
  for (size_t k = 0; k < workload.marginals().size(); ++k) {
    for (size_t j = 0; j < points.rows; ++j) REQUIRE(grown.cell(k, j) == whole.cell(k, j));
  }
  const std::vector<double> h = uniform_reals(41, random), y = uniform_reals(whole.statistics(), random);
  std::vector<double> a(whole.statistics()), b(whole.statistics()), c(41), d(41);
  whole.apply(h.data(), a.data());
  grown.apply(h.data(), b.data());
  whole.apply_transpose(y.data(), c.data());
  grown.apply_transpose(y.data(), d.data());
  CHECK(a == b);
  CHECK(c == d);
  check_against_dense(workload, points, grown, random);
}

TEST_CASE("a workload from column sets has the given marginals with the right offsets, strides and counts",
          "[workload][column-sets]") {
  const std::vector<int> levels = {3, 2, 4, 2};
  const Result<MarginalWorkload> built = MarginalWorkload::from_column_sets(levels, {{1, 3}, {0}, {0, 2, 3}});
  REQUIRE(built.is_ok());
  const MarginalWorkload& workload = built.value();
  REQUIRE(workload.marginals().size() == 3);
  CHECK(workload.marginals()[0].columns == std::vector<int>{1, 3});
  CHECK(workload.marginals()[0].cells == 4);
  CHECK(workload.marginals()[0].offset == 0);
  CHECK(workload.marginals()[0].strides == std::vector<size_t>{2, 1});
  CHECK(workload.marginals()[1].columns == std::vector<int>{0});
  CHECK(workload.marginals()[1].cells == 3);
  CHECK(workload.marginals()[1].offset == 4);
  CHECK(workload.marginals()[2].columns == std::vector<int>{0, 2, 3});
  CHECK(workload.marginals()[2].cells == 24);
  CHECK(workload.marginals()[2].offset == 7);
  CHECK(workload.marginals()[2].strides == std::vector<size_t>{8, 2, 1});
  CHECK(workload.statistic_count() == 31);
  CHECK(workload.degree() == 3);
  CHECK(workload.l1_sensitivity_add_remove() == 3);

  // One record (2, 1, 3, 0) hits cell 1*2+0 = 2, then 4+2 = 6, then 7 + 2*8+3*2+0 = 29.
  EncodedTable record = make_empty_table(levels, 1);
  record.codes[0][0] = 2;
  record.codes[1][0] = 1;
  record.codes[2][0] = 3;
  record.codes[3][0] = 0;
  std::vector<int64_t> expected(31, 0);
  expected[2] = expected[6] = expected[29] = 1;
  CHECK(workload.count(record) == expected);

  // The same sets as all_up_to_degree's give the same workload.
  const MarginalWorkload all = MarginalWorkload::all_up_to_degree(levels, 2).value();
  std::vector<std::vector<int>> sets;
  for (const Marginal& marginal : all.marginals()) sets.push_back(marginal.columns);
  const MarginalWorkload same = MarginalWorkload::from_column_sets(levels, sets).value();
  REQUIRE(same.marginals().size() == all.marginals().size());
  CHECK(same.statistic_count() == all.statistic_count());
  for (size_t k = 0; k < all.marginals().size(); ++k) CHECK(same.marginals()[k].offset == all.marginals()[k].offset);
}

TEST_CASE("a workload from column sets rejects empty, unordered, repeated, out-of-range and oversized sets",
          "[workload][column-sets][errors]") {
  const std::vector<int> levels = {3, 2, 4, 2};
  struct Case {
    std::vector<std::vector<int>> sets;
    ErrorCode code;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{}, ErrorCode::InvalidArgument, "at least one marginal"},
      {{{}}, ErrorCode::InvalidArgument, "at least one column"},
      {{{0}, {}}, ErrorCode::InvalidArgument, "at least one column"},
      {{{1, 0}}, ErrorCode::InvalidArgument, "distinct, increasing"},
      {{{2, 2}}, ErrorCode::InvalidArgument, "distinct, increasing"},
      {{{0, 4}}, ErrorCode::InvalidArgument, "existing columns"},
      {{{-1}}, ErrorCode::InvalidArgument, "existing columns"},
      {{{0, 1}, {2}, {0, 1}}, ErrorCode::InvalidArgument, "listed twice"},
  };
  for (const Case& c : cases) {
    INFO("case with " << c.sets.size() << " sets, expecting \"" << c.message << "\"");
    const Result<MarginalWorkload> built = MarginalWorkload::from_column_sets(levels, c.sets);
    REQUIRE_FALSE(built.is_ok());
    CHECK(built.status().code() == c.code);
    CHECK_THAT(built.status().message(), Catch::Contains(c.message));
  }
  // 3 + 12 = 15 cells: allowed at max_statistics 15, too large at 14 (the limit is inclusive).
  CHECK(MarginalWorkload::from_column_sets(levels, {{0}, {0, 2}}, 15).is_ok());
  const Result<MarginalWorkload> too_large = MarginalWorkload::from_column_sets(levels, {{0}, {0, 2}}, 14);
  REQUIRE_FALSE(too_large.is_ok());
  CHECK(too_large.status().code() == ErrorCode::DomainTooLarge);
  CHECK_THAT(too_large.status().message(), Catch::Contains("more than 14 cells"));
  // A single set's product is checked before it can overflow.
  const std::vector<int> wide(8, 1 << 16);
  const Result<MarginalWorkload> huge = MarginalWorkload::from_column_sets(wide, {{0, 1, 2, 3, 4, 5, 6, 7}});
  REQUIRE_FALSE(huge.is_ok());
  CHECK(huge.status().code() == ErrorCode::DomainTooLarge);
}
