// A schema found privately in a table nobody described (discovery/automatic_discovery.hpp): each
// column's kind, categories in natural order, common values, ranges and bin edges at private
// quantiles, what it costs inside one release, and clear outcomes for awkward tables.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <nlohmann/json.hpp>

#include "base/random.hpp"
#include "discovery/automatic_discovery.hpp"
#include "discovery/natural_order.hpp"
#include "discovery/numeric_domain.hpp"
#include "discovery/partition_selection.hpp"
#include "privacy/accountant.hpp"
#include "privacy/shared_release.hpp"
#include "privacy/zcdp.hpp"
#include "privsynth/cell_grid.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

// A clinic-like table of n rows: an identifier, a whole-number age, a skewed lab value with a
// spike at 0, a 0/1 flag, a category, an ISO date, free text and an empty column.
CellGrid clinic(size_t n, uint32_t seed) {
  std::mt19937 generator(seed);
  std::lognormal_distribution<double> lab(0.3, 0.6);
  std::uniform_int_distribution<int> age(18, 90), day(1, 28), month(1, 12);
  std::uniform_real_distribution<double> unit(0, 1);
  CellGrid grid(8);
  grid.add_row({"patient_id", "age", "bilirubin", "died", "group", "admitted", "notes", "blank"});
  const char* groups[] = {"grade 1", "grade 2", "grade 10", "grade 3"};
  for (size_t i = 0; i < n; ++i) {
    const double u = unit(generator);
    char date[16];
    std::snprintf(date, sizeof(date), "2020-%02d-%02d", month(generator), day(generator));
    grid.add_row({"P" + std::to_string(100000 + i), std::to_string(age(generator)),
                  u < 0.4 ? "0" : std::to_string(std::round(lab(generator) * 100) / 100),
                  unit(generator) < 0.1 ? "1" : "0", groups[i % 4], date, "note " + std::to_string(i * 7919 % 100003),
                  ""});
  }
  return grid;
}

AutomaticDiscoveryRequest generous_request() {
  AutomaticDiscoveryRequest request;
  request.epsilon = 40;  // noise small enough for exact answers on 20,000 rows
  request.delta = 1e-9;
  request.share = 0.5;
  return request;
}

const Column& column_named(const Schema& schema, const std::string& name) {
  const int at = find_column(schema, name);
  REQUIRE(at >= 0);
  return schema.columns[size_t(at)];
}

}  // namespace

TEST_CASE("categories are listed in natural order", "[discovery][natural-order]") {
  CHECK(natural_less("2", "10"));
  CHECK_FALSE(natural_less("10", "2"));
  CHECK(natural_less("-1", "0.5"));
  CHECK(natural_less("10", "apple"));  // numbers first
  CHECK(natural_less("grade 2", "grade 10"));
  CHECK(natural_less("a007", "a7"));  // equal values, then byte by byte
  CHECK(natural_less("Apple", "apple"));
  CHECK_FALSE(natural_less("x", "x"));
}

TEST_CASE("the Gaussian partition selection threshold bounds a singleton's release by delta",
          "[discovery][partition-selection]") {
  RationalVariance variance{100, 1};  // sigma = 10
  // z with P(N >= z) = 1e-6 is 4.7534; tau = 2 + ceil(47.534) = 50.
  CHECK(gaussian_selection_threshold(variance, 1e-6).value() == 50);
  // At delta = 0.05, tau = 2 + ceil(16.45) = 19: a value held by one record is released at most 5%
  // of the time. 20,000 trials; the bound P(Z >= 18) <= P(N >= 17) = 0.0446 is checked within 4 sd.
  SeededTestRandom random(7);
  const std::vector<std::string> one{"alone"};
  int released = 0;
  const int trials = 20000;
  for (int t = 0; t < trials; ++t) {
    released += select_frequent_values(one, variance, 0.05, random, 10).value().selected.size();
  }
  const double bound = 0.5 * std::erfc(17 / 10.0 / std::sqrt(2.0));
  CHECK(double(released) / trials <= bound + 4 * std::sqrt(bound * (1 - bound) / trials));
  CHECK(released > 0);  // and the threshold is not absurdly high: the mechanism releases it sometimes
}

TEST_CASE("a skewed column's range and bin edges come from private quantiles", "[discovery][numeric-domain]") {
  std::mt19937 generator(3);
  std::lognormal_distribution<double> lab(0.3, 0.6);
  std::vector<double> values;
  for (int i = 0; i < 50000; ++i) values.push_back(lab(generator));
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  const auto quantile = [&](double q) { return sorted[size_t(q * double(sorted.size() - 1))]; };
  Accountant accountant = Accountant::zcdp_with_rho(1.0, 1e-9).value();
  SeededTestRandom random(11);
  const NumericDomain domain =
      discover_numeric_domain(values, false, 8, {0.3, 0.3, 0.3}, "lab", accountant, random).value();
  // Narrowed to the buckets whose count clears 3 deviations (sigma ~ 1.3): the bounds clip at most
  // a thin tail, and never far from the data.
  CHECK(domain.min <= quantile(0.001));
  CHECK(domain.min >= sorted.front() - 0.2);
  CHECK(domain.max >= quantile(0.995));
  CHECK(domain.max <= sorted.back() + 1);
  REQUIRE(domain.bins == 8);
  // Each inner edge within 1.5 points of rank of its quantile (64 parts of the range, interpolated).
  for (int i = 1; i < 8; ++i) {
    const double rank =
        double(std::lower_bound(sorted.begin(), sorted.end(), domain.edges[size_t(i)]) - sorted.begin()) /
        double(sorted.size());
    CHECK(rank == Approx(i / 8.0).margin(0.015));
  }
  CHECK(accountant.ledger().size() == 3);
  CHECK(accountant.spent() == Approx(0.9).epsilon(1e-6));
}

TEST_CASE("a narrow whole-number column gets one bin per number, and a lone value still a range",
          "[discovery][numeric-domain]") {
  Accountant accountant = Accountant::zcdp_with_rho(10.0, 1e-9).value();
  SeededTestRandom random(5);
  std::vector<double> flags(5000, 0);
  for (size_t i = 0; i < 30; ++i) flags[i] = 1;  // 0.6%: too few to clear the bounds' threshold...
  const NumericDomain domain =
      discover_numeric_domain(flags, true, 16, {0.0001, 0.0001, 0.0001}, "flag", accountant, random).value();
  CHECK(domain.min == 0);
  CHECK(domain.max == 1);  // ... yet a one-number range is widened by 1, and keeps the flag
  CHECK(domain.bins == 2);
  CHECK(domain.edges.empty());
}

TEST_CASE("discovery finds each column's kind, domain and common values in a table nobody described",
          "[discovery][automatic]") {
  const CellGrid grid = clinic(20000, 1);
  SeededTestRandom random(2);
  const SchemaDiscoveryOutput found = discover_schema_automatically(generous_request(), grid.view(), random).value();
  const Schema schema = parse_schema_json(found.schema_json).value();
  INFO(found.receipt_json);
  // The identifier and the free text are kept out of every measurement; the empty column too.
  REQUIRE(schema.unmeasured.size() == 3);
  CHECK(schema.unmeasured[0].name == "patient_id");
  CHECK(schema.unmeasured[0].kind == UnmeasuredKind::Id);
  CHECK(schema.unmeasured[1].name == "notes");
  CHECK(schema.unmeasured[1].kind == UnmeasuredKind::Text);
  CHECK(schema.unmeasured[2].name == "blank");
  const Column& age = column_named(schema, "age");
  CHECK(age.kind == ColumnKind::Numeric);
  CHECK(age.integer);
  CHECK(age.min >= 16);  // a half-octave's end, narrowed by eighths of the range
  CHECK(age.min <= 19);
  CHECK(age.max >= 89);
  CHECK(age.max <= 91);
  const Column& lab = column_named(schema, "bilirubin");
  CHECK_FALSE(lab.integer);
  REQUIRE(lab.common_values == std::vector<double>{0});  // the 40% spike keeps its exact mass
  CHECK(lab.bin_edges.size() == 17);
  // A 0/1 flag is two codes, each a category with its number.
  const Column& died = column_named(schema, "died");
  REQUIRE(died.kind == ColumnKind::Categorical);
  REQUIRE(died.categories.size() == 2);
  CHECK(died.categories[0].label == "0");
  CHECK(died.categories[1].number == std::optional<double>(1));
  const Column& group = column_named(schema, "group");
  REQUIRE(group.kind == ColumnKind::Categorical);
  std::vector<std::string> labels;
  for (const Category& category : group.categories) labels.push_back(category.label);
  CHECK(labels == std::vector<std::string>{"grade 1", "grade 2", "grade 3", "grade 10"});
  CHECK_FALSE(group.nullable);
  const Column& admitted = column_named(schema, "admitted");
  REQUIRE(admitted.time);
  CHECK_FALSE(admitted.time->with_time);
  // The receipt says what was found in each column, and the schema what it cost.
  const Json receipt = Json::parse(found.receipt_json);
  REQUIRE(receipt["columns"].size() == 8);
  CHECK(receipt["columns"][0]["found"] == "an identifier");
  CHECK(receipt["private"] == false);  // a test seed
  REQUIRE(schema.discovered);
  REQUIRE(schema.discovered->rho);
  const ReleaseSplit split = split_release(40, 1e-9, 0.5).value();
  CHECK(*schema.discovered->rho <= split.discovery_rho * (1 + 1e-9));
  CHECK(*schema.discovered->rho >= 0.9 * split.discovery_rho);
  CHECK(schema.discovered->selection_delta == Approx(0.5e-9));
  CHECK(schema.discovered->epsilon == Approx(cdp_eps(*schema.discovered->rho, 0.5e-9)));
}

TEST_CASE("a run's part of a release and the discovery's add back up to the release's budget",
          "[discovery][release-budget]") {
  const ReleaseSplit split = split_release(1, 1e-9, 0.15).value();
  CHECK(split.total_rho == Approx(cdp_rho(1, 0.5e-9).value()));
  CHECK(split.discovery_rho == Approx(0.15 * split.total_rho));
  const DiscoveryCost cost = discovery_cost_in_release(split, split.discovery_rho);
  const PrivacyModel zcdp{Neighbours::AddRemove, Accounting::Zcdp};
  const RunPart run = run_part_of_release(cost, 1, 1e-9, zcdp).value();
  CHECK(run.delta == Approx(0.5e-9));
  CHECK(cdp_rho(run.epsilon, run.delta).value() + *cost.rho == Approx(split.total_rho).epsilon(1e-9));
  CHECK(cdp_eps(cdp_rho(run.epsilon, run.delta).value() + *cost.rho, run.delta) == Approx(1).epsilon(1e-9));
  const PrivacyModel pure{Neighbours::AddRemove, Accounting::Basic};
  const RunPart pure_run = run_part_of_release(cost, 1, 1e-9, pure).value();
  CHECK(pure_run.epsilon == Approx(1 - cost.epsilon));
  // A discovery that took the whole budget leaves nothing, and says so.
  const Result<RunPart> nothing = run_part_of_release(cost, cost.epsilon * 0.5, 1e-9, pure);
  REQUIRE_FALSE(nothing.is_ok());
  CHECK_THAT(nothing.status().message(), Catch::Contains("nothing is left for the run"));
  CHECK_FALSE(split_release(1, 1e-9, 1).is_ok());
  CHECK_FALSE(split_release(1, 0, 0.15).is_ok());
}

TEST_CASE("awkward tables get a clear outcome, never a crash", "[discovery][automatic]") {
  SeededTestRandom random(3);
  AutomaticDiscoveryRequest request;
  request.epsilon = 1;
  request.delta = 1e-9;
  request.share = 0.15;
  SECTION("a one-row file") {
    CellGrid grid(2);
    grid.add_row({"a", "b"});
    grid.add_row({"1", "x"});
    const Result<SchemaDiscoveryOutput> found = discover_schema_automatically(request, grid.view(), random);
    REQUIRE_FALSE(found.is_ok());
    CHECK(found.status().code() == ErrorCode::EmptyData);
    CHECK_THAT(found.status().message(), Catch::Contains("the table is too small for this epsilon"));
  }
  SECTION("two columns of one name, and a column with no name") {
    CellGrid twice(2);
    twice.add_row({"a", "a"});
    CHECK_THAT(discover_schema_automatically(request, twice.view(), random).status().message(),
               Catch::Contains("two columns named \"a\""));
    CellGrid unnamed(2);
    unnamed.add_row({"a", " "});
    CHECK_THAT(discover_schema_automatically(request, unnamed.view(), random).status().message(),
               Catch::Contains("column 2 of the CSV has no name"));
  }
  SECTION("numbers mixed with words, and dates in two formats, become categories or text") {
    CellGrid grid(2);
    grid.add_row({"mixed", "when"});
    for (int i = 0; i < 40000; ++i) {
      grid.add_row({i % 2 ? std::to_string(i % 5) : std::string(i % 4 ? "none" : "unknown"),
                    i % 2 ? "2020-01-0" + std::to_string(1 + i % 9) : "0" + std::to_string(1 + i % 9) + "/01/2020"});
    }
    request.epsilon = 20;
    const Schema schema =
        parse_schema_json(discover_schema_automatically(request, grid.view(), random).value().schema_json).value();
    const Column& mixed = column_named(schema, "mixed");
    REQUIRE(mixed.kind == ColumnKind::Categorical);
    std::vector<std::string> labels;
    for (const Category& category : mixed.categories) labels.push_back(category.label);
    CHECK(labels == std::vector<std::string>{"0", "1", "2", "3", "4", "none", "unknown"});
    CHECK(column_named(schema, "when").kind == ColumnKind::Categorical);  // 18 repeated texts: categories
  }
  SECTION("a partial schema's columns are used as given") {
    const CellGrid grid = clinic(5000, 4);
    request.epsilon = 20;
    request.given = parse_schema_json(R"({"version":1,"name":"mine","columns":[
        {"name":"age","type":"numeric","min":0,"max":120,"integer":true,"bins":12}]})")
                        .value();
    const Schema schema =
        parse_schema_json(discover_schema_automatically(request, grid.view(), random).value().schema_json).value();
    CHECK(column_named(schema, "age").max == 120);
    CHECK(column_named(schema, "age").bins == 12);
    CHECK(schema.columns.front().name == "age");  // the header's order: the id (unmeasured) comes first
    request.given = parse_schema_json(R"({"version":1,"name":"mine","columns":[
        {"name":"weight","type":"numeric","min":0,"max":300}]})")
                        .value();
    CHECK_THAT(discover_schema_automatically(request, grid.view(), random).status().message(),
               Catch::Contains("a column \"weight\" that the CSV's header does not have"));
  }
}
