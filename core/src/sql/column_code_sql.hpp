#pragma once
// One column's encoded level as an SQL expression: the row encoder's rules (data/encoding.cpp) --
// missing tokens, categories by label then by number, numeric bins over the public bounds, the
// out-of-domain policy -- written so an SQL engine gives every cell the code privsynth would.
// A record the row path leaves out gets -1 in some column (sql/count_query.hpp drops it).
#include <string>
#include <vector>

#include "data/encoding.hpp"
#include "privsynth/schema.hpp"
#include "sql/sql_dialect.hpp"

namespace privsynth {

// How a cell reaches the expression.
struct CellExpressions {
  std::string cell;             // the source column as the engine holds it (for IS NULL)
  std::string token;            // its trimmed text (sql_token), unused for a typed numeric source
  std::string number;           // its value as a finite double or NULL
  std::string fixed;            // numeric columns: that value as the clamp policy fixes it (fixed_value_sql)
  bool typed = false;           // the engine holds a number: no text, no missing tokens
  bool null_is_missing = true;  // SQL NULL is a missing value; else the token reads it as ''
};

struct EncodingRules {
  std::vector<std::string> missing_tokens;
  OutOfDomainPolicy policy = OutOfDomainPolicy::Clamp;
  UnfixableCells unfixable = UnfixableCells::DropRecord;
};

// A numeric column's value clamped into [min, max], and rounded in an integer column: what the
// clamp policy makes of a value outside the domain (encode_number).
std::string fixed_value_sql(SqlDialect dialect, const Column& column, const std::string& value);

std::string column_code_sql(SqlDialect dialect, const Column& column, const CellExpressions& cell,
                            const EncodingRules& rules);

}  // namespace privsynth
