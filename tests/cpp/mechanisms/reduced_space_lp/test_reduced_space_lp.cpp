#include <catch2/catch.hpp>

#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"
#include "report/marginal_report.hpp"
#include "statistics/workload.hpp"

using namespace privsynth;

namespace {
EncodedTable correlated_table(size_t rows, uint64_t seed) {
  SeededTestRandom random(seed);
  EncodedTable table = make_empty_table({3, 2, 4}, rows);
  for (size_t row = 0; row < rows; ++row) {
    const uint32_t a = static_cast<uint32_t>(random.uniform_below(3));
    table.codes[0][row] = a;
    table.codes[1][row] = a == 0 ? 0 : static_cast<uint32_t>(random.uniform_below(2));
    table.codes[2][row] = (a + table.codes[1][row] + static_cast<uint32_t>(random.uniform_below(2))) % 4;
  }
  return table;
}

struct Run {
  Accountant accountant = Accountant::pure(1.0).value();
  Result<MechanismOutput> output = Status::error(ErrorCode::Internal, "not run");
};

Run run(const EncodedTable& table, const ReducedSpaceLpOptions& options, uint64_t seed,
        const ProgressSink& progress = {}) {
  Run result;
  result.accountant = Accountant::pure(options.epsilon > 0 ? options.epsilon : 1.0).value();
  SeededTestRandom random(seed);
  result.output = run_reduced_space_lp(MechanismContext{table, result.accountant, random, progress}, options);
  return result;
}
}  // namespace

TEST_CASE("with noise disabled the mechanism reproduces the data's statistics within LP tolerance", "[mechanism]") {
  const EncodedTable table = correlated_table(2000, 3);
  ReducedSpaceLpOptions options;
  options.test_only_disable_noise = true;
  options.reduced_space_size = 400;  // covers all 24 cells of the domain
  const Run result = run(table, options, 11);
  REQUIRE(result.output.is_ok());
  const MechanismOutput& output = result.output.value();
  CHECK(output.noise_disabled);
  CHECK(output.released["lpObjective"].get<double>() == Approx(0).margin(1e-9));
  CHECK(output.released["lpLowerBound"].get<double>() == Approx(0).margin(1e-9));
  CHECK(output.released["noisyRecordCount"].get<double>() == 2000);
  // The bootstrap of k = 2000 records then matches every 1- and 2-way marginal up to sampling
  // error: max cell error < 5 sqrt(p(1-p)/k) <= 0.056.
  REQUIRE(output.synthetic.rows == 2000);
  const UtilityReport report = evaluate_marginals(table, output.synthetic, 2);
  CHECK(report.max_statistic_error < 0.056);
}

TEST_CASE("the same test seed gives the same output; another seed differs", "[mechanism]") {
  const EncodedTable table = correlated_table(500, 4);
  ReducedSpaceLpOptions options;
  options.reduced_space_size = 300;
  const Run a = run(table, options, 99), b = run(table, options, 99), c = run(table, options, 100);
  REQUIRE(a.output.is_ok());
  REQUIRE(b.output.is_ok());
  REQUIRE(c.output.is_ok());
  CHECK(a.output.value().synthetic.codes == b.output.value().synthetic.codes);
  CHECK(a.output.value().released == b.output.value().released);
  CHECK(a.output.value().synthetic.codes != c.output.value().synthetic.codes);
}

TEST_CASE("defaults: k is the noisy count, m is sized from |F|, the budget split is recorded", "[mechanism]") {
  const EncodedTable table = correlated_table(800, 5);
  ReducedSpaceLpOptions options;
  options.epsilon = 2.0;
  const Run result = run(table, options, 12);
  REQUIRE(result.output.is_ok());
  const MechanismOutput& output = result.output.value();
  const double noisy_count = output.released["noisyRecordCount"].get<double>();
  CHECK(output.synthetic.rows == static_cast<size_t>(noisy_count));
  CHECK(output.parameters["marginals"] == 6);
  CHECK(output.parameters["statistics"] == 3 + 2 + 4 + 6 + 12 + 8 + 1);
  CHECK(output.parameters["reducedSpace"]["initial"] ==
        default_reduced_space_schedule(3 + 2 + 4 + 6 + 12 + 8).initial_points);
  CHECK(output.parameters["countBudgetFraction"].get<double>() == Approx(1 / (1 + std::sqrt(6.0))));
  REQUIRE(result.accountant.ledger().size() == 2);
  CHECK(result.accountant.spent() == Approx(2.0));
  CHECK(result.accountant.ledger()[1].laplace()->noise_scale ==
        Approx(6 / (2.0 * (1 - 1 / (1 + std::sqrt(6.0))))).epsilon(1e-6));
}

TEST_CASE("bad options and cancellation are clear errors", "[mechanism][errors]") {
  const EncodedTable table = correlated_table(100, 6);
  ReducedSpaceLpOptions options;
  options.degree = 4;
  CHECK(run(table, options, 1).output.status().code() == ErrorCode::InvalidArgument);
  options.degree = 2;
  options.epsilon = -1;
  CHECK(run(table, options, 1).output.status().code() == ErrorCode::InvalidArgument);
  options.epsilon = 1;
  options.fit.simplex.iteration_limit = 1;
  CHECK(run(table, options, 1).output.status().code() == ErrorCode::LpLimitReached);
  options.fit.simplex.iteration_limit = 0;
  const Run cancelled = run(table, options, 1, [](const Progress& p) { return p.phase != Phase::Solve; });
  CHECK(cancelled.output.status().code() == ErrorCode::Cancelled);
}

TEST_CASE("an empty table still yields a private release (the noisy count decides k)", "[mechanism]") {
  const EncodedTable table = make_empty_table({2, 3}, 0);
  ReducedSpaceLpOptions options;
  const Run result = run(table, options, 21);
  REQUIRE(result.output.is_ok());
  CHECK(result.output.value().synthetic.rows >= 1);
}
