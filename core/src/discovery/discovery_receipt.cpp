#include "discovery/discovery_receipt.hpp"

#include "privacy/receipt_privacy.hpp"
#include "privsynth/version.hpp"

namespace privsynth {

nlohmann::json discovery_receipt_json(const Schema& schema, const Accountant& accountant, bool seeded,
                                      nlohmann::json privacy) {
  return {{"kind", "privsynth privacy receipt"},
          {"format", 1},
          {"release", "schema discovery"},
          {"software", {{"name", "privsynth"}, {"version", version()}}},
          {"private", !seeded},
          {"notPrivateReasons", schema.discovered->not_private_reasons},
          {"privacy", std::move(privacy)},
          {"ledger", ledger_json(accountant)},
          {"randomness", seeded ? "fixed test seed (NOT PRIVATE)" : "platform CSPRNG"}};
}

}  // namespace privsynth
