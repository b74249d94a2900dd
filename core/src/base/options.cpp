#include "base/options.hpp"

#include <cmath>

#include "base/number_text.hpp"

namespace privsynth {
namespace {

Status option_error(const char* key, const std::string& expectation) {
  return Status::error(ErrorCode::InvalidArgument, std::string("option \"") + key + "\" must be " + expectation);
}

// "a", "b" or "c"
std::string alternatives(const std::vector<std::string>& names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += "\"" + names[i] + "\"";
  }
  return text;
}

OptionDeclaration declaration(const char* key, OptionType type) {
  OptionDeclaration declared;
  declared.name = key;
  declared.type = type;
  return declared;
}

OptionDeclaration bounded(const char* key, OptionType type, double min, double max) {
  OptionDeclaration declared = declaration(key, type);
  declared.minimum = min;
  declared.maximum = max;
  return declared;
}

}  // namespace

const char* option_type_name(OptionType type) {
  switch (type) {
    case OptionType::Number: return "number";
    case OptionType::Integer: return "integer";
    case OptionType::Boolean: return "boolean";
    case OptionType::Text: return "text";
    case OptionType::TextList: return "text-list";
    case OptionType::Choice: return "choice";
    case OptionType::ColumnSets: return "column-sets";
  }
  return "?";
}

void OptionReader::declare(OptionDeclaration declared, const OptionDoc& doc, nlohmann::json current) {
  for (const OptionDeclaration& known : declarations_) {
    if (known.name == declared.name) return;
  }
  declared.doc = doc.text;
  declared.default_from = doc.default_from;
  if (doc.default_from == OptionDefault::AsRead) declared.default_value = std::move(current);
  declarations_.push_back(std::move(declared));
}

const nlohmann::json* OptionReader::find(const char* key) {
  used_.insert(key);
  if (!has(key)) return nullptr;
  return &object_[key];
}

Status OptionReader::number(const char* key, double& out, double min, double max, const OptionDoc& doc) {
  declare(bounded(key, OptionType::Number, min, max), doc, out);
  std::optional<double> read;
  PRIVSYNTH_RETURN_IF_ERROR(number(key, read, min, max, doc));
  if (read) out = *read;
  return Status::ok();
}

Status OptionReader::number(const char* key, std::optional<double>& out, double min, double max, const OptionDoc& doc) {
  declare(bounded(key, OptionType::Number, min, max), doc, out ? nlohmann::json(*out) : nullptr);
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_number() || !std::isfinite(value->get<double>()) || value->get<double>() < min ||
      value->get<double>() > max) {
    return option_error(key, "a number from " + format_number(min) + " to " + format_number(max));
  }
  out = value->get<double>();
  return Status::ok();
}

Status OptionReader::positive_number(const char* key, double& out, const OptionDoc& doc) {
  OptionDeclaration declared = declaration(key, OptionType::Number);
  declared.minimum = 0;
  declared.minimum_excluded = true;
  declare(std::move(declared), doc, out);
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_number() || !std::isfinite(value->get<double>()) || value->get<double>() <= 0) {
    return option_error(key, "a finite number greater than 0");
  }
  out = value->get<double>();
  return Status::ok();
}

Status OptionReader::integer(const char* key, long long& out, long long min, long long max, const OptionDoc& doc) {
  declare(bounded(key, OptionType::Integer, double(min), double(max)), doc, out);
  std::optional<long long> read;
  PRIVSYNTH_RETURN_IF_ERROR(integer(key, read, min, max, doc));
  if (read) out = *read;
  return Status::ok();
}

Status OptionReader::integer(const char* key, std::optional<long long>& out, long long min, long long max,
                             const OptionDoc& doc) {
  declare(bounded(key, OptionType::Integer, double(min), double(max)), doc, out ? nlohmann::json(*out) : nullptr);
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  const bool whole = value->is_number_integer() || (value->is_number_float() && std::isfinite(value->get<double>()) &&
                                                    std::floor(value->get<double>()) == value->get<double>() &&
                                                    std::fabs(value->get<double>()) < 9e15);
  if (!whole) return option_error(key, "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
  const long long number =
      value->is_number_integer() ? value->get<long long>() : static_cast<long long>(value->get<double>());
  if (number < min || number > max) {
    return option_error(key, "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
  }
  out = number;
  return Status::ok();
}

Status OptionReader::boolean(const char* key, bool& out, const OptionDoc& doc) {
  declare(declaration(key, OptionType::Boolean), doc, out);
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_boolean()) return option_error(key, "true or false");
  out = value->get<bool>();
  return Status::ok();
}

Status OptionReader::test_only_switch(const char* key, bool& out, const OptionDoc& doc) {
  OptionDeclaration declared = declaration(key, OptionType::Boolean);
  declared.test_only = true;
  declare(std::move(declared), doc, out);
  return boolean(key, out, doc);
}

Status OptionReader::text(const char* key, std::string& out, const OptionDoc& doc) {
  declare(declaration(key, OptionType::Text), doc, out);
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  if (!value->is_string()) return option_error(key, "a string");
  out = value->get<std::string>();
  return Status::ok();
}

Status OptionReader::text_list(const char* key, std::vector<std::string>& out, const OptionDoc& doc) {
  declare(declaration(key, OptionType::TextList), doc, out);
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

Status OptionReader::column_sets(const char* key, std::vector<WeightedColumnSet>& out, const OptionDoc& doc) {
  // The sets as given have no JSON form of their own here: a default must be stated in the doc.
  declare(declaration(key, OptionType::ColumnSets), doc, nullptr);
  const nlohmann::json* value = find(key);
  if (!value) return Status::ok();
  const std::string expected =
      "a non-empty array of column sets, each an array of column names or {\"columns\": [names], \"weight\": a "
      "number > 0}";
  if (!value->is_array() || value->empty()) return option_error(key, expected);
  std::vector<WeightedColumnSet> sets;
  for (const nlohmann::json& item : *value) {
    WeightedColumnSet set;
    const nlohmann::json* names = &item;
    if (item.is_object()) {
      for (const auto& [field, unused] : item.items()) {
        if (field != "columns" && field != "weight")
          return option_error(key, expected + ", not with \"" + field + "\"");
      }
      if (!item.contains("columns")) return option_error(key, expected);
      names = &item["columns"];
      if (item.contains("weight")) {
        const nlohmann::json& weight = item["weight"];
        if (!weight.is_number() || !std::isfinite(weight.get<double>()) || !(weight.get<double>() > 0)) {
          return option_error(key, expected);
        }
        set.weight = weight.get<double>();
      }
    }
    if (!names->is_array() || names->empty()) return option_error(key, expected);
    for (const nlohmann::json& name : *names) {
      if (!name.is_string()) return option_error(key, expected);
      set.columns.push_back(name.get<std::string>());
    }
    sets.push_back(std::move(set));
  }
  out = std::move(sets);
  return Status::ok();
}

Result<std::optional<size_t>> OptionReader::choice_index(const char* key, const std::vector<std::string>& names,
                                                         const OptionDoc& doc, nlohmann::json current) {
  OptionDeclaration declared = declaration(key, OptionType::Choice);
  declared.values = names;
  declare(std::move(declared), doc, std::move(current));
  const nlohmann::json* value = find(key);
  if (!value) return std::optional<size_t>();
  if (!value->is_string()) return option_error(key, alternatives(names));
  const std::string given = value->get<std::string>();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == given) return std::optional<size_t>(i);
  }
  return option_error(key, alternatives(names) + ", not \"" + given + "\"");
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
