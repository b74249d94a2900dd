// One named test per finding of the independent privacy audit (docs/privacy/README.md lists them):
// each failed on the code before its fix and passes after it. The end-to-end DP audit
// (tests/cpp/audit) would now catch the first three from the outputs alone.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

#include "base/options.hpp"
#include "discovery/domain_discovery.hpp"
#include "discovery/schema_discovery_with_random.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"
#include "pipeline/holdout.hpp"
#include "privsynth/synthesis.hpp"
#include "statistics/moments.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

const char* kSchema = R"({"version":1,"name":"toy","columns":[
  {"name":"colour","type":"categorical","categories":["red","green","blue"]},
  {"name":"size","type":"categorical","categories":["small","large"]}]})";

CellGrid toy_cells(const std::vector<std::vector<std::string>>& rows) {
  CellGrid cells(2);
  cells.add_row({"colour", "size"});
  for (const std::vector<std::string>& row : rows) cells.add_row(row);
  return cells;
}

Json receipt_of(const char* schema, const CellGrid& cells, const std::string& options) {
  const Result<SynthesisOutput> output = synthesize(SynthesisInput{schema, cells.view(), options});
  INFO(output.status().message());
  REQUIRE(output.is_ok());
  return Json::parse(output.value().receipt_json);
}

// A source whose platform fails after its first buffer.
class FailingAfterFirstBuffer final : public RandomSource {
 public:
  bool is_test_seeded() const override { return false; }
  int refills = 0;

 protected:
  bool refill(uint8_t* buffer, size_t size) override {
    if (refills++ > 0) return false;
    for (size_t i = 0; i < size; ++i) buffer[i] = static_cast<uint8_t>(i * 131 + 7);
    return true;
  }
};

}  // namespace

TEST_CASE("finding 1: the mlTarget holdout puts each record in the test split independently (Poisson)",
          "[privacy-findings][holdout]") {
  // A split of fixed size keeps m = n - ceil(f n) training rows for both n and n + 1 records, so the
  // added record replaces a random one: replace-one neighbours, twice the loss. Under a Poisson
  // split the training size is Binomial(n, 1 - f) and records go independently.
  const size_t n = 10;
  const double f = 0.2;
  const int splits = 20000;
  SeededTestRandom random(116);
  std::vector<double> sizes(n + 1, 0.0);
  double both_held_out = 0;
  for (int s = 0; s < splits; ++s) {
    const RowSplit split = split_rows(n, f, random).value();
    REQUIRE(split.train.size() + split.test.size() == n);
    sizes[split.train.size()] += 1;
    const bool first = std::find(split.test.begin(), split.test.end(), 0) != split.test.end();
    const bool second = std::find(split.test.begin(), split.test.end(), 1) != split.test.end();
    both_held_out += first && second ? 1 : 0;
  }
  // Pearson's chi-square against Binomial(10, 0.8), cells with an expectation >= 5 (k >= 4): 7
  // cells, 6 degrees of freedom; 22.46 is the 0.999 quantile. A fixed-size split puts every split
  // at k = 8 (chi-square in the thousands).
  double chi_square = 0;
  for (size_t k = 4; k <= n; ++k) {
    const double p = std::tgamma(double(n) + 1) / (std::tgamma(double(k) + 1) * std::tgamma(double(n - k) + 1)) *
                     std::pow(1 - f, double(k)) * std::pow(f, double(n - k));
    chi_square += (sizes[k] - splits * p) * (sizes[k] - splits * p) / (splits * p);
  }
  CAPTURE(sizes);
  CHECK(chi_square < 22.46);
  // Independence: both of two given records are held out with probability f^2 = 0.04 (5 sd).
  CHECK(std::fabs(both_held_out / splits - f * f) < 5 * std::sqrt(f * f * (1 - f * f) / splits));
}

TEST_CASE("finding 2: replacing a record by an invalid one keeps the sampler's public n",
          "[privacy-findings][sampler]") {
  // D: 10 valid records. D': one of them replaced by a record the schema cannot encode (a missing
  // value in a column that is not nullable). Replace-one neighbours: the public n must be the same,
  // and must not reveal how many records were invalid.
  std::vector<std::vector<std::string>> valid;
  for (int i = 0; i < 10; ++i) valid.push_back({i % 3 == 0 ? "red" : "blue", i % 2 == 0 ? "small" : "large"});
  std::vector<std::vector<std::string>> with_invalid = valid;
  with_invalid[3] = {"", "small"};
  const std::string options =
      R"({"epsilon":1,"mechanism":"sampler","sampler":"laplace-histogram","samples":5,"testSeed":3})";
  const Json d = receipt_of(kSchema, toy_cells(valid), options);
  const Json d_prime = receipt_of(kSchema, toy_cells(with_invalid), options);
  CHECK(d["parameters"]["records"] == 10);
  CHECK(d_prime["parameters"]["records"] == 10);
  CHECK(d["privacy"]["neighbours"] == d_prime["privacy"]["neighbours"]);
  // Reject would drop the record: refused for the sampler, before any record is read.
  const CellGrid cells = toy_cells(valid);
  const Result<SynthesisOutput> rejected = synthesize(SynthesisInput{
      kSchema, cells.view(), R"({"epsilon":1,"mechanism":"sampler","samples":5,"outOfDomain":"reject"})"});
  CHECK(rejected.status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("finding 3: a schema discovered with a test seed makes every receipt built on it not private",
          "[privacy-findings][discovery]") {
  CellGrid cells(2);
  cells.add_row({"colour", "age"});
  for (int i = 0; i < 400; ++i) cells.add_row({i % 2 ? "red" : "blue", std::to_string(20 + i % 50)});
  const Result<SchemaDiscoveryOutput> discovered = discover_schema(
      R"({"epsilon":1,"delta":1e-6,"testSeed":7,"columns":[{"name":"colour","type":"categorical"},
          {"name":"age","type":"numeric","range":[0,150],"integer":true}]})",
      cells.view());
  REQUIRE(discovered.is_ok());
  CHECK(Json::parse(discovered.value().receipt_json)["private"] == false);
  // The synthesis itself uses the platform CSPRNG: only the schema carries the seed.
  const Json receipt =
      receipt_of(discovered.value().schema_json.c_str(), cells, R"({"mechanism":"reduced-space-lp","epsilon":1})");
  CHECK(receipt["private"] == false);
  CHECK_THAT(receipt["notPrivateReasons"].dump(), Catch::Contains("discovery"));
  // Through a JSON round trip of the schema, as a file would carry it.
  const Json schema = Json::parse(discovered.value().schema_json);
  const Json again = receipt_of(schema.dump().c_str(), cells, R"({"mechanism":"reduced-space-lp","epsilon":1})");
  CHECK(again["private"] == false);
}

TEST_CASE("finding 5: privately discovered numeric bounds lie on a public grid of the public range",
          "[privacy-findings][discovery]") {
  // Mironov 2012: a floating-point draw between two data values, in a range that crosses 0 or spans
  // binades, has low-order bits that depend on those values. The released bounds must be grid
  // points lower + j (upper - lower) / 2^20, whatever the data.
  SeededTestRandom random(5);
  const double lower = -1, upper = 1;
  const double step = (upper - lower) / double(uint64_t{1} << 20);
  const std::vector<std::vector<double>> columns = {
      {1e-300, 2e-300, 3.3e-300, -7e-310, 5e-301}, {0.1, 0.2, 0.30000000000000004, 0.7, 0.9}, {}};
  for (const std::vector<double>& values : columns) {
    for (int trial = 0; trial < 50; ++trial) {
      const DiscoveredBounds bounds = discover_numeric_bounds(values, lower, upper, 0.5, false, random).value();
      for (double bound : {bounds.min, bounds.max}) {
        const double index = (bound - lower) / step;
        CAPTURE(bound, index);
        REQUIRE(index == std::round(index));
        REQUIRE(bound == lower + std::round(index) * step);
      }
      CHECK(bounds.max > bounds.min);
    }
  }
}

TEST_CASE("finding 6: moment sums are exact fixed-point sums that do not depend on the order of the records",
          "[privacy-findings][moments]") {
  // a + b + c and b + c + a differ in floating point (round to even at a half ulp), which moved the
  // rounded sum by one quantum: more than the stated sensitivity allows.
  const double a = std::ldexp(1.0, -11) - std::ldexp(1.0, -64), b = std::ldexp(1.0, -66);
  const std::vector<MomentTerm> terms = moment_terms(1, 1);
  std::vector<double> sums;
  for (const std::vector<double>& column : {std::vector<double>{a, b, b}, std::vector<double>{b, b, a}}) {
    Accountant accountant = Accountant::pure(1).value();
    SeededTestRandom random(1);
    sums.push_back(measure_moments(terms, {column}, 3, 1.0, accountant, random, true).value().noisy_sums[0]);
  }
  CHECK(sums[0] == sums[1]);
  CHECK(sums[0] == double(moment_quanta(a) + 2 * moment_quanta(b)) / kMomentQuanta);
}

TEST_CASE("finding 6: a failed CSPRNG never replays its stale buffer and stays failed while discovery fails closed",
          "[privacy-findings][random]") {
  FailingAfterFirstBuffer random;
  std::vector<uint64_t> first;
  for (int i = 0; i < 8192; ++i) first.push_back(random.next_u64());  // the one good buffer
  CHECK(random.health().is_ok());
  std::vector<uint64_t> after;
  for (int i = 0; i < 8192; ++i) after.push_back(random.next_u64());
  CHECK_FALSE(random.health().is_ok());
  CHECK(after != first);
  CHECK(std::equal(after.begin(), after.begin() + 100, first.begin()) == false);
  for (int i = 0; i < 8192; ++i) (void)random.next_u64();
  CHECK(random.refills == 2);  // sticky: no further refill is tried once one failed

  CellGrid cells(1);
  cells.add_row({"age"});
  for (int i = 0; i < 100; ++i) cells.add_row({std::to_string(20 + i % 50)});
  FailingAfterFirstBuffer failing;
  for (int i = 0; i < 8192; ++i) (void)failing.next_u64();  // spend the good buffer
  const Result<SchemaDiscoveryOutput> discovered = discover_schema_with_random(
      R"({"epsilon":1,"columns":[{"name":"age","type":"numeric","range":[0,150]}]})", cells.view(), failing);
  CHECK(discovered.status().code() == ErrorCode::Internal);
}

TEST_CASE("finding 6: space partitioning takes a numeric axis from the schema even on an empty table",
          "[privacy-findings][space-partition]") {
  // Every row invalid (unreadable numbers in a column that is not nullable): the table the mechanism
  // sees is empty, and a numeric axis must stay numeric (4 grid cells), not become the column's 16
  // schema bins.
  const char* schema = R"({"version":1,"name":"one number","columns":[
    {"name":"x","type":"numeric","min":0,"max":1,"bins":16}]})";
  CellGrid valid(1), invalid(1);
  valid.add_row({"x"});
  invalid.add_row({"x"});
  for (int i = 0; i < 20; ++i) {
    valid.add_row({std::to_string(i / 20.0)});
    invalid.add_row({"not a number"});
  }
  const std::string options =
      R"({"epsilon":1,"mechanism":"space-partition","partition":"grid","gridCells":4,"testSeed":2})";
  CHECK(receipt_of(schema, valid, options)["parameters"]["cells"] == 4);
  CHECK(receipt_of(schema, invalid, options)["parameters"]["cells"] == 4);
}

TEST_CASE("finding 6: the reduced-space LP refuses a reference measure too large before it spends anything",
          "[privacy-findings][reduced-space-lp]") {
  EncodedTable table = make_empty_table({4, 4, 4}, 50);
  Json given = {{"referenceMeasure", "histogram"}, {"histogramCellLimit", 10}};
  OptionReader reader(given);
  const ReducedSpaceLpOptions options = read_reduced_space_lp_options(reader, 1.0).value();
  Accountant accountant = Accountant::pure(1.0).value();
  SeededTestRandom random(3);
  const ProgressSink progress;
  const Result<MechanismOutput> output =
      run_reduced_space_lp(MechanismContext{table, accountant, random, progress}, options);
  CHECK(output.status().code() == ErrorCode::DomainTooLarge);
  CHECK(accountant.ledger().empty());
}

TEST_CASE("review: a run that fails after its first charge says what it spent", "[privacy-findings][space-partition]") {
  // The refusal below is computed from released noisy counts (post-processing), but it steers the
  // owner's next run: the error states the attempt's spend, which a new run on the data adds to.
  CellGrid cells(1);
  cells.add_row({"x"});
  for (int i = 0; i < 20; ++i) cells.add_row({std::to_string(i / 20.0)});
  const Result<SynthesisOutput> output = synthesize(SynthesisInput{
      R"({"version":1,"name":"one number","columns":[{"name":"x","type":"numeric","min":0,"max":1,"bins":4}]})",
      cells.view(),
      R"({"epsilon":1,"mechanism":"space-partition","partition":"grid","gridCells":4,"threshold":1000000,"testSeed":1})"});
  REQUIRE_FALSE(output.is_ok());
  CHECK_THAT(output.status().message(),
             Catch::Contains("nothing was released, but this attempt had already spent epsilon 1"));
}

TEST_CASE("review: the receipt says which tables its guarantee covers", "[privacy-findings][receipt]") {
  std::vector<std::vector<std::string>> rows;
  for (int i = 0; i < 10; ++i) rows.push_back({"red", "small"});
  const Json clamp =
      receipt_of(kSchema, toy_cells(rows), R"({"mechanism":"reduced-space-lp","epsilon":1,"degree":1,"testSeed":1})");
  CHECK_THAT(clamp["privacy"]["tablesCovered"].get<std::string>(), Catch::Contains("well-formed CSV"));
  const Json error =
      receipt_of(kSchema, toy_cells(rows),
                 R"({"mechanism":"reduced-space-lp","epsilon":1,"degree":1,"testSeed":1,"outOfDomain":"error"})");
  CHECK_THAT(error["privacy"]["tablesCovered"].get<std::string>(), Catch::Contains("every cell fits the schema"));
}
