#include "privsynth/marginal_estimation.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace privsynth {

std::vector<double> project_to_simplex(const std::vector<double>& y, double total) {
  // Duchi, Shalev-Shwartz, Singer & Chandra (2008), Fig. 1: the level tau with
  // sum max(y - tau, 0) = total, found over the sorted values.
  std::vector<double> sorted = y;
  std::sort(sorted.begin(), sorted.end(), std::greater<double>());
  double prefix = 0, tau = 0;
  for (size_t j = 0; j < sorted.size(); ++j) {
    prefix += sorted[j];
    const double candidate = (prefix - total) / double(j + 1);
    if (sorted[j] - candidate > 0) tau = candidate;
  }
  std::vector<double> x(y.size());
  for (size_t i = 0; i < y.size(); ++i) x[i] = std::max(y[i] - tau, 0.0);
  return x;
}

namespace {

// Row (which == 0) or column (which == 1) sums of a pair table.
std::vector<double> table_margin(const PairTable& table, const std::vector<int>& levels, int which) {
  const size_t rows = size_t(levels[size_t(table.first)]), columns = size_t(levels[size_t(table.second)]);
  std::vector<double> sums(which == 0 ? rows : columns, 0.0);
  for (size_t a = 0; a < rows; ++a) {
    for (size_t b = 0; b < columns; ++b) sums[which == 0 ? a : b] += table.counts[a * columns + b];
  }
  return sums;
}

void scale_to_margin(PairTable& table, const std::vector<int>& levels, int which, const std::vector<double>& target) {
  const size_t columns = size_t(levels[size_t(table.second)]);
  const std::vector<double> current = table_margin(table, levels, which);
  for (size_t i = 0; i < table.counts.size(); ++i) {
    const size_t index = which == 0 ? i / columns : i % columns;
    if (current[index] > 0) table.counts[i] *= target[index] / current[index];
  }
}

}  // namespace

ConsistentMarginals estimate_consistent_marginals(const NoisyMarginals& noisy, double total, int fitting_rounds) {
  const size_t p = noisy.levels.size();
  ConsistentMarginals result;
  // Inverse-variance combination: a pair table's margin over column c sums levels[other] cells.
  for (size_t c = 0; c < p; ++c) {
    std::vector<double> sum(noisy.one_way[c].size(), 0.0);
    double weight_total = 1 / noisy.one_way_variance;
    for (size_t v = 0; v < sum.size(); ++v) sum[v] = noisy.one_way[c][v] * weight_total;
    for (const PairTable& table : noisy.pairs) {
      if (size_t(table.first) != c && size_t(table.second) != c) continue;
      const int which = size_t(table.first) == c ? 0 : 1;
      const int other = which == 0 ? table.second : table.first;
      const double weight = 1 / (noisy.pair_variance * double(noisy.levels[size_t(other)]));
      const std::vector<double> margin = table_margin(table, noisy.levels, which);
      for (size_t v = 0; v < sum.size(); ++v) sum[v] += margin[v] * weight;
      weight_total += weight;
    }
    for (double& s : sum) s /= weight_total;
    std::vector<double> projected = project_to_simplex(sum, total);
    for (double& x : projected) x /= total;
    result.one_way.push_back(std::move(projected));
  }
  for (const PairTable& table : noisy.pairs) {
    PairTable fitted = table;
    fitted.counts = project_to_simplex(table.counts, total);
    for (double& x : fitted.counts) x /= total;
    for (int round = 0; round < fitting_rounds; ++round) {
      scale_to_margin(fitted, noisy.levels, 0, result.one_way[size_t(table.first)]);
      scale_to_margin(fitted, noisy.levels, 1, result.one_way[size_t(table.second)]);
    }
    result.pairs.push_back(std::move(fitted));
  }
  return result;
}

}  // namespace privsynth
