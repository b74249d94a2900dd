#pragma once
// The bound k chosen privately, when the run does not set it (docs/privacy/privacy-unit.md): the
// exponential mechanism picks a quantile q of the persons' numbers of rows among k = 1 ..
// kMaxChosenRowsPerPerson. The score of k is -|#{persons with at most k rows} - q P|, P the
// number of persons. Adding or removing one person moves the count by at most 1 and q P by q < 1:
// score sensitivity 1 for person-level neighbours (McSherry & Talwar 2007; Smith 2011 for the
// quantile).
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "privacy/accountant.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// The candidates' range, and the default quantile (docs/measured-defaults.md).
inline constexpr int kMaxChosenRowsPerPerson = 100;
inline constexpr double kRowsPerPersonQuantile = 0.75;

// The scores of k = 1 .. kMaxChosenRowsPerPerson for persons with these numbers of rows
// (`rows_of_person`, each >= 1).
std::vector<double> rows_per_person_scores(const std::vector<size_t>& rows_of_person, double quantile);

// Charges `ledger` (person-level) an ExponentialCost of epsilon and returns the chosen k.
Result<int> choose_rows_per_person(const std::vector<uint32_t>& person, size_t persons, double quantile, double epsilon,
                                   Accountant& ledger, RandomSource& random);

}  // namespace privsynth
