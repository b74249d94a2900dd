#include "sql/column_code_sql.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "base/number_text.hpp"

namespace privsynth {
namespace {

// The digits of the widest integer an engine's integer type holds (DuckDB's UHUGEINT).
constexpr size_t kIntegerDigits = 39;

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

// numeric_code (data/binning.cpp) on a double inside or clamped to [min, max]: a common value's
// level, else the bin.
std::string bin_of(SqlDialect dialect, const Column& column, const std::string& value) {
  const std::string min = sql_double(dialect, column.min), max = sql_double(dialect, column.max);
  std::string edges;  // explicit edges: the first edge above the value ends its bin
  for (int bin = 0; bin + 1 < column.bins && !column.bin_edges.empty(); ++bin) {
    edges += " WHEN " + value + " < " + sql_double(dialect, column.bin_edges[size_t(bin) + 1]) + " THEN " +
             std::to_string(bin);
  }
  const std::string bin =
      !column.bin_edges.empty()
          ? (column.bins == 1 ? std::string("0") : "CASE" + edges + " ELSE " + std::to_string(column.bins - 1) + " END")
          : "CAST(LEAST(GREATEST(FLOOR((" + value + " - " + min + ") / (" + max + " - " + min + ") * " +
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

bool is_missing_token(const EncodingRules& rules, std::string_view text) {
  return std::find(rules.missing_tokens.begin(), rules.missing_tokens.end(), text) != rules.missing_tokens.end();
}

// An integer as JavaScript's String() writes a BigInt or a safe integer: all its digits, no sign
// but a minus, no leading zero ("-0" is no integer's text).
bool is_integer_text(const std::string& text) {
  const size_t digits = text.size() - (text.rfind('-', 0) == 0 ? 1 : 0);
  if (digits == 0 || digits > kIntegerDigits || text == "-0") return false;
  if (!std::all_of(text.end() - long(digits), text.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
  return digits == 1 || text[text.size() - digits] != '0';
}

// The cases of a cell the engine holds as a number, each a text it is compared with (a missing
// token, a label) or a category's number, and the code it then takes. The row path compares the
// text it writes for the cell (web/lib/src/parquet-stream.ts): an integer column's cell is all its
// digits (String() of a BigInt), any other its number as JavaScript's String() writes it ("-999",
// "0.5", "1e-7", "1e+21", "NaN", "Infinity"). So a text matches the number it reads as only when it
// is how String() writes that number: "-999" matches -999 and -999.0; "-999.0", "-0" and "1e3"
// match no number. Most are a value in one simple CASE over the number; the few that are not (NaN,
// infinities, integers past 2^53, where an integer column's digits are not its double's) are
// conditions on the cell.
class NumberCases {
 public:
  // `number`: the cell as a finite double or NULL; `value`: the cell as a double, NaN and infinities
  // included.
  NumberCases(SqlDialect dialect, const std::string& cell, const std::string& number, const std::string& value)
      : dialect_(dialect), cell_(cell), number_(number), value_(value) {}

  void add_text(const std::string& text, const std::string& code) {
    if (text == "NaN" || text == "Infinity" || text == "-Infinity") {
      add_condition(value_ + " = " + sql_cast_double(dialect_, sql_text(dialect_, text)), code);
      return;
    }
    double value = 0;
    if (!parse_cell_number(text, value)) return;
    const bool double_text = format_like_javascript(value) == text;
    // Past 2^53 an integer column's cell is compared as an integer: its digits are not its double's.
    if (std::fabs(value) < kLargestExactInteger) {
      if (double_text) add_value(value, code);
      return;
    }
    const std::string integer = sql_is_integer_typed(dialect_, cell_);
    if (double_text) add_condition("NOT " + integer + " AND " + number_ + " = " + sql_double(dialect_, value), code);
    if (is_integer_text(text))
      add_condition(integer + " AND " + sql_token(dialect_, cell_) + " = " + sql_text(dialect_, text), code);
  }

  // The first code given for a value is the one it takes (a label "2" and the number 2 are one case).
  void add_value(double value, const std::string& code) {
    if (!seen_.insert(value).second) return;
    values_ += " WHEN " + sql_double(dialect_, value) + " THEN " + code;
  }

  void add_condition(const std::string& condition, const std::string& code) {
    conditions_ += " WHEN " + condition + " THEN " + code;
  }

  // The code: the first case that matches, else `otherwise`.
  std::string sql(const std::string& otherwise) const {
    const std::string by_value =
        values_.empty() ? otherwise : "CASE " + number_ + values_ + " ELSE " + otherwise + " END";
    return conditions_.empty() ? by_value : "CASE" + conditions_ + " ELSE " + by_value + " END";
  }

 private:
  SqlDialect dialect_;
  std::string cell_, number_, value_, conditions_, values_;
  std::set<double> seen_;
};

// A cell the engine holds as a number, not NULL: its missing tokens, then (categorical) its labels
// and its categories' numbers, by number; a numeric column's bin.
std::string number_code(SqlDialect dialect, const Column& column, const CellExpressions& cell,
                        const EncodingRules& rules, const Outcomes& out) {
  const bool categorical = column.kind == ColumnKind::Categorical;
  // A numeric column's number is the step's v; a categorical column, read through its text
  // otherwise, reads it here. A cell not named typed may be of any type (sql_number_of_any).
  const std::string number = !categorical ? cell.number
                             : cell.typed ? sql_number_of_typed(dialect, cell.cell)
                                          : sql_number_of_any(dialect, cell.cell);
  const std::string value = cell.typed ? sql_cast_double(dialect, cell.cell) : sql_double_of_any(dialect, cell.cell);
  NumberCases cases(dialect, cell.cell, number, value);
  for (const std::string& token : rules.missing_tokens) cases.add_text(token, out.missing);
  if (!categorical) return cases.sql(numeric_code(dialect, column, cell, out));
  for (size_t i = 0; i < column.categories.size(); ++i) cases.add_text(column.categories[i].label, std::to_string(i));
  for (size_t i = 0; i < column.categories.size(); ++i) {
    if (column.categories[i].number) cases.add_value(*column.categories[i].number, std::to_string(i));
  }
  return cases.sql(out.unknown);
}

// A cell read through its text (the token; a NULL's is the null text already): a missing token,
// then (categorical) a label, then a number equal to a numeric category's (encode_category); a
// numeric column's bin.
std::string text_code(SqlDialect dialect, const Column& column, const CellExpressions& cell, const EncodingRules& rules,
                      const Outcomes& out) {
  std::string value;
  if (column.kind == ColumnKind::Numeric) {
    value = numeric_code(dialect, column, cell, out);
  } else {
    std::string by_label, by_number;
    for (size_t i = 0; i < column.categories.size(); ++i) {
      const Category& category = column.categories[i];
      by_label += " WHEN " + sql_text(dialect, category.label) + " THEN " + std::to_string(i);
      if (category.number) by_number += " WHEN " + sql_double(dialect, *category.number) + " THEN " + std::to_string(i);
    }
    value = by_number.empty() ? out.unknown : "CASE " + cell.number + by_number + " ELSE " + out.unknown + " END";
    if (!by_label.empty()) value = "CASE " + cell.token + by_label + " ELSE " + value + " END";
  }
  if (rules.missing_tokens.empty()) return value;
  std::string list;
  for (const std::string& token : rules.missing_tokens) list += (list.empty() ? "" : ", ") + sql_text(dialect, token);
  return "CASE WHEN " + cell.token + " IN (" + list + ") THEN " + out.missing + " ELSE " + value + " END";
}

// A typed cell's NULL: the code of its null text, a missing token or not a number (or, were a token
// with spaces around a number listed first, that number's).
std::string typed_null_code(SqlDialect dialect, const Column& column, const CellExpressions& cell,
                            const EncodingRules& rules, const Outcomes& out) {
  const std::string_view text = cell_token(cell.null_text);
  if (is_missing_token(rules, text)) return out.missing;
  double number = 0;
  if (!parse_cell_number(text, number)) return out.unknown;
  CellExpressions null_cell = cell;
  null_cell.number = sql_double(dialect, number);
  null_cell.fixed = fixed_value_sql(dialect, column, null_cell.number);
  return numeric_code(dialect, column, null_cell, out);
}

}  // namespace

std::string fixed_value_sql(SqlDialect dialect, const Column& column, const std::string& value) {
  const std::string clamped = "LEAST(GREATEST(" + value + ", " + sql_double(dialect, column.min) + "), " +
                              sql_double(dialect, column.max) + ")";
  return column.integer ? rounded(clamped) : clamped;
}

std::string null_cell_text(const EncodingRules& rules, bool nulls_are_missing) {
  return nulls_are_missing && !rules.missing_tokens.empty() ? rules.missing_tokens.front() : "";
}

std::string column_code_sql(SqlDialect dialect, const Column& column, const CellExpressions& cell,
                            const EncodingRules& rules) {
  const Outcomes out = outcomes_of(column, rules);
  if (cell.typed) {
    return "CASE WHEN " + cell.cell + " IS NULL THEN " + typed_null_code(dialect, column, cell, rules, out) + " ELSE " +
           number_code(dialect, column, cell, rules, out) + " END";
  }
  // A column not named typed may still hold numbers (a categorical column of a Parquet file, a
  // warehouse's numeric column): it is read as a number all the same, whatever text the engine
  // would print for it (DuckDB: "-999.0", "1.000"). DuckDB decides by the column's type once, when
  // it binds the query; PostgreSQL and Spark per cell.
  return "CASE WHEN " + sql_is_number_typed(dialect, cell.cell) + " AND " + cell.cell + " IS NOT NULL THEN " +
         number_code(dialect, column, cell, rules, out) + " ELSE " + text_code(dialect, column, cell, rules, out) +
         " END";
}

}  // namespace privsynth
