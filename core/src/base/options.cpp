#include "base/options.hpp"

#include <cmath>

#include "base/number_text.hpp"

namespace privsynth {
namespace {
Status option_error(const char* key, const std::string& expectation) {
  return Status::error(ErrorCode::InvalidArgument, std::string("option \"") + key + "\" must be " + expectation);
}
}  // namespace

const nlohmann::json* OptionReader::find(const char* key) {
  used_.insert(key);
  if (!has(key)) return nullptr;
  return &object_[key];
}

Status OptionReader::number(const char* key, double& out, double min, double max) {
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_number() || !std::isfinite(value->get<double>()) || value->get<double>() < min ||
      value->get<double>() > max) {
    return option_error(key, "a number from " + format_number(min) + " to " + format_number(max));
  }
  out = value->get<double>();
  return Status::ok();
}

Status OptionReader::positive_number(const char* key, double& out) {
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_number() || !std::isfinite(value->get<double>()) || value->get<double>() <= 0) {
    return option_error(key, "a finite number greater than 0");
  }
  out = value->get<double>();
  return Status::ok();
}

Status OptionReader::integer(const char* key, long long& out, long long min, long long max) {
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  const bool whole = value->is_number_integer() ||
                     (value->is_number_float() && std::isfinite(value->get<double>()) &&
                      std::floor(value->get<double>()) == value->get<double>() && std::fabs(value->get<double>()) < 9e15);
  if (!whole) return option_error(key, "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
  const long long number = value->is_number_integer() ? value->get<long long>()
                                                      : static_cast<long long>(value->get<double>());
  if (number < min || number > max) {
    return option_error(key, "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
  }
  out = number;
  return Status::ok();
}

Status OptionReader::boolean(const char* key, bool& out) {
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_boolean()) return option_error(key, "true or false");
  out = value->get<bool>();
  return Status::ok();
}

Status OptionReader::text(const char* key, std::string& out) {
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_string()) return option_error(key, "a string");
  out = value->get<std::string>();
  return Status::ok();
}

Status OptionReader::text_list(const char* key, std::vector<std::string>& out) {
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_array()) return option_error(key, "an array of strings");
  std::vector<std::string> items;
  for (const nlohmann::json& item : *value) {
    if (!item.is_string()) return option_error(key, "an array of strings");
    items.push_back(item.get<std::string>());
  }
  out = std::move(items);
  return Status::ok();
}

Status OptionReader::check_all_used() const {
  for (auto it = object_.begin(); it != object_.end(); ++it) {
    if (!used_.count(it.key())) {
      return Status::error(ErrorCode::InvalidArgument, "unknown option \"" + it.key() + "\"");
    }
  }
  return Status::ok();
}

Result<nlohmann::json> parse_options_json(const std::string& text) {
  if (text.empty()) return nlohmann::json::object();
  nlohmann::json options = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (options.is_discarded() || !options.is_object()) {
    return Status::error(ErrorCode::InvalidArgument, "options must be a JSON object");
  }
  return options;
}

}  // namespace privsynth
