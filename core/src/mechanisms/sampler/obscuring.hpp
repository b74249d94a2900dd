#pragma once
// The obscuring probabilities of the private samplers of Tasnim, Gilani, Sankar & Kosut,
// "Differentially private sampling via Reveal-or-Obscure" (docs/spec/algorithms.md §1). One sample from a
// public alphabet of k symbols: with probability gamma a uniform symbol ("obscure"), else a record
// drawn uniformly from the n records ("reveal"). Replace-one neighbours: n is public.
//   ROO:    gamma = k / (k + n (e^eps - 1))                                   (docs/spec/algorithms.md §1.2)
//   DS-ROO: gamma = g(m_D), m_D = the smallest count of any symbol, from a table g(0..n/k) that
//           depends only on (n, k, eps) (docs/spec/algorithms.md §1.3, the closed-form recursion, exhaustively
//           checked).
#include <cstdint>
#include <string>
#include <vector>

#include "privsynth/status.hpp"

namespace privsynth {

// ROO's obscuring probability; also DS-ROO's g(0). Requires epsilon > 0, n >= 1, k >= 2.
double roo_gamma(double epsilon, uint64_t n, uint64_t k);

// The lower bound that set g(m): "S" (same level), "B2", "O1" (k >= 3), "A2", "B1" (k = 2), "zero",
// or "uniform" (k m = n: the only such histogram is uniform).
struct DsRooTable {
  uint64_t n = 0, k = 0;
  double epsilon = 0;
  std::vector<double> gamma;         // g(0..last); g(m) = 0 for every m beyond (the recursion stays at 0)
  std::vector<std::string> binding;  // which constraint set each g(m)
  double at(uint64_t min_count) const { return min_count < gamma.size() ? gamma[min_count] : 0.0; }
  // The smallest m with g(m) = 0 (every symbol seen m times: the sample is a plain record), or n/k + 1.
  uint64_t zero_from() const;
};

// InvalidArgument for epsilon <= 0 or not finite, n = 0, k < 2.
Result<DsRooTable> ds_roo_table(double epsilon, uint64_t n, uint64_t k);

// The worst-case TV distance of ROO's output to the data's distribution, gamma (1 - 1/k) (attained
// by a point mass), and the records it needs for TV <= alpha, eq. (9):
// n >= (k (1 - alpha) - 1) / (alpha (e^eps - 1)), 0 when alpha >= 1 - 1/k.
double roo_worst_tv(double epsilon, uint64_t n, uint64_t k);
double roo_sample_complexity(double alpha, double epsilon, uint64_t k);

// Subsampled k-ary randomized response (Cheu & Nayak) is ROO with gamma = k / (e^eps0 + k - 1); the
// local epsilon0 that matches a central epsilon by subsampling one of n records is
// e^eps0 = 1 + n (e^eps - 1) (docs/spec/algorithms.md §1.2, "equivalence").
double randomized_response_gamma(double epsilon0, uint64_t k);
double subsampled_rr_epsilon0(double epsilon, uint64_t n);

}  // namespace privsynth
