#pragma once
// The SQL that computes a run's exact count tables inside the data owner's perimeter (docs/scale.md):
// one pass over the table, every chosen column encoded as the row path encodes it
// (sql/column_code_sql.hpp), one GROUP BY per table as GROUPING SETS or a UNION ALL of them.
//
// The result has one column per table column, named as in the schema and holding its codes,
// "privsynth_kept" (1 for a record the run keeps, 0 for one the row path would leave out) and
// "privsynth_count". A row with every code column NULL counts records (kept or not); any other row
// is one cell of the table over its non-NULL columns. THE RESULT IS AS SENSITIVE AS THE ROWS.
#include <string>
#include <vector>

#include "base/options.hpp"
#include "graphical_model/factor.hpp"
#include "privsynth/status.hpp"
#include "sql/column_code_sql.hpp"
#include "sql/sql_dialect.hpp"

namespace privsynth {

inline constexpr const char* kKeptColumn = "privsynth_kept";
inline constexpr const char* kCountColumn = "privsynth_count";

enum class SqlGrouping { Sets, UnionAll };
inline constexpr Choice<SqlGrouping> kSqlGroupings[] = {{"grouping-sets", SqlGrouping::Sets},
                                                        {"union-all", SqlGrouping::UnionAll}};
enum class SqlNulls { Missing, EmptyText };
inline constexpr Choice<SqlNulls> kSqlNulls[] = {{"missing", SqlNulls::Missing}, {"empty-text", SqlNulls::EmptyText}};

// Where and how the engine reads the table: {"dialect", "from", "nulls", "typedColumns", "grouping"}.
struct CountQueryTarget {
  SqlDialect dialect = SqlDialect::DuckDb;
  // A table name or any table expression (read_parquet('f.parquet'), a subquery in parentheses).
  std::string from;
  // "missing": an SQL NULL is a missing value, the schema's first missing token (a warehouse table,
  // Parquet; with `"missing": []` the empty cell, null_cell_text); "empty-text": a CSV read as
  // text, where NULL stands for an empty cell and reads as the token "".
  SqlNulls nulls = SqlNulls::Missing;
  // Numeric columns the engine holds as numbers (read directly, not through their text).
  std::vector<std::string> typed_columns;
  SqlGrouping grouping = SqlGrouping::Sets;
  // Only tables [first_table, first_table + table_count) of the run's (0: to the last), the totals
  // with the first: an engine whose memory grows with the grouping sets of one pass (DuckDB keeps a
  // hash table per set and thread) computes them in several passes, each within its limit.
  long long first_table = 0, table_count = 0;
  // With a privacy unit: a secret text of the run that orders each person's records, the same way in
  // every pass (MD5 of it and the record's codes), so that the passes keep the same records. Empty:
  // random(), for a query computed in one pass.
  std::string draw_key;
};
Result<CountQueryTarget> read_count_query_target(OptionReader& reader);

// With a privacy unit (docs/privacy/privacy-unit.md): the column that identifies a person and k.
// The query then bounds each person's kept records to k, drawn at random (CountQueryTarget's
// draw_key, or the engine's random()), and gives the perPerson columns the codes of the person's first kept record, as
// the row path does (persons/contribution_bounding.hpp). privsynth_kept is then 1 (kept), 0 (left out by the encoding),
// 2 (beyond its person's k) or 3 (no identifier).
struct PersonBoundingSql {
  std::string unit;
  int rows_per_person = 1;
};

// `columns` are the run's chosen columns; `tables` index into them.
Result<std::string> count_query_sql(const std::vector<Column>& columns, const EncodingRules& rules,
                                    const std::vector<AttributeSet>& tables, const CountQueryTarget& target,
                                    const PersonBoundingSql* persons = nullptr);

// With a privacy unit: the query of the persons' numbers of kept records, 1 .. k, as two columns
// "privsynth_rows" and "privsynth_persons" (the count of persons with that many), the release's
// rows-per-person counts. THE RESULT IS AS SENSITIVE AS THE ROWS.
Result<std::string> rows_per_person_sql(const std::vector<Column>& columns, const EncodingRules& rules,
                                        const CountQueryTarget& target, const PersonBoundingSql& persons);

}  // namespace privsynth
