#pragma once
// Numbers in messages and JSON labels: whole numbers without a fraction ("17"), others in the
// shortest form that reads back as the same double ("0.1").
#include <string>

namespace privsynth {

std::string format_number(double value);

// A number for people to read in progress and notes: `digits` significant digits ("0.0128").
std::string format_rounded(double value, int digits = 3);

}  // namespace privsynth
