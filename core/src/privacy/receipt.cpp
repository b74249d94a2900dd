#include "privacy/receipt.hpp"

#include <cmath>

#include "data/encoding.hpp"
#include "privacy/receipt_privacy.hpp"
#include "privsynth/version.hpp"

namespace privsynth {
namespace {

// A privately discovered schema was a release on the same data: the receipt's headline epsilon,
// delta and definition are the whole release's, the run and the discovery composed by basic
// composition (epsilons and deltas add); the run's own figures move to privacy.thisRun.
void add_discovery(nlohmann::json& privacy, const Schema& schema, const Accountant& accountant) {
  if (!schema.discovered) return;
  const double spent = accountant.epsilon_spent();
  const double delta = accountant.delta_of_guarantee();
  // Discovery is private for add/remove neighbours; replacing a record is a removal and an addition,
  // so under replace-one it costs (2 eps, (1 + e^eps) delta) (group privacy, Dwork & Roth Thm 2.2).
  const bool replace_one = accountant.definition().neighbours == Neighbours::ReplaceOne;
  const double discovery_epsilon = (replace_one ? 2 : 1) * schema.discovered->epsilon;
  const double discovery_delta =
      replace_one ? (1 + std::exp(schema.discovered->epsilon)) * schema.discovered->delta : schema.discovered->delta;
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

// The tables the guarantee is about: a run refuses the others before anything is released, so a
// neighbour outside them has no release to compare with (docs/privacy/README.md, threat model).
std::string tables_covered(const std::string& out_of_domain_policy) {
  std::string text = "well-formed CSV within the size limits (at most " + std::to_string(kMaxInputRows) + " rows and " +
                     std::to_string(kMaxInputCells) +
                     " cells): every row has the header's number of fields and every quote is closed";
  if (out_of_domain_policy == "error") text += "; and, with outOfDomain \"error\", every cell fits the schema";
  return text;
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
    receipt["schema"]["notMeasured"].push_back(
        {{"name", column.name},
         {"type", id ? "id" : "text"},
         {"output",
          id ? "fresh identifiers " + column.text + "1, " + column.text + "2, ... in row order, not read from the data"
          : column.text.empty() ? "left empty in every row, not read from the data"
                                : "\"" + column.text + "\" in every row, not read from the data"}});
  }
  add_discovery(receipt["privacy"], inputs.schema, inputs.accountant);
  receipt["privacy"]["tablesCovered"] = tables_covered(inputs.out_of_domain_policy);
  return receipt;
}

}  // namespace privsynth
