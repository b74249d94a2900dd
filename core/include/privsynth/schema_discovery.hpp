#pragma once
// A schema discovered privately from the data (docs/privacy/domain-discovery.md): the user states
// each column's kind, and for numbers a public rough range and bins; the categories and the bounds
// come from the DP mechanisms of domain_discovery.hpp. The budget is split equally: eps / p per
// column, delta / (categorical columns) per categorical column. The schema says what it cost
// ("provenance": "dp-discovered"), so every later receipt adds it.
//
// Request JSON: {"epsilon": > 0, "delta": (0, 1) (needed with categorical columns), "name"?,
//   "missing"?: [tokens, default [""]], "testSeed"?: integer (tests only: NOT PRIVATE),
//   "columns": [{"name", "type": "categorical", "nullable"?}
//             | {"name", "type": "numeric", "range": [L, U], "integer"?, "bins"?, "nullable"?}]}
#include <string>
#include <string_view>

#include "privsynth/cell_grid.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct SchemaDiscoveryOutput {
  std::string schema_json;   // schema v1, "provenance": "dp-discovered", with its "discovery" cost
  std::string receipt_json;  // what was released, and how
};

// Reads the named columns of `grid` (row 0 is the header). Errors: InvalidArgument (request),
// InvalidData (a named column is missing from the header), DomainTooLarge (too many categories),
// EmptyData (a categorical column with no category above the threshold: give its categories or
// raise epsilon).
Result<SchemaDiscoveryOutput> discover_schema(std::string_view request_json, const CellGridView& grid);

}  // namespace privsynth
