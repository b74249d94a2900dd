#include "statistics/bootstrap.hpp"

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

Result<std::vector<size_t>> round_weights_to_rows(const std::vector<double>& weights, size_t k, RandomSource& random) {
  double total = 0;
  for (double w : weights) {
    if (!(w >= 0) || !std::isfinite(w))
      return Status::error(ErrorCode::Internal, "weights must be finite and non-negative");
    total += w;
  }
  if (!(total > 0)) return Status::error(ErrorCode::Internal, "weights sum to zero");
  std::vector<size_t> indices;
  indices.reserve(k);
  std::vector<std::pair<double, size_t>> remainders;
  for (size_t i = 0; i < weights.size(); ++i) {
    const double share = double(k) * weights[i] / total;
    const double whole = std::floor(share);
    indices.insert(indices.end(), static_cast<size_t>(whole), i);
    if (share > whole) remainders.emplace_back(share - whole, i);
  }
  // Largest remainders first; ties by index, so the result does not depend on the sort.
  std::sort(remainders.begin(), remainders.end(), [](const auto& a, const auto& b) {
    return a.first > b.first || (a.first == b.first && a.second < b.second);
  });
  for (size_t r = 0; indices.size() < k && r < remainders.size(); ++r) indices.push_back(remainders[r].second);
  // Floating round-off can leave the floors a row or two off k either way.
  const size_t heaviest = static_cast<size_t>(std::max_element(weights.begin(), weights.end()) - weights.begin());
  while (indices.size() < k) indices.push_back(heaviest);
  while (indices.size() > k) indices.pop_back();
  for (size_t i = indices.size(); i > 1; --i) std::swap(indices[i - 1], indices[random.uniform_below(i)]);
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
