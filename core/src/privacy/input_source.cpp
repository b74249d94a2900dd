#include "privacy/input_source.hpp"

#include "data/encoding.hpp"

namespace privsynth {
namespace {

std::string meaning(InputSource source) {
  switch (source) {
    case InputSource::CsvRows: return "a CSV file, its records read by privsynth's reader into the engine";
    case InputSource::ParquetRows:
      return "a Parquet file read by privsynth's reader, each value as the cell a CSV of the table would hold";
    case InputSource::CsvDuckDb:
      return "a CSV file, its records read by privsynth's reader and counted by DuckDB into the exact count tables "
             "the mechanism reads (as sensitive as the rows)";
    case InputSource::ParquetDuckDb:
      return "a Parquet file read and counted by DuckDB into the exact count tables the mechanism reads (as "
             "sensitive as the rows)";
    case InputSource::CountTables:
      return "exact marginal count tables computed by an SQL engine (the count query), not the rows themselves (as "
             "sensitive as the rows)";
  }
  return "";
}

std::string size_limits() {
  return "within the engine's size limits (at most " + std::to_string(kMaxInputRows) + " rows and " +
         std::to_string(kMaxInputCells) + " cells)";
}

constexpr const char* kWellFormedCsv =
    "well-formed CSV: every record has the header's number of fields and every quote is closed";
constexpr const char* kReadableParquet =
    "Parquet files whose chosen columns hold only numbers, text, booleans, dates, timestamps and nulls (no nested or "
    "binary value)";

}  // namespace

bool reads_count_tables(InputSource source) {
  return source == InputSource::CsvDuckDb || source == InputSource::ParquetDuckDb || source == InputSource::CountTables;
}

nlohmann::json input_json(InputSource source) {
  return {{"source", choice_name(kInputSources, source)},
          {"meaning", meaning(source)},
          {"note", "stated by the caller: the release is the same whatever engine read the data"}};
}

std::string tables_covered(InputSource source, const std::string& out_of_domain_policy) {
  std::string text;
  switch (source) {
    case InputSource::CsvRows: text = std::string(kWellFormedCsv) + ", " + size_limits(); break;
    case InputSource::ParquetRows: text = std::string(kReadableParquet) + ", " + size_limits(); break;
    case InputSource::CsvDuckDb: text = std::string(kWellFormedCsv) + ", of any size"; break;
    case InputSource::ParquetDuckDb:
      text =
          "Parquet files DuckDB reads, of any size, whose chosen columns are numbers, text, booleans, dates or "
          "timestamps";
      break;
    case InputSource::CountTables:
      text =
          "count tables that are the counts of one table; what is checked: whole counts >= 0, the same total in "
          "every table, and every two tables agreeing on the marginal of the columns they share (tables that pass "
          "and are the counts of no table are outside the guarantee)";
      break;
  }
  if (out_of_domain_policy == "error") {
    text += reads_count_tables(source) ? "; and, with outOfDomain \"error\", no record left out for a cell outside "
                                         "the schema"
                                       : "; and, with outOfDomain \"error\", every cell fits the schema";
  }
  return text;
}

}  // namespace privsynth
