#pragma once
// Advice for a synthesis run before it is made, from public inputs only: the schema, the chosen
// columns, epsilon, the number of records n the user states as public, the mlTarget and the
// reduced-space LP's reference measure options. It reads no data and spends no budget. It states
// the rules the run itself applies (each column's levels, the encoded domain, whether the
// continuous space is possible, which reference measure "auto" picks and how epsilon is split)
// and the mechanism recommended for these inputs, with its reason. Fields: docs/api.md, adviseRun().
#include <string>
#include <string_view>

#include "privsynth/status.hpp"

namespace privsynth {

// `request_json`: {"columns", "epsilon", "rows", "mlTarget", "referenceMeasure",
// "referenceBudgetFraction", "space"}, every key optional. The advice as JSON text (camelCase).
// A bad input is an error named as a run names it (INVALID_SCHEMA, INVALID_ARGUMENT).
Result<std::string> advise_run_json(std::string_view schema_json, std::string_view request_json);

}  // namespace privsynth
