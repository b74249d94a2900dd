#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

#include "data/binning.hpp"
#include "data/decoding.hpp"
#include "data/encoding.hpp"
#include "text_file.hpp"

using namespace privsynth;

namespace {
const char* kSchema = R"({"version":1,"name":"t","missing":["?","NA"],"columns":[
  {"name":"age","type":"numeric","min":0,"max":100,"integer":true,"bins":10},
  {"name":"score","type":"numeric","min":-1,"max":1,"bins":4,"nullable":true},
  {"name":"sex","type":"categorical","categories":["F","M"]},
  {"name":"grade","type":"categorical","categories":[1,2,3],"nullable":true}]})";

CellGrid grid(const std::vector<std::vector<std::string>>& rows) {
  CellGrid cells(rows.front().size());
  for (const auto& row : rows) cells.add_row(row);
  return cells;
}
Schema schema() { return parse_schema_json(kSchema).value(); }
}  // namespace

TEST_CASE("cells encode to codes; header order does not matter; extra columns are ignored", "[encoding]") {
  const CellGrid cells = grid({{"sex", "extra", "grade", "score", "age"},
                               {"M", "x", "2.0", "0.9", "0"},
                               {" F ", "y", "?", "NA", "100"},
                               {"F", "z", "3", "-1", "45"}});
  const Result<EncodedData> encoded = encode_cells(schema(), cells.view(), OutOfDomainPolicy::Error);
  REQUIRE(encoded.is_ok());
  const EncodedTable& table = encoded.value().table;
  REQUIRE(table.rows == 3);
  CHECK(table.levels == std::vector<int>{10, 5, 2, 4});
  CHECK(table.codes[0] == std::vector<uint32_t>{0, 9, 4});  // age bins of width 10; 100 -> last bin
  CHECK(table.codes[1] == std::vector<uint32_t>{3, 4, 0});  // score bins of width 0.5; NA -> missing (4)
  CHECK(table.codes[2] == std::vector<uint32_t>{1, 0, 0});  // trimmed " F "
  CHECK(table.codes[3] == std::vector<uint32_t>{1, 3, 2});  // "2.0" matches category 2; ? -> missing
  CHECK(encoded.value().report.ignored_columns == std::vector<std::string>{"extra"});
  CHECK(encoded.value().report.columns[1].missing == 1);
  CHECK(encoded.value().report.columns[3].missing == 1);
}

TEST_CASE("out-of-domain values follow the policy and are counted", "[encoding]") {
  const CellGrid cells = grid({{"age", "score", "sex", "grade"},
                               {"150", "0", "M", "1"},   // age above max
                               {"20.5", "0", "M", "1"},  // not a whole number
                               {"20", "0", "X", "1"},    // unknown category, column not nullable
                               {"20", "0", "M", "7"},    // unknown category, nullable column
                               {"20", "abc", "M", "1"},  // unreadable number, nullable column
                               {"?", "0", "M", "1"},     // missing in a non-nullable column
                               {"30", "0", "F", "2"}});
  SECTION("clamp") {
    const EncodedData data = encode_cells(schema(), cells.view(), OutOfDomainPolicy::Clamp).value();
    CHECK(data.report.input_rows == 7);
    CHECK(data.report.kept_rows == 5);
    CHECK(data.report.rejected_rows == 2);
    CHECK(data.report.columns[0].clamped == 2);
    CHECK(data.report.columns[0].rejected == 1);
    CHECK(data.report.columns[2].rejected == 1);
    CHECK(data.report.columns[3].mapped_to_missing == 1);
    CHECK(data.report.columns[1].mapped_to_missing == 1);
    CHECK(data.table.codes[0][0] == 9);  // 150 clamped to 100
    CHECK(data.table.codes[0][1] == 2);  // 20.5 rounded to 20 -> bin 2
  }
  SECTION("reject") {
    const EncodedData data = encode_cells(schema(), cells.view(), OutOfDomainPolicy::Reject).value();
    CHECK(data.report.kept_rows == 1);
    CHECK(data.report.rejected_rows == 6);
    CHECK(data.table.rows == 1);
    CHECK(data.table.codes[2][0] == 0);
  }
  SECTION("error names the row, the column and the value") {
    const Result<EncodedData> data = encode_cells(schema(), cells.view(), OutOfDomainPolicy::Error);
    REQUIRE_FALSE(data.is_ok());
    CHECK(data.status().code() == ErrorCode::InvalidData);
    CHECK(data.status().message() == "row 1, column \"age\": 150 is outside [0, 100]");
  }
}

TEST_CASE("structural problems are errors", "[encoding]") {
  const Result<EncodedData> missing_column =
      encode_cells(schema(), grid({{"age", "score", "sex"}, {"1", "0", "M"}}).view(), OutOfDomainPolicy::Clamp);
  REQUIRE_FALSE(missing_column.is_ok());
  CHECK(missing_column.status().message() == "the CSV has no column \"grade\" (the schema requires it)");
  const Result<EncodedData> twice =
      encode_cells(schema(), grid({{"age", "age", "score", "sex", "grade"}}).view(), OutOfDomainPolicy::Clamp);
  REQUIRE_FALSE(twice.is_ok());
  CHECK_THAT(twice.status().message(), Catch::Contains("twice"));
  const CellGridView empty{};
  CHECK(encode_cells(schema(), empty, OutOfDomainPolicy::Clamp).status().code() == ErrorCode::EmptyData);
  const Result<EncodedData> header_only =
      encode_cells(schema(), grid({{"age", "score", "sex", "grade"}}).view(), OutOfDomainPolicy::Clamp);
  REQUIRE(header_only.is_ok());
  CHECK(header_only.value().table.rows == 0);
}

TEST_CASE("decode then encode returns the same codes", "[encoding][decoding]") {
  const Schema adult =
      parse_schema_json(*testing::read_text_file(testing::data_path("adult/adult.schema.json"))).value();
  const Schema mixed = schema();
  SeededTestRandom random(7);
  for (const Schema* s : {&adult, &mixed}) {
    for (const Column& column : s->columns) {
      EncodedTable table = make_empty_table({level_count(column)}, 0);
      for (int code = 0; code < level_count(column); ++code) {
        for (int repeat = 0; repeat < 50; ++repeat) table.codes[0].push_back(static_cast<uint32_t>(code));
      }
      table.rows = table.codes[0].size();
      const DecodedColumn decoded = decode_table({column}, table, random)[0];
      CellGrid cells(1);
      cells.add_cell(column.name);
      for (size_t row = 0; row < table.rows; ++row) {
        std::string text;
        if (column.kind == ColumnKind::Categorical) {
          text = decoded.categories[row] < 0 ? s->missing_tokens.front()
                                             : column.categories[decoded.categories[row]].label;
        } else if (std::isnan(decoded.numbers[row])) {
          text = s->missing_tokens.front();
        } else {
          const double value = decoded.numbers[row];
          CHECK(value >= column.min);
          CHECK(value <= column.max);
          if (column.integer) CHECK(value == std::floor(value));
          char buffer[64];
          std::snprintf(buffer, sizeof buffer, "%.17g", value);
          text = buffer;
        }
        cells.add_cell(text);
      }
      Schema single = *s;
      single.columns = {column};
      const Result<EncodedData> again = encode_cells(single, cells.view(), OutOfDomainPolicy::Error);
      INFO(column.name << ": " << again.status().message());
      REQUIRE(again.is_ok());
      CHECK(again.value().table.codes[0] == table.codes[0]);
    }
  }
}

TEST_CASE("integer bins cover every whole number exactly once", "[binning]") {
  Column column;
  column.kind = ColumnKind::Numeric;
  column.integer = true;
  for (auto [min, max, bins] : {std::tuple{17, 90, 15}, {1, 16, 16}, {0, 99999, 20}, {-5, 5, 11}, {1, 99, 20}}) {
    column.min = min;
    column.max = max;
    column.bins = bins;
    double next = min;
    for (int bin = 0; bin < bins; ++bin) {
      const WholeNumberRange range = whole_numbers_in_bin(column, bin);
      INFO(min << ".." << max << " bins " << bins << " bin " << bin);
      REQUIRE(range.first == next);
      REQUIRE(range.first <= range.last);
      CHECK(numeric_bin(column, range.first) == bin);
      CHECK(numeric_bin(column, range.last) == bin);
      next = range.last + 1;
    }
    CHECK(next == max + 1);
  }
}

TEST_CASE("tables beyond the input limits are refused before any allocation", "[encoding][errors]") {
  const CellGridView too_many_rows{nullptr, nullptr, kMaxInputRows + 2, 1, 0};
  const Result<EncodedData> rows = encode_cells(schema(), too_many_rows, OutOfDomainPolicy::Clamp);
  CHECK(rows.status().code() == ErrorCode::DomainTooLarge);
  const CellGridView too_many_cells{nullptr, nullptr, 1'000'000, 100, 0};
  CHECK(encode_cells(schema(), too_many_cells, OutOfDomainPolicy::Clamp).status().code() == ErrorCode::DomainTooLarge);
  // Offsets that do not cover the bytes are a clear error, not an out-of-bounds read.
  const uint32_t offsets[] = {0, 3, 2};
  const CellGridView bad_offsets{"abc", offsets, 2, 1, 3};
  CHECK(encode_cells(schema(), bad_offsets, OutOfDomainPolicy::Clamp).status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("parse_cell_number's fast path gives exactly strtod's double", "[encoding]") {
  std::mt19937_64 engine(11);
  const auto check = [](const std::string& text) {
    double fast = 0;
    const bool parsed = parse_cell_number(text, fast);
    char* end = nullptr;
    const double slow = std::strtod(text.c_str(), &end);
    const bool accepted = end == text.c_str() + text.size() && !text.empty() && std::isfinite(slow);
    INFO(text);
    REQUIRE(parsed == accepted);
    if (parsed) REQUIRE(std::memcmp(&fast, &slow, sizeof fast) == 0);  // bit for bit, -0 included
  };
  for (const char* text : {"0",
                           "-0",
                           "+7",
                           "007",
                           "1.",
                           ".5",
                           "-.5",
                           "0.1",
                           "0.30000000000000004",
                           "123456789012345",
                           "1234567890123456",
                           "9007199254740993",
                           "0.000000000000000000000001",
                           "1e3",
                           "-",
                           ".",
                           "+",
                           "1.2.3",
                           "12a",
                           "--1",
                           "999999999999999.9",
                           "344.42",
                           "4.35",
                           "1e400"}) {
    check(text);
  }
  for (int i = 0; i < 200000; ++i) {
    const int whole_digits = static_cast<int>(engine() % 10);
    const int fraction_digits = static_cast<int>(engine() % 12);
    std::string text = engine() % 4 == 0 ? "-" : "";
    for (int d = 0; d < whole_digits; ++d) text += static_cast<char>('0' + engine() % 10);
    if (fraction_digits > 0 || whole_digits == 0) text += '.';
    for (int d = 0; d < fraction_digits; ++d) text += static_cast<char>('0' + engine() % 10);
    check(text);
  }
}
