#include "privsynth/marginal_operator.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {

MarginalOperator::MarginalOperator(const MarginalWorkload& workload, const EncodedTable& points)
    : statistics_(workload.statistic_count()), marginals_(workload.marginals().size()), cells_(marginals_) {
  append_points(workload, points);
}

void MarginalOperator::append_points(const MarginalWorkload& workload, const EncodedTable& more) {
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

double MarginalOperator::residual(const std::vector<double>& h, const std::vector<double>& targets,
                                  std::vector<double>& residual) const {
  residual.resize(statistics_);
  apply(h.data(), residual.data());
  double top = 0;
  for (size_t f = 0; f < statistics_; ++f) top = std::max(top, std::fabs(residual[f] -= targets[f]));
  return top;
}

}  // namespace privsynth
