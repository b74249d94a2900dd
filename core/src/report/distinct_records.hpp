#pragma once
// How many different records a synthetic table holds: a table rounded from a sparse LP vertex
// repeats a few hundred records, a dense solution or a sampled model many more. Counted on the
// mechanism's output before decoding: the category and bin codes, and the unit coordinates of
// continuous-space outputs (where two records in one bin can differ).
#include <cstddef>
#include <vector>

#include "data/table.hpp"

namespace privsynth {

size_t distinct_records(const EncodedTable& synthetic, const std::vector<std::vector<double>>& unit_values);

}  // namespace privsynth
