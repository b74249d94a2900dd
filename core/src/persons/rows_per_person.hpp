#pragma once
// The rows-per-person distribution of a bounded table, released with noise (docs/privacy/
// privacy-unit.md): the numbers of persons with 1, 2, ..., k rows, each with discrete Laplace
// noise. Adding or removing one person changes one of the counts by one: L1 sensitivity 1 for
// person-level neighbours (Dwork & Roth 2014, Thm 3.6). The synthetic people draw their numbers of
// rows from it (synthetic_people.hpp).
#include <vector>

#include "base/random.hpp"
#include "privacy/accountant.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct RowsPerPersonRelease {
  std::vector<double> noisy_counts;  // entry j - 1: persons with j rows, with noise (may be < 0)
  // The counts clipped at 0 and normalised (post-processing); uniform when every one is <= 0.
  std::vector<double> distribution;
};

// Charges `accountant` (a person-level ledger) Laplace noise of scale 1 / epsilon on sensitivity 1.
Result<RowsPerPersonRelease> release_rows_per_person(const std::vector<size_t>& counts, double epsilon,
                                                     Accountant& accountant, RandomSource& random);

// The distribution of a release's noisy counts (clipped at 0, normalised; uniform if none is > 0).
std::vector<double> rows_per_person_distribution(const std::vector<double>& noisy_counts);

}  // namespace privsynth
