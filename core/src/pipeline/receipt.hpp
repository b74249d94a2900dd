#pragma once
// The privacy receipt that accompanies every release: mechanism, parameters, the privacy
// definition and ledger (rendered from the run's Accountant, privacy/receipt_privacy.hpp), schema
// provenance per column, software version and whether the output is private at all. It contains
// nothing computed from the data except differentially private outputs.
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "mechanisms/mechanism.hpp"
#include "privacy/accountant.hpp"
#include "privacy/input_source.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

enum class SchemaProvenance { Public, InferredFromData };

struct ReceiptInputs {
  const Schema& schema;
  SchemaProvenance provenance;
  std::vector<int> output_columns;  // schema indices of the synthetic table's columns
  std::string out_of_domain_policy;
  const Accountant& accountant;
  const MechanismOutput& mechanism;
  bool test_seed_used;
  size_t synthetic_rows;
  std::vector<std::string> choices_from_data = {};  // options chosen by looking at the data: NOT PRIVATE
  // "mechanism": "auto": what it chose and why (the receipt's mechanismChoice); null otherwise.
  nlohmann::json mechanism_choice = nullptr;
  // Where the data came from, as the caller states it (receipt.input, privacy.tablesCovered).
  InputSource input_source = InputSource::CsvRows;
  // With models trained directly under DP: what the table and the models cost published together
  // (privacy/joint_release.hpp), stated in both receipts as privacy.tableAndDpModels.
  nlohmann::json published_together = nullptr;
  // With the schema's privacy unit: the accountant above is the person-level ledger, this is
  // privacy.privacyUnit (pipeline/person_release.hpp), and rows_per_person the bound k.
  nlohmann::json privacy_unit = nullptr;
  int rows_per_person = 1;
};

nlohmann::json build_receipt(const ReceiptInputs& inputs);

// Why an output is not private, from what every release path knows: a test seed, a disabled
// noise, a schema read from the data, a schema discovered without privacy, choices made by
// looking at the data. Empty: private.
std::vector<std::string> not_private_reasons(const ReceiptInputs& inputs);

}  // namespace privsynth
