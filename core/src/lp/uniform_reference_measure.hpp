#pragma once
// Reference measures mu from which the reduced space Omega* is drawn (Boedihardjo, Strohmer,
// Vershynin 2022, §2.3). mu must not depend on the private data; the uniform measure on the
// encoded domain is the paper's default choice for discrete data.
#include <cstddef>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"

namespace privsynth {

// m points drawn independently and uniformly from the product of the columns' code ranges.
EncodedTable sample_uniform_points(const std::vector<int>& levels, size_t m, RandomSource& random);

}  // namespace privsynth
