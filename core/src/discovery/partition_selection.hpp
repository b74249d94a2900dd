#pragma once
// Private partition selection with Gaussian noise (docs/privacy/domain-discovery.md, "Categories and
// common values in one release"): the values of one column whose count plus discrete Gaussian noise
// reaches a threshold tau, released with their noisy counts.
//
// Neighbours: add/remove one record, which holds one value of the column. A value present in both
// tables has a count that differs by 1: the noisy counts are the Gaussian mechanism,
// 1 / (2 sigma^2)-zCDP (Canonne, Kamath & Steinke 2020, Thm 4). A value held only by the added
// record has count 1 and is released with probability P(1 + Z >= tau) <= delta. Together:
// delta-approximate rho-zCDP (Bun & Steinke 2016, Def. 8.1), whose rhos and deltas add.
#include <string>
#include <vector>

#include "base/random.hpp"
#include "privacy/discrete_gaussian.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// The smallest tau with P(1 + Z >= tau) <= delta for Z discrete Gaussian of this variance, by the
// bound P(Z >= m) <= P(N(0, sigma^2) >= m - 1) for whole m >= 1 (Canonne, Kamath & Steinke 2020,
// Prop. 25): tau = 2 + ceil(sigma * z), P(N(0, 1) >= z) = delta. Requires 0 < delta < 0.5.
Result<long long> gaussian_selection_threshold(const RationalVariance& variance, double delta);

struct SelectedValue {
  std::string value;
  long long noisy_count = 0;
};

struct PartitionSelection {
  std::vector<SelectedValue> selected;  // in the order of their texts (which carries no count)
  long long threshold = 0;
};

// `values` holds one value per record (missing cells left out). Fails with DomainTooLarge beyond
// `max_selected` released values. `noise` false is for the DP audit's broken variant only.
Result<PartitionSelection> select_frequent_values(const std::vector<std::string>& values,
                                                  const RationalVariance& variance, double delta, RandomSource& random,
                                                  size_t max_selected, bool noise = true);

}  // namespace privsynth
