#pragma once
// An end-to-end differential-privacy audit: run a whole release path (CSV cells to receipt) many
// times on two neighbouring tables, then bound the privacy loss from below on an output event, as
// Google's stochastic tester and DP-Sniper do (docs/privacy/README.md, "The end-to-end audit").
//
//  1. Every run's output becomes named numbers (features): each synthetic record's count, each
//     number of the receipt's released values, parameters and privacy sections (and an indicator for
//     each of their strings), each weighted centre, and an indicator of the error code when the run
//     fails.
//  2. Search: on a first batch of runs, events {f >= t}, {f <= t} and intersections of two such
//     events on the most telling features are scored by how far they break the claim.
//  3. Test: on a fresh batch, the chosen event's frequencies on both tables get Clopper-Pearson
//     bounds (confidence 1 - alpha for the pair), and the claim's inequality
//     P_D(E) <= e^eps P_D'(E) + delta is checked for every (eps, delta) of the claim, in both
//     directions. A sound mechanism passes except with probability alpha; runs use fixed test
//     seeds, so each audit's verdict is reproducible.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace privsynth::audit {

// What a release claims: pure epsilon-DP, (epsilon, delta)-DP, or rho-zCDP, which holds as
// (eps', cdp_delta(rho, eps'))-DP for every eps' (checked on a grid of eps').
struct Claim {
  static Claim pure(double epsilon) { return Claim{epsilon, 0, 0}; }
  static Claim approximate(double epsilon, double delta) { return Claim{epsilon, delta, 0}; }
  static Claim zcdp(double rho) { return Claim{0, 0, rho}; }
  double epsilon = 0, delta = 0, rho = 0;
  bool is_zcdp() const { return rho > 0; }
};

using Features = std::map<std::string, double>;
// One run of the release path on table 0 (D) or 1 (D') with a test seed.
using Release = std::function<Features(int table, uint64_t seed)>;

struct AuditOptions {
  size_t search_runs = 4000;  // per table, to choose the event
  size_t test_runs = 8000;    // per table, fresh, to bound the loss
  double alpha = 1e-3;        // the test's error probability
};

// An output event: every condition holds (feature >= threshold, or < threshold when !at_least).
struct EventCondition {
  std::string feature;
  double threshold = 0;
  bool at_least = true;
  bool holds(double x) const { return at_least ? x >= threshold : x < threshold; }
};
struct OutputEvent {
  std::vector<EventCondition> conditions;
  bool d_first = true;  // bound P_D(E) / P_D'(E) (else the reverse)
  std::string text() const;
};

struct AuditResult {
  OutputEvent chosen;  // the event tested, and which table is first
  uint64_t hits_first = 0, hits_second = 0, runs = 0;
  double lower_first = 0, upper_second = 1;  // Clopper-Pearson bounds
  // The loss bound in the claim's unit: epsilon for pure and approximate claims (ln((lower - delta)
  // / upper)), rho for zCDP claims (the smallest rho consistent with the bounds).
  double loss_lower_bound = 0;
  bool violates = false;  // the bounds contradict the claim
  std::string summary() const;
};

AuditResult run_audit(const Release& release, const Claim& claim, const AuditOptions& options = {});

// The test step alone, on a given event (for instance the one that caught a broken variant, to
// see how close the sound path comes to its claim on it).
AuditResult test_event(const Release& release, const Claim& claim, const OutputEvent& event,
                       const AuditOptions& options = {});

// The generic features of a synthesis or a discovery: see the header comment.
Features output_features(const std::vector<std::string>& synthetic_rows, const std::string& receipt_json,
                         const std::vector<std::pair<std::string, double>>& weighted_centres = {});
Features error_features(const std::string& code_name);
// Every value of a JSON document as features named by their path under `prefix` (numbers as they
// are, booleans as 0/1, each string as an indicator), as output_features does for the receipt.
void add_json_features(const std::string& json_text, const std::string& prefix, Features& features);

// The claim a receipt states, from its features: rho spent under zCDP accounting, else epsilon
// spent and delta (NaN where the receipt lacks them).
Claim claim_stated(const Features& features);
// The claim of the table and its directly trained models published together, from the table
// receipt's privacy.tableAndDpModels: its rho when stated in zCDP, else its epsilon and delta.
Claim joint_claim_stated(const Features& features);

}  // namespace privsynth::audit
