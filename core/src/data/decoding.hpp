#pragma once
// From codes back to values (post-processing, so it may use any randomness): a category code
// becomes its category, a numeric bin becomes a value drawn uniformly inside the bin (uniformly
// among the bin's whole numbers in integer columns), the missing level becomes "missing".
#include <cstdint>
#include <string>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privsynth/decoded_column.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

// `columns[i]` is the schema column of table column i. Where `unit_values[i]` is non-empty, numeric
// column i is decoded from it exactly, min + u (max - min) (rounded in integer columns), instead
// of drawing within the bin; `round_integers` false keeps those values exact (bin centres).
std::vector<DecodedColumn> decode_table(const std::vector<Column>& columns, const EncodedTable& table,
                                        RandomSource& random, const std::vector<std::vector<double>>& unit_values = {},
                                        bool round_integers = true);

}  // namespace privsynth
