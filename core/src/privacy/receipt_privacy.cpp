#include "privacy/receipt_privacy.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

std::string definition_text(const Accountant& accountant) {
  if (accountant.definition().accounting == Accounting::Zcdp) {
    return "(epsilon, delta)-differential privacy, accounted as rho-zCDP";
  }
  return accountant.delta_spent() > 0 ? "(epsilon, delta)-differential privacy" : "pure epsilon-differential privacy";
}

std::string composition_text(const Accountant& accountant) {
  if (accountant.definition().accounting == Accounting::Zcdp) {
    return "zCDP costs add up: the total rho is the sum of the ledger's rho";
  }
  return accountant.delta_spent() > 0 ? "sequential (basic) composition: epsilons and deltas add"
                                      : "sequential (basic) composition: the total is the sum of the ledger's epsilons";
}

// The calibration of one charge, in the receipt's keys.
Json cost_json(const Cost& cost) {
  if (const auto* laplace = std::get_if<LaplaceCost>(&cost)) {
    return {{"l1Sensitivity", laplace->l1_sensitivity}, {"noiseScale", laplace->noise_scale}};
  }
  if (const auto* gaussian = std::get_if<GaussianCost>(&cost)) {
    return {{"l2Sensitivity", gaussian->l2_sensitivity}, {"noiseStd", gaussian->noise_std}};
  }
  if (const auto* selection = std::get_if<ExponentialCost>(&cost)) {
    // Under zCDP, "epsilon" is the selection's own (its rho is epsilon^2 / 8); under basic
    // accounting it is also what was charged.
    return {{"scoreSensitivity", selection->score_sensitivity}, {"epsilon", selection->epsilon}};
  }
  if (const auto* group = std::get_if<GroupCost>(&cost)) {
    Json item = {{"groupSize", group->group_size}};
    if (group->row_rho > 0) item["rowRho"] = group->row_rho;
    else item["rowEpsilon"] = group->row_epsilon;
    if (group->row_delta > 0) item["rowDelta"] = group->row_delta;
    return item;
  }
  return Json::object();
}

}  // namespace

Json privacy_json(const Accountant& accountant) {
  const PrivacyDefinition& definition = accountant.definition();
  Json privacy = {{"definition", definition_text(accountant)},
                  {"neighbours", neighbours_text(definition)},
                  {"neighbourRelation", neighbours_id(definition.neighbours)},
                  {"accounting", accounting_id(definition.accounting)},
                  {"epsilonBudget", definition.epsilon},
                  {"epsilonSpent", accountant.epsilon_spent()},
                  {"delta", accountant.delta_of_guarantee()},
                  {"composition", composition_text(accountant)}};
  if (definition.public_records) privacy["publicRecords"] = *definition.public_records;
  if (definition.accounting == Accounting::Zcdp) {
    privacy["rhoBudget"] = accountant.budget();
    privacy["rhoSpent"] = accountant.spent();
    privacy["conversion"] = "Canonne, Kamath & Steinke 2020 (as MST/AIM's cdp_rho)";
  }
  return privacy;
}

Json ledger_json(const Accountant& accountant) {
  const bool zcdp = accountant.definition().accounting == Accounting::Zcdp;
  Json ledger = Json::array();
  for (const LedgerEntry& entry : accountant.ledger()) {
    Json item = {{"release", entry.charge.release}, {"mechanism", entry.charge.building_block}};
    if (zcdp) {
      item["rho"] = entry.rho;
    } else {
      item["epsilon"] = entry.epsilon;
      if (entry.delta > 0) item["delta"] = entry.delta;
    }
    item.update(cost_json(entry.charge.cost));
    ledger.push_back(std::move(item));
  }
  return ledger;
}

}  // namespace privsynth
