#pragma once
// The mechanisms a run can use, by the id the option "mechanism" takes.
#include <string>
#include <vector>

namespace privsynth {

// In the registry's order (the first is the default).
std::vector<std::string> mechanism_ids();

}  // namespace privsynth
