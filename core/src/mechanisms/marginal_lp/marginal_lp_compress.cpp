// marginal-lp, stage 2 (post-processing of the noisy 1-way counts): MST's domain compression, the
// noisy record count and the 1-way distributions.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "mechanisms/marginal_lp/marginal_lp_stages.hpp"

namespace privsynth {
namespace {

std::vector<double> clipped_distribution(std::vector<double> counts) {
  double total = 0;
  for (double& c : counts) total += c = std::max(c, 0.0);
  for (double& c : counts) c = total > 0 ? c / total : 1.0 / double(counts.size());
  return counts;
}

}  // namespace

void compress_and_count(const MarginalSource& data, const MarginalLpOptions& options, const MarginalLpPlan& plan,
                        const std::vector<std::vector<LevelGrouping>>& hierarchies, MarginalMeasurements& measured) {
  const int p = static_cast<int>(data.levels().size());
  std::vector<std::vector<double>>& one_way = measured.one_way_counts;
  measured.compression = compress_domain(data.levels(), one_way, -INFINITY);  // the identity
  if (plan.mst && options.compress_domain) {
    measured.compression = compress_domain(data.levels(), one_way, 3 * marginal_noise_std(size_t(p), plan.rho_one),
                                           finest_groups(hierarchies));
    measured.noisy_cells.clear();
    for (int c = 0; c < p; ++c) {
      one_way[size_t(c)] = measured.compression.compress_counts(size_t(c), one_way[size_t(c)]);
      measured.noisy_cells.insert(measured.noisy_cells.end(), one_way[size_t(c)].begin(), one_way[size_t(c)].end());
    }
  }
  if (!measured.compression.identity()) measured.compressed = data.compressed(measured.compression);

  double noisy_count = 0;
  for (int c = 0; c < p; ++c) {
    noisy_count += std::accumulate(one_way[size_t(c)].begin(), one_way[size_t(c)].end(), 0.0) / p;
    measured.one_way_distribution.push_back(clipped_distribution(one_way[size_t(c)]));
  }
  measured.noisy_count = std::max(noisy_count, 1.0);
}

}  // namespace privsynth
