#include "discovery/partition_selection.hpp"

#include <cmath>
#include <map>

#include "base/number_text.hpp"

namespace privsynth {
namespace {

// z with P(N(0, 1) >= z) = p, for 0 < p < 0.5, by bisection on erfc (monotone): 200 steps pin it
// far below the threshold's rounding.
double standard_normal_upper_quantile(double p) {
  double low = 0, high = 40;
  for (int step = 0; step < 200; ++step) {
    const double middle = (low + high) / 2;
    (0.5 * std::erfc(middle / std::sqrt(2.0)) > p ? low : high) = middle;
  }
  return high;  // the upper end: P(N >= high) <= p
}

}  // namespace

Result<long long> gaussian_selection_threshold(const RationalVariance& variance, double delta) {
  if (!(delta > 0 && delta < 0.5)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "partition selection needs 0 < delta < 0.5 (got " + format_number(delta) + ")");
  }
  return 2 + static_cast<long long>(std::ceil(std::sqrt(variance.value()) * standard_normal_upper_quantile(delta)));
}

Result<PartitionSelection> select_frequent_values(const std::vector<std::string>& values,
                                                  const RationalVariance& variance, double delta, RandomSource& random,
                                                  size_t max_selected, bool noise) {
  PartitionSelection selection;
  PRIVSYNTH_ASSIGN_OR_RETURN(selection.threshold, gaussian_selection_threshold(variance, delta));
  std::map<std::string, long long> counts;
  for (const std::string& value : values) ++counts[value];
  for (const auto& [value, count] : counts) {
    const long long noisy = count + (noise ? sample_discrete_gaussian(random, variance) : 0);
    if (noisy >= selection.threshold) selection.selected.push_back({value, noisy});
  }
  if (selection.selected.size() > max_selected) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "more than " + std::to_string(max_selected) + " values passed the private threshold");
  }
  return selection;
}

}  // namespace privsynth
