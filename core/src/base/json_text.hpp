#pragma once
// One place that turns JSON values into text without ever throwing: invalid UTF-8 in user text
// (a category label, a column name) is replaced rather than aborting the module.
#include <string>
#include <nlohmann/json.hpp>

namespace privsynth {

inline std::string to_json_text(const nlohmann::json& value, int indent = -1) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace privsynth
