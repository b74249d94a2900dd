#pragma once
// Columns the report tests build by hand: a numeric schema column and a decoded numeric column.
#include <string>
#include <utility>
#include <vector>

#include "privsynth/decoded_column.hpp"
#include "privsynth/schema.hpp"

namespace privsynth::testing {

// A numeric column 0..10 in 5 bins.
inline Column numeric_column(const std::string& name) {
  Column column;
  column.name = name;
  column.kind = ColumnKind::Numeric;
  column.max = 10;
  column.bins = 5;
  return column;
}

// A decoded numeric column holding `numbers`.
inline DecodedColumn decoded_numbers(const std::string& name, std::vector<double> numbers) {
  DecodedColumn column;
  column.name = name;
  column.kind = ColumnKind::Numeric;
  column.numbers = std::move(numbers);
  return column;
}

}  // namespace privsynth::testing
