#pragma once
// The core's functions of public inputs that take JSON text and answer JSON text (the plan, the
// forecast, the advice, the catalogue, the count tables a run reads, a checked schema, the
// version), callable by name. The bindings expose this one entry, so that such a function reaches
// the library through one line of core/src/api/json_functions.cpp and one library function
// (web/lib/src/core-functions.ts) and no other file of the bindings or the library.
#include <string>
#include <string_view>
#include <vector>

#include "privsynth/status.hpp"

namespace privsynth {

// `arguments_json`: a JSON array of the function's arguments, in order (JSON texts as strings,
// numbers, or null where the function takes an optional number). The answer as JSON text; an
// unknown name or a wrong argument is InvalidArgument, and the function's own errors are its own.
Result<std::string> call_json_function(std::string_view name, std::string_view arguments_json);

// Every name call_json_function answers, in the table's order.
std::vector<std::string> json_function_names();

}  // namespace privsynth
