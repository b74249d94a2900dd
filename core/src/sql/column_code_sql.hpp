#pragma once
// One column's encoded level as an SQL expression: the row encoder's rules (data/encoding.cpp) --
// missing tokens, categories by label then by number, numeric bins over the public bounds, the
// out-of-domain policy -- written so an SQL engine gives every cell the code privsynth would. A cell
// the engine holds as a number, and a NULL, read as privsynth's Parquet reader writes them for the
// row path (docs/scale.md, "Typed cells and NULLs").
// A record the row path leaves out gets -1 in some column (sql/count_query.hpp drops it).
#include <string>
#include <vector>

#include "data/encoding.hpp"
#include "privsynth/schema.hpp"
#include "sql/sql_dialect.hpp"

namespace privsynth {

// How a cell reaches the expression.
struct CellExpressions {
  std::string cell;       // the source column as the engine holds it (for IS NULL)
  std::string token;      // its trimmed text (sql_token)
  std::string number;     // its value as a finite double or NULL
  std::string fixed;      // numeric columns: that value as the clamp policy fixes it (fixed_value_sql)
  bool typed = false;     // the engine holds a number: `token` is unused, missing tokens match by number
  std::string null_text;  // the cell an SQL NULL stands for (null_cell_text); `token` already holds it
};

struct EncodingRules {
  std::vector<std::string> missing_tokens;
  OutOfDomainPolicy policy = OutOfDomainPolicy::Clamp;
  UnfixableCells unfixable = UnfixableCells::DropRecord;
};

// The text cell an SQL NULL stands for, as in a CSV of the table: under "missing" the schema's first
// missing token (a missing value; privsynth's Parquet reader writes a null so), and with no
// missing token, or under "empty-text", the empty cell. With `"missing": []` the schema says that
// no cell is missing, so a NULL is then a value outside the domain, which `outOfDomain` handles as
// it handles any (clamp: the missing level of a nullable column; reject; error): the same release
// as from the table's CSV, and no missing value counted where the schema says there is none.
std::string null_cell_text(const EncodingRules& rules, bool nulls_are_missing);

// A numeric column's value clamped into [min, max], and rounded in an integer column: what the
// clamp policy makes of a value outside the domain (encode_number).
std::string fixed_value_sql(SqlDialect dialect, const Column& column, const std::string& value);

std::string column_code_sql(SqlDialect dialect, const Column& column, const CellExpressions& cell,
                            const EncodingRules& rules);

}  // namespace privsynth
