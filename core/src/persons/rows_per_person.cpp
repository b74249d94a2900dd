#include "persons/rows_per_person.hpp"

#include <algorithm>

#include "privacy/noise.hpp"

namespace privsynth {

std::vector<double> rows_per_person_distribution(const std::vector<double>& noisy_counts) {
  std::vector<double> distribution(noisy_counts.size(), 0);
  double total = 0;
  for (size_t j = 0; j < noisy_counts.size(); ++j) total += distribution[j] = std::max(0.0, noisy_counts[j]);
  if (total <= 0) {
    std::fill(distribution.begin(), distribution.end(), 1.0 / double(std::max<size_t>(1, distribution.size())));
    return distribution;
  }
  for (double& p : distribution) p /= total;
  return distribution;
}

Result<RowsPerPersonRelease> release_rows_per_person(const std::vector<size_t>& counts, double epsilon,
                                                     Accountant& accountant, RandomSource& random) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const RationalScale scale, rational_scale_at_least(1 / epsilon));
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
      Charge{"the number of persons with each number of rows (1 to " + std::to_string(counts.size()) + ")",
             "discrete Laplace", LaplaceCost{1, scale.value(), epsilon}}));
  RowsPerPersonRelease release;
  for (size_t count : counts) {
    release.noisy_counts.push_back(double(count) + double(sample_discrete_laplace(random, scale)));
  }
  release.distribution = rows_per_person_distribution(release.noisy_counts);
  return release;
}

}  // namespace privsynth
