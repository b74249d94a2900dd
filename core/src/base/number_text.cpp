#include "base/number_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace privsynth {

std::string format_number(double value) {
  if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15) {
    return std::to_string(static_cast<long long>(value));
  }
  char buffer[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  return buffer;
}

std::string format_rounded(double value, int digits) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

namespace {

// |value| as decimal digits d1 d2 d3 ... with |value| = d1.d2d3... x 10^exponent.
struct DecimalDigits {
  std::string digits;
  int exponent = 0;
};

// From printf's "d.ddde+x" text of |value| with `significant` digits.
DecimalDigits decimal_digits(const char* text) {
  DecimalDigits out;
  const char* p = text;
  for (; *p && *p != 'e'; ++p) {
    if (*p != '.') out.digits += *p;
  }
  out.exponent = std::atoi(p + 1);
  return out;
}

DecimalDigits decimal_digits(double value, int significant) {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, "%.*e", significant - 1, std::fabs(value));
  return decimal_digits(buffer);
}

// The fewest digits that read back as the same double.
DecimalDigits shortest_digits(double value) {
  char buffer[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*e", precision - 1, std::fabs(value));
    if (std::strtod(buffer, nullptr) == std::fabs(value)) break;
  }
  return decimal_digits(buffer);
}

// `digits` (of a value not 0) rounded to `keep` significant digits, halves away from zero as
// JavaScript rounds them. keep <= 0 rounds below the first digit: to nothing (0) or to one unit of
// the next power of ten.
DecimalDigits round_half_up(const DecimalDigits& exact, int keep) {
  if (keep >= static_cast<int>(exact.digits.size())) return exact;
  if (keep < 0) return {"", exact.exponent};
  DecimalDigits out{exact.digits.substr(0, static_cast<size_t>(keep)), exact.exponent};
  if (exact.digits[static_cast<size_t>(keep)] < '5') return out;
  int i = keep - 1;
  for (; i >= 0 && out.digits[static_cast<size_t>(i)] == '9'; --i) out.digits[static_cast<size_t>(i)] = '0';
  if (i >= 0) {
    ++out.digits[static_cast<size_t>(i)];
  } else {  // 9...9 (or nothing) carried into a new leading digit
    out.digits.insert(out.digits.begin(), '1');
    if (keep > 0) out.digits.pop_back();
    ++out.exponent;
  }
  return out;
}

std::string exponent_text(int exponent) { return (exponent < 0 ? "e-" : "e+") + std::to_string(std::abs(exponent)); }

}  // namespace

// ECMA-262 Number::toString: k digits s, n = exponent + 1.
std::string format_like_javascript(double value) {
  if (std::isnan(value)) return "NaN";
  if (value == 0) return "0";
  if (std::isinf(value)) return value < 0 ? "-Infinity" : "Infinity";
  const std::string sign = value < 0 ? "-" : "";
  const DecimalDigits d = shortest_digits(value);
  const int k = static_cast<int>(d.digits.size()), n = d.exponent + 1;
  if (k <= n && n <= 21) return sign + d.digits + std::string(static_cast<size_t>(n - k), '0');
  if (0 < n && n <= 21)
    return sign + d.digits.substr(0, static_cast<size_t>(n)) + "." + d.digits.substr(static_cast<size_t>(n));
  if (-6 < n && n <= 0) return sign + "0." + std::string(static_cast<size_t>(-n), '0') + d.digits;
  const std::string mantissa = k == 1 ? d.digits : d.digits.substr(0, 1) + "." + d.digits.substr(1);
  return sign + mantissa + exponent_text(n - 1);
}

// ECMA-262 Number.prototype.toPrecision.
std::string format_precision_like_javascript(double value, int precision) {
  if (!std::isfinite(value)) return format_like_javascript(value);
  const std::string sign = value < 0 ? "-" : "";
  const size_t p = static_cast<size_t>(precision);
  if (value == 0) return precision == 1 ? "0" : "0." + std::string(p - 1, '0');
  // ECMA-262: of the two nearest, "pick the larger", from the exact value of the double (its
  // expansion to 100 digits after the first).
  const DecimalDigits d = round_half_up(decimal_digits(value, 101), precision);
  const int e = d.exponent;
  if (e < -6 || e >= precision) {
    const std::string mantissa = precision == 1 ? d.digits : d.digits.substr(0, 1) + "." + d.digits.substr(1);
    return sign + mantissa + exponent_text(e);
  }
  if (e == precision - 1) return sign + d.digits;
  if (e >= 0)
    return sign + d.digits.substr(0, static_cast<size_t>(e + 1)) + "." + d.digits.substr(static_cast<size_t>(e + 1));
  return sign + "0." + std::string(static_cast<size_t>(-(e + 1)), '0') + d.digits;
}

// Intl.NumberFormat("en-US") defaults: at most 3 fraction digits, no trailing zeros, the whole part
// grouped by thousands. Halves go away from zero, and browsers (ICU) round the shortest digits
// that read back as the double, not its exact value: 1.0005 gives "1.001", 1.0005.toPrecision(4)
// "1.000".
std::string format_grouped_like_javascript(double value) {
  if (!std::isfinite(value)) return value != value ? "NaN" : (value < 0 ? "-∞" : "∞");
  const std::string sign = std::signbit(value) ? "-" : "";
  const DecimalDigits shortest = shortest_digits(value);
  const DecimalDigits d = value == 0 ? DecimalDigits{"", 0} : round_half_up(shortest, shortest.exponent + 1 + 3);
  const int size = static_cast<int>(d.digits.size());
  const int point = d.exponent + 1;  // digits before the decimal point
  std::string whole, fraction;
  for (int i = 0; i < point; ++i) whole += i < size ? d.digits[static_cast<size_t>(i)] : '0';
  if (whole.empty()) whole = "0";
  for (int i = std::min(point, 0); i < size; ++i) {
    if (i >= point) fraction += i < 0 ? '0' : d.digits[static_cast<size_t>(i)];
  }
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  std::string grouped;
  for (size_t i = 0; i < whole.size(); ++i) {
    if (i > 0 && (whole.size() - i) % 3 == 0) grouped += ',';
    grouped += whole[i];
  }
  return sign + grouped + (fraction.empty() ? "" : "." + fraction);
}

}  // namespace privsynth
