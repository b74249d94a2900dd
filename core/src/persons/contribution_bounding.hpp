#pragma once
// Contribution bounding (docs/privacy/privacy-unit.md): with a privacy unit, each person keeps at
// most k of their rows, drawn uniformly without replacement with the run's randomness, and the
// columns declared "perPerson" take, in all of a person's kept rows, the values of one of those
// rows drawn at random. Both are maps of one person's rows alone, so tables that differ by one
// person stay tables that differ by one person, now of at most k rows.
#include <cstddef>
#include <vector>

#include "base/random.hpp"
#include "data/encoding.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Owner-only figures of the bounding (never released: the report, not the receipt).
struct BoundingReport {
  size_t persons = 0;
  size_t rows_before = 0;
  size_t rows_kept = 0;
  size_t persons_over_limit = 0;  // persons who had more than k rows
  size_t most_rows = 0;           // the most rows any person had
  // Per column of the table: persons whose rows disagreed in a "perPerson" column (0 elsewhere).
  std::vector<size_t> persons_with_varying_value;
};

// Bounds `data` in place (rows, unit values and person numbers); `per_person[c]` marks the columns
// made constant per person. Needs data.person (a privacy unit) and k >= 1.
Result<BoundingReport> bound_contributions(EncodedData& data, int rows_per_person, const std::vector<bool>& per_person,
                                           RandomSource& random);

// Persons by their number of rows: entry j - 1 counts the persons with j rows, j = 1 .. k.
std::vector<size_t> persons_by_row_count(const std::vector<uint32_t>& person, size_t persons, int rows_per_person);

// One row of each person, drawn uniformly (the rows of `person`, -1 for a row of no person, which
// is never chosen): the row indices in increasing order.
std::vector<size_t> one_row_per_person(const std::vector<int64_t>& person, size_t persons, RandomSource& random);

}  // namespace privsynth
