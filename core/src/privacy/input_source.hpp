#pragma once
// Where a release's data came from, as the caller states it (option "inputSource"; the library
// sets it): the file's format and the engine that read it. The receipt states it (receipt.input),
// and the tables the guarantee covers follow from it (privacy.tablesCovered). It is the caller's
// choice, never read from the data; a release is the same whatever engine read the data, but for
// these two fields (docs/privacy/README.md, "Records are read alike on every path").
#include <string>
#include <nlohmann/json.hpp>

#include "base/choice.hpp"

namespace privsynth {

enum class InputSource {
  CsvRows,        // a CSV read by privsynth's reader, its records encoded by the engine
  ParquetRows,    // a Parquet file read by privsynth's reader, each value as the cell a CSV would hold
  CsvDuckDb,      // a CSV read by privsynth's reader, its records counted by DuckDB (count tables)
  ParquetDuckDb,  // a Parquet file read and counted by DuckDB (count tables)
  CountTables,    // count tables computed elsewhere (the count query on an SQL engine), given as such
};
inline constexpr Choice<InputSource> kInputSources[] = {{"csv", InputSource::CsvRows},
                                                        {"parquet", InputSource::ParquetRows},
                                                        {"duckdb-csv", InputSource::CsvDuckDb},
                                                        {"duckdb-parquet", InputSource::ParquetDuckDb},
                                                        {"count-tables", InputSource::CountTables}};

// Whether the release reads count tables (synthesize_from_counts) rather than records (synthesize).
bool reads_count_tables(InputSource source);

// The receipt's "input": the source's id and what it means.
nlohmann::json input_json(InputSource source);

// The tables the guarantee is about: a run refuses the others before anything is released, so a
// neighbour outside them has no release to compare with (docs/privacy/README.md, threat model).
std::string tables_covered(InputSource source, const std::string& out_of_domain_policy);

}  // namespace privsynth
