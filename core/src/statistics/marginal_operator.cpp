#include "statistics/marginal_operator.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {

MarginalOperator::MarginalOperator(const MarginalWorkload& workload, const PointBatch& points)
    : cell_statistics_(workload.statistic_count()),
      marginals_(workload.marginals().size()),
      cells_(marginals_),
      dense_(points.dense.size()) {
  for (const Marginal& marginal : workload.marginals()) {
    offsets_.push_back(marginal.offset);
    sizes_.push_back(marginal.cells);
  }
  append_points(workload, points);
}

void MarginalOperator::append_points(const MarginalWorkload& workload, const PointBatch& batch) {
  const EncodedTable& more = batch.codes;
  for (size_t i = 0; i < dense_.size(); ++i) {
    dense_[i].insert(dense_[i].end(), batch.dense[i].begin(),
                     batch.dense[i].begin() + static_cast<std::ptrdiff_t>(more.rows));
  }
  // Column by column over contiguous code arrays (cell = offset + sum code * stride), rather than
  // point by point through cell_of_row: sequential, branch-free loops that compilers vectorize.
  for (size_t k = 0; k < marginals_; ++k) {
    const Marginal& marginal = workload.marginals()[k];
    std::vector<uint32_t>& cells = cells_[k];
    cells.resize(points_ + more.rows, static_cast<uint32_t>(marginal.offset));
    uint32_t* cell = cells.data() + points_;
    for (size_t i = 0; i < marginal.columns.size(); ++i) {
      const uint32_t* code = more.codes[static_cast<size_t>(marginal.columns[i])].data();
      const uint32_t stride = static_cast<uint32_t>(marginal.strides[i]);
      for (size_t j = 0; j < more.rows; ++j) cell[j] += code[j] * stride;
    }
  }
  points_ += more.rows;
}

void MarginalOperator::apply(const double* h, double* out) const {
  std::fill(out, out + statistics(), 0.0);
  for (const std::vector<uint32_t>& cells : cells_) {
    const uint32_t* cell = cells.data();
    for (size_t j = 0; j < points_; ++j) out[cell[j]] += h[j];
  }
  for (size_t i = 0; i < dense_.size(); ++i) {
    double sum = 0;
    for (size_t j = 0; j < points_; ++j) sum += dense_[i][j] * h[j];
    out[cell_statistics_ + i] = sum;
  }
}

void MarginalOperator::apply_transpose(const double* y, double* out) const {
  std::fill(out, out + points_, 0.0);
  for (const std::vector<uint32_t>& cells : cells_) {
    const uint32_t* cell = cells.data();
    for (size_t j = 0; j < points_; ++j) out[j] += y[cell[j]];
  }
  for (size_t i = 0; i < dense_.size(); ++i) {
    const double weight = y[cell_statistics_ + i];
    if (weight == 0) continue;
    for (size_t j = 0; j < points_; ++j) out[j] += weight * dense_[i][j];
  }
}

double MarginalOperator::residual(const std::vector<double>& h, const std::vector<double>& targets,
                                  std::vector<double>& residual) const {
  residual.resize(statistics());
  apply(h.data(), residual.data());
  double top = 0;
  for (size_t f = 0; f < statistics(); ++f) top = std::max(top, std::fabs(residual[f] -= targets[f]));
  return top;
}

}  // namespace privsynth
