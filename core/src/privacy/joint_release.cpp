#include "privacy/joint_release.hpp"

#include <cmath>
#include <string>

#include "privacy/zcdp.hpp"

namespace privsynth {

PrivacyCost discovery_cost(const DiscoveryCost& cost, Neighbours neighbours) {
  if (neighbours != Neighbours::ReplaceOne) return PrivacyCost{cost.epsilon, cost.delta};
  return PrivacyCost{2 * cost.epsilon, (1 + std::exp(cost.epsilon)) * cost.delta};
}

std::optional<PrivacyCost> discovery_cost(const Schema& schema, Neighbours neighbours) {
  if (!schema.discovered) return std::nullopt;
  return discovery_cost(*schema.discovered, neighbours);
}

nlohmann::json table_and_models_json(const Accountant& table, double models_rho, double models_delta,
                                     const Schema& schema) {
  const PrivacyDefinition& definition = table.definition();
  const bool replace_one = definition.neighbours == Neighbours::ReplaceOne;
  // The models are rho-zCDP for add/remove neighbours; replacing a record moves two of them.
  const double models_rho_here = (replace_one ? 4 : 1) * models_rho;
  const double delta = table.delta_of_guarantee() + models_delta;
  const double basic = table.epsilon_spent() + cdp_eps(models_rho_here, models_delta);
  // The table's rho: its zCDP spend, or eps^2 / 2 for pure eps-DP; none for (eps, delta) by basic composition.
  double table_rho = NAN;
  if (definition.accounting == Accounting::Zcdp) {
    table_rho = table.spent();
  } else if (table.delta_spent() == 0) {
    table_rho = table.epsilon_spent() * table.epsilon_spent() / 2;
  }
  const double joint_rho = table_rho + models_rho_here;
  const bool zcdp = std::isfinite(joint_rho) && cdp_eps(joint_rho, delta) < basic;
  nlohmann::json joint = {
      {"epsilon", zcdp ? cdp_eps(joint_rho, delta) : basic},
      {"delta", delta},
      {"composition",
       zcdp ? std::string("zCDP: the table's rho") + (definition.accounting == Accounting::Zcdp ? "" : " (eps^2 / 2)") +
                  " and the models' rho" + (replace_one ? " (4 times, for replace-one neighbours)" : "") +
                  " add, converted at the sum of their deltas (Canonne, Kamath & Steinke 2020)"
            : std::string("basic composition: the table's epsilon and the models' add, and so do their deltas") +
                  (replace_one ? " (the models' stated for replace-one neighbours: 4 times their rho)" : "")},
      {"note", "the synthetic table and the models trained directly under DP of this run, published together"}};
  if (zcdp) joint["rho"] = joint_rho;
  if (const std::optional<PrivacyCost> discovery = discovery_cost(schema, definition.neighbours)) {
    joint.erase("rho");  // the total is no longer a zCDP statement: the discovery is (epsilon, delta)
    joint["epsilon"] = joint["epsilon"].get<double>() + discovery->epsilon;
    joint["delta"] = delta + discovery->delta;
    joint["composition"] = joint["composition"].get<std::string>() +
                           "; then the schema's private discovery by basic composition (counted once)";
    joint["note"] =
        "the synthetic table, the models trained directly under DP of this run and the schema's private "
        "discovery, published together";
  }
  return joint;
}

}  // namespace privsynth
