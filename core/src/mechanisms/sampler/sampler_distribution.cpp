#include "mechanisms/sampler/sampler_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace privsynth {
namespace {

uint64_t total(const std::vector<uint64_t>& counts) {
  return std::accumulate(counts.begin(), counts.end(), uint64_t{0});
}

}  // namespace

std::vector<double> empirical_distribution(const std::vector<uint64_t>& counts) {
  const double n = static_cast<double>(total(counts));
  std::vector<double> p(counts.size());
  for (size_t x = 0; x < counts.size(); ++x) p[x] = static_cast<double>(counts[x]) / n;
  return p;
}

std::vector<double> reveal_or_obscure_distribution(const std::vector<uint64_t>& counts, double gamma) {
  const double k = static_cast<double>(counts.size());
  std::vector<double> p = empirical_distribution(counts);
  for (double& value : p) value = gamma / k + (1 - gamma) * value;
  return p;
}

std::vector<double> roo_distribution(const std::vector<uint64_t>& counts, double epsilon) {
  return reveal_or_obscure_distribution(counts, roo_gamma(epsilon, total(counts), counts.size()));
}

std::vector<double> ds_roo_distribution(const std::vector<uint64_t>& counts, const DsRooTable& table) {
  const uint64_t smallest = *std::min_element(counts.begin(), counts.end());
  return reveal_or_obscure_distribution(counts, table.at(smallest));
}

double total_variation(const std::vector<double>& p, const std::vector<double>& q) {
  double sum = 0;
  for (size_t x = 0; x < p.size(); ++x) sum += std::abs(p[x] - q[x]);
  return sum / 2;
}

}  // namespace privsynth
