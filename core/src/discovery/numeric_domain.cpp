#include "discovery/numeric_domain.hpp"

#include <algorithm>
#include <cmath>

#include "privacy/discrete_gaussian.hpp"

namespace privsynth {
namespace {

// Histogram 1's buckets: half-octaves of each sign and one around 0, indexed from the most
// negative (0) through the zero bucket (zero()) to the most positive (2 zero()). Real numbers start
// at 2^-20; whole numbers at 1, so that 0 and ±1 are neighbours.
constexpr int kHighestHalfOctave = 101;  // up to 2^50.5
constexpr int kNarrowingParts = 8;
constexpr int kEdgeParts = 64;
// Histogram 1's range spans the buckets that clear 4.5 noise deviations (of ~300 buckets of noise
// alone, one does so with probability about 1e-3), then grows outwards while buckets clear 2.5,
// stepping over at most one that does not, so a thin tail is kept and a far bucket lifted by noise
// is not reached. Histogram 2 keeps its outermost parts clearing 3 deviations.
constexpr double kCoreDeviations = 4.5, kBoundsDeviations = 2.5, kNarrowingDeviations = 3;

double half_octave(int k) { return std::pow(2.0, k / 2.0); }

struct LogBuckets {
  int lowest = -40;  // the smallest magnitude's half-octave: 2^(lowest / 2)
  int per_sign() const { return kHighestHalfOctave - lowest + 1; }
  int zero() const { return per_sign(); }
  int count() const { return 2 * per_sign() + 1; }

  int of(double value) const {
    if (!(std::fabs(value) >= half_octave(lowest))) return zero();
    const double k = std::floor(2 * std::log2(std::fabs(value))) - lowest;
    const int h = static_cast<int>(std::clamp(k, 0.0, double(per_sign() - 1)));
    return value > 0 ? zero() + 1 + h : zero() - 1 - h;
  }
  // The bucket's ends; the zero bucket's are 0 (tiny values are clamped to 0 rather than widen the range).
  double lower(int bucket) const {
    if (bucket == zero()) return 0;
    if (bucket > zero()) return half_octave(bucket - zero() - 1 + lowest);
    return -half_octave(zero() - 1 - bucket + lowest + 1);
  }
  double upper(int bucket) const {
    if (bucket == zero()) return 0;
    if (bucket > zero()) return half_octave(bucket - zero() - 1 + lowest + 1);
    return -half_octave(zero() - 1 - bucket + lowest);
  }
};

struct NoisyHistogram {
  std::vector<double> counts;
  double noise_std = 0;
};

// Counts of `buckets` of each value's bucket, plus discrete Gaussian noise for `rho` (L2 sensitivity 1).
template <class BucketOf>
Result<NoisyHistogram> noisy_histogram(const std::vector<double>& values, size_t buckets, BucketOf bucket_of,
                                       double rho, const std::string& release, Accountant& accountant,
                                       RandomSource& random) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const RationalVariance variance, variance_for_rho(1, rho));
  NoisyHistogram histogram{std::vector<double>(buckets, 0), std::sqrt(variance.value())};
  PRIVSYNTH_RETURN_IF_ERROR(
      accountant.charge({release, "discrete Gaussian noise on counts", GaussianCost{1, histogram.noise_std}}));
  std::vector<int64_t> exact(buckets, 0);
  for (double value : values) ++exact[bucket_of(value)];
  for (size_t b = 0; b < buckets; ++b)
    histogram.counts[b] = double(exact[b] + sample_discrete_gaussian(random, variance));
  return histogram;
}

// The first and last buckets whose noisy count reaches `deviations` noise deviations, or false.
bool outermost_clear(const NoisyHistogram& histogram, double deviations, size_t& first, size_t& last) {
  const double threshold = deviations * histogram.noise_std;
  bool found = false;
  for (size_t b = 0; b < histogram.counts.size(); ++b) {
    if (histogram.counts[b] < threshold) continue;
    if (!found) first = b;
    last = b;
    found = true;
  }
  return found;
}

// The range of the buckets that clear `core` deviations, then grown outwards while the next bucket
// clears `deviations`, or the one after it does (one gap). Post-processing of the noisy counts.
bool clear_then_grow(const NoisyHistogram& histogram, double core, double deviations, size_t& first, size_t& last) {
  if (!outermost_clear(histogram, core, first, last)) return false;
  const std::vector<double>& counts = histogram.counts;
  const auto clears = [&](size_t b) { return counts[b] >= deviations * histogram.noise_std; };
  while (first >= 1 && (clears(first - 1) || (first >= 2 && clears(first - 2)))) first -= clears(first - 1) ? 1 : 2;
  while (last + 1 < counts.size() && (clears(last + 1) || (last + 2 < counts.size() && clears(last + 2)))) {
    last += clears(last + 1) ? 1 : 2;
  }
  return true;
}

// Bucket cuts of [min, max] in `parts` equal parts; in an integer column whole numbers, and the
// last cut is max + 1 (bucket j holds [cut j, cut j+1)).
std::vector<double> equal_cuts(double min, double max, int parts, bool integer) {
  std::vector<double> cuts;
  if (integer) {
    const double numbers = max - min + 1;
    parts = static_cast<int>(std::min<double>(parts, numbers));
    for (int j = 0; j <= parts; ++j) cuts.push_back(min + std::floor(numbers * j / parts));
    return cuts;
  }
  for (int j = 0; j <= parts; ++j) cuts.push_back(j == parts ? max : min + (max - min) * j / parts);
  return cuts;
}

size_t bucket_of_cuts(const std::vector<double>& cuts, double value) {
  const auto after = std::upper_bound(cuts.begin() + 1, cuts.end() - 1, value);
  return static_cast<size_t>(after - (cuts.begin() + 1));
}

// Bin edges at the quantiles of the noisy histogram over `cuts` (negative counts read as 0),
// interpolated inside a bucket; whole numbers in an integer column; strictly increasing from min to max.
std::vector<double> quantile_edges(const NoisyHistogram& histogram, const std::vector<double>& cuts, int bins,
                                   bool integer, double min, double max) {
  std::vector<double> cumulative{0};
  for (double count : histogram.counts) cumulative.push_back(cumulative.back() + std::max(count, 0.0));
  const double total = cumulative.back();
  std::vector<double> edges{min};
  for (int i = 1; i < bins; ++i) {
    double edge = min + (max - min) * i / bins;  // an empty histogram: equal widths
    if (total > 0) {
      const double target = total * i / bins;
      const size_t j = std::min<size_t>(
          std::upper_bound(cumulative.begin(), cumulative.end(), target) - cumulative.begin() - 1, cuts.size() - 2);
      const double inside =
          cumulative[j + 1] > cumulative[j] ? (target - cumulative[j]) / (cumulative[j + 1] - cumulative[j]) : 0;
      edge = cuts[j] + inside * (cuts[j + 1] - cuts[j]);
    }
    if (integer) edge = std::round(edge);
    if (edge > edges.back() && edge < max) edges.push_back(edge);
  }
  edges.push_back(max);
  return edges;
}

}  // namespace

Result<NumericDomain> discover_numeric_domain(const std::vector<double>& values, bool integer, int bins,
                                              const NumericDomainBudget& budget, const std::string& name,
                                              Accountant& accountant, RandomSource& random) {
  NumericDomain domain;
  const LogBuckets buckets{integer ? 0 : -40};
  PRIVSYNTH_ASSIGN_OR_RETURN(
      const NoisyHistogram octaves,
      noisy_histogram(
          values, size_t(buckets.count()), [&](double value) { return size_t(buckets.of(value)); }, budget.bounds_rho,
          "range of \"" + name + "\": counts of its numbers by half-octave (±2^(k/2))", accountant, random));
  size_t first = 0, last = 0;
  if (!clear_then_grow(octaves, kCoreDeviations, kBoundsDeviations, first, last)) {
    return Status::error(ErrorCode::EmptyData, "too few numbers to find a range privately");
  }
  double min = buckets.lower(int(first)), max = buckets.upper(int(last));
  if (integer) {
    min = std::floor(min);
    max = std::ceil(max);
  }
  if (!(max > min)) max = integer ? min + 1 : min + half_octave(buckets.lowest);

  const std::vector<double> narrowing_cuts = equal_cuts(min, max, kNarrowingParts, integer);
  PRIVSYNTH_ASSIGN_OR_RETURN(
      const NoisyHistogram parts,
      noisy_histogram(
          values, narrowing_cuts.size() - 1, [&](double value) { return bucket_of_cuts(narrowing_cuts, value); },
          budget.narrowing_rho,
          "narrowed range of \"" + name + "\": counts in " + std::to_string(narrowing_cuts.size() - 1) +
              " equal parts of the range",
          accountant, random));
  if (outermost_clear(parts, kNarrowingDeviations, first, last)) {
    min = narrowing_cuts[first];
    max = integer ? narrowing_cuts[last + 1] - 1 : narrowing_cuts[last + 1];
  }
  if (!(max > min)) max = integer ? min + 1 : narrowing_cuts[first + 1];
  domain.min = min;
  domain.max = max;
  if (integer && max - min + 1 <= bins) {
    domain.bins = static_cast<int>(max - min + 1);
    return domain;
  }
  const std::vector<double> edge_cuts = equal_cuts(min, max, kEdgeParts, integer);
  PRIVSYNTH_ASSIGN_OR_RETURN(const NoisyHistogram fine,
                             noisy_histogram(
                                 values, edge_cuts.size() - 1,
                                 [&](double value) { return bucket_of_cuts(edge_cuts, value); }, budget.edges_rho,
                                 "bin edges of \"" + name + "\": counts in " + std::to_string(edge_cuts.size() - 1) +
                                     " equal parts of its range (the edges are their quantiles)",
                                 accountant, random));
  domain.edges = quantile_edges(fine, edge_cuts, bins, integer, min, max);
  domain.bins = static_cast<int>(domain.edges.size()) - 1;
  return domain;
}

}  // namespace privsynth
