#pragma once
// One column of a synthetic table as the API returns it: categories as indices into the schema's
// categories, numbers as values, each with its own missing marker.
#include <cstdint>
#include <string>
#include <vector>

#include "privsynth/schema.hpp"

namespace privsynth {

struct DecodedColumn {
  std::string name;
  ColumnKind kind = ColumnKind::Categorical;
  std::vector<int32_t> categories;  // categorical: category index, -1 = missing
  std::vector<double> numbers;      // numeric: value, NaN = missing
};

}  // namespace privsynth
