#pragma once
// Private discovery of a schema's domains, for users without a public schema (docs/architecture.md §2: a domain
// comes from the user or from a DP estimate charged to the budget). Privacy note:
// docs/privacy/domain-discovery.md. Neighbours: add/remove one record; a record holds one value
// per column.
//
//  - Numeric bounds: two quantiles (by default the 0.5% and 99.5% ones) by the exponential
//    mechanism over the intervals between the sorted values (Smith 2011, "Privacy-preserving
//    statistical estimation with optimal convergence rates", §3): pure eps-DP, inside a public
//    rough range [lower, upper] that the user states (e.g. "an age is between 0 and 150").
//  - Categories: the values whose count plus discrete Laplace noise of scale 1/eps reaches a
//    threshold tau chosen so that a value held by a single record is released with probability at
//    most delta (the stability-based histogram of Korolova et al. 2009 and Bun, Nissim & Stemmer
//    2016): (eps, delta)-DP. No pure eps-DP mechanism can release values from an unbounded set.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/random.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Released bounds lie on a public grid of the public range: kPublicGridSteps + 1 points
// lower + j (upper - lower) / kPublicGridSteps. The mechanism chooses an index j, so the output's
// low-order bits cannot carry a data value, as a floating-point draw between two data values would
// (Mironov 2012: their representable points depend on the values themselves).
inline constexpr uint64_t kPublicGridSteps = uint64_t{1} << 20;

struct PublicGrid {
  double lower = 0, upper = 0, step = 0;
  static PublicGrid over(double lower, double upper);  // requires lower < upper, both finite
  double point(uint64_t index) const;                  // index kPublicGridSteps is exactly upper
  uint64_t snap(double value) const;                   // the last point at or below value, clamped
};

// The q-quantile of `values` (NaNs are refused; each value is first snapped to the grid point at or
// below it, clamped into the range): a grid point j is chosen with probability proportional to
// exp(eps * u(j) / 2), u(j) = -|#values below j - q n| (sensitivity 1), by the exponential
// mechanism over runs of points of equal rank (weighted by their number of points), then a point
// uniformly inside the run. Pure eps-DP. Requires lower < upper (finite), 0 <= q <= 1, eps > 0.
Result<double> dp_quantile(std::vector<double> values, double q, double lower, double upper, double epsilon,
                           RandomSource& random);

struct DiscoveredBounds {
  double min = 0, max = 0;  // min < max, inside [lower, upper]
};

// [min, max] = the `tail` and 1 - `tail` quantiles, each with eps / 2 (pure eps-DP in total).
// Integer columns: each value v is first spread uniformly over [v, v + 1) (ties would leave the
// mechanism only the empty gaps around them), and both quantiles are floored to whole numbers.
// Real columns keep their ties. Both bounds are points of the public grid (integer columns: their
// floors). If noise puts max <= min, they are widened by one grid step, or by 1 for integer
// columns, inside the range (post-processing).
Result<DiscoveredBounds> discover_numeric_bounds(const std::vector<double>& values, double lower, double upper,
                                                 double epsilon, bool integer, RandomSource& random,
                                                 double tail = 0.005);

// The release threshold tau for discrete Laplace noise of scale s = 1/eps (rounded up to the
// noise's fraction): the smallest integer >= 2 with P(1 + Z >= tau) = a^(tau - 1) / (1 + a) <= delta,
// a = exp(-1/s). Requires eps > 0, 0 < delta < 1.
Result<long long> category_threshold(double epsilon, double delta);

struct DiscoveredCategories {
  std::vector<std::string> categories;  // sorted (their order carries no information on counts)
  long long threshold = 0;              // tau
};

// The distinct values of `values` (one per record; missing tokens already removed) whose count
// plus discrete Laplace noise of scale 1/eps is at least tau: (eps, delta)-DP. At most
// `max_categories` values are kept (the largest noisy counts; more fail with DomainTooLarge).
Result<DiscoveredCategories> discover_categories(const std::vector<std::string>& values, double epsilon, double delta,
                                                 RandomSource& random, size_t max_categories = 10'000);

}  // namespace privsynth
