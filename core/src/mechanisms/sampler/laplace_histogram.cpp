#include "mechanisms/sampler/laplace_histogram.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace privsynth {

Result<RationalScale> laplace_histogram_scale(double epsilon) {
  if (!(epsilon > 0) || !std::isfinite(epsilon)) {
    return Status::error(ErrorCode::InvalidArgument, "the Laplace histogram needs a finite epsilon > 0");
  }
  return rational_scale_at_least(2.0 / epsilon);
}

std::vector<double> project_onto_simplex(const std::vector<int64_t>& noisy_counts) {
  double total = 0;
  for (int64_t count : noisy_counts) total += static_cast<double>(std::max<int64_t>(count, 0));
  std::vector<double> probabilities(noisy_counts.size());
  for (size_t x = 0; x < noisy_counts.size(); ++x) {
    probabilities[x] = total > 0 ? static_cast<double>(std::max<int64_t>(noisy_counts[x], 0)) / total
                                 : 1.0 / static_cast<double>(noisy_counts.size());
  }
  return probabilities;
}

NoisyHistogram release_laplace_histogram(const std::vector<uint64_t>& counts, const RationalScale& scale,
                                         RandomSource& random) {
  NoisyHistogram histogram;
  histogram.noisy_counts.reserve(counts.size());
  for (uint64_t count : counts) {
    histogram.noisy_counts.push_back(static_cast<int64_t>(count) + sample_discrete_laplace(random, scale));
  }
  histogram.probabilities = project_onto_simplex(histogram.noisy_counts);
  return histogram;
}

uint32_t draw_from_distribution(const std::vector<double>& probabilities, RandomSource& random) {
  const double u = random.uniform_unit();
  double cumulative = 0;
  uint32_t last_positive = 0;
  for (size_t x = 0; x < probabilities.size(); ++x) {
    if (probabilities[x] <= 0) continue;
    cumulative += probabilities[x];
    last_positive = static_cast<uint32_t>(x);
    if (u < cumulative) return last_positive;
  }
  return last_positive;  // u beyond a cumulative sum that rounding left just below 1
}

}  // namespace privsynth
