// A table fed chunk by chunk (the streaming CSV reader of the library) must give exactly what the
// whole table gives at once: the same codes, the same report, the same seeded synthetic table.
#include <catch2/catch.hpp>

#include "bundled_data.hpp"
#include "data/encoding.hpp"
#include "data/encoding_report.hpp"
#include "privsynth/data_summary.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;

namespace {

std::vector<std::string> header_of(const CellGridView& grid) {
  std::vector<std::string> header;
  for (size_t c = 0; c < grid.columns; ++c) header.emplace_back(grid.cell(0, c));
  return header;
}

// Rows [first, last) of a grid (1-based data rows: row 0 is the header) as a grid of their own.
CellGrid chunk_of(const CellGridView& grid, size_t first, size_t last) {
  CellGrid chunk(grid.columns);
  for (size_t row = first; row < last; ++row) {
    for (size_t c = 0; c < grid.columns; ++c) chunk.add_cell(grid.cell(row, c));
  }
  return chunk;
}

// Calls add(chunk) for chunks of `size` data rows.
template <class Add>
void for_each_chunk(const CellGridView& grid, size_t size, Add add) {
  for (size_t first = 1; first < grid.rows; first += size) {
    const CellGrid chunk = chunk_of(grid, first, std::min(grid.rows, first + size));
    add(chunk.view());
  }
}

CellGrid small_grid(const std::vector<std::vector<std::string>>& rows) {
  CellGrid grid(rows.front().size());
  for (const auto& row : rows) grid.add_row(row);
  return grid;
}

}  // namespace

TEST_CASE("encoding Adult in chunks gives the codes and report of one pass", "[encoding][streaming]") {
  const testing::BundledData& adult = testing::adult_data();
  const Schema schema = parse_schema_json(adult.schema).value();
  const CellGridView grid = adult.cells.view();
  const EncodedData whole = encode_cells(schema, grid, OutOfDomainPolicy::Clamp).value();
  Result<TableEncoder> encoder = TableEncoder::create(schema, header_of(grid), OutOfDomainPolicy::Clamp);
  REQUIRE(encoder.is_ok());
  for_each_chunk(grid, 5000, [&](const CellGridView& chunk) { REQUIRE(encoder.value().add_rows(chunk).is_ok()); });
  CHECK(encoder.value().rows_read() == grid.rows - 1);
  const EncodedData streamed = encoder.value().finish();
  CHECK(streamed.table.rows == whole.table.rows);
  CHECK(streamed.table.levels == whole.table.levels);
  CHECK(streamed.table.codes == whole.table.codes);
  CHECK(encoding_report_json(streamed.report, schema) == encoding_report_json(whole.report, schema));
}

TEST_CASE("a chunked error names the row counted over all chunks", "[encoding][streaming][errors]") {
  const Schema schema =
      parse_schema_json(R"({"version":1,"columns":[{"name":"age","type":"numeric","min":0,"max":100,"integer":true}]})")
          .value();
  Result<TableEncoder> encoder = TableEncoder::create(schema, {"age"}, OutOfDomainPolicy::Error);
  REQUIRE(encoder.is_ok());
  REQUIRE(encoder.value().add_rows(small_grid({{"1"}, {"2"}}).view()).is_ok());
  const Status bad = encoder.value().add_rows(small_grid({{"3"}, {"400"}}).view());
  CHECK(bad.code() == ErrorCode::InvalidData);
  CHECK(bad.message() == "row 4, column \"age\": 400 is outside [0, 100]");
  // A chunk of the wrong width is refused, not read out of bounds.
  CHECK(encoder.value().add_rows(small_grid({{"1", "2"}}).view()).code() == ErrorCode::InvalidArgument);
  // A header without a schema column fails before any row.
  CHECK(TableEncoder::create(schema, {"name"}, OutOfDomainPolicy::Clamp).status().message() ==
        "the CSV has no column \"age\" (the schema requires it)");
  CHECK(TableEncoder::create(schema, {}, OutOfDomainPolicy::Clamp).status().code() == ErrorCode::EmptyData);
}

TEST_CASE("the input limits hold over the sum of the chunks", "[encoding][streaming][errors]") {
  const Schema schema =
      parse_schema_json(R"({"version":1,"columns":[{"name":"x","type":"categorical","categories":["a"]}]})").value();
  Result<TableEncoder> encoder = TableEncoder::create(schema, {"x"}, OutOfDomainPolicy::Clamp);
  REQUIRE(encoder.is_ok());
  const CellGridView huge{nullptr, nullptr, kMaxInputRows, 1, 0};  // refused before its cells are read
  REQUIRE(encoder.value().add_rows(small_grid({{"a"}}).view()).is_ok());
  CHECK(encoder.value().add_rows(huge).code() == ErrorCode::DomainTooLarge);
}

TEST_CASE("a synthesis session fed in chunks gives the seeded output of synthesize()", "[synthesis][streaming]") {
  const testing::BundledData& adult = testing::adult_data();
  const CellGridView grid = adult.cells.view();
  for (
      const std::string options :
      {R"({"epsilon":1,"mechanism":"marginal-lp","testSeed":3})",
       R"({"mechanism":"reduced-space-lp","epsilon":1,"columns":["age","sex","income"],"degree":2,"testSeed":4,"evaluate":false})"}) {
    INFO(options);
    const Result<SynthesisOutput> whole = testing::synthesize_on(adult, options);
    REQUIRE(whole.is_ok());
    Result<SynthesisSession> session = SynthesisSession::start(adult.schema, options, header_of(grid));
    REQUIRE(session.is_ok());
    for_each_chunk(grid, 7000, [&](const CellGridView& chunk) { REQUIRE(session.value().add_rows(chunk).is_ok()); });
    CHECK(session.value().rows_read() == grid.rows - 1);
    const Result<SynthesisOutput> streamed = session.value().finish();
    REQUIRE(streamed.is_ok());
    CHECK(streamed.value().rows == whole.value().rows);
    REQUIRE(streamed.value().columns.size() == whole.value().columns.size());
    for (size_t c = 0; c < whole.value().columns.size(); ++c) {
      CHECK(streamed.value().columns[c].categories == whole.value().columns[c].categories);
      CHECK(streamed.value().columns[c].numbers.size() == whole.value().columns[c].numbers.size());
    }
    CHECK(streamed.value().receipt_json == whole.value().receipt_json);
    CHECK(streamed.value().report_json == whole.value().report_json);
    // A spent session refuses more work instead of running twice.
    CHECK(session.value().finish().status().code() == ErrorCode::InvalidArgument);
  }
}

TEST_CASE("a session checks its options before any row", "[synthesis][streaming][errors]") {
  const testing::BundledData& adult = testing::adult_data();
  const std::vector<std::string> header = header_of(adult.cells.view());
  CHECK(SynthesisSession::start(adult.schema, R"({"mechanism":"reduced-space-lp","epsilon":0})", header)
            .status()
            .code() == ErrorCode::InvalidArgument);
  CHECK(SynthesisSession::start(adult.schema, R"({"mechanism":"reduced-space-lp","epsilon":1,"bogus":1})", header)
            .status()
            .code() == ErrorCode::InvalidArgument);
  CHECK(SynthesisSession::start(adult.schema, R"({"mechanism":"reduced-space-lp","epsilon":1})", {"age"})
            .status()
            .code() == ErrorCode::InvalidData);
}

TEST_CASE("a summary fed in chunks equals the one-pass summary", "[data-summary][streaming]") {
  const testing::BundledData& adult = testing::adult_data();
  const CellGridView grid = adult.cells.view();
  const std::string whole = summarize_data(adult.schema, grid, "reject").value();
  Result<DataSummarySession> session = DataSummarySession::start(adult.schema, "reject", header_of(grid));
  REQUIRE(session.is_ok());
  for_each_chunk(grid, 10000, [&](const CellGridView& chunk) { REQUIRE(session.value().add_rows(chunk).is_ok()); });
  CHECK(session.value().finish() == whole);
  CHECK(DataSummarySession::start(adult.schema, "drop", header_of(grid)).status().code() == ErrorCode::InvalidArgument);
}
