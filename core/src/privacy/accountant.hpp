#pragma once
// The one privacy ledger of a release, for both accountings (privacy/definition.hpp): every
// release is charged here before it is made, with a typed cost (privacy/charge.hpp) that the
// accountant prices itself. A charge that is malformed, under-priced, of a kind the accounting
// cannot take (a Gaussian under pure DP), or over the budget is refused and nothing is recorded.
#include <vector>

#include "privacy/charge.hpp"
#include "privacy/definition.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// A charge as recorded, with its price in the accounting's units.
struct LedgerEntry {
  Charge charge;
  double epsilon = 0;  // Basic: its epsilon; Zcdp: 0
  double delta = 0;    // Basic: its delta
  double rho = 0;      // Zcdp: its rho

  // The Laplace calibration of this charge, or null for another kind of cost.
  const LaplaceCost* laplace() const { return std::get_if<LaplaceCost>(&charge.cost); }
};

class Accountant {
 public:
  // Fails unless the definition is valid (check_privacy_definition); Zcdp's rho budget is
  // cdp_rho(epsilon, delta), so that spending it all is (epsilon, delta)-DP.
  static Result<Accountant> create(const PrivacyDefinition& definition);
  // Pure epsilon-DP with add/remove neighbours.
  static Result<Accountant> pure(double epsilon);
  // rho-zCDP with a given rho budget, stated as (cdp_eps(rho, delta), delta)-DP.
  static Result<Accountant> zcdp_with_rho(double rho, double delta);

  // Prices and records a release; refuses (recording nothing) as the header says.
  [[nodiscard]] Status charge(const Charge& charge);

  const PrivacyDefinition& definition() const { return definition_; }
  // In the accounting's unit: epsilon (Basic) or rho (Zcdp).
  double budget() const { return budget_; }
  double spent() const;
  double remaining() const { return budget_ - spent(); }
  double delta_spent() const;  // Basic: the sum of the deltas; Zcdp: 0
  // The (epsilon, delta) that what was charged so far satisfies: Basic the sums; Zcdp
  // cdp_eps(rho spent, delta) with the definition's delta.
  double epsilon_spent() const;
  double delta_of_guarantee() const;
  const std::vector<LedgerEntry>& ledger() const { return ledger_; }

 private:
  Accountant(const PrivacyDefinition& definition, double budget) : definition_(definition), budget_(budget) {}
  PrivacyDefinition definition_;
  double budget_;
  std::vector<LedgerEntry> ledger_;
};

// Validates a user-supplied epsilon: finite and > 0.
Status check_epsilon(double epsilon, const std::string& what);

}  // namespace privsynth
