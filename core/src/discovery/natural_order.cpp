#include "discovery/natural_order.hpp"

#include <cctype>

#include "data/encoding.hpp"

namespace privsynth {
namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// -1, 0 or 1: a and b compared with their runs of digits read as whole numbers.
int compare_with_digit_runs(std::string_view a, std::string_view b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      size_t end_a = i, end_b = j;
      while (end_a < a.size() && is_digit(a[end_a])) ++end_a;
      while (end_b < b.size() && is_digit(b[end_b])) ++end_b;
      std::string_view run_a = a.substr(i, end_a - i), run_b = b.substr(j, end_b - j);
      while (run_a.size() > 1 && run_a[0] == '0') run_a.remove_prefix(1);  // "007" is 7
      while (run_b.size() > 1 && run_b[0] == '0') run_b.remove_prefix(1);
      if (run_a.size() != run_b.size()) return run_a.size() < run_b.size() ? -1 : 1;
      if (run_a != run_b) return run_a < run_b ? -1 : 1;
      i = end_a;
      j = end_b;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]) ? -1 : 1;
    ++i;
    ++j;
  }
  if (i == a.size() && j == b.size()) return 0;
  return i == a.size() ? -1 : 1;
}

}  // namespace

bool natural_less(std::string_view a, std::string_view b) {
  double x = 0, y = 0;
  const bool a_number = parse_cell_number(a, x), b_number = parse_cell_number(b, y);
  if (a_number != b_number) return a_number;
  if (a_number && x != y) return x < y;
  const int order = a_number ? 0 : compare_with_digit_runs(a, b);
  return order != 0 ? order < 0 : a < b;
}

}  // namespace privsynth
