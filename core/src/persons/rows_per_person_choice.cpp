#include "persons/rows_per_person_choice.hpp"

#include <cmath>

#include "privacy/exponential_mechanism.hpp"

namespace privsynth {

std::vector<double> rows_per_person_scores(const std::vector<size_t>& rows_of_person, double quantile) {
  // persons_with[j]: persons with exactly j rows (j capped at the largest candidate).
  std::vector<double> persons_with(size_t(kMaxChosenRowsPerPerson) + 1, 0);
  for (size_t rows : rows_of_person) {
    if (rows > 0) persons_with[std::min(rows, size_t(kMaxChosenRowsPerPerson))] += 1;
  }
  const double target = quantile * double(rows_of_person.size());
  std::vector<double> scores;
  double at_most = 0;
  for (int k = 1; k <= kMaxChosenRowsPerPerson; ++k) {
    at_most += persons_with[size_t(k)];
    scores.push_back(-std::fabs(at_most - target));
  }
  return scores;
}

Result<int> choose_rows_per_person(const std::vector<uint32_t>& person, size_t persons, double quantile, double epsilon,
                                   Accountant& ledger, RandomSource& random) {
  std::vector<size_t> rows_of_person(persons, 0);
  for (uint32_t p : person) ++rows_of_person[p];
  const std::vector<double> scores = rows_per_person_scores(rows_of_person, quantile);
  PRIVSYNTH_RETURN_IF_ERROR(
      ledger.charge(Charge{"the most rows each person keeps (k), near the " +
                               std::to_string(int(std::round(quantile * 100))) + "th percentile of rows per person",
                           "exponential mechanism", ExponentialCost{1, epsilon}}));
  PRIVSYNTH_ASSIGN_OR_RETURN(const size_t chosen, exponential_mechanism(scores, epsilon, 1, random));
  return int(chosen) + 1;
}

}  // namespace privsynth
