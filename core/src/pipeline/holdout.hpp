#pragma once
// The test split held out from the mechanism for the mlTarget report, chosen so that neighbouring
// tables stay neighbouring (docs/privacy/README.md): each record goes to the test split
// independently with probability f (a Poisson split). For D and D + {x}, every record of D is split
// alike in both and x either joins the test split (the mechanism sees the same table) or not (it
// sees add/remove neighbours), so an epsilon-DP mechanism stays epsilon-DP on the whole table. A
// split of fixed size would not: with the same training size for n and n + 1 records, x replaces a
// random record, and the mechanism then sees replace-one neighbours (twice the loss).
#include <cstddef>
#include <vector>

#include "base/random.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct RowSplit {
  std::vector<size_t> train, test;  // disjoint, each increasing, together 0..rows-1 (either may be empty)
};

// Each of `rows` records goes to `test` with probability test_fraction, independently.
// Errors: InvalidArgument unless 0 < test_fraction < 1; Internal if the randomness source failed.
// Use select_rows (statistics/bootstrap.hpp) to cut the tables.
Result<RowSplit> split_rows(size_t rows, double test_fraction, RandomSource& random);

}  // namespace privsynth
