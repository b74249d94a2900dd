#pragma once
// The schema's rules checked on a table of decoded columns (docs/schema.md, "Rules"): how many rows
// break each rule. On the synthetic table it is post-processing; the report states it for the
// owner, as the other checks, beside the same count on the real rows.
#include <string>
#include <vector>

#include "privsynth/decoded_column.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

struct RuleCheck {
  std::string rule;     // its name, or the rule in words
  bool checked = true;  // false when a column of the rule is not in the table
  std::string reason;   // why not checked
  size_t rows = 0;      // the table's rows
  size_t broken = 0;    // rows that break the rule (nested: rows off their child value's usual parent)
};

// `columns` are the schema columns of `table`, in its order; integer columns are compared rounded,
// as they are written.
std::vector<RuleCheck> check_rules(const std::vector<Rule>& rules, const std::vector<Column>& columns,
                                   const std::vector<DecodedColumn>& table);

}  // namespace privsynth
