#pragma once
// One release made of two parts on the same data under one budget (epsilon, delta) the user
// states: a private discovery of the schema, which takes a share of that budget, and the run with
// the discovered schema, which spends the rest (docs/privacy/domain-discovery.md, "One release").
//
// The budget is split in zCDP, where the parts' rhos add (Bun & Steinke 2016, Lemma 2.3): the
// partition selections of the discovery (categories, common values) take delta / 2 (their delta,
// not a zCDP cost: approximate zCDP, Bun & Steinke 2016 §8), and the total rho is
// cdp_rho(epsilon, delta / 2). A zCDP run composes with the discovery in rho; a run of pure
// epsilon-DP by basic composition with the discovery's own (epsilon, delta) statement.
#include <optional>

#include "privacy/definition.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct ReleaseSplit {
  double total_rho = 0;         // cdp_rho(epsilon, conversion_delta)
  double conversion_delta = 0;  // delta / 2: converts the total rho into epsilon
  double selection_delta = 0;   // delta / 2: the partition selections' delta
  double discovery_rho = 0;     // share * total_rho
};

// Requires epsilon > 0 (finite), 0 < delta < 1 and 0 < share < 1.
Result<ReleaseSplit> split_release(double epsilon, double delta, double share);

// The discovery's own guarantee: rho-zCDP with its selections' delta, as (epsilon, delta)-DP:
// (cdp_eps(rho, conversion_delta), conversion_delta + selection_delta).
DiscoveryCost discovery_cost_in_release(const ReleaseSplit& split, double rho_spent);

struct RunPart {
  double epsilon = 0;  // the run's own epsilon option
  double delta = 0;    // and delta (zCDP: its conversion's; pure: 0)
};

// A run's own budget in the release (epsilon, delta) whose schema `cost` was discovered as its
// first part (cost.rho set), for a mechanism of `model`:
//  - zCDP: rho_run = cdp_rho(epsilon, delta - selection delta) - rho_discovery, stated at
//    (cdp_eps(rho_run, that delta), that delta);
//  - pure epsilon-DP: epsilon minus the discovery's own epsilon (stated for the neighbours).
// Fails, naming the figures, when the discovery spent the whole budget or more.
Result<RunPart> run_part_of_release(const DiscoveryCost& cost, double epsilon, double delta, const PrivacyModel& model);

}  // namespace privsynth
