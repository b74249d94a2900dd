// Exact count tables given instead of rows: a marginal summed from a given superset table equals
// the one counted from the rows, through a domain compression too; inconsistent tables are refused;
// and adaptive-marginals released from the count tables of its workload equals, draw for draw, the
// release from the rows they were counted from (same synthetic records, same ledger).
#include <catch2/catch.hpp>
#include <algorithm>

#include "base/random.hpp"
#include "mechanisms/adaptive_marginals/adaptive_marginals.hpp"
#include "privacy/zcdp.hpp"
#include "statistics/marginal_source.hpp"
#include "statistics/workload.hpp"

using namespace privsynth;

namespace {

// Five columns of 3, 4, 2, 5 and 40 levels with dependence: c1 follows c0, c4 concentrates on a few
// levels (so that domain compression merges the rest).
EncodedTable dependent_table(size_t rows, uint64_t seed) {
  SeededTestRandom random(seed);
  EncodedTable table = make_empty_table({3, 4, 2, 5, 40}, rows);
  for (size_t r = 0; r < rows; ++r) {
    const auto a = uint32_t(random.uniform_below(3));
    table.codes[0][r] = a;
    table.codes[1][r] = random.uniform_below(10) < 7 ? a : uint32_t(random.uniform_below(4));
    table.codes[2][r] = uint32_t(random.uniform_below(2));
    table.codes[3][r] = (a + table.codes[2][r]) % 5;
    table.codes[4][r] =
        random.uniform_below(10) < 9 ? uint32_t(random.uniform_below(3)) : uint32_t(random.uniform_below(40));
  }
  return table;
}

// What an SQL GROUP BY over `columns` returns: the non-empty cells and their counts.
CountTable group_by(const EncodedTable& table, const AttributeSet& columns) {
  const std::vector<double> dense = MarginalSource::from_rows(table).dense(columns).value();
  CountTable out{columns, {}};
  for (size_t cell = 0; cell < dense.size(); ++cell) {
    if (dense[cell] > 0) out.cells.emplace_back(cell, dense[cell]);
  }
  return out;
}

}  // namespace

TEST_CASE("a marginal from given count tables equals the one counted from the rows", "[marginal-source]") {
  const EncodedTable table = dependent_table(2000, 1);
  const MarginalSource rows = MarginalSource::from_rows(table);
  const MarginalSource given =
      MarginalSource::from_counts(
          {table.levels, {group_by(table, {0, 1, 3}), group_by(table, {2, 4}), group_by(table, {0, 2})}})
          .value();
  for (const AttributeSet& columns : std::vector<AttributeSet>{{0}, {1}, {3}, {0, 3}, {1, 3}, {0, 1, 3}, {4}, {2, 4}}) {
    INFO(columns.size());
    CHECK(given.dense(columns).value() == rows.dense(columns).value());
  }
  // No given table holds columns 1 and 4 together.
  const Result<std::vector<double>> missing = given.dense({1, 4});
  CHECK(missing.status().code() == ErrorCode::InvalidArgument);
  CHECK_THAT(missing.status().message(), Catch::Contains("{1, 4}"));
  // Through a domain compression: column 4's rare levels merged, column 1's levels 2 and 3 too.
  std::vector<std::vector<double>> one_way;
  for (int c = 0; c < 5; ++c) one_way.push_back(rows.dense({c}).value());
  const DomainCompression compression = compress_domain(table.levels, one_way, 80);
  REQUIRE_FALSE(compression.identity());
  const MarginalSource rows_compressed = rows.compressed(compression), given_compressed = given.compressed(compression);
  CHECK(given_compressed.levels() == compression.levels);
  for (const AttributeSet& columns : std::vector<AttributeSet>{{4}, {2, 4}, {0, 1, 3}, {1}}) {
    CHECK(given_compressed.dense(columns).value() == rows_compressed.dense(columns).value());
  }
}

TEST_CASE("count tables that are not of one table are refused", "[marginal-source]") {
  const EncodedTable table = dependent_table(500, 2), other = dependent_table(400, 3);
  const auto refused = [](MarginalCounts counts) { return MarginalSource::from_counts(std::move(counts)).status(); };
  CHECK_THAT(refused({table.levels, {group_by(table, {0, 1}), group_by(other, {2, 3})}}).message(),
             Catch::Contains("holds 400 records, another 500"));
  EncodedTable shifted = table;  // the same n, other counts in column 1
  for (uint32_t& code : shifted.codes[1]) code = (code + 1) % 4;
  CHECK_THAT(refused({table.levels, {group_by(table, {0, 1}), group_by(shifted, {1, 2})}}).message(),
             Catch::Contains("disagree on the counts of the columns {1}"));
  CountTable outside = group_by(table, {0});
  outside.cells.emplace_back(3, 1.0);  // column 0 has 3 levels: cells 0..2
  CHECK_THAT(refused({table.levels, {outside}}).message(), Catch::Contains("outside the marginal"));
  CountTable fractional = group_by(table, {0});
  fractional.cells[0].second += 0.5;
  CHECK_THAT(refused({table.levels, {fractional}}).message(), Catch::Contains("whole numbers"));
  CHECK_THAT(refused({table.levels, {CountTable{{1, 0}, {}}}}).message(), Catch::Contains("increasing"));
  CHECK_THAT(refused({table.levels, {CountTable{{7}, {}}}}).message(), Catch::Contains("out of range"));
  CHECK_THAT(refused({table.levels, {}}).message(), Catch::Contains("none given"));
}

TEST_CASE("finding 4: count tables that agree on every column but not on a pair they share are refused",
          "[marginal-source][privacy]") {
  // Column 3 follows columns 0 and 2 in `table`; in `rolled` column 3 is moved down one row, so
  // every 1-way marginal and the total stay (the check made before) while the pair {2, 3} changes.
  const EncodedTable table = dependent_table(500, 4);
  EncodedTable rolled = table;
  std::rotate(rolled.codes[3].begin(), rolled.codes[3].begin() + 1, rolled.codes[3].end());
  REQUIRE(group_by(rolled, {2, 3}).cells != group_by(table, {2, 3}).cells);
  const Status refused =
      MarginalSource::from_counts({table.levels, {group_by(table, {0, 2, 3}), group_by(rolled, {1, 2, 3})}}).status();
  CHECK(refused.code() == ErrorCode::InvalidData);
  CHECK_THAT(refused.message(), Catch::Contains("disagree on the counts of the columns {2, 3}"));
  // The counts of one table pass, whatever tables overlap.
  CHECK(MarginalSource::from_counts(
            {table.levels,
             {group_by(table, {0, 2, 3}), group_by(table, {1, 2, 3}), group_by(table, {0, 1}), group_by(table, {3})}})
            .is_ok());
}

TEST_CASE("adaptive-marginals from its count tables releases what it releases from the rows",
          "[marginal-source][adaptive-marginals]") {
  const EncodedTable table = dependent_table(3000, 4);
  const std::vector<std::string> names{"a", "b", "c", "d", "e"};
  AdaptiveMarginalsOptions options;
  options.epsilon = 2;
  options.compress_domain = true;
  const std::vector<AttributeSet> needed = adaptive_count_tables(options, names, -1).value();
  CHECK(needed.size() == 10);  // every pair of 5 columns (each 1-way marginal lies in one)
  MarginalCounts counts{table.levels, {}};
  for (const AttributeSet& columns : needed) counts.tables.push_back(group_by(table, columns));
  const MarginalSource given = MarginalSource::from_counts(counts).value();

  const auto release = [&](const MarginalSource* source) {
    const double rho = cdp_rho(options.epsilon, options.delta).value();
    Accountant accountant = Accountant::zcdp_with_rho(rho, options.delta).value();
    SeededTestRandom random(11);
    const ProgressSink progress;
    const EncodedTable no_rows = make_empty_table(table.levels, 0);
    MechanismContext context{source ? no_rows : table, accountant, random, progress};
    context.owner_report = false;
    context.column_names = names;
    context.given_counts = source;
    MechanismOutput output = run_adaptive_marginals(context, options).value();
    return std::make_pair(std::move(output), accountant.spent());
  };
  const auto [from_rows, spent_rows] = release(nullptr);
  const auto [from_counts, spent_counts] = release(&given);
  CHECK(from_counts.synthetic.codes == from_rows.synthetic.codes);
  CHECK(from_counts.synthetic.rows == from_rows.synthetic.rows);
  CHECK(from_counts.parameters == from_rows.parameters);
  CHECK(from_counts.released == from_rows.released);
  CHECK(spent_counts == spent_rows);
  CHECK(from_rows.parameters["selected"].size() > 0);  // the rounds ran and selected marginals

  // Without the tables of the pairs the selection may score, the run is refused before any charge.
  const MarginalSource one_way_only =
      MarginalSource::from_counts({table.levels,
                                   {group_by(table, {0}), group_by(table, {1}), group_by(table, {2}),
                                    group_by(table, {3}), group_by(table, {4})}})
          .value();
  Accountant accountant = Accountant::zcdp_with_rho(1, 1e-9).value();
  SeededTestRandom random(1);
  const ProgressSink progress;
  const EncodedTable no_rows = make_empty_table(table.levels, 0);
  MechanismContext context{no_rows, accountant, random, progress};
  context.owner_report = false;
  context.column_names = names;
  context.given_counts = &one_way_only;
  const Result<MechanismOutput> refused = run_adaptive_marginals(context, options);
  CHECK(refused.status().code() == ErrorCode::InvalidArgument);
  CHECK_THAT(refused.status().message(), Catch::Contains("no given count table holds the columns a, b"));
  CHECK(accountant.ledger().empty());
}
