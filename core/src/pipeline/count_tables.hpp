#pragma once
// Count tables as the pipeline takes them (synthesize_from_counts, privsynth/synthesis.hpp): JSON
// naming the chosen columns, with each non-empty cell as its codes and its count,
//
//   {"tables": [{"columns": ["age", "sex"], "cells": [[0, 1, 25], [3, 0, 7], ...]}, ...]}
//
// where a code is the column's encoded level: a category's position in the schema, a numeric
// column's bin, and a nullable column's last level for missing (docs/scale.md). The tables are
// AS SENSITIVE AS THE ROWS they were counted from.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"
#include "statistics/marginal_source.hpp"

namespace privsynth {

// Errors: InvalidArgument (not that JSON, a column not among `columns` or named twice, a cell of
// the wrong length, a code outside its column's levels, a count that is not a whole number >= 0).
Result<MarginalCounts> parse_count_tables_json(std::string_view json, const std::vector<Column>& columns);

// {"tables": [[names], ...], "note": ..., "sql"?}: the tables a run reads, for an SQL engine to
// compute, with the query that computes them when there is one (sql/count_query.hpp).
std::string count_tables_request_json(const std::vector<AttributeSet>& tables, const std::vector<Column>& columns,
                                      const std::optional<std::string>& sql);

}  // namespace privsynth
