#pragma once
// Codes of points given in unit scale: the equal-width bin floor(u * levels) of each column, as the
// continuous mechanisms (reduced-space LP in the continuous space, space partitioning) report them.
#include <cstddef>
#include <vector>

#include "data/table.hpp"

namespace privsynth {

// The bin of one value u in [0, 1] among `levels` equal-width bins (values outside go to the end bins).
size_t unit_bin(double u, int levels);

// points[c][row] in [0, 1] for every column c of `levels`.
EncodedTable bin_unit_points(const std::vector<int>& levels, const std::vector<std::vector<double>>& points,
                             size_t count);

}  // namespace privsynth
