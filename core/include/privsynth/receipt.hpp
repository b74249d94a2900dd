#pragma once
// The privacy receipt that accompanies every release (DESIGN §2): mechanism, parameters,
// neighbour relation, the ledger of every spend, schema provenance per column, software version
// and whether the output is private at all. It contains nothing computed from the data except
// differentially private outputs.
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "privsynth/accountant.hpp"
#include "privsynth/mechanisms/mechanism.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

enum class SchemaProvenance { Public, InferredFromData };

struct ReceiptInputs {
  const Schema& schema;
  SchemaProvenance provenance;
  std::vector<int> output_columns;      // schema indices of the synthetic table's columns
  std::string out_of_domain_policy;
  const PureDpAccountant& accountant;
  const MechanismOutput& mechanism;
  bool test_seed_used;
  size_t synthetic_rows;
  std::vector<std::string> choices_from_data = {};  // options chosen by looking at the data: NOT PRIVATE
};

nlohmann::json build_receipt(const ReceiptInputs& inputs);

}  // namespace privsynth
