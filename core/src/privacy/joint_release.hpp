#pragma once
// What two releases of one run cost when they are published together: the synthetic table (its
// accountant) and the models trained directly under DP for its prediction targets (one rho-zCDP
// budget for all of them, add/remove neighbours; private_models/direct_dp_model.hpp), with the
// schema's private discovery counted once. Each export states this one total beside its own
// (docs/privacy/dp-gd.md, "Publishing the table and the models together").
#include <optional>
#include <nlohmann/json.hpp>

#include "privacy/accountant.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

struct PrivacyCost {
  double epsilon = 0;
  double delta = 0;
};

// A privately discovered schema's cost, stated for `neighbours`: under replace-one a replacement
// is a removal and an addition, so (2 eps, (1 + e^eps) delta) (group privacy, Dwork & Roth Thm 2.2).
PrivacyCost discovery_cost(const DiscoveryCost& cost, Neighbours neighbours);
// The same for a schema: none unless it was privately discovered.
std::optional<PrivacyCost> discovery_cost(const Schema& schema, Neighbours neighbours);

// The table's guarantee (its accountant, what it spent) and the models' (models_rho-zCDP for
// add/remove neighbours, stated at models_delta) composed, under the table's neighbour relation:
//   - basic composition: eps_table + eps_models, delta_table + delta_models;
//   - in zCDP, when the table's accounting allows (zCDP, or pure eps as eps^2/2-zCDP, Bun & Steinke
//     2016, Prop. 1.4): rho_table + rho_models, converted at the same total delta;
// whichever gives the smaller epsilon, then the discovery's cost added by basic composition. Under
// replace-one the models' rho is taken 4 times (zCDP group privacy for 2 records).
// JSON: {"epsilon", "delta", "rho" (when the total is stated in zCDP: no discovery),
// "composition", "note"}.
nlohmann::json table_and_models_json(const Accountant& table, double models_rho, double models_delta,
                                     const Schema& schema);

}  // namespace privsynth
