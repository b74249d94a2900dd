// A release from count tables computed outside privsynth equals the release from the rows they were
// counted from: Adult's six demo columns, adaptive-marginals and marginal-lp (MST with domain
// compression and the tree fit; every pair with the LP fit), the same test seed -- the same
// synthetic table and the same receipt but for its "input". Count tables that are
// missing, malformed or not of one table, and mechanisms or options that need rows, are refused.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "count_tables_of_rows.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

const std::vector<std::string> kColumns{"age", "workclass", "education", "sex", "race", "income"};

// The JSON an SQL engine would return for the tables the run reads, from Adult's rows.
std::string counts_json_for(const std::string& options) {
  const testing::BundledData& adult = testing::adult_data();
  return testing::count_tables_of_rows(adult.schema, options, adult.cells.view());
}

Result<SynthesisOutput> from_counts(const std::string& counts, const std::string& options) {
  return synthesize_from_counts(CountsSynthesisInput{testing::adult_data().schema, counts, options});
}

}  // namespace

TEST_CASE("a release from count tables equals the release from the rows",
          "[counts][adaptive-marginals][marginal-lp][reduced-space-lp]") {
  const std::string columns = R"("columns":["age","workclass","education","sex","race","income"])";
  const std::string options = GENERATE_COPY(
      R"({"epsilon":1,"mechanism":"adaptive-marginals","compressDomain":true,"testSeed":5,"evaluate":false,)" +
          columns + "}",
      R"({"epsilon":1,"mechanism":"marginal-lp","compressDomain":true,"testSeed":6,"evaluate":false,)" + columns + "}",
      R"({"epsilon":2,"mechanism":"marginal-lp","workload":"all","degree":2,"fit":"lp","testSeed":7,"evaluate":false,)" +
          columns + "}",
      R"({"epsilon":1,"mechanism":"reduced-space-lp","referenceMeasure":"uniform","testSeed":8,"evaluate":false,)" +
          columns + "}",
      R"({"epsilon":1,"mechanism":"reduced-space-lp","referenceMeasure":"tree","testSeed":9,"evaluate":false,)" +
          columns + "}");
  INFO(options);
  const Json request = Json::parse(required_count_tables_json(testing::adult_data().schema, options).value());
  CHECK(request["tables"].size() == 15);  // every pair of the 6 columns
  const std::string counts = counts_json_for(options);
  const Result<SynthesisOutput> rows = testing::synthesize_on(testing::adult_data(), options);
  const Result<SynthesisOutput> given = from_counts(counts, options);
  INFO(given.status().message());
  REQUIRE(rows.is_ok());
  REQUIRE(given.is_ok());
  REQUIRE(given.value().rows == rows.value().rows);
  for (size_t c = 0; c < kColumns.size(); ++c) {
    CHECK(given.value().columns[c].categories == rows.value().columns[c].categories);
    CHECK(given.value().columns[c].numbers == rows.value().columns[c].numbers);
  }
  // The same receipt but for what the caller chose: where the data came from, and the tables the
  // guarantee covers, which follow from it.
  Json receipt = Json::parse(given.value().receipt_json), from_rows = Json::parse(rows.value().receipt_json);
  CHECK(receipt["input"]["source"] == "count-tables");
  CHECK(from_rows["input"]["source"] == "csv");
  CHECK_THAT(receipt["privacy"]["tablesCovered"].get<std::string>(), Catch::Contains("counts of one table"));
  CHECK_THAT(from_rows["privacy"]["tablesCovered"].get<std::string>(), Catch::Contains("well-formed CSV"));
  for (Json* each : {&receipt, &from_rows}) {
    each->erase("input");
    (*each)["privacy"].erase("tablesCovered");
  }
  CHECK(receipt == from_rows);
  CHECK(Json::parse(given.value().report_json).contains("input"));
}

TEST_CASE("a streamed release draws its records in chunks from the same release", "[counts][record-stream]") {
  const std::string columns = R"("columns":["age","workclass","education","sex","race","income"])";
  const std::string options = GENERATE_COPY(
      R"({"epsilon":1,"mechanism":"adaptive-marginals","compressDomain":true,"testSeed":5,"evaluate":false,)" +
          columns + "}",
      R"({"epsilon":1,"mechanism":"marginal-lp","testSeed":6,"evaluate":false,)" + columns + "}",
      R"({"epsilon":2,"mechanism":"marginal-lp","workload":"all","fit":"lp","testSeed":7,"evaluate":false,)" + columns +
          "}");
  INFO(options);
  const std::string counts = counts_json_for(options);
  const SynthesisOutput whole = from_counts(counts, options).value();
  CountsSynthesisInput input{testing::adult_data().schema, counts, options};
  input.stream_records = true;
  const Result<SynthesisOutput> streamed = synthesize_from_counts(input);
  REQUIRE(streamed.is_ok());
  // The same releases and receipt; the records are left to the stream.
  CHECK(streamed.value().receipt_json == whole.receipt_json);
  CHECK(streamed.value().columns.empty());
  SyntheticRecordStream& records = *streamed.value().records;
  REQUIRE(records.rows() == whole.rows);
  // Chunks of 7,000 records: all of them, then none; their 1-way frequencies are the whole table's
  // within sampling (both are draws from one model: total variation well under 0.02).
  std::vector<std::vector<double>> frequency(kColumns.size()), whole_frequency(kColumns.size());
  const auto add = [](std::vector<double>& to, const DecodedColumn& column, size_t rows) {
    for (size_t r = 0; r < rows; ++r) {
      const size_t level = column.kind == ColumnKind::Categorical
                               ? size_t(column.categories[r] + 1)
                               : size_t(std::isnan(column.numbers[r]) ? 0 : 1 + column.numbers[r] / 10);
      if (to.size() <= level) to.resize(level + 1, 0);
      to[level] += 1;
    }
  };
  size_t drawn = 0;
  while (records.remaining() > 0) {
    const std::vector<DecodedColumn> chunk = records.next(7000).value();
    const size_t rows = chunk[0].kind == ColumnKind::Categorical ? chunk[0].categories.size() : chunk[0].numbers.size();
    REQUIRE(rows == std::min<size_t>(7000, whole.rows - drawn));
    for (size_t c = 0; c < kColumns.size(); ++c) add(frequency[c], chunk[c], rows);
    drawn += rows;
  }
  CHECK(drawn == whole.rows);
  CHECK(records.next(7000).value()[0].categories.empty());
  for (size_t c = 0; c < kColumns.size(); ++c) {
    add(whole_frequency[c], whole.columns[c], whole.rows);
    frequency[c].resize(std::max(frequency[c].size(), whole_frequency[c].size()), 0);
    whole_frequency[c].resize(frequency[c].size(), 0);
    double tv = 0;
    for (size_t level = 0; level < frequency[c].size(); ++level) {
      tv += std::abs(frequency[c][level] - whole_frequency[c][level]) / double(whole.rows) / 2;
    }
    INFO(kColumns[c]);
    CHECK(tv < 0.02);
  }
}

TEST_CASE("finding 2: \"auto\" chooses the same mechanism whatever engine reads the data", "[counts][privacy]") {
  // Numbers only: "auto" takes space partitioning (its KD-tree splits on the rows) from rows and from
  // count tables alike; from count tables that is refused before anything is read, naming the way
  // out. (It once switched to adaptive marginals from count tables: a neighbouring file read by the
  // other engine got another release.)
  const std::string options = R"({"epsilon":1,"testSeed":1,"columns":["age","hours-per-week"]})";
  const Result<SynthesisOutput> from_rows = testing::synthesize_on(testing::adult_data(), options);
  REQUIRE(from_rows.is_ok());
  CHECK(Json::parse(from_rows.value().receipt_json)["mechanismChoice"]["chosen"] == "space-partition");
  const Result<std::string> request = required_count_tables_json(testing::adult_data().schema, options);
  REQUIRE_FALSE(request.is_ok());
  CHECK_THAT(request.status().message(), Catch::Contains("\"auto\" chose \"space-partition\""));
  CHECK_THAT(request.status().message(), Catch::Contains("adaptive-marginals"));
  const Json counts = {{"tables", {{{"columns", {"age", "hours-per-week"}}, {"cells", {{0, 0, 40}, {3, 5, 60}}}}}}};
  const Result<SynthesisOutput> release = from_counts(counts.dump(), options);
  REQUIRE_FALSE(release.is_ok());
  CHECK(release.status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("count tables that cannot be released from are refused with the reason", "[counts][errors]") {
  const std::string options =
      R"({"epsilon":1,"mechanism":"adaptive-marginals","testSeed":5,"columns":["age","workclass","education","sex","race","income"]})";
  const auto message = [&](const std::string& counts, const std::string& run_options) {
    const Result<SynthesisOutput> run = from_counts(counts, run_options);
    REQUIRE_FALSE(run.is_ok());
    return run.status().message();
  };
  CHECK_THAT(message("[]", options), Catch::Contains("expected JSON"));
  CHECK_THAT(message(R"({"tables":[{"columns":["age","height"],"cells":[]}]})", options),
             Catch::Contains("\"height\", which is not a chosen column"));
  CHECK_THAT(message(R"({"tables":[{"columns":["sex"],"cells":[[5,10]]}]})", options),
             Catch::Contains("code 5 of \"sex\" is outside its 2 levels"));
  CHECK_THAT(message(R"({"tables":[{"columns":["sex"],"cells":[[0,1.5]]}]})", options),
             Catch::Contains("whole numbers"));
  CHECK_THAT(message(R"({"tables":[{"columns":["sex"],"cells":[[0,10],[1,12]]}]})", options),
             Catch::Contains("no given count table holds the columns age, workclass"));
  CHECK_THAT(
      message(R"({"tables":[{"columns":["sex"],"cells":[[0,10]]},{"columns":["race"],"cells":[[0,11]]}]})", options),
      Catch::Contains("not of one table"));
  const std::string counts = counts_json_for(options);
  CHECK_THAT(message(counts, R"({"epsilon":1,"mechanism":"space-partition","columns":["sex","income"]})"),
             Catch::Contains("reads the rows"));
  // The reduced-space LP reads count tables only in the encoded space, with the uniform or tree reference.
  const std::string six = R"("columns":["age","workclass","education","sex","race","income"])";
  CHECK_THAT(
      message(counts, R"({"epsilon":1,"mechanism":"reduced-space-lp","referenceMeasure":"histogram",)" + six + "}"),
      Catch::Contains("with the histogram reference reads the rows"));
  CHECK_THAT(message(counts, R"({"epsilon":1,"mechanism":"reduced-space-lp","space":"continuous","columns":["age"]})"),
             Catch::Contains("continuous space reads the records' values"));
  CHECK_THAT(message(R"({"tables":[{"columns":["sex"],"cells":[[0,10],[1,12]]}]})",
                     R"({"epsilon":1,"mechanism":"marginal-lp","columns":["age","sex","income"]})"),
             Catch::Contains("no given count table holds the columns age, sex"));
  CHECK_THAT(message(counts, R"({"epsilon":1,"mechanism":"adaptive-marginals","mlTarget":"income",)"
                             R"("columns":["age","workclass","education","sex","race","income"]})"),
             Catch::Contains("needs the rows"));
}
