#include "data/rules.hpp"

#include <cmath>

#include "base/number_text.hpp"
#include "data/encoding.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

Status rule_error(size_t index, const std::string& message) {
  return Status::error(ErrorCode::InvalidSchema, "rule " + std::to_string(index + 1) + ": " + message);
}

const Column* column_named(const Schema& schema, const std::string& name) {
  const int index = find_column(schema, name);
  return index < 0 ? nullptr : &schema.columns[size_t(index)];
}

// One column's allowed values: category labels or numbers (a date as its text), null for missing.
Result<RuleCondition> read_condition(const std::string& name, const Json& values, const Schema& schema, size_t index) {
  const Column* column = column_named(schema, name);
  if (!column) return rule_error(index, "the schema has no column \"" + name + "\" to synthesize");
  if (!values.is_array() || values.empty()) {
    return rule_error(index, "\"" + name + "\" needs a non-empty list of values (null for missing)");
  }
  RuleCondition condition;
  condition.column = name;
  for (const Json& value : values) {
    if (value.is_null()) {
      if (!column->nullable) return rule_error(index, "\"" + name + "\" is not nullable: it is never missing");
      condition.missing = true;
      condition.labels.push_back("missing");
      continue;
    }
    const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
    condition.labels.push_back(text);
    if (column->kind == ColumnKind::Categorical) {
      int found = -1;
      for (size_t c = 0; c < column->categories.size() && found < 0; ++c) {
        const Category& category = column->categories[c];
        const bool same =
            category.label == text || (category.number && value.is_number() && *category.number == value.get<double>());
        if (same) found = int(c);
      }
      if (found < 0) return rule_error(index, "\"" + text + "\" is not a category of \"" + name + "\"");
      condition.categories.push_back(found);
      continue;
    }
    double number = 0;
    if (!(value.is_number() ? (number = value.get<double>(), std::isfinite(number))
                            : parse_column_value(text, *column, number))) {
      return rule_error(index, "\"" + text + "\" is not a value of the numeric column \"" + name + "\"");
    }
    if (number < column->min || number > column->max) {
      return rule_error(index, text + " is outside \"" + name + "\"'s bounds [" + format_number(column->min) + ", " +
                                   format_number(column->max) + "]");
    }
    condition.numbers.push_back(number);
  }
  return condition;
}

Result<std::vector<RuleCondition>> read_conditions(const Json& object, const Schema& schema, size_t index,
                                                   const char* key) {
  if (!object.is_object() || object.empty()) {
    return rule_error(index, std::string("\"") + key + "\" must map columns to their values, {\"column\": [values]}");
  }
  std::vector<RuleCondition> conditions;
  for (const auto& [name, values] : object.items()) {
    PRIVSYNTH_ASSIGN_OR_RETURN(RuleCondition condition, read_condition(name, values, schema, index));
    conditions.push_back(std::move(condition));
  }
  return conditions;
}

Result<std::vector<std::string>> read_columns(const Json& names, const Schema& schema, size_t index, size_t least,
                                              bool numeric) {
  if (!names.is_array() || names.size() < least) {
    return rule_error(index, "needs a list of at least " + std::to_string(least) + " column names");
  }
  std::vector<std::string> columns;
  for (const Json& name : names) {
    const Column* column = name.is_string() ? column_named(schema, name.get<std::string>()) : nullptr;
    if (!column) return rule_error(index, name.dump() + " is not a column of the schema to synthesize");
    if (numeric && column->kind != ColumnKind::Numeric) {
      return rule_error(index, "\"" + column->name + "\" is categorical: an order compares numbers or dates");
    }
    columns.push_back(column->name);
  }
  return columns;
}

Result<Rule> read_rule(const Json& item, const Schema& schema, size_t index) {
  if (!item.is_object()) return rule_error(index, "must be an object");
  Rule rule;
  rule.json = item.dump();
  std::vector<std::string> keys;
  for (const auto& [key, value] : item.items()) {
    if (key != "name" && key != "then") keys.push_back(key);
  }
  if (item.contains("name")) {
    if (!item["name"].is_string()) return rule_error(index, "\"name\" must be a string");
    rule.name = item["name"].get<std::string>();
  }
  if (keys.size() != 1) {
    return rule_error(index,
                      "needs exactly one of \"if\" (with \"then\"), \"never\", \"missingTogether\", "
                      "\"nested\" and \"order\"");
  }
  const std::string& kind = keys.front();
  if (kind == "if") {
    if (!item.contains("then")) return rule_error(index, "\"if\" needs \"then\"");
    rule.kind = RuleKind::Implies;
    PRIVSYNTH_ASSIGN_OR_RETURN(rule.when, read_conditions(item["if"], schema, index, "if"));
    PRIVSYNTH_ASSIGN_OR_RETURN(rule.then, read_conditions(item["then"], schema, index, "then"));
  } else if (item.contains("then")) {
    return rule_error(index, "\"then\" belongs to \"if\"");
  } else if (kind == "never") {
    rule.kind = RuleKind::Never;
    PRIVSYNTH_ASSIGN_OR_RETURN(rule.when, read_conditions(item["never"], schema, index, "never"));
  } else if (kind == "missingTogether") {
    rule.kind = RuleKind::MissingTogether;
    PRIVSYNTH_ASSIGN_OR_RETURN(rule.columns, read_columns(item[kind], schema, index, 2, false));
    for (const std::string& name : rule.columns) {
      if (!column_named(schema, name)->nullable) return rule_error(index, "\"" + name + "\" is not nullable");
    }
  } else if (kind == "nested") {
    const Json& nested = item[kind];
    if (!nested.is_object() || !nested.contains("child") || !nested.contains("parent")) {
      return rule_error(index, "\"nested\" needs {\"child\": column, \"parent\": column}");
    }
    rule.kind = RuleKind::Nested;
    PRIVSYNTH_ASSIGN_OR_RETURN(rule.columns,
                               read_columns(Json::array({nested["child"], nested["parent"]}), schema, index, 2, false));
  } else if (kind == "order") {
    const Json& order = item[kind];
    if (!order.is_object() || !order.contains("left") || !order.contains("right") || !order.contains("op")) {
      return rule_error(index, "\"order\" needs {\"left\": column, \"op\": \"<\", \"<=\" or \"=\", \"right\": column}");
    }
    rule.kind = RuleKind::Order;
    PRIVSYNTH_ASSIGN_OR_RETURN(rule.columns,
                               read_columns(Json::array({order["left"], order["right"]}), schema, index, 2, true));
    rule.op = order["op"].is_string() ? order["op"].get<std::string>() : "";
    if (rule.op != "<" && rule.op != "<=" && rule.op != "=") {
      return rule_error(index, "\"op\" must be \"<\", \"<=\" or \"=\"");
    }
    if (order.contains("plus")) {
      if (!order["plus"].is_number() || !std::isfinite(order["plus"].get<double>())) {
        return rule_error(index, "\"plus\" must be a number");
      }
      rule.plus = order["plus"].get<double>();
    }
  } else {
    return rule_error(index, "unknown rule \"" + kind +
                                 "\" (expected \"if\", \"never\", \"missingTogether\", \"nested\" or \"order\")");
  }
  if (rule.name.empty()) rule.name = rule_text(rule);
  return rule;
}

std::string condition_text(const RuleCondition& condition) {
  std::string values;
  for (size_t i = 0; i < condition.labels.size(); ++i) {
    values += (i == 0 ? "" : i + 1 == condition.labels.size() ? " or " : ", ") + condition.labels[i];
  }
  return condition.column + " is " + values;
}

std::string conditions_text(const std::vector<RuleCondition>& conditions) {
  std::string text;
  for (const RuleCondition& condition : conditions) {
    text += (text.empty() ? "" : " and ") + condition_text(condition);
  }
  return text;
}

}  // namespace

std::string rule_text(const Rule& rule) {
  switch (rule.kind) {
    case RuleKind::Implies: return "if " + conditions_text(rule.when) + ", then " + conditions_text(rule.then);
    case RuleKind::Never: return "never " + conditions_text(rule.when);
    case RuleKind::MissingTogether: {
      std::string names;
      for (const std::string& name : rule.columns) names += (names.empty() ? "" : ", ") + name;
      return names + " are missing together";
    }
    case RuleKind::Nested: return rule.columns[0] + " determines " + rule.columns[1];
    case RuleKind::Order:
      return rule.columns[0] + " " + rule.op + " " + rule.columns[1] +
             (rule.plus != 0 ? (rule.plus > 0 ? " + " : " - ") + format_number(std::fabs(rule.plus)) : "");
  }
  return "";
}

Result<std::vector<Rule>> parse_rules(const nlohmann::json& list, const Schema& schema) {
  if (!list.is_array()) return Status::error(ErrorCode::InvalidSchema, "\"rules\" must be an array of rules");
  std::vector<Rule> rules;
  for (size_t i = 0; i < list.size(); ++i) {
    PRIVSYNTH_ASSIGN_OR_RETURN(Rule rule, read_rule(list[i], schema, i));
    rules.push_back(std::move(rule));
  }
  return rules;
}

}  // namespace privsynth
