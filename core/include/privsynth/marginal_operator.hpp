#pragma once
// The statistic matrix of the reweighting LP, A(f, j) = f(z_j) for every marginal cell f and
// reduced-space point z_j, kept implicitly: each point falls in exactly one cell of each marginal,
// so A is stored as one cell index per (marginal, point). Products with A and A^T then cost
// O(marginals x points) with sequential reads, instead of a general sparse matrix.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "privsynth/table.hpp"
#include "privsynth/workload.hpp"

namespace privsynth {

class MarginalOperator {
 public:
  MarginalOperator(const MarginalWorkload& workload, const EncodedTable& points);

  size_t statistics() const { return statistics_; }
  size_t points() const { return points_; }
  size_t marginals() const { return marginals_; }
  // Appends the cells of more points (same workload).
  void append_points(const MarginalWorkload& workload, const EncodedTable& more);

  // Global statistic index of the cell of marginal k that point j falls in.
  uint32_t cell(size_t marginal, size_t point) const { return cells_[marginal][point]; }

  // out = A h  (length statistics()); h has length points().
  void apply(const double* h, double* out) const;
  // out = A^T y  (length points()); y has length statistics().
  void apply_transpose(const double* y, double* out) const;
  // residual = A h - targets (resized to statistics()); returns its max norm, max_f |(A h)_f - b_f|.
  double residual(const std::vector<double>& h, const std::vector<double>& targets, std::vector<double>& residual) const;

 private:
  size_t statistics_ = 0, points_ = 0, marginals_ = 0;
  // cells_[k][j]: global statistic index of the cell of marginal k that point j falls in.
  std::vector<std::vector<uint32_t>> cells_;
};

}  // namespace privsynth
