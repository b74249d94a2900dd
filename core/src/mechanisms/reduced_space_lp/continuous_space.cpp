// Which columns the continuous space [0,1]^a takes, and its refusal of the others: numeric ones, one
// with special levels (missing, common values) with an axis of its own for them (data/space_layout.hpp).
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"

namespace privsynth {

bool fits_continuous_space(const Column& column) { return column.kind == ColumnKind::Numeric; }

std::string continuous_space_refusal(const std::string& column) {
  return "the continuous space works on numeric columns, and \"" + column +
         "\" is categorical; choose numeric columns with \"columns\", or use \"space\": \"encoded\"";
}

Status check_continuous_space_columns(const Schema& schema, const std::vector<int>& columns) {
  for (int c : columns) {
    const Column& column = schema.columns[static_cast<size_t>(c)];
    if (fits_continuous_space(column)) continue;
    return Status::error(ErrorCode::InvalidArgument, continuous_space_refusal(column.name));
  }
  return Status::ok();
}

}  // namespace privsynth
