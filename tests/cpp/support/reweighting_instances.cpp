#include "reweighting_instances.hpp"

#include <algorithm>
#include <cmath>

#include "base/random.hpp"
#include "lp/uniform_reference_measure.hpp"

namespace privsynth::testing {

ReweightingInstance make_reweighting_instance(const std::vector<int>& levels, int degree, size_t m, double perturbation,
                                              uint64_t seed, size_t records) {
  SeededTestRandom random(seed);
  EncodedTable data = make_empty_table(levels, records);
  for (size_t row = 0; row < records; ++row) {  // a shared latent value drives 70% of the codes
    const uint64_t latent = random.uniform_below(1000);
    for (size_t c = 0; c < levels.size(); ++c) {
      const uint64_t level = static_cast<uint64_t>(levels[c]);
      data.codes[c][row] =
          static_cast<uint32_t>(random.uniform_below(10) < 7 ? latent % level : random.uniform_below(level));
    }
  }
  ReweightingInstance instance{levels, MarginalWorkload::all_up_to_degree(levels, degree).value(), {}, {}};
  for (const int64_t count : instance.workload.count(data)) {
    instance.targets.push_back(static_cast<double>(count) / static_cast<double>(records) +
                               perturbation * (2 * random.uniform_unit() - 1));
  }
  instance.points = sample_uniform_points(levels, m, random);
  return instance;
}

double max_statistic_error(const ReweightingInstance& instance, const std::vector<double>& weights) {
  const std::vector<double> fitted = instance.workload.weighted_sum(instance.points, weights);
  double top = 0;
  for (size_t f = 0; f < fitted.size(); ++f) top = std::max(top, std::fabs(fitted[f] - instance.targets[f]));
  return top;
}

EncodedTable first_rows(const EncodedTable& table, size_t rows) {
  EncodedTable part = make_empty_table(table.levels, rows);
  for (size_t c = 0; c < table.columns(); ++c) {
    std::copy(table.codes[c].begin(), table.codes[c].begin() + static_cast<std::ptrdiff_t>(rows),
              part.codes[c].begin());
  }
  return part;
}

}  // namespace privsynth::testing
