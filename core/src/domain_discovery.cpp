#include "privsynth/domain_discovery.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "privsynth/accountant.hpp"
#include "privsynth/exponential_mechanism.hpp"
#include "privsynth/noise.hpp"
#include "privsynth/number_text.hpp"

namespace privsynth {
Result<double> dp_quantile(std::vector<double> values, double q, double lower, double upper, double epsilon,
                           RandomSource& random) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the private quantile's epsilon"));
  if (!std::isfinite(lower) || !std::isfinite(upper) || !(lower < upper)) {
    return Status::error(ErrorCode::InvalidArgument, "the public range of a private quantile needs finite lower < upper (got [" +
                                                         format_number(lower) + ", " + format_number(upper) + "])");
  }
  if (!(q >= 0 && q <= 1)) return Status::error(ErrorCode::InvalidArgument, "a quantile's q must be in [0, 1]");
  for (double& v : values) {
    if (std::isnan(v)) return Status::error(ErrorCode::InvalidData, "a private quantile got a value that is not a number");
    v = std::clamp(v, lower, upper);
  }
  std::sort(values.begin(), values.end());
  // Interval k runs from edge k to edge k + 1, edges = lower, the sorted values, upper; k values
  // lie below it. Score: u_k + (2 / eps) ln(length_k), so that the exponential mechanism's weight
  // exp(eps score / 2) is length_k exp(eps u_k / 2). Empty intervals (ties) have weight 0.
  const double n = double(values.size());
  std::vector<double> scores;
  std::vector<size_t> interval;
  for (size_t k = 0; k <= values.size(); ++k) {
    const double from = k == 0 ? lower : values[k - 1];
    const double to = k == values.size() ? upper : values[k];
    if (!(to > from)) continue;
    scores.push_back(-std::fabs(double(k) - q * n) + 2 / epsilon * std::log(to - from));
    interval.push_back(k);
  }
  Result<size_t> chosen = exponential_mechanism(scores, epsilon, 1.0, random);
  if (!chosen.is_ok()) return chosen.status();
  const size_t k = interval[chosen.value()];
  const double from = k == 0 ? lower : values[k - 1];
  const double to = k == values.size() ? upper : values[k];
  return from + (to - from) * random.uniform_unit();
}

Result<DiscoveredBounds> discover_numeric_bounds(const std::vector<double>& values, double lower, double upper,
                                                 double epsilon, bool integer, RandomSource& random, double tail) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the private bounds' epsilon"));
  if (!(tail >= 0 && tail < 0.5)) return Status::error(ErrorCode::InvalidArgument, "the bounds' tail must be in [0, 0.5)");
  // Whole numbers are tied by the thousand, and the mechanism can only land in intervals of
  // positive length: spread each record's value v uniformly over [v, v + 1) first. The spreading
  // is record by record, so neighbouring tables stay neighbouring, and flooring the quantiles
  // undoes it.
  std::vector<double> spread = values;
  if (integer) {
    for (double& v : spread) v = std::isnan(v) ? v : v + random.uniform_unit();
  }
  Result<double> low = dp_quantile(spread, tail, lower, upper, epsilon / 2, random);
  if (!low.is_ok()) return low.status();
  Result<double> high = dp_quantile(spread, 1 - tail, lower, upper, epsilon / 2, random);
  if (!high.is_ok()) return high.status();
  DiscoveredBounds bounds{std::min(low.value(), high.value()), std::max(low.value(), high.value())};
  if (integer) {
    bounds.min = std::max(std::ceil(lower), std::floor(bounds.min));
    bounds.max = std::min(std::floor(upper), std::floor(bounds.max));
  }
  if (!(bounds.max > bounds.min)) {  // post-processing: a positive width inside the public range
    const double half = integer ? 1.0 : std::max((upper - lower) * 1e-6, 1e-12);
    bounds.min = std::max(lower, bounds.min - half);
    bounds.max = std::min(upper, bounds.max + half);
    if (!(bounds.max > bounds.min)) bounds = {lower, upper};
  }
  return bounds;
}

Result<long long> category_threshold(double epsilon, double delta) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the private categories' epsilon"));
  if (!(delta > 0 && delta < 1)) {
    return Status::error(ErrorCode::InvalidArgument, "the private categories need 0 < delta < 1 (got " + format_number(delta) + ")");
  }
  // a^(tau - 1) / (1 + a) <= delta  <=>  tau - 1 >= ln(1 / (delta (1 + a))) / ln(1 / a), with a
  // from the scale the sampler really uses (1/eps rounded up to a fraction: a slightly larger a).
  Result<RationalScale> scale = rational_scale_at_least(1 / epsilon);
  if (!scale.is_ok()) return scale.status();
  const double a = std::exp(-1 / scale.value().value());
  const double steps = std::log(1 / (delta * (1 + a))) / (1 / scale.value().value());
  long long tau = 1 + static_cast<long long>(std::ceil(std::max(steps, 0.0) - 1e-12));
  while (std::pow(a, double(tau - 1)) / (1 + a) > delta) ++tau;  // guard the rounding above
  return std::max(tau, 2LL);
}

Result<DiscoveredCategories> discover_categories(const std::vector<std::string>& values, double epsilon, double delta,
                                                 RandomSource& random, size_t max_categories) {
  Result<long long> tau = category_threshold(epsilon, delta);
  if (!tau.is_ok()) return tau.status();
  Result<RationalScale> scale = rational_scale_at_least(1 / epsilon);
  if (!scale.is_ok()) return scale.status();
  std::map<std::string, long long> counts;
  for (const std::string& value : values) ++counts[value];
  std::vector<std::pair<long long, std::string>> released;
  for (const auto& [value, count] : counts) {
    const long long noisy = count + sample_discrete_laplace(random, scale.value());
    if (noisy >= tau.value()) released.push_back({noisy, value});
  }
  if (released.size() > max_categories) {
    return Status::error(ErrorCode::DomainTooLarge, "more than " + std::to_string(max_categories) +
                                                        " categories passed the private threshold; is this column an identifier or a number?");
  }
  DiscoveredCategories result;
  result.threshold = tau.value();
  for (const auto& entry : released) result.categories.push_back(entry.second);
  std::sort(result.categories.begin(), result.categories.end());
  return result;
}

}  // namespace privsynth
