// "binEdges": explicit public bin edges of a numeric column (docs/schema.md), so that a skewed
// column's resolution goes where its data are rather than into equal-width bins of [min, max].
#include <catch2/catch.hpp>
#include <string>

#include "data/binning.hpp"
#include "privsynth/schema.hpp"

using namespace privsynth;

namespace {

Result<Schema> schema_with(const std::string& column) {
  return parse_schema_json(R"({"version":1,"name":"t","columns":[)" + column + "]}");
}

std::string error_of(const std::string& column) {
  const Result<Schema> parsed = schema_with(column);
  return parsed.is_ok() ? "" : parsed.status().message();
}

}  // namespace

TEST_CASE("bin edges are read, bin values by the first edge above them, and round-trip", "[schema][bin-edges]") {
  const Schema schema =
      schema_with(R"({"name":"x","type":"numeric","min":0,"max":100,"binEdges":[0,1,2,5,100]})").value();
  const Column& x = schema.columns[0];
  REQUIRE(x.bins == 4);
  CHECK(numeric_bin(x, 0) == 0);
  CHECK(numeric_bin(x, 0.999) == 0);
  CHECK(numeric_bin(x, 1) == 1);
  CHECK(numeric_bin(x, 4.99) == 2);
  CHECK(numeric_bin(x, 5) == 3);
  CHECK(numeric_bin(x, 100) == 3);  // max belongs to the last bin
  CHECK(numeric_bin(x, -3) == 0);   // clamped values keep to the ends
  CHECK(numeric_bin(x, 300) == 3);
  CHECK(bin_lower(x, 2) == 2);
  CHECK(bin_upper(x, 2) == 5);
  CHECK(bin_upper(x, 3) == 100);
  const Schema again = parse_schema_json(schema_to_json(schema)).value();
  CHECK(again.columns[0].bin_edges == x.bin_edges);
  CHECK(again.columns[0].bins == 4);
}

TEST_CASE("an integer column's edges are whole numbers and every bin holds its whole numbers", "[schema][bin-edges]") {
  const Schema schema = schema_with(
                            R"({"name":"n","type":"numeric","min":0,"max":10,"integer":true,"binEdges":[0,2,4,10],
                                "commonValues":[0,5]})")
                            .value();
  const Column& n = schema.columns[0];
  CHECK(whole_numbers_in_bin(n, 0).first == 0);
  CHECK(whole_numbers_in_bin(n, 0).last == 1);
  CHECK(whole_numbers_in_bin(n, 1).first == 2);
  CHECK(whole_numbers_in_bin(n, 1).last == 3);
  CHECK(whole_numbers_in_bin(n, 2).first == 4);
  CHECK(whole_numbers_in_bin(n, 2).last == 10);
  CHECK(numeric_code(n, 5) == 3 + 1);  // a common value's level comes after the 3 bins
  CHECK(level_count(n) == 5);
  CHECK(error_of(R"({"name":"n","type":"numeric","min":0,"max":10,"integer":true,"binEdges":[0,1,10],
                     "commonValues":[0]})") ==
        "column 1 (\"n\"): common value 0 already has a bin of its own (its bin holds no other whole number): leave "
        "it out of \"commonValues\", or give the column fewer \"bins\"");
}

TEST_CASE("malformed bin edges are refused, naming the column and the rule", "[schema][bin-edges]") {
  CHECK(error_of(R"({"name":"x","type":"numeric","min":0,"max":9,"binEdges":[0,5,5,9]})") ==
        "column 1 (\"x\"): \"binEdges\" must be an array of at least 2 strictly increasing numbers from \"min\" to "
        "\"max\"; 5 is not");
  CHECK(error_of(R"({"name":"x","type":"numeric","min":0,"max":9,"binEdges":[1,5,9]})") ==
        "column 1 (\"x\"): \"binEdges\" must be an array of at least 2 strictly increasing numbers from \"min\" to "
        "\"max\"; the first must equal \"min\" and the last \"max\"");
  CHECK(error_of(R"({"name":"x","type":"numeric","min":0,"max":9,"integer":true,"binEdges":[0,2.5,9]})") ==
        "column 1 (\"x\"): \"binEdges\" must be an array of at least 2 strictly increasing numbers from \"min\" to "
        "\"max\", whole numbers; 2.5 is not");
  CHECK(error_of(R"({"name":"x","type":"numeric","min":0,"max":9,"bins":3,"binEdges":[0,5,9]})") ==
        "column 1 (\"x\"): \"bins\" (3) disagrees with the 2 bins of \"binEdges\"; give one of them");
  CHECK(error_of(R"({"name":"x","type":"numeric","min":0,"max":9,"binEdges":[0]})") ==
        "column 1 (\"x\"): \"binEdges\" must be an array of at least 2 strictly increasing numbers from \"min\" to "
        "\"max\"");
  CHECK(error_of(R"({"name":"x","type":"numeric","min":0,"max":9,"binEdges":[0,"a",9]})") ==
        "column 1 (\"x\"): \"binEdges\" must be an array of at least 2 strictly increasing numbers from \"min\" to "
        "\"max\"; \"a\" is not");
}

TEST_CASE("a date column's edges are ISO 8601 texts, read in its steps and written back", "[schema][bin-edges]") {
  const Schema schema = schema_with(
                            R"({"name":"d","type":"date","min":"2020-01-01","max":"2020-12-31",
                                "binEdges":["2020-01-01","2020-03-01","2020-12-31"]})")
                            .value();
  const Column& d = schema.columns[0];
  REQUIRE(d.bins == 2);
  CHECK(d.bin_edges[1] - d.bin_edges[0] == 60);  // January and February 2020: 31 + 29 days
  const std::string json = schema_to_json(schema);
  CHECK(json.find("\"2020-03-01\"") != std::string::npos);
  CHECK(parse_schema_json(json).value().columns[0].bin_edges == d.bin_edges);
}
