#pragma once
// Privacy ledger for pure epsilon-DP under sequential (basic) composition: the total privacy loss
// of several releases on the same data is at most the sum of their epsilons (Dwork & Roth 2014,
// Thm 3.14). Every spend is recorded with what was released and how it was calibrated.
#include <string>
#include <vector>

#include "privsynth/status.hpp"

namespace privsynth {

struct LedgerEntry {
  std::string release;      // what was released ("noisy record count")
  std::string mechanism;    // how ("discrete Laplace")
  double epsilon = 0;       // privacy loss charged for it
  double sensitivity = 0;   // L1 sensitivity of the released query under the neighbour relation
  double noise_scale = 0;   // scale actually used (>= sensitivity / epsilon)
};

class PureDpAccountant {
 public:
  // Fails unless 0 < budget < infinity.
  static Result<PureDpAccountant> with_budget(double epsilon_budget);

  // Records a spend; fails (and records nothing) if it would exceed the budget.
  Status charge(const LedgerEntry& entry);

  double budget() const { return budget_; }
  double spent() const;
  double remaining() const { return budget_ - spent(); }
  const std::vector<LedgerEntry>& entries() const { return entries_; }

 private:
  explicit PureDpAccountant(double budget) : budget_(budget) {}
  double budget_;
  std::vector<LedgerEntry> entries_;
};

// Validates a user-supplied epsilon: finite and > 0.
Status check_epsilon(double epsilon, const std::string& what);

}  // namespace privsynth
