#pragma once
// The order in which discovered categories are listed: the order a person expects ("1, 2, 10", not
// "1, 10, 2"). It is computed from the released labels only, so it carries nothing more.
#include <string_view>

namespace privsynth {

// Labels that read as numbers first, by value; then the others, runs of digits compared by value
// ("grade 2" before "grade 10") and the rest byte by byte; ties broken byte by byte.
bool natural_less(std::string_view a, std::string_view b);

}  // namespace privsynth
