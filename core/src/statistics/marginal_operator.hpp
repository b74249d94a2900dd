#pragma once
// The statistic matrix of the reweighting LP, A(f, j) = f(z_j) for every marginal cell f and
// reduced-space point z_j, kept implicitly: each point falls in exactly one cell of each marginal,
// so A is stored as one cell index per (marginal, point). Products with A and A^T then cost
// O(marginals x points) with sequential reads, instead of a general sparse matrix.
//
// Real-valued test functions (the continuous LP's moments, Bojkovic & Loh §V-A(b)) are a dense
// block after the cells: statistic S + i has value dense[i][j] at point j, in [-1, 1].
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "data/table.hpp"
#include "statistics/workload.hpp"

namespace privsynth {

// Points of a reduced space: their codes (for the marginal cells) and, optionally, the values of
// the dense test functions at them (dense[i][j] for function i and point j).
struct PointBatch {
  PointBatch(EncodedTable codes_in = {}, std::vector<std::vector<double>> dense_in = {})  // NOLINT(implicit)
      : codes(std::move(codes_in)), dense(std::move(dense_in)) {}
  EncodedTable codes;
  std::vector<std::vector<double>> dense;
};

class MarginalOperator {
 public:
  MarginalOperator(const MarginalWorkload& workload, const PointBatch& points);

  size_t statistics() const { return cell_statistics_ + dense_.size(); }
  size_t cell_statistics() const { return cell_statistics_; }  // indices [0, cell_statistics())
  size_t dense_statistics() const { return dense_.size(); }    // indices [cell_statistics(), statistics())
  size_t points() const { return points_; }
  size_t marginals() const { return marginals_; }
  // Appends more points (same workload, same dense functions).
  void append_points(const MarginalWorkload& workload, const PointBatch& more);

  // Marginal k's statistics: [marginal_offset(k), marginal_offset(k) + marginal_cells(k)).
  size_t marginal_offset(size_t k) const { return offsets_[k]; }
  size_t marginal_cells(size_t k) const { return sizes_[k]; }
  // Global statistic index of the cell of marginal k that point j falls in.
  uint32_t cell(size_t marginal, size_t point) const { return cells_[marginal][point]; }
  // Value of dense function i (statistic cell_statistics() + i) at point j.
  double dense(size_t i, size_t point) const { return dense_[i][point]; }

  // out = A h  (length statistics()); h has length points().
  void apply(const double* h, double* out) const;
  // out = A^T y  (length points()); y has length statistics().
  void apply_transpose(const double* y, double* out) const;
  // residual = A h - targets (resized to statistics()); returns its max norm, max_f |(A h)_f - b_f|.
  double residual(const std::vector<double>& h, const std::vector<double>& targets,
                  std::vector<double>& residual) const;

 private:
  size_t cell_statistics_ = 0, points_ = 0, marginals_ = 0;
  // cells_[k][j]: global statistic index of the cell of marginal k that point j falls in.
  std::vector<std::vector<uint32_t>> cells_;
  std::vector<std::vector<double>> dense_;  // dense_[i][j]
  std::vector<size_t> offsets_, sizes_;     // each marginal's first statistic and cell count
};

}  // namespace privsynth
