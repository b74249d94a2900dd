#include "privsynth/bootstrap.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {

Result<std::vector<size_t>> draw_weighted_indices(const std::vector<double>& weights, size_t k, RandomSource& random) {
  std::vector<double> cumulative(weights.size());
  double total = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    if (!(weights[i] >= 0) || !std::isfinite(weights[i])) {
      return Status::error(ErrorCode::Internal, "bootstrap weights must be finite and non-negative");
    }
    total += weights[i];
    cumulative[i] = total;
  }
  if (!(total > 0)) return Status::error(ErrorCode::Internal, "bootstrap weights sum to zero");
  std::vector<size_t> indices(k);
  for (size_t& index : indices) {
    const double u = random.uniform_unit() * total;
    // First point whose cumulative weight exceeds u; zero-weight points are never chosen.
    index = static_cast<size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin());
    if (index >= weights.size()) index = weights.size() - 1;
    while (weights[index] == 0 && index > 0) --index;
  }
  return indices;
}

EncodedTable select_rows(const EncodedTable& table, const std::vector<size_t>& indices) {
  EncodedTable selected = make_empty_table(table.levels, indices.size());
  for (size_t c = 0; c < table.columns(); ++c) {
    for (size_t i = 0; i < indices.size(); ++i) selected.codes[c][i] = table.codes[c][indices[i]];
  }
  return selected;
}

}  // namespace privsynth
