#include "report/numeric_fidelity.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {

double sorted_quantile(const std::vector<double>& sorted, double q) {
  const double h = static_cast<double>(sorted.size() - 1) * std::clamp(q, 0.0, 1.0);
  const size_t below = static_cast<size_t>(std::floor(h));
  if (below + 1 >= sorted.size()) return sorted.back();
  return sorted[below] + (h - static_cast<double>(below)) * (sorted[below + 1] - sorted[below]);
}

ValueMoments value_moments(const std::vector<double>& values) {
  const double n = static_cast<double>(values.size());
  double sum = 0;
  for (double v : values) sum += v;
  const double mean = sum / n;
  double squares = 0;
  for (double v : values) squares += (v - mean) * (v - mean);
  return {mean, std::sqrt(squares / n)};
}

double wasserstein1_sorted(const std::vector<double>& a, const std::vector<double>& b) {
  const double n = static_cast<double>(a.size()), m = static_cast<double>(b.size());
  size_t i = 0, j = 0;
  double area = 0, previous = 0;
  bool started = false;
  while (i < a.size() || j < b.size()) {
    const double x = j >= b.size() || (i < a.size() && a[i] <= b[j]) ? a[i] : b[j];
    // Between the previous value and x both distribution functions are flat: F = i/n, G = j/m.
    if (started) area += std::fabs(static_cast<double>(i) / n - static_cast<double>(j) / m) * (x - previous);
    while (i < a.size() && a[i] == x) ++i;
    while (j < b.size() && b[j] == x) ++j;
    previous = x;
    started = true;
  }
  return area;
}

std::optional<double> pearson_pairwise(const std::vector<double>& x, const std::vector<double>& y) {
  double n = 0, sum_x = 0, sum_y = 0;
  for (size_t r = 0; r < x.size(); ++r) {
    if (std::isnan(x[r]) || std::isnan(y[r])) continue;
    n += 1;
    sum_x += x[r];
    sum_y += y[r];
  }
  if (n < 2) return std::nullopt;
  const double mean_x = sum_x / n, mean_y = sum_y / n;
  double xx = 0, yy = 0, xy = 0;
  for (size_t r = 0; r < x.size(); ++r) {
    if (std::isnan(x[r]) || std::isnan(y[r])) continue;
    const double dx = x[r] - mean_x, dy = y[r] - mean_y;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  if (xx <= 0 || yy <= 0) return std::nullopt;
  return std::clamp(xy / std::sqrt(xx * yy), -1.0, 1.0);
}

std::vector<std::vector<std::optional<double>>> correlation_matrix(const std::vector<std::vector<double>>& columns) {
  const size_t k = columns.size();
  std::vector<std::vector<std::optional<double>>> matrix(k, std::vector<std::optional<double>>(k));
  for (size_t i = 0; i < k; ++i) {
    for (size_t j = i; j < k; ++j) {
      matrix[i][j] = pearson_pairwise(columns[i], columns[j]);
      if (i == j && matrix[i][j]) matrix[i][j] = 1.0;  // exactly, where rounding would leave 1 - 1e-16
      matrix[j][i] = matrix[i][j];
    }
  }
  return matrix;
}

}  // namespace privsynth
