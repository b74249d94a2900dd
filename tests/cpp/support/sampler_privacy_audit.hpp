#pragma once
// Privacy audits of the one-sample samplers of docs/spec/algorithms.md §1 (ROO, DS-ROO, subsampled
// randomized response) and of any other sampler over a public alphabet of k symbols, under
// replace-one neighbours (n public; one record changes its symbol).
//
// Exact audit: enumerate every count vector of n records over k symbols and every replace-one
//   neighbour, and take the worst privacy loss max ln(P_D(x) / P_D'(x)) over pairs and outputs x of
//   a given counts -> output distribution. This checks the FORMULAS (the gamma's, the table g(m)).
// Empirical audit: run the real draw function T times on a dataset D and T times on a neighbour D'
//   (same records but one), with Clopper-Pearson intervals per symbol (Bonferroni over the 2k
//   intervals). This checks the CODE: a lower confidence bound on the privacy loss that a correct
//   implementation keeps <= eps, and each symbol's frequency against the exact distribution.
#include <cstdint>
#include <functional>
#include <vector>

#include "base/random.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// A sampler's exact output distribution given the data's counts (one count per symbol, summing to
// n), e.g. roo_distribution from sampler_distribution.hpp.
using CountsToDistribution = std::function<std::vector<double>(const std::vector<uint64_t>& counts)>;

// One draw of a sampler from the records' symbols (each < k), e.g. draw_reveal_or_obscure.
using SymbolDraw = std::function<uint32_t(const std::vector<uint32_t>& symbols, RandomSource& random)>;

// ---- Exact audit -------------------------------------------------------------------------------

// The exact audit refuses more count vectors than this (DomainTooLarge).
constexpr uint64_t kMaxAuditedCountVectors = 2000000;

// C(n + k - 1, k - 1), the number of count vectors of n records over k symbols; saturates at
// UINT64_MAX.
uint64_t count_vector_total(uint64_t n, uint64_t k);

struct ExactAuditReport {
  uint64_t n = 0, k = 0;
  double claimed_epsilon = 0;
  uint64_t count_vectors = 0;    // datasets enumerated, C(n + k - 1, k - 1)
  uint64_t neighbour_pairs = 0;  // unordered replace-one pairs, each checked in both directions
  // max over pairs (D, D') and outputs x of ln(P_D(x) / P_D'(x)); +infinity when some x has
  // P_D'(x) = 0 < P_D(x) (no finite eps); 0 if the sampler ignores the data.
  double worst_loss = 0;
  // The witnessing pair D, D' and output x (P_D(x) > P_D'(x)); empty when no loss is positive.
  std::vector<uint64_t> worst_counts, worst_neighbour_counts;
  uint32_t worst_output = 0;
  // worst_loss <= claimed_epsilon (1 + relative_tolerance): rounding in the distributions' doubles
  // moves the loss by O(1e-16), so 1e-9 separates rounding from a real excess.
  bool within_epsilon(double relative_tolerance = 1e-9) const {
    return worst_loss <= claimed_epsilon * (1 + relative_tolerance);
  }
};

// The worst privacy loss of `distribution` over all replace-one pairs of n records over k symbols.
// InvalidArgument for n = 0, k < 2, claimed_epsilon not finite or < 0, or a distribution that is not
// one (wrong length, negative or not finite entries, sum off 1 by more than 1e-9); DomainTooLarge
// beyond kMaxAuditedCountVectors count vectors.
Result<ExactAuditReport> audit_privacy_exactly(uint64_t n, uint64_t k, double claimed_epsilon,
                                               const CountsToDistribution& distribution);

// ---- Empirical audit ---------------------------------------------------------------------------

struct EmpiricalAuditOptions {
  uint64_t draws_per_dataset = 200000;  // T, on D and again on D'
  double confidence = 0.999;            // simultaneous, for all 2k intervals together (Bonferroni)
};

struct SymbolFrequency {
  uint64_t hits = 0;            // of the T draws
  double frequency = 0;         // hits / T
  double lower = 0, upper = 1;  // Clopper-Pearson interval at the per-interval confidence
  double exact = -1;            // the exact probability, or -1 when none was given
  bool consistent = true;       // exact inside [lower, upper] (true when no exact was given)
};

struct EmpiricalAuditReport {
  uint64_t draws_per_dataset = 0;
  double confidence = 0;                                  // simultaneous
  double per_interval_confidence = 0;                     // 1 - (1 - confidence) / (2k)
  std::vector<SymbolFrequency> on_dataset, on_neighbour;  // per symbol, for D and D'
  // A lower confidence bound on the privacy loss: max over x and both directions of
  // ln(lower_D(x) / upper_D'(x)) (and D, D' swapped); -infinity if every lower bound is 0. With
  // probability >= confidence it does not exceed the true loss of this pair, so a correct eps-DP
  // implementation gives <= eps except with probability <= 1 - confidence.
  double loss_lower_bound = 0;
  uint32_t loss_output = 0;          // the x attaining it
  bool loss_from_neighbour = false;  // true when it is ln(P_D'(x) / P_D(x))
  double observed_loss = 0;          // the same maximum from the plain frequencies (point estimate)
  // Every symbol's exact probability inside its interval, on D and on D' (true without exacts).
  bool consistent_with_exact = true;
};

// Draws `options.draws_per_dataset` samples with `draw` on `dataset` and as many on `neighbour`
// (same length, exactly one record different: replace-one), from the one `random` stream, and
// tallies them. `exact`, if set, gives the sampler's exact distribution from the counts (for the
// consistency check). InvalidArgument for k < 2, empty or non-neighbouring datasets, symbols >= k,
// draws_per_dataset = 0, confidence outside (0, 1), or a draw returning a symbol >= k.
Result<EmpiricalAuditReport> audit_privacy_empirically(const std::vector<uint32_t>& dataset,
                                                       const std::vector<uint32_t>& neighbour, uint32_t k,
                                                       const SymbolDraw& draw, RandomSource& random,
                                                       const EmpiricalAuditOptions& options,
                                                       const CountsToDistribution& exact = nullptr);

// Records for a pair of count vectors that differ by one unit moved between two symbols: D sorted by
// symbol, and D' = D with its first record of the symbol that loses a unit replaced by the symbol
// that gains one. InvalidArgument if the counts are not such a pair.
struct NeighbouringRecords {
  std::vector<uint32_t> dataset, neighbour;
};
Result<NeighbouringRecords> neighbouring_records(const std::vector<uint64_t>& counts,
                                                 const std::vector<uint64_t>& neighbour_counts);

}  // namespace privsynth
