#include "sql/sql_dialect.hpp"

#include <cmath>

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

std::string sql_number_of_token(SqlDialect dialect, const std::string& token) {
  const std::string grammar = "length(" + token + ") <= 64 AND ";
  switch (dialect) {
    case SqlDialect::DuckDb:
      return "CASE WHEN " + grammar + "regexp_matches(" + token + ", '" + kNumberPattern + "') THEN " +
             sql_number_of_typed(dialect, "TRY_CAST(" + token + " AS DOUBLE)") + " END";
    case SqlDialect::Postgres: {
      // float8in refuses what overflows or underflows to zero, so the range is checked as numeric first.
      const std::string exact = "abs(CAST(" + token + " AS numeric))";
      return "CASE WHEN " + grammar + token + " ~ '" + kNumberPattern + "' THEN CASE WHEN " + exact + " > " +
             kLargestDouble + " THEN NULL WHEN " + exact + " < " + kUnderflow + " THEN CAST(0 AS double precision)" +
             " ELSE CAST(" + token + " AS double precision) END END";
    }
    case SqlDialect::Spark:
      return "CASE WHEN " + grammar + token + " RLIKE '" + std::string(kNumberPattern) + "' THEN " +
             sql_number_of_typed(dialect, "try_cast(" + token + " AS DOUBLE)") + " END";
  }
  return token;
}

std::string sql_number_of_typed(SqlDialect dialect, const std::string& cell) {
  const std::string value = "CAST(" + cell + " AS " + double_type(dialect) + ")";
  switch (dialect) {
    case SqlDialect::DuckDb: return "CASE WHEN isfinite(" + value + ") THEN " + value + " END";
    case SqlDialect::Postgres:
      return "CASE WHEN " + value + " NOT IN ('Infinity', '-Infinity', 'NaN') THEN " + value + " END";
    case SqlDialect::Spark:
      return "CASE WHEN NOT isnan(" + value + ") AND abs(" + value + ") != double('Infinity') THEN " + value + " END";
  }
  return value;
}

}  // namespace privsynth
