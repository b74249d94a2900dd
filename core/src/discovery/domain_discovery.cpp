#include "discovery/domain_discovery.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "base/number_text.hpp"
#include "privacy/accountant.hpp"
#include "privacy/exponential_mechanism.hpp"
#include "privacy/noise.hpp"

namespace privsynth {
PublicGrid PublicGrid::over(double lower, double upper) {
  return PublicGrid{lower, upper, (upper - lower) / static_cast<double>(kPublicGridSteps)};
}

double PublicGrid::point(uint64_t index) const {
  return index >= kPublicGridSteps ? upper : lower + static_cast<double>(index) * step;
}

uint64_t PublicGrid::snap(double value) const {
  const double position = std::floor((value - lower) / step);
  if (!(position > 0)) return 0;  // also NaN
  return position >= static_cast<double>(kPublicGridSteps) ? kPublicGridSteps : static_cast<uint64_t>(position);
}

namespace {

Status check_range(double lower, double upper) {
  if (!std::isfinite(lower) || !std::isfinite(upper) || !(lower < upper)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the public range of a private quantile needs finite lower < upper (got [" +
                             format_number(lower) + ", " + format_number(upper) + "])");
  }
  return Status::ok();
}

// The private q-quantile as an index of the grid's points (docs/privacy/domain-discovery.md).
Result<uint64_t> quantile_index(const std::vector<double>& values, double q, const PublicGrid& grid, double epsilon,
                                RandomSource& random) {
  std::vector<uint64_t> snapped;
  snapped.reserve(values.size());
  for (double v : values) {
    if (std::isnan(v))
      return Status::error(ErrorCode::InvalidData, "a private quantile got a value that is not a number");
    snapped.push_back(grid.snap(v));
  }
  std::sort(snapped.begin(), snapped.end());
  // Runs of points with the same rank r(j) = #{values below point j}: [first, last], r values
  // below. Score u = -|r - q n| + (2 / eps) ln(points in the run), so that the exponential
  // mechanism's weight exp(eps score / 2) is (points) exp(eps u / 2): each point's own weight.
  const double n = double(snapped.size());
  std::vector<double> scores;
  std::vector<std::pair<uint64_t, uint64_t>> runs;
  const auto add_run = [&](uint64_t first, uint64_t last, size_t below) {
    runs.push_back({first, last});
    scores.push_back(-std::fabs(double(below) - q * n) + 2 / epsilon * std::log(double(last - first + 1)));
  };
  uint64_t first = 0;
  for (size_t i = 0; i < snapped.size();) {
    const uint64_t value = snapped[i];
    if (value >= first) add_run(first, value, i);
    while (i < snapped.size() && snapped[i] == value) ++i;
    first = value + 1;
  }
  if (first <= kPublicGridSteps) add_run(first, kPublicGridSteps, snapped.size());
  PRIVSYNTH_ASSIGN_OR_RETURN(size_t chosen, exponential_mechanism(scores, epsilon, 1.0, random));
  const auto [low, high] = runs[chosen];
  return low + random.uniform_below(high - low + 1);  // uniform over the run's points
}

}  // namespace

Result<double> dp_quantile(std::vector<double> values, double q, double lower, double upper, double epsilon,
                           RandomSource& random) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the private quantile's epsilon"));
  PRIVSYNTH_RETURN_IF_ERROR(check_range(lower, upper));
  if (!(q >= 0 && q <= 1)) return Status::error(ErrorCode::InvalidArgument, "a quantile's q must be in [0, 1]");
  const PublicGrid grid = PublicGrid::over(lower, upper);
  PRIVSYNTH_ASSIGN_OR_RETURN(uint64_t index, quantile_index(values, q, grid, epsilon, random));
  return grid.point(index);
}

Result<DiscoveredBounds> discover_numeric_bounds(const std::vector<double>& values, double lower, double upper,
                                                 double epsilon, bool integer, RandomSource& random, double tail) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the private bounds' epsilon"));
  PRIVSYNTH_RETURN_IF_ERROR(check_range(lower, upper));
  if (!(tail >= 0 && tail < 0.5))
    return Status::error(ErrorCode::InvalidArgument, "the bounds' tail must be in [0, 0.5)");
  // Whole numbers are tied by the thousand, and a tie leaves every grid point around it with the
  // same rank: spread each record's value v uniformly over [v, v + 1) first. The spreading is
  // record by record, so neighbouring tables stay neighbouring, and flooring the quantiles undoes it.
  std::vector<double> spread = values;
  if (integer) {
    for (double& v : spread) v = std::isnan(v) ? v : v + random.uniform_unit();
  }
  const PublicGrid grid = PublicGrid::over(lower, upper);
  PRIVSYNTH_ASSIGN_OR_RETURN(uint64_t low, quantile_index(spread, tail, grid, epsilon / 2, random));
  Result<uint64_t> high = quantile_index(spread, 1 - tail, grid, epsilon / 2, random);
  if (!high.is_ok()) return high.status();
  // Post-processing of the two indices only: every bound is a grid point (or its floor).
  uint64_t first = std::min(low, high.value()), last = std::max(low, high.value());
  if (integer) {
    const double floor_lower = std::ceil(lower), floor_upper = std::floor(upper);
    DiscoveredBounds bounds{std::max(floor_lower, std::floor(grid.point(first))),
                            std::min(floor_upper, std::floor(grid.point(last)))};
    if (!(bounds.max > bounds.min)) {  // a positive width inside the public range
      bounds.min = std::max(floor_lower, bounds.min - 1);
      bounds.max = std::min(floor_upper, bounds.max + 1);
      if (!(bounds.max > bounds.min)) bounds = {lower, upper};
    }
    return bounds;
  }
  if (last == first) {  // a positive width: one grid step either way, inside the range
    first = first > 0 ? first - 1 : first;
    last = last < kPublicGridSteps ? last + 1 : last;
  }
  return DiscoveredBounds{grid.point(first), grid.point(last)};
}

Result<long long> category_threshold(double epsilon, double delta) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the private categories' epsilon"));
  if (!(delta > 0 && delta < 1)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the private categories need 0 < delta < 1 (got " + format_number(delta) + ")");
  }
  // a^(tau - 1) / (1 + a) <= delta  <=>  tau - 1 >= ln(1 / (delta (1 + a))) / ln(1 / a), with a
  // from the scale the noise really uses (1/eps rounded up to a fraction: a slightly larger a).
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale scale, rational_scale_at_least(1 / epsilon));
  const double a = std::exp(-1 / scale.value());
  const double steps = std::log(1 / (delta * (1 + a))) / (1 / scale.value());
  long long tau = 1 + static_cast<long long>(std::ceil(std::max(steps, 0.0) - 1e-12));
  while (std::pow(a, double(tau - 1)) / (1 + a) > delta) ++tau;  // guard the rounding above
  return std::max(tau, 2LL);
}

Result<DiscoveredCategories> discover_categories(const std::vector<std::string>& values, double epsilon, double delta,
                                                 RandomSource& random, size_t max_categories) {
  PRIVSYNTH_ASSIGN_OR_RETURN(long long tau, category_threshold(epsilon, delta));
  Result<RationalScale> scale = rational_scale_at_least(1 / epsilon);
  if (!scale.is_ok()) return scale.status();
  std::map<std::string, long long> counts;
  for (const std::string& value : values) ++counts[value];
  std::vector<std::pair<long long, std::string>> released;
  for (const auto& [value, count] : counts) {
    const long long noisy = count + sample_discrete_laplace(random, scale.value());
    if (noisy >= tau) released.push_back({noisy, value});
  }
  if (released.size() > max_categories) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "more than " + std::to_string(max_categories) +
                             " categories passed the private threshold; is this column an identifier or a number?");
  }
  DiscoveredCategories result;
  result.threshold = tau;
  for (const auto& entry : released) result.categories.push_back(entry.second);
  std::sort(result.categories.begin(), result.categories.end());
  return result;
}

}  // namespace privsynth
