#pragma once
// What "private" means for one release, as types: the neighbour relation, how costs compose, and
// the budget. The receipt is rendered from these (privacy/receipt_privacy.hpp), never from text.
#include <cstdint>
#include <optional>
#include <string>

#include "privsynth/status.hpp"

namespace privsynth {

enum class Neighbours {
  AddRemove,   // D' = D plus or minus one record; the number of records is private
  ReplaceOne,  // D' = D with one record's values changed; the number of records n is public
};

enum class Accounting {
  // Pure epsilon-DP, or (epsilon, delta)-DP when a release has a delta: epsilons and deltas add
  // (basic composition, Dwork & Roth 2014, Thm 3.16).
  Basic,
  // rho-zCDP: rhos add (Bun & Steinke 2016, Lemma 2.3); the total is stated as (epsilon, delta)-DP
  // through the conversion of Canonne, Kamath & Steinke 2020 (zcdp.hpp).
  Zcdp,
};

struct PrivacyDefinition {
  Neighbours neighbours = Neighbours::AddRemove;
  Accounting accounting = Accounting::Basic;
  double epsilon = 0;  // the budget: > 0
  // Basic: the delta budget (0 for pure epsilon-DP). Zcdp: the delta of the conversion, in (0, 1).
  double delta = 0;
  // ReplaceOne only: the number of records, public under that relation and stated in the receipt.
  std::optional<uint64_t> public_records;
};

// The delta of (epsilon, delta)-DP when none is given: the zCDP mechanisms' default, and a
// release's whose schema is found privately.
inline constexpr double kDefaultDelta = 1e-9;

// The kind of guarantee before its budget: what a mechanism's registry entry fixes and the
// catalogue of mechanisms states. A run's PrivacyDefinition adds epsilon and delta to it.
struct PrivacyModel {
  Neighbours neighbours = Neighbours::AddRemove;
  Accounting accounting = Accounting::Basic;

  // Basic accounting: pure epsilon-DP (delta 0); zCDP: delta is the conversion's.
  PrivacyDefinition with_budget(double epsilon, double delta = 0) const;
};

// In words, for the catalogue: "pure epsilon-DP, add/remove one record", "(epsilon, delta)-DP
// accounted as rho-zCDP, add/remove one record", "pure epsilon-DP, replace one record (the number
// of records is public)".
std::string privacy_model_text(const PrivacyModel& model);

// Stable identifiers for the receipt: "add-remove" / "replace-one"; "basic" / "zcdp".
const char* neighbours_id(Neighbours neighbours);
const char* accounting_id(Accounting accounting);

// The relation in words, with n for replace-one ("replace one record (the number of records, 10,
// is public)").
std::string neighbours_text(const PrivacyDefinition& definition);

// InvalidArgument unless epsilon is finite and > 0, delta fits the accounting, and public_records
// is given exactly for ReplaceOne.
Status check_privacy_definition(const PrivacyDefinition& definition);

}  // namespace privsynth
