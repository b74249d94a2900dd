#include "mechanisms/space_partition/empty_cells.hpp"

#include <cmath>
#include <string>

namespace privsynth {

double ThresholdedNoise::pass_probability() const {
  // a^t / (1 + a) with a = exp(-1/scale), in logs: t may be large.
  const double log_a = -1.0 / scale.value();
  return std::exp(static_cast<double>(threshold) * log_a) / (1.0 + std::exp(log_a));
}

Status check_expected_passing(double public_cells, double p, uint64_t limit, const std::string& what) {
  if (public_cells * p > static_cast<double>(limit)) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "up to " + std::to_string(static_cast<long long>(public_cells * p)) + " " + what +
                             " could pass the threshold (more than " + std::to_string(limit) +
                             "): raise the threshold or use fewer, larger cells");
  }
  return Status::ok();
}

Result<uint64_t> binomial_by_skips(double cells, double p, RandomSource& random) {
  if (!(cells >= 0) || !(p >= 0 && p <= 1)) {
    return Status::error(ErrorCode::InvalidArgument, "binomial_by_skips needs cells >= 0 and p in [0, 1]");
  }
  if (cells == 0 || p == 0) return uint64_t{0};
  if (p == 1) return static_cast<uint64_t>(cells);
  // The successes of Bernoulli(p) trials are separated by Geometric(p) runs of failures:
  // floor(log U / log(1 - p)) with U uniform in (0, 1].
  const double log_fail = std::log1p(-p);
  uint64_t successes = 0;
  double position = 0;  // trials used so far
  for (;;) {
    const double u = 1.0 - random.uniform_unit();
    position += std::floor(std::log(u) / log_fail) + 1;
    if (position > cells) return successes;
    ++successes;
  }
}

int64_t passing_empty_count(const ThresholdedNoise& noise, RandomSource& random) {
  return noise.threshold + static_cast<int64_t>(sample_geometric(random, noise.scale));
}

int64_t thresholded_count(int64_t count, const ThresholdedNoise& noise, RandomSource& random) {
  const int64_t noisy = count + sample_discrete_laplace(random, noise.scale);
  return noisy >= noise.threshold ? noisy : 0;
}

}  // namespace privsynth
