#pragma once
// The few places where SQL engines differ, for the count query (sql/count_query.hpp): how a name
// and a text are quoted, how a cell becomes the trimmed token the row encoder reads, and how a
// token is read as a number exactly as parse_cell_number does (data/encoding.hpp). DuckDB and
// PostgreSQL are run in the tests; Spark SQL is written to its documented grammar (docs/scale.md).
#include <string>
#include <string_view>

#include "base/choice.hpp"

namespace privsynth {

enum class SqlDialect { DuckDb, Postgres, Spark };
inline constexpr Choice<SqlDialect> kSqlDialects[] = {
    {"duckdb", SqlDialect::DuckDb}, {"postgres", SqlDialect::Postgres}, {"spark", SqlDialect::Spark}};

// A column or alias name, quoted ("a""b" or `a``b`).
std::string sql_identifier(SqlDialect dialect, std::string_view name);
// A text literal ('it''s'; Spark also escapes backslashes, which its literals read as escapes).
std::string sql_text(SqlDialect dialect, std::string_view text);
// A double literal that reads back as exactly `value`.
std::string sql_double(SqlDialect dialect, double value);
// The cell as text with spaces, tabs, CR and LF trimmed from both ends (cell_token); NULL stays NULL.
std::string sql_token(SqlDialect dialect, const std::string& cell);
// The token read as a finite double, or NULL: the grammar parse_cell_number accepts (optional sign,
// digits with an optional point, optional exponent; at most 64 characters), infinities refused.
std::string sql_number_of_token(SqlDialect dialect, const std::string& token);
// A source column the engine already holds as a number, as a finite double or NULL: the double its
// text reads as (a float32's shortest text, a decimal's exact one), cast directly where that is the
// same (integers, doubles).
std::string sql_number_of_typed(SqlDialect dialect, const std::string& cell);
// As sql_number_of_typed, and sql_cast_double, for a cell of any type, read only where
// sql_is_number_typed holds: PostgreSQL refuses when it plans the query a cast that another type
// (a boolean, a date) does not have, so there the cell is read through its text.
std::string sql_number_of_any(SqlDialect dialect, const std::string& cell);
std::string sql_double_of_any(SqlDialect dialect, const std::string& cell);
// `value` cast to the dialect's double.
std::string sql_cast_double(SqlDialect dialect, const std::string& value);
// A uniform draw in [0, 1), a new one per row (random(), or Spark's rand()).
std::string sql_random(SqlDialect dialect);
// The MD5 digest, as hex text, of the text `text` (md5() in every dialect).
std::string sql_md5(SqlDialect dialect, const std::string& text);
// `value` cast to text (VARCHAR, text or STRING).
std::string sql_cast_text(SqlDialect dialect, const std::string& value);
// True when the engine holds `cell` as a number: an integer, a float, a double or a decimal.
std::string sql_is_number_typed(SqlDialect dialect, const std::string& cell);
// True when the engine holds `cell` as an integer type (whose text is all its digits).
std::string sql_is_integer_typed(SqlDialect dialect, const std::string& cell);

}  // namespace privsynth
