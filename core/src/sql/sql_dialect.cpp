#include "sql/sql_dialect.hpp"

#include <cmath>
#include <initializer_list>

#include "base/number_text.hpp"

namespace privsynth {
namespace {

// parse_cell_number's grammar (data/encoding.cpp) as a regular expression over the whole token.
constexpr const char* kNumberPattern = "^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$";
constexpr const char* kLargestDouble = "1.7976931348623157e308";
// Below half the smallest subnormal a decimal reads as zero; PostgreSQL refuses it instead.
constexpr const char* kUnderflow = "2.4703282292062328e-324";

std::string doubled(std::string_view text, char quote, bool escape_backslash) {
  std::string out(1, quote);
  for (const char c : text) {
    if (c == quote || (escape_backslash && c == '\\')) out += (c == quote ? quote : '\\');
    out += c;
  }
  return out + quote;
}

const char* double_type(SqlDialect dialect) { return dialect == SqlDialect::Postgres ? "double precision" : "DOUBLE"; }

// `value` (a double) when finite, else NULL.
std::string finite(SqlDialect dialect, const std::string& value) {
  switch (dialect) {
    case SqlDialect::DuckDb: return "CASE WHEN isfinite(" + value + ") THEN " + value + " END";
    case SqlDialect::Postgres:
      return "CASE WHEN " + value + " NOT IN ('Infinity', '-Infinity', 'NaN') THEN " + value + " END";
    case SqlDialect::Spark:
      return "CASE WHEN NOT isnan(" + value + ") AND abs(" + value + ") != double('Infinity') THEN " + value + " END";
  }
  return value;
}

// True when the engine holds `cell` as one of `types`, by the type's name (a constant of the column,
// which DuckDB folds away when it binds the query).
std::string has_type(SqlDialect dialect, const std::string& cell, std::initializer_list<const char*> types) {
  std::string list;
  for (const char* type : types) {
    list +=
        std::string(list.empty() ? "" : ", ") + "'" + type + "'" + (dialect == SqlDialect::Postgres ? "::regtype" : "");
  }
  return std::string(dialect == SqlDialect::Postgres ? "(pg_typeof(" : "(typeof(") + cell + ") IN (" + list + "))";
}

// Types whose cast to a double gives the double their text reads as: integers (rounded to nearest,
// ties to even, as a parser rounds their digits) and doubles. Not a float32 (its double is not its
// shortest text: 0.1f is 0.10000000149011612) nor a decimal (DuckDB's cast of a wide DECIMAL is off
// by one unit in the last place now and then): those are read through their text.
std::string reads_directly(SqlDialect dialect, const std::string& cell) {
  const std::string integer = sql_is_integer_typed(dialect, cell);
  switch (dialect) {
    case SqlDialect::DuckDb: return "(" + integer + " OR " + has_type(dialect, cell, {"DOUBLE"}) + ")";
    case SqlDialect::Postgres: return "(" + integer + " OR " + has_type(dialect, cell, {"double precision"}) + ")";
    case SqlDialect::Spark: return "(" + integer + " OR " + has_type(dialect, cell, {"double"}) + ")";
  }
  return integer;
}

}  // namespace

std::string sql_identifier(SqlDialect dialect, std::string_view name) {
  return doubled(name, dialect == SqlDialect::Spark ? '`' : '"', false);
}

std::string sql_text(SqlDialect dialect, std::string_view text) {
  return doubled(text, '\'', dialect == SqlDialect::Spark);
}

std::string sql_double(SqlDialect dialect, double value) {
  // Whole numbers this small are exact as integer literals, and every engine's arithmetic with a
  // double turns them into the same double.
  if (value == std::floor(value) && std::fabs(value) < 2147483648.0) return format_number(value);
  return "CAST(" + sql_text(dialect, format_number(value)) + " AS " + double_type(dialect) + ")";
}

std::string sql_token(SqlDialect dialect, const std::string& cell) {
  switch (dialect) {
    case SqlDialect::DuckDb: return "trim(CAST(" + cell + " AS VARCHAR), ' ' || chr(9) || chr(10) || chr(13))";
    case SqlDialect::Postgres: return "btrim(CAST(" + cell + " AS text), ' ' || chr(9) || chr(10) || chr(13))";
    case SqlDialect::Spark: return "trim(BOTH ' \\t\\r\\n' FROM CAST(" + cell + " AS STRING))";
  }
  return cell;
}

std::string sql_random(SqlDialect dialect) { return dialect == SqlDialect::Spark ? "rand()" : "random()"; }

std::string sql_md5(SqlDialect, const std::string& text) { return "md5(" + text + ")"; }

std::string sql_cast_text(SqlDialect dialect, const std::string& value) {
  switch (dialect) {
    case SqlDialect::DuckDb: return "CAST(" + value + " AS VARCHAR)";
    case SqlDialect::Postgres: return "CAST(" + value + " AS text)";
    case SqlDialect::Spark: return "CAST(" + value + " AS STRING)";
  }
  return value;
}

std::string sql_number_of_token(SqlDialect dialect, const std::string& token) {
  const std::string grammar = "length(" + token + ") <= 64 AND ";
  switch (dialect) {
    case SqlDialect::DuckDb:
      return "CASE WHEN " + grammar + "regexp_matches(" + token + ", '" + kNumberPattern + "') THEN " +
             finite(dialect, "TRY_CAST(" + token + " AS DOUBLE)") + " END";
    case SqlDialect::Postgres: {
      // float8in refuses what overflows or underflows to zero, so the range is checked as numeric first.
      const std::string exact = "abs(CAST(" + token + " AS numeric))";
      return "CASE WHEN " + grammar + token + " ~ '" + kNumberPattern + "' THEN CASE WHEN " + exact + " > " +
             kLargestDouble + " THEN NULL WHEN " + exact + " < " + kUnderflow + " THEN CAST(0 AS double precision)" +
             " ELSE CAST(" + token + " AS double precision) END END";
    }
    case SqlDialect::Spark:
      return "CASE WHEN " + grammar + token + " RLIKE '" + std::string(kNumberPattern) + "' THEN " +
             finite(dialect, "try_cast(" + token + " AS DOUBLE)") + " END";
  }
  return token;
}

std::string sql_number_of_typed(SqlDialect dialect, const std::string& cell) {
  // The row path reads a typed cell through its text (web/lib/src/parquet-stream.ts): a float32's
  // shortest text, a decimal's exact one. Engines print a FLOAT as a text that reads back as it
  // (PostgreSQL its shortest, as the row path; DuckDB at times a longer one, docs/scale.md).
  std::string text;
  switch (dialect) {
    case SqlDialect::DuckDb: text = finite(dialect, "CAST(CAST(" + cell + " AS VARCHAR) AS DOUBLE)"); break;
    case SqlDialect::Postgres: text = sql_number_of_token(dialect, "CAST(" + cell + " AS text)"); break;
    case SqlDialect::Spark: text = finite(dialect, "try_cast(CAST(" + cell + " AS STRING) AS DOUBLE)"); break;
  }
  return "CASE WHEN " + reads_directly(dialect, cell) + " THEN " + finite(dialect, sql_cast_double(dialect, cell)) +
         " ELSE " + text + " END";
}

std::string sql_number_of_any(SqlDialect dialect, const std::string& cell) {
  if (dialect == SqlDialect::Postgres) return sql_number_of_token(dialect, "CAST(" + cell + " AS text)");
  return sql_number_of_typed(dialect, cell);
}

std::string sql_double_of_any(SqlDialect dialect, const std::string& cell) {
  return dialect == SqlDialect::Postgres ? "CAST(CAST(" + cell + " AS text) AS double precision)"
                                         : sql_cast_double(dialect, cell);
}

std::string sql_cast_double(SqlDialect dialect, const std::string& value) {
  return "CAST(" + value + " AS " + double_type(dialect) + ")";
}

std::string sql_is_number_typed(SqlDialect dialect, const std::string& cell) {
  const std::string integer = sql_is_integer_typed(dialect, cell);
  switch (dialect) {
    case SqlDialect::DuckDb:
      return "(" + integer + " OR " + has_type(dialect, cell, {"FLOAT", "DOUBLE"}) + " OR typeof(" + cell +
             ") LIKE 'DECIMAL%')";
    case SqlDialect::Postgres:
      return "(" + integer + " OR " + has_type(dialect, cell, {"real", "double precision", "numeric"}) + ")";
    case SqlDialect::Spark:
      return "(" + integer + " OR " + has_type(dialect, cell, {"float", "double"}) + " OR typeof(" + cell +
             ") LIKE 'decimal%')";
  }
  return "FALSE";
}

std::string sql_is_integer_typed(SqlDialect dialect, const std::string& cell) {
  switch (dialect) {
    case SqlDialect::DuckDb:
      return has_type(dialect, cell,
                      {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER",
                       "UBIGINT", "UHUGEINT"});
    case SqlDialect::Postgres: return has_type(dialect, cell, {"smallint", "integer", "bigint"});
    case SqlDialect::Spark: return has_type(dialect, cell, {"tinyint", "smallint", "int", "bigint"});
  }
  return "FALSE";
}

}  // namespace privsynth
