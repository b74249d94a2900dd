#pragma once
// Reads user options from a JSON object with precise errors, and remembers which keys were read so
// that a misspelt option ("epsilom") is reported instead of silently ignored.
#include <set>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "privsynth/status.hpp"

namespace privsynth {

class OptionReader {
 public:
  explicit OptionReader(const nlohmann::json& object) : object_(object) {}

  bool has(const char* key) const { return object_.contains(key) && !object_[key].is_null(); }
  // Each reader leaves `out` unchanged when the key is absent or null.
  Status number(const char* key, double& out, double min, double max);
  Status positive_number(const char* key, double& out);  // finite and > 0
  Status integer(const char* key, long long& out, long long min, long long max);
  Status boolean(const char* key, bool& out);
  Status text(const char* key, std::string& out);
  Status text_list(const char* key, std::vector<std::string>& out);
  // Marks a key as known without reading it (it is read elsewhere).
  void accept(const char* key) { used_.insert(key); }

  // Fails on the first key that no reader asked for.
  Status check_all_used() const;

 private:
  const nlohmann::json* find(const char* key);
  const nlohmann::json& object_;
  std::set<std::string> used_;
};

// Parses a JSON object of options; "" means no options.
Result<nlohmann::json> parse_options_json(const std::string& text);

}  // namespace privsynth
