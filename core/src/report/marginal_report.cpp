#include "report/marginal_report.hpp"

#include <algorithm>
#include <cmath>

#include "base/random.hpp"
#include "statistics/workload.hpp"

namespace privsynth {
namespace {

std::vector<double> frequencies_of(const EncodedTable& table, const Marginal& marginal) {
  std::vector<double> frequencies(marginal.cells, 0.0);
  if (table.rows == 0) return frequencies;
  for (size_t row = 0; row < table.rows; ++row) {
    frequencies[cell_of_row(marginal, table, row)] += 1.0;
  }
  for (double& f : frequencies) f /= static_cast<double>(table.rows);
  return frequencies;
}

struct MarginalComparison {
  double total_variation = 0;
  double max_cell_error = 0;
};

MarginalComparison compare(const EncodedTable& real, const EncodedTable& synthetic, const std::vector<int>& columns) {
  const Marginal marginal = make_marginal(real.levels, columns);
  const std::vector<double> p = frequencies_of(real, marginal);
  const std::vector<double> q = frequencies_of(synthetic, marginal);
  MarginalComparison result;
  for (size_t cell = 0; cell < p.size(); ++cell) {
    const double error = std::fabs(p[cell] - q[cell]);
    result.total_variation += error / 2;
    result.max_cell_error = std::max(result.max_cell_error, error);
  }
  return result;
}

}  // namespace

std::vector<double> marginal_frequencies(const EncodedTable& table, const std::vector<int>& columns) {
  return frequencies_of(table, make_marginal(table.levels, columns));
}

double mean_total_variation(const std::vector<MarginalDistance>& distances) {
  if (distances.empty()) return 0;
  double total = 0;
  for (const MarginalDistance& d : distances) total += d.total_variation;
  return total / static_cast<double>(distances.size());
}

double marginal_total_variation(const EncodedTable& real, const EncodedTable& synthetic,
                                const std::vector<int>& columns) {
  return compare(real, synthetic, columns).total_variation;
}

WorkloadError workload_error(const EncodedTable& real, const EncodedTable& synthetic,
                             const std::vector<std::vector<int>>& workload, double max_cells) {
  WorkloadError error;
  double total = 0;
  for (const std::vector<int>& columns : workload) {
    double cells = 1;
    for (int c : columns) cells *= double(real.levels[size_t(c)]);
    if (cells > max_cells) {
      ++error.skipped;
      continue;
    }
    const double l1 = 2 * compare(real, synthetic, columns).total_variation;
    total += l1;
    error.worst_l1 = std::max(error.worst_l1, l1);
    ++error.marginals;
  }
  if (error.marginals > 0) error.mean_l1 = total / double(error.marginals);
  return error;
}

UtilityReport evaluate_marginals(const EncodedTable& real, const EncodedTable& synthetic, int degree,
                                 size_t three_way_samples, uint64_t selection_seed) {
  const int columns = static_cast<int>(real.columns());
  UtilityReport report;
  // Walks every marginal that is reported or belongs to the workload (degree <= d).
  const auto visit = [&](const std::vector<int>& subset, std::vector<MarginalDistance>* reported) {
    const MarginalComparison comparison = compare(real, synthetic, subset);
    if (reported) reported->push_back({subset, comparison.total_variation});
    if (static_cast<int>(subset.size()) <= degree && comparison.max_cell_error > report.max_statistic_error) {
      report.max_statistic_error = comparison.max_cell_error;
      report.max_statistic_error_columns = subset;
    }
  };
  for (const std::vector<int>& subset : column_subsets(columns, 1)) visit(subset, &report.one_way);
  for (const std::vector<int>& subset : column_subsets(columns, 2)) visit(subset, &report.two_way);

  std::vector<std::vector<int>> triples = column_subsets(columns, 3);
  report.three_way_total = triples.size();
  // Which triples to report is not noise and touches no data; a fixed seed keeps reports comparable.
  SeededTestRandom selection(selection_seed);
  std::vector<bool> sampled(triples.size(), false);
  std::vector<size_t> order(triples.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (size_t i = 0; i < order.size() && i < three_way_samples; ++i) {  // partial Fisher-Yates
    std::swap(order[i], order[i + selection.uniform_below(order.size() - i)]);
    sampled[order[i]] = true;
  }
  for (size_t i = 0; i < triples.size(); ++i) {
    if (sampled[i]) visit(triples[i], &report.three_way_sample);
    else if (degree >= 3) visit(triples[i], nullptr);
  }
  return report;
}

}  // namespace privsynth
