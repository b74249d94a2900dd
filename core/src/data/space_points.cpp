#include "data/space_points.hpp"

#include <algorithm>

namespace privsynth {

BinSampler::BinSampler(const std::vector<SpaceBin>& bins) {
  double total = 0;
  cumulative_.reserve(bins.size());
  for (const SpaceBin& bin : bins) cumulative_.push_back(total += bin.weight);
}

size_t BinSampler::draw(RandomSource& random) const {
  const double target = random.uniform_unit() * cumulative_.back();
  const auto above = std::upper_bound(cumulative_.begin(), cumulative_.end(), target);
  return std::min(cumulative_.size() - 1, static_cast<size_t>(above - cumulative_.begin()));
}

double BinSampler::uniform_in(const SpaceBin& bin, size_t axis, RandomSource& random) {
  return std::min(1.0, bin.low[axis] + (bin.high[axis] - bin.low[axis]) * random.uniform_unit());
}

}  // namespace privsynth
