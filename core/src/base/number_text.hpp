#pragma once
// Numbers in messages and JSON labels: whole numbers without a fraction ("17"), others in the
// shortest form that reads back as the same double ("0.1").
#include <string>

namespace privsynth {

// 2^53: every whole number up to it in magnitude is a double; past it not every one is.
inline constexpr double kLargestExactInteger = 9007199254740992.0;

std::string format_number(double value);

// A number for people to read in progress and notes: `digits` significant digits ("0.0128").
std::string format_rounded(double value, int digits = 3);

// Numbers in sentences the library shows as they are, written exactly as JavaScript writes them, so
// that a sentence the core composes reads like one the page would: String(x) ("0.5", "1e-7"),
// x.toPrecision(p) ("0.12", "1.2e+2") and x.toLocaleString("en-US") ("48,842", "1,234.568").
std::string format_like_javascript(double value);
std::string format_precision_like_javascript(double value, int precision);
std::string format_grouped_like_javascript(double value);

}  // namespace privsynth
