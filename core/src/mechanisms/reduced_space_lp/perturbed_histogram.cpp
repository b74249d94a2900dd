#include "mechanisms/reduced_space_lp/perturbed_histogram.hpp"

#include <algorithm>
#include <string>

#include "statistics/bootstrap.hpp"

namespace privsynth {

Result<size_t> full_domain_cells(const std::vector<int>& levels, size_t max_cells) {
  size_t cells = 1;
  for (int level : levels) {
    if (level < 1) return Status::error(ErrorCode::Internal, "a column has no levels");
    if (cells > max_cells / static_cast<size_t>(level)) {
      return Status::error(ErrorCode::DomainTooLarge,
                           "the perturbed histogram needs one noisy count per cell of the full domain, and these " +
                               std::to_string(levels.size()) + " columns have more than " + std::to_string(max_cells) +
                               " cells (the \"histogramCellLimit\"); choose fewer columns or bins, or the \"tree\" "
                               "reference measure, which scales to wide tables");
    }
    cells *= static_cast<size_t>(level);
  }
  return cells;
}

std::vector<int64_t> count_full_domain(const EncodedTable& table, size_t cells) {
  std::vector<size_t> cell(table.rows, 0);
  for (size_t c = 0; c < table.columns(); ++c) {
    const size_t level = static_cast<size_t>(table.levels[c]);
    const uint32_t* code = table.codes[c].data();
    for (size_t row = 0; row < table.rows; ++row) cell[row] = cell[row] * level + code[row];
  }
  std::vector<int64_t> counts(cells, 0);
  for (size_t index : cell) ++counts[index];
  return counts;
}

Result<RationalScale> perturbed_histogram_scale(double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the perturbed histogram's epsilon"));
  // Adding or removing one record changes exactly one cell count by 1: L1 sensitivity 1.
  return rational_scale_at_least(1.0 / epsilon);
}

Result<PerturbedHistogram> release_perturbed_histogram(const std::vector<int>& levels,
                                                       const std::vector<int64_t>& counts, double epsilon,
                                                       Accountant& accountant, RandomSource& random,
                                                       bool disable_noise) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the perturbed histogram's epsilon"));
  Result<size_t> cells = full_domain_cells(levels, counts.size());
  if (!cells.is_ok() || cells.value() != counts.size()) {
    return Status::error(ErrorCode::Internal, "histogram counts do not match the domain");
  }
  PerturbedHistogram histogram;
  histogram.levels = levels;
  histogram.epsilon = epsilon;
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale scale, perturbed_histogram_scale(epsilon));
  histogram.scale = scale;
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
      {"perturbed histogram of the full domain (" + std::to_string(counts.size()) + " cells), reference measure",
       "discrete Laplace", LaplaceCost{1.0, histogram.scale.value(), epsilon}}));
  // D_j = max(C_j + noise, 0); mu_j = D_j / sum_s D_s (Bojkovic & Loh, Algorithm 2, step 3).
  histogram.probabilities.resize(counts.size());
  double total = 0;
  for (size_t j = 0; j < counts.size(); ++j) {
    const int64_t noisy = counts[j] + (disable_noise ? 0 : sample_discrete_laplace(random, histogram.scale));
    const double clipped = static_cast<double>(std::max<int64_t>(noisy, 0));
    histogram.probabilities[j] = clipped;
    total += clipped;
    histogram.positive_cells += clipped > 0 ? 1 : 0;
  }
  histogram.clipped_total = total;
  if (total > 0) {
    for (double& p : histogram.probabilities) p /= total;
  } else {  // Wasserman & Zhou's edge case: no positive count left, fall back to uniform.
    histogram.uniform_fallback = true;
    std::fill(histogram.probabilities.begin(), histogram.probabilities.end(), 1.0 / double(counts.size()));
    histogram.positive_cells = counts.size();
  }
  return histogram;
}

Result<EncodedTable> sample_from_histogram(const PerturbedHistogram& histogram, size_t m, RandomSource& random) {
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<size_t> draws, draw_weighted_indices(histogram.probabilities, m, random));
  EncodedTable points = make_empty_table(histogram.levels, m);
  for (size_t row = 0; row < m; ++row) {
    size_t cell = draws[row];
    for (size_t c = histogram.levels.size(); c-- > 0;) {
      const size_t level = static_cast<size_t>(histogram.levels[c]);
      points.codes[c][row] = static_cast<uint32_t>(cell % level);
      cell /= level;
    }
  }
  return points;
}

}  // namespace privsynth
