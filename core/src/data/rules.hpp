#pragma once
// The schema's public rules (docs/schema.md, "Rules"): read and checked against the schema's
// columns, with errors that name the rule and what is wrong.
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// The schema's "rules" array, its columns already read.
Result<std::vector<Rule>> parse_rules(const nlohmann::json& list, const Schema& schema);

// The rule in words: "if death is 0, then cause is missing", "admitted <= discharged + 1", ...
std::string rule_text(const Rule& rule);

}  // namespace privsynth
