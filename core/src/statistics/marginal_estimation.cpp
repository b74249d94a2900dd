#include "statistics/marginal_estimation.hpp"

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

size_t stride_of(const MarginalTable& table, const std::vector<int>& levels, size_t position) {
  size_t stride = 1;
  for (size_t i = position + 1; i < table.columns.size(); ++i) stride *= size_t(levels[size_t(table.columns[i])]);
  return stride;
}

// The table's sums over every column but the one at `position`.
std::vector<double> table_margin(const MarginalTable& table, const std::vector<int>& levels, size_t position) {
  const size_t stride = stride_of(table, levels, position), size = size_t(levels[size_t(table.columns[position])]);
  std::vector<double> sums(size, 0.0);
  for (size_t cell = 0; cell < table.counts.size(); ++cell) sums[(cell / stride) % size] += table.counts[cell];
  return sums;
}

void scale_to_margin(MarginalTable& table, const std::vector<int>& levels, size_t position,
                     const std::vector<double>& target) {
  const size_t stride = stride_of(table, levels, position), size = size_t(levels[size_t(table.columns[position])]);
  const std::vector<double> current = table_margin(table, levels, position);
  for (size_t cell = 0; cell < table.counts.size(); ++cell) {
    const size_t value = (cell / stride) % size;
    if (current[value] > 0) table.counts[cell] *= target[value] / current[value];
  }
}

}  // namespace

ConsistentMarginals estimate_consistent_marginals(const NoisyMarginalTables& noisy, double total, int fitting_rounds) {
  const size_t p = noisy.levels.size();
  ConsistentMarginals result;
  // Inverse-variance combination: a table's margin over column c sums cells / levels[c] cells.
  for (size_t c = 0; c < p; ++c) {
    std::vector<double> sum(noisy.one_way[c].size(), 0.0);
    double weight_total = 1 / noisy.one_way_variance;
    for (size_t v = 0; v < sum.size(); ++v) sum[v] = noisy.one_way[c][v] * weight_total;
    for (const MarginalTable& table : noisy.tables) {
      const size_t position =
          size_t(std::find(table.columns.begin(), table.columns.end(), int(c)) - table.columns.begin());
      if (position == table.columns.size()) continue;
      const double summed = double(table.counts.size()) / double(noisy.levels[c]);
      const double weight = 1 / (noisy.table_variance * summed);
      const std::vector<double> margin = table_margin(table, noisy.levels, position);
      for (size_t v = 0; v < sum.size(); ++v) sum[v] += margin[v] * weight;
      weight_total += weight;
    }
    for (double& s : sum) s /= weight_total;
    std::vector<double> projected = project_to_simplex(sum, total);
    for (double& x : projected) x /= total;
    result.one_way.push_back(std::move(projected));
  }
  for (const MarginalTable& table : noisy.tables) {
    MarginalTable fitted = table;
    fitted.counts = project_to_simplex(table.counts, total);
    for (double& x : fitted.counts) x /= total;
    for (int round = 0; round < fitting_rounds; ++round) {
      for (size_t position = 0; position < table.columns.size(); ++position) {
        scale_to_margin(fitted, noisy.levels, position, result.one_way[size_t(table.columns[position])]);
      }
    }
    result.tables.push_back(std::move(fitted));
  }
  return result;
}

}  // namespace privsynth
