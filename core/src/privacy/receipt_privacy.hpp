#pragma once
// The receipt's "privacy" and "ledger" sections, rendered from the accountant alone: the
// definition, the relation, the budget and what was spent, and every charge with its calibration.
// Mechanisms never write these by hand.
#include <nlohmann/json.hpp>

#include "privacy/accountant.hpp"

namespace privsynth {

nlohmann::json privacy_json(const Accountant& accountant);
nlohmann::json ledger_json(const Accountant& accountant);

}  // namespace privsynth
