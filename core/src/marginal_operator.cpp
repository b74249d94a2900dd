#include "privsynth/marginal_operator.hpp"

#include <algorithm>

namespace privsynth {

MarginalOperator::MarginalOperator(const MarginalWorkload& workload, const EncodedTable& points)
    : statistics_(workload.statistic_count()), marginals_(workload.marginals().size()), cells_(marginals_) {
  append_points(workload, points);
}

void MarginalOperator::append_points(const MarginalWorkload& workload, const EncodedTable& more) {
  for (size_t k = 0; k < marginals_; ++k) {
    const Marginal& marginal = workload.marginals()[k];
    std::vector<uint32_t>& cells = cells_[k];
    cells.reserve(points_ + more.rows);
    for (size_t j = 0; j < more.rows; ++j) {
      cells.push_back(static_cast<uint32_t>(marginal.offset + cell_of_row(marginal, more, j)));
    }
  }
  points_ += more.rows;
}

void MarginalOperator::apply(const double* h, double* out) const {
  std::fill(out, out + statistics_, 0.0);
  for (const std::vector<uint32_t>& cells : cells_) {
    const uint32_t* cell = cells.data();
    for (size_t j = 0; j < points_; ++j) out[cell[j]] += h[j];
  }
}

void MarginalOperator::apply_transpose(const double* y, double* out) const {
  std::fill(out, out + points_, 0.0);
  for (const std::vector<uint32_t>& cells : cells_) {
    const uint32_t* cell = cells.data();
    for (size_t j = 0; j < points_; ++j) out[j] += y[cell[j]];
  }
}

}  // namespace privsynth
