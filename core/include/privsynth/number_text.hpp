#pragma once
// Numbers in messages and JSON labels: whole numbers without a fraction ("17"), others in the
// shortest form that reads back as the same double ("0.1").
#include <string>

namespace privsynth {

std::string format_number(double value);

}  // namespace privsynth
