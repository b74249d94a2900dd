#include "pipeline/receipt.hpp"

#include <cmath>

#include "pipeline/person_release.hpp"
#include "privacy/joint_release.hpp"
#include "privacy/receipt_privacy.hpp"
#include "privacy/zcdp.hpp"
#include "privsynth/version.hpp"

namespace privsynth {
namespace {

// A schema discovered as the first part of one release, with a zCDP run: the two rhos add, converted
// at the run's delta; the partition selections' delta adds (privacy/shared_release.hpp).
bool add_discovery_in_zcdp(nlohmann::json& privacy, const DiscoveryCost& cost, const Accountant& accountant) {
  const PrivacyDefinition& definition = accountant.definition();
  if (!cost.rho || definition.accounting != Accounting::Zcdp || definition.neighbours != Neighbours::AddRemove) {
    return false;
  }
  const double run_rho = accountant.spent(), delta = definition.delta;
  privacy["domainDiscovery"] = {
      {"rho", *cost.rho},
      {"selectionDelta", cost.selection_delta},
      {"epsilon", cost.epsilon},
      {"delta", cost.delta},
      {"note",
       "the schema was found privately in the same data as the first part of this release "
       "(docs/privacy/domain-discovery.md); epsilon and delta here are its guarantee on its own"}};
  privacy["thisRun"] = {{"epsilonSpent", accountant.epsilon_spent()},
                        {"delta", delta},
                        {"rho", run_rho},
                        {"rhoBudget", accountant.budget()},
                        {"definition", privacy["definition"]}};
  privacy["epsilonBudget"] = cdp_eps(accountant.budget() + *cost.rho, delta);  // the release's epsilon
  privacy["epsilonSpent"] = cdp_eps(run_rho + *cost.rho, delta);
  privacy["delta"] = delta + cost.selection_delta;
  privacy["rhoBudget"] = accountant.budget() + *cost.rho;
  privacy["rhoSpent"] = run_rho + *cost.rho;
  privacy["definition"] = "(epsilon, delta)-differential privacy, the schema's private discovery and this run together";
  privacy["composition"] =
      "zCDP: the discovery's rho (privacy.domainDiscovery) and this run's (privacy.thisRun) add, converted at the "
      "run's delta; the discovery's partition selections add their delta (approximate zCDP, Bun & Steinke 2016)";
  return true;
}

// A privately discovered schema was a release on the same data: the receipt's headline epsilon,
// delta and definition are the whole release's, the run and the discovery composed by basic
// composition (epsilons and deltas add); the run's own figures move to privacy.thisRun.
void add_discovery(nlohmann::json& privacy, const Schema& schema, const Accountant& accountant) {
  const std::optional<PrivacyCost> discovery = discovery_cost(schema, accountant.definition().neighbours);
  if (!discovery) return;
  if (add_discovery_in_zcdp(privacy, *schema.discovered, accountant)) return;
  const double spent = accountant.epsilon_spent();
  const double delta = accountant.delta_of_guarantee();
  const bool replace_one = accountant.definition().neighbours == Neighbours::ReplaceOne;
  const double discovery_epsilon = discovery->epsilon, discovery_delta = discovery->delta;
  privacy["domainDiscovery"] = {
      {"epsilon", discovery_epsilon},
      {"delta", discovery_delta},
      {"note", std::string("the schema's domains were estimated privately from the same data "
                           "(docs/privacy/domain-discovery.md); that release is part of this one") +
                   (replace_one ? "; stated for replace-one neighbours (twice its add/remove epsilon)" : "")}};
  privacy["thisRun"] = {{"epsilonSpent", spent}, {"delta", delta}, {"definition", privacy["definition"]}};
  privacy["epsilonSpent"] = spent + discovery_epsilon;
  privacy["delta"] = delta + discovery_delta;
  privacy["definition"] =
      delta + discovery_delta > 0
          ? "(epsilon, delta)-differential privacy, this run and the schema's private discovery together"
          : "pure epsilon-differential privacy, this run and the schema's private discovery together";
  privacy["composition"] =
      "basic composition of the schema's private discovery (privacy.domainDiscovery) and this run (privacy.thisRun: " +
      privacy["composition"].get<std::string>() + ")";
}

std::string domain_text(SchemaProvenance provenance, const Schema& schema) {
  if (provenance != SchemaProvenance::Public) return "read from the data: NOT PRIVATE";
  return schema.discovered ? "estimated privately from the data (charged: privacy.domainDiscovery)"
                           : "public: given by the schema";
}

}  // namespace

std::vector<std::string> not_private_reasons(const ReceiptInputs& inputs) {
  std::vector<std::string> reasons;
  if (inputs.test_seed_used) reasons.push_back("a fixed test seed replaced the secure random number generator");
  if (inputs.mechanism.noise_disabled) reasons.push_back("noise was disabled (test-only switch)");
  if (inputs.provenance == SchemaProvenance::InferredFromData) {
    reasons.push_back("the schema (categories, min and max) was read from the data without privacy");
  }
  if (inputs.schema.discovered) {
    for (const std::string& reason : inputs.schema.discovered->not_private_reasons) {
      reasons.push_back("the schema's private discovery was not private: " + reason);
    }
  }
  for (const std::string& choice : inputs.choices_from_data) {
    reasons.push_back("an option was chosen by looking at the real data without privacy: " + choice);
  }
  return reasons;
}

nlohmann::json build_receipt(const ReceiptInputs& inputs) {
  const std::vector<std::string> reasons = not_private_reasons(inputs);
  nlohmann::json columns = nlohmann::json::array();
  for (int index : inputs.output_columns) {
    const Column& column = inputs.schema.columns[static_cast<size_t>(index)];
    columns.push_back({{"name", column.name}, {"domain", domain_text(inputs.provenance, inputs.schema)}});
  }
  nlohmann::json software = {{"name", "privsynth"}, {"version", version()}};
  software.update(inputs.mechanism.software);
  const bool seeded_discovery = inputs.schema.discovered && !inputs.schema.discovered->not_private_reasons.empty();
  nlohmann::json receipt = {
      {"kind", "privsynth privacy receipt"},
      {"format", 1},
      {"software", software},
      {"private", reasons.empty()},
      {"notPrivateReasons", reasons},
      {"privacy", privacy_json(inputs.accountant)},
      {"ledger", ledger_json(inputs.accountant)},
      {"mechanism", inputs.mechanism.description},
      {"parameters", inputs.mechanism.parameters},
      {"released", inputs.mechanism.released},
      {"randomness", inputs.test_seed_used || seeded_discovery ? "fixed test seed (NOT PRIVATE)" : "platform CSPRNG"},
      {"schema",
       {{"name", inputs.schema.name},
        {"source", inputs.schema.source},
        {"provenance", inputs.provenance != SchemaProvenance::Public ? "inferred from the data (NOT PRIVATE)"
                       : seeded_discovery                            ? "discovered with a fixed test seed (NOT PRIVATE)"
                       : inputs.schema.discovered                    ? "discovered with differential privacy"
                                                                     : "public"},
        {"outOfDomainPolicy", inputs.out_of_domain_policy},
        {"columns", columns}}},
      {"output", {{"rows", inputs.synthetic_rows}, {"columns", inputs.output_columns.size()}}},
  };
  if (!inputs.mechanism_choice.is_null()) receipt["mechanismChoice"] = inputs.mechanism_choice;
  // "id" and "text" columns: in the synthetic table, made without reading the data.
  for (const UnmeasuredColumn& column : inputs.schema.unmeasured) {
    const bool id = column.kind == UnmeasuredKind::Id;
    if (column.name == inputs.schema.privacy_unit) {
      receipt["schema"]["notMeasured"].push_back(
          {{"name", column.name},
           {"type", "id"},
           {"output", "synthetic persons " + column.text + "1, " + column.text +
                          "2, ..., each repeated in its rows, not read from the data (the privacy unit)"}});
      continue;
    }
    receipt["schema"]["notMeasured"].push_back(
        {{"name", column.name},
         {"type", id ? "id" : "text"},
         {"output",
          id ? "fresh identifiers " + column.text + "1, " + column.text + "2, ... in row order, not read from the data"
          : column.text.empty() ? "left empty in every row, not read from the data"
                                : "\"" + column.text + "\" in every row, not read from the data"}});
  }
  add_discovery(receipt["privacy"], inputs.schema, inputs.accountant);
  // Which unit the guarantee protects, in words, on every receipt (docs/privacy/privacy-unit.md).
  receipt["privacy"]["protects"] = protected_unit_text(inputs.schema.privacy_unit, inputs.rows_per_person);
  if (!inputs.privacy_unit.is_null()) {
    receipt["privacy"]["privacyUnit"] = inputs.privacy_unit;
    receipt["privacy"]["neighbours"] = "add or remove one person with all their rows (every row with the same \"" +
                                       inputs.schema.privacy_unit + "\"), each person bounded to " +
                                       std::to_string(inputs.rows_per_person) + " rows";
  }
  if (!inputs.published_together.is_null()) receipt["privacy"]["tableAndDpModels"] = inputs.published_together;
  receipt["input"] = input_json(inputs.input_source);
  receipt["privacy"]["tablesCovered"] = tables_covered(inputs.input_source, inputs.out_of_domain_policy);
  return receipt;
}

}  // namespace privsynth
