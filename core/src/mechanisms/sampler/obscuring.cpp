#include "mechanisms/sampler/obscuring.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {
namespace {

using Real = long double;

}  // namespace

double roo_gamma(double epsilon, uint64_t n, uint64_t k) {
  const Real grown = static_cast<Real>(n) * std::expm1(static_cast<Real>(epsilon));  // n (e^eps - 1)
  return static_cast<double>(static_cast<Real>(k) / (static_cast<Real>(k) + grown));
}

uint64_t DsRooTable::zero_from() const {
  for (size_t m = 0; m < gamma.size(); ++m) {
    if (gamma[m] == 0) return m;
  }
  return gamma.size();
}

Result<DsRooTable> ds_roo_table(double epsilon, uint64_t n, uint64_t k) {
  if (!(epsilon > 0) || !std::isfinite(epsilon)) {
    return Status::error(ErrorCode::InvalidArgument, "epsilon must be a finite number > 0");
  }
  if (n == 0) return Status::error(ErrorCode::EmptyData, "the sampler needs at least one record");
  if (k < 2) return Status::error(ErrorCode::InvalidArgument, "the alphabet needs at least 2 symbols");
  DsRooTable table;
  table.n = n;
  table.k = k;
  table.epsilon = epsilon;
  const Real e = std::exp(static_cast<Real>(epsilon));
  const Real N = static_cast<Real>(n), K = static_cast<Real>(k);
  const auto f = [&](Real q, Real c) { return q / K + (1 - q) * c / N; };
  table.gamma.push_back(roo_gamma(epsilon, n, k));
  table.binding.push_back("S");
  for (uint64_t m = 1; m <= n / k; ++m) {
    if (k * m == n) {
      table.gamma.push_back(0);
      table.binding.push_back("uniform");
      break;
    }
    const Real M = static_cast<Real>(m);
    const Real qp = table.gamma.back();
    const Real C = N - (K - 1) * M;  // the largest count when the minimum is m
    // (S): f(q, m+1) <= e f(q, m) within level m.
    const Real t = (M + 1) - e * M;
    std::vector<std::pair<Real, const char*>> bounds = {{0, "zero"}, {t > 0 ? K * t / (N * (e - 1) + K * t) : 0, "S"}};
    if (k >= 3) {
      bounds.push_back(
          {((qp * N + (1 - qp) * K * (M + 1)) / e - K * M) / (N - K * M), "B2"});    // f(qp, m+1) <= e f(q, m)
      bounds.push_back({e * qp - (e - 1) * K * C / ((K - 1) * (N - K * M)), "O1"});  // f(q, C) <= e f(qp, C)
    } else {
      bounds.push_back(
          {((qp * N + (1 - qp) * K * (M - 1)) / e - K * M) / (N - K * M), "A2"});  // f(qp, m-1) <= e f(q, m)
      bounds.push_back({(C / N - e * f(qp, C + 1)) / (C / N - 1 / K), "B1"});      // f(q, C) <= e f(qp, C+1)
    }
    const auto largest =
        std::max_element(bounds.begin(), bounds.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    table.gamma.push_back(static_cast<double>(largest->first));
    table.binding.push_back(largest->second);
    if (largest->first <= 0) break;  // g stays 0 from here on (docs/spec/algorithms.md §1.3, properties)
  }
  return table;
}

double roo_worst_tv(double epsilon, uint64_t n, uint64_t k) {
  return roo_gamma(epsilon, n, k) * (1 - 1.0 / static_cast<double>(k));
}

double roo_sample_complexity(double alpha, double epsilon, uint64_t k) {
  const double K = static_cast<double>(k);
  if (alpha >= 1 - 1 / K) return 0;
  return (K * (1 - alpha) - 1) / (alpha * std::expm1(epsilon));
}

double randomized_response_gamma(double epsilon0, uint64_t k) {
  const Real K = static_cast<Real>(k);
  return static_cast<double>(K / (std::exp(static_cast<Real>(epsilon0)) + K - 1));
}

double subsampled_rr_epsilon0(double epsilon, uint64_t n) {
  return static_cast<double>(std::log1p(static_cast<Real>(n) * std::expm1(static_cast<Real>(epsilon))));
}

}  // namespace privsynth
