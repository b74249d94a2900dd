#pragma once
// The statistics the fidelity report compares between a real and a synthetic numeric column:
// quantiles, mean, standard deviation, the Wasserstein-1 distance, and Pearson correlations.
// Computed on real data: for the owner's eyes only, never part of a release.
#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace privsynth {

// The quantiles the report states, as fractions: p1, p5, p25, p50, p75, p95, p99.
inline constexpr std::array<double, 7> kFidelityQuantiles = {0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99};

// The q-quantile of ascending `sorted` values (non-empty), by linear interpolation between order
// statistics: with h = (n - 1) q, x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h])
// (Hyndman & Fan's definition 7, numpy's default).
double sorted_quantile(const std::vector<double>& sorted, double q);

struct ValueMoments {
  double mean = 0;
  double standard_deviation = 0;  // with divisor n (the population's)
};
// Of non-empty `values`, in two passes (the second around the mean, for accuracy).
ValueMoments value_moments(const std::vector<double>& values);

// The Wasserstein-1 distance between the empirical distributions of two ascending, non-empty
// samples, exactly: the area between their distribution functions, the integral of |F(x) - G(x)|
// over x, summed between consecutive values of the merged samples. Sizes may differ.
double wasserstein1_sorted(const std::vector<double>& a, const std::vector<double>& b);

// Pearson's correlation of two columns of equal length over the rows where both are present (not
// NaN): null when fewer than two such rows, or when either column is constant on them.
std::optional<double> pearson_pairwise(const std::vector<double>& x, const std::vector<double>& y);

// Every pair's correlation, row i column j (the diagonal 1 where a column varies); `columns[c]`
// holds one value per row, NaN where missing.
std::vector<std::vector<std::optional<double>>> correlation_matrix(const std::vector<std::vector<double>>& columns);

}  // namespace privsynth
