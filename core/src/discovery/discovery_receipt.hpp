#pragma once
// The receipt of a schema discovery, in either form (schema_discovery.cpp, automatic_discovery.cpp):
// what was released and how, with the accountant's ledger.
#include <nlohmann/json.hpp>

#include "privacy/accountant.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

// `privacy` is the receipt's privacy section (privacy_json of the accountant, with the form's notes).
nlohmann::json discovery_receipt_json(const Schema& schema, const Accountant& accountant, bool seeded,
                                      nlohmann::json privacy);

}  // namespace privsynth
