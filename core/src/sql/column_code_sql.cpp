#include "sql/column_code_sql.hpp"

namespace privsynth {
namespace {

struct Outcomes {
  std::string missing;  // a missing value: its level, or unfixable when the column is not nullable
  std::string unknown;  // not a category / not a number: the missing level under clamp, else unfixable
  bool clamp = false;   // values outside the domain are fixed (else the record is unfixable)
  std::string unfixable;
};

Outcomes outcomes_of(const Column& column, const EncodingRules& rules) {
  Outcomes out;
  out.clamp = rules.policy == OutOfDomainPolicy::Clamp;
  // Under clamp with replace-one neighbours an unfixable cell takes the first level; otherwise the
  // record is left out (reject, clamp with add/remove) or stops the run (error): -1 either way.
  out.unfixable = out.clamp && rules.unfixable == UnfixableCells::FirstLevel ? "0" : "-1";
  const int missing = missing_code(column);
  out.missing = missing >= 0 ? std::to_string(missing) : out.unfixable;
  out.unknown = out.clamp && missing >= 0 ? std::to_string(missing) : out.unfixable;
  return out;
}

std::string missing_cases(SqlDialect dialect, const CellExpressions& cell, const EncodingRules& rules,
                          const Outcomes& out) {
  std::string sql;
  if (cell.typed || cell.null_is_missing) sql += " WHEN " + cell.cell + " IS NULL THEN " + out.missing;
  if (!cell.typed && !rules.missing_tokens.empty()) {
    std::string list;
    for (const std::string& token : rules.missing_tokens) list += (list.empty() ? "" : ", ") + sql_text(dialect, token);
    sql += " WHEN " + cell.token + " IN (" + list + ") THEN " + out.missing;
  }
  return sql;
}

std::string categorical_code(SqlDialect dialect, const Column& column, const CellExpressions& cell,
                             const Outcomes& out) {
  std::string by_label, by_number;
  for (size_t i = 0; i < column.categories.size(); ++i) {
    const Category& category = column.categories[i];
    if (!cell.typed) by_label += " WHEN " + sql_text(dialect, category.label) + " THEN " + std::to_string(i);
    if (category.number) by_number += " WHEN " + sql_double(dialect, *category.number) + " THEN " + std::to_string(i);
  }
  // A label first, then a number equal to a numeric category's (encode_category).
  std::string sql =
      by_number.empty() ? out.unknown : "CASE " + cell.number + by_number + " ELSE " + out.unknown + " END";
  if (!by_label.empty()) sql = "CASE " + cell.token + by_label + " ELSE " + sql + " END";
  return sql;
}

// numeric_code (data/binning.cpp) on a double inside or clamped to [min, max]: a common value's
// level, else the bin.
std::string bin_of(SqlDialect dialect, const Column& column, const std::string& value) {
  const std::string min = sql_double(dialect, column.min), max = sql_double(dialect, column.max);
  const std::string bin = "CAST(LEAST(GREATEST(FLOOR((" + value + " - " + min + ") / (" + max + " - " + min + ") * " +
                          std::to_string(column.bins) + "), 0), " + std::to_string(column.bins - 1) + ") AS INTEGER)";
  if (column.common_values.empty()) return bin;
  std::string common;
  for (size_t i = 0; i < column.common_values.size(); ++i) {
    common += " WHEN " + value + " = " + sql_double(dialect, column.common_values[i]) + " THEN " +
              std::to_string(column.bins + int(i));
  }
  return "CASE" + common + " ELSE " + bin + " END";
}

// std::round: halves away from zero (SQL engines differ; PostgreSQL's round(double) goes to even).
std::string rounded(const std::string& x) {
  return "CASE WHEN " + x + " >= 0 THEN CASE WHEN " + x + " - FLOOR(" + x + ") >= 0.5 THEN CEIL(" + x +
         ") ELSE FLOOR(" + x + ") END ELSE CASE WHEN CEIL(" + x + ") - " + x + " >= 0.5 THEN FLOOR(" + x +
         ") ELSE CEIL(" + x + ") END END";
}

std::string numeric_code(SqlDialect dialect, const Column& column, const CellExpressions& cell, const Outcomes& out) {
  const std::string& v = cell.number;
  std::string inside =
      v + " >= " + sql_double(dialect, column.min) + " AND " + v + " <= " + sql_double(dialect, column.max);
  if (column.integer) inside += " AND " + v + " = FLOOR(" + v + ")";
  return "CASE WHEN " + v + " IS NULL THEN " + out.unknown + " WHEN " + inside + " THEN " + bin_of(dialect, column, v) +
         " ELSE " + (out.clamp ? bin_of(dialect, column, cell.fixed) : out.unfixable) + " END";
}

}  // namespace

std::string fixed_value_sql(SqlDialect dialect, const Column& column, const std::string& value) {
  const std::string clamped = "LEAST(GREATEST(" + value + ", " + sql_double(dialect, column.min) + "), " +
                              sql_double(dialect, column.max) + ")";
  return column.integer ? rounded(clamped) : clamped;
}

std::string column_code_sql(SqlDialect dialect, const Column& column, const CellExpressions& cell,
                            const EncodingRules& rules) {
  const Outcomes out = outcomes_of(column, rules);
  const std::string value = column.kind == ColumnKind::Categorical ? categorical_code(dialect, column, cell, out)
                                                                   : numeric_code(dialect, column, cell, out);
  const std::string missing = missing_cases(dialect, cell, rules, out);
  return missing.empty() ? value : "CASE" + missing + " ELSE " + value + " END";
}

}  // namespace privsynth
