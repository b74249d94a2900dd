// Contribution bounding, the rows-per-person release, the person-level budget and the synthetic
// people, each on small tables with exact answers (docs/privacy/privacy-unit.md).
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "base/random.hpp"
#include "persons/contribution_bounding.hpp"
#include "persons/person_budget.hpp"
#include "persons/rows_per_person.hpp"
#include "persons/synthetic_people.hpp"
#include "privacy/zcdp.hpp"

using namespace privsynth;

namespace {

// Persons 0..n-1, person p with p + 1 rows; column 0 (perPerson) varies within person 2 only,
// column 1 is the row's index within its person.
EncodedData staircase(size_t persons) {
  EncodedData data;
  data.table = make_empty_table({4, 16}, 0);
  for (size_t p = 0; p < persons; ++p) {
    for (size_t r = 0; r <= p; ++r) {
      data.table.codes[0].push_back(p == 2 ? uint32_t(r % 2) : uint32_t(p % 4));
      data.table.codes[1].push_back(uint32_t(r));
      data.person.push_back(uint32_t(p));
      ++data.table.rows;
    }
  }
  data.persons = persons;
  return data;
}

}  // namespace

TEST_CASE("bounding keeps at most k rows per person and makes perPerson columns constant", "[persons]") {
  EncodedData data = staircase(8);  // 1 + 2 + ... + 8 = 36 rows
  SeededTestRandom random(3);
  const Result<BoundingReport> bounded = bound_contributions(data, 3, {true, false}, random);
  REQUIRE(bounded.is_ok());
  const BoundingReport& report = bounded.value();
  CHECK(report.persons == 8);
  CHECK(report.rows_before == 36);
  CHECK(report.rows_kept == 1 + 2 + 3 * 6);
  CHECK(report.persons_over_limit == 5);
  CHECK(report.most_rows == 8);
  CHECK(report.persons_with_varying_value == std::vector<size_t>{1, 0});
  REQUIRE(data.table.rows == 21);
  REQUIRE(data.person.size() == 21);
  std::map<uint32_t, std::vector<size_t>> rows_of;
  for (size_t row = 0; row < data.table.rows; ++row) rows_of[data.person[row]].push_back(row);
  for (const auto& [person, rows] : rows_of) {
    CHECK(rows.size() == std::min<size_t>(person + 1, 3));
    for (size_t row : rows) CHECK(data.table.codes[0][row] == data.table.codes[0][rows.front()]);
  }
  CHECK(persons_by_row_count(data.person, data.persons, 3) == std::vector<size_t>{1, 1, 6});
}

TEST_CASE("bounding draws each person's kept rows uniformly", "[persons]") {
  // One person with 5 rows, k = 2: each row is kept with probability 2/5 (binomial, 4,000 draws:
  // 1,600 expected, standard deviation 31; the tolerance is 5 of them).
  std::vector<int> kept(5, 0);
  SeededTestRandom random(11);
  for (int draw = 0; draw < 4000; ++draw) {
    EncodedData data;
    data.table = make_empty_table({5}, 0);
    for (uint32_t r = 0; r < 5; ++r) {
      data.table.codes[0].push_back(r);
      data.person.push_back(0);
      ++data.table.rows;
    }
    data.persons = 1;
    REQUIRE(bound_contributions(data, 2, {false}, random).is_ok());
    for (uint32_t code : data.table.codes[0]) ++kept[code];
  }
  for (int count : kept) CHECK(std::abs(count - 1600) < 155);
}

TEST_CASE("one row per person is a uniform draw among the person's rows", "[persons]") {
  // Person 0 has rows 0, 2 and 4; person 1 rows 1 and 3; row 5 has no person.
  const std::vector<int64_t> person{0, 1, 0, 1, 0, -1};
  std::map<size_t, int> chosen;
  SeededTestRandom random(5);
  for (int draw = 0; draw < 3000; ++draw) {
    const std::vector<size_t> rows = one_row_per_person(person, 2, random);
    REQUIRE(rows.size() == 2);
    for (size_t row : rows) ++chosen[row];
  }
  CHECK(chosen.count(5) == 0);
  for (size_t row : {0, 2, 4}) CHECK(std::abs(chosen[row] - 1000) < 130);  // sd 26
  for (size_t row : {1, 3}) CHECK(std::abs(chosen[row] - 1500) < 140);     // sd 27
}

TEST_CASE("the person-level budget: a share for the rows per person, the rest divided by k or k^2", "[persons]") {
  const PrivacyModel pure{Neighbours::AddRemove, Accounting::Basic};
  const PersonBudget basic = split_person_budget(2, 0, pure, 4).value();
  CHECK(basic.histogram_epsilon == Approx(2 * kRowsPerPersonShare));
  CHECK(basic.row_epsilon == Approx(2 * (1 - kRowsPerPersonShare) / 4));
  const PrivacyModel zcdp{Neighbours::AddRemove, Accounting::Zcdp};
  const PersonBudget z = split_person_budget(1, 1e-9, zcdp, 3).value();
  const double rho = cdp_rho(1, 1e-9).value();
  CHECK(z.histogram_epsilon * z.histogram_epsilon / 2 == Approx(kRowsPerPersonShare * rho));
  const double row_rho = cdp_rho(z.row_epsilon, 1e-9).value();
  CHECK(row_rho <= (1 - kRowsPerPersonShare) * rho / 9);
  CHECK(row_rho == Approx((1 - kRowsPerPersonShare) * rho / 9).epsilon(1e-6));
  const Result<PersonBudget> replace_one =
      split_person_budget(1, 0, PrivacyModel{Neighbours::ReplaceOne, Accounting::Basic}, 2);
  CHECK(replace_one.status().code() == ErrorCode::InvalidArgument);
  CHECK(split_person_budget(1, 0, pure, 0).status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("the accountant prices a group of k rows as k epsilon, k^2 rho, and Vadhan's delta", "[persons]") {
  Accountant basic =
      Accountant::create(PrivacyModel{Neighbours::AddRemove, Accounting::Basic}.with_budget(2, 1e-6)).value();
  REQUIRE(basic.charge(Charge{"rows", "group", GroupCost{3, 0.5, 1e-8, 0}}).is_ok());
  CHECK(basic.ledger()[0].epsilon == Approx(1.5));
  CHECK(basic.ledger()[0].delta == Approx(3 * std::exp(2 * 0.5) * 1e-8));
  // Over the budget: 3 x 0.2 on top of 1.5.
  CHECK(basic.charge(Charge{"more", "group", GroupCost{3, 0.2, 0, 0}}).code() == ErrorCode::BudgetExceeded);
  Accountant z = Accountant::zcdp_with_rho(1, 1e-9).value();
  REQUIRE(z.charge(Charge{"rows", "group", GroupCost{4, 0, 0, 0.05}}).is_ok());
  CHECK(z.spent() == Approx(16 * 0.05));
  CHECK(z.charge(Charge{"bad", "group", GroupCost{2, 0.1, 0, 0}}).code() == ErrorCode::Internal);
}

TEST_CASE("the rows-per-person release: noisy counts, charged at sensitivity 1", "[persons]") {
  Accountant ledger = Accountant::pure(1).value();
  SeededTestRandom random(2);
  const RowsPerPersonRelease release = release_rows_per_person({100, 50, 10}, 0.5, ledger, random).value();
  REQUIRE(release.noisy_counts.size() == 3);
  REQUIRE(ledger.ledger().size() == 1);
  CHECK(ledger.ledger()[0].laplace()->l1_sensitivity == 1);
  CHECK(ledger.ledger()[0].laplace()->noise_scale == Approx(2).epsilon(1e-5));
  CHECK(ledger.spent() == Approx(0.5));
  double total = 0;
  for (double p : release.distribution) total += p;
  CHECK(total == Approx(1));
  CHECK(rows_per_person_distribution({-3, 0}) == std::vector<double>{0.5, 0.5});
  CHECK(rows_per_person_distribution({3, -1, 1}) == std::vector<double>{0.75, 0, 0.25});
}

TEST_CASE("synthetic people: consistent perPerson columns, rows per person from the release", "[persons]") {
  // 3,000 rows, column 0 perPerson with 3 levels, column 1 free; half the persons have 1 row,
  // half 3.
  EncodedTable table = make_empty_table({3, 5}, 0);
  for (uint32_t r = 0; r < 3000; ++r) {
    table.codes[0].push_back(r % 3);
    table.codes[1].push_back(r % 5);
    ++table.rows;
  }
  SeededTestRandom random(9);
  const SyntheticPeople people = assign_synthetic_people(table, {true, false}, {0.5, 0, 0.5}, random);
  REQUIRE(people.order.size() == 3000);
  std::map<double, std::vector<size_t>> rows_of;
  for (size_t i = 0; i < people.order.size(); ++i) rows_of[people.person[i]].push_back(people.order[i]);
  CHECK(rows_of.size() == people.persons);
  std::map<size_t, int> sizes;
  for (const auto& [person, rows] : rows_of) {
    ++sizes[rows.size()];
    for (size_t row : rows) REQUIRE(table.codes[0][row] == table.codes[0][rows.front()]);
  }
  // 1,500 persons expected, half of 1 row and half of 3 (a pool's last person may get fewer).
  CHECK(std::abs(double(people.persons) - 1500) < 90);
  CHECK(std::abs(sizes[1] - sizes[3]) < 120);
  CHECK(sizes[2] <= 3);
  std::vector<DecodedColumn> columns{{"a", ColumnKind::Numeric, {}, {}}};
  for (uint32_t r = 0; r < 3000; ++r) columns[0].numbers.push_back(r);
  arrange_people(columns, {true}, people);
  for (size_t i = 1; i < 3000; ++i) {
    if (people.person[i] == people.person[i - 1]) REQUIRE(columns[0].numbers[i] == columns[0].numbers[i - 1]);
  }
}
