#include "privsynth/receipt.hpp"

#include "privsynth/version.hpp"

namespace privsynth {
namespace {

nlohmann::json ledger_json(const PureDpAccountant& accountant) {
  nlohmann::json ledger = nlohmann::json::array();
  for (const LedgerEntry& entry : accountant.entries()) {
    ledger.push_back({{"release", entry.release},
                      {"mechanism", entry.mechanism},
                      {"epsilon", entry.epsilon},
                      {"l1Sensitivity", entry.sensitivity},
                      {"noiseScale", entry.noise_scale}});
  }
  return ledger;
}

std::vector<std::string> not_private_reasons(const ReceiptInputs& inputs) {
  std::vector<std::string> reasons;
  if (inputs.test_seed_used) reasons.push_back("a fixed test seed replaced the secure random number generator");
  if (inputs.mechanism.noise_disabled) reasons.push_back("noise was disabled (test-only switch)");
  if (inputs.provenance == SchemaProvenance::InferredFromData) {
    reasons.push_back("the schema (categories, min and max) was read from the data without privacy");
  }
  return reasons;
}

}  // namespace

nlohmann::json build_receipt(const ReceiptInputs& inputs) {
  const std::vector<std::string> reasons = not_private_reasons(inputs);
  nlohmann::json columns = nlohmann::json::array();
  for (int index : inputs.output_columns) {
    const Column& column = inputs.schema.columns[static_cast<size_t>(index)];
    columns.push_back({{"name", column.name},
                       {"domain", inputs.provenance == SchemaProvenance::Public
                                      ? "public: given by the schema"
                                      : "read from the data: NOT PRIVATE"}});
  }
  return {
      {"kind", "privsynth privacy receipt"},
      {"format", 1},
      {"software", {{"name", "privsynth"}, {"version", version()}, {"lpSolver", "GLPK 5.0"}}},
      {"private", reasons.empty()},
      {"notPrivateReasons", reasons},
      {"privacy", inputs.mechanism.privacy.is_null()
                      ? nlohmann::json{{"definition", "pure epsilon-differential privacy"},
                                       {"neighbours", "add/remove one record"},
                                       {"epsilonBudget", inputs.accountant.budget()},
                                       {"epsilonSpent", inputs.accountant.spent()},
                                       {"delta", 0},
                                       {"composition",
                                        "sequential (basic) composition: the total is the sum of the ledger's epsilons"}}
                      : inputs.mechanism.privacy},
      {"ledger", inputs.mechanism.ledger.is_null() ? ledger_json(inputs.accountant) : inputs.mechanism.ledger},
      {"mechanism", inputs.mechanism.description},
      {"parameters", inputs.mechanism.parameters},
      {"released", inputs.mechanism.released},
      {"randomness", inputs.test_seed_used ? "fixed test seed (NOT PRIVATE)" : "platform CSPRNG"},
      {"schema",
       {{"name", inputs.schema.name},
        {"source", inputs.schema.source},
        {"provenance", inputs.provenance == SchemaProvenance::Public ? "public" : "inferred from the data (NOT PRIVATE)"},
        {"outOfDomainPolicy", inputs.out_of_domain_policy},
        {"columns", columns}}},
      {"output", {{"rows", inputs.synthetic_rows}, {"columns", inputs.output_columns.size()}}},
  };
}

}  // namespace privsynth
