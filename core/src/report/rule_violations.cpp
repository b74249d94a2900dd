#include "report/rule_violations.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace privsynth {
namespace {

struct Cell {
  const Column* column = nullptr;
  const DecodedColumn* values = nullptr;

  bool missing(size_t row) const {
    return column->kind == ColumnKind::Categorical ? values->categories[row] < 0 : std::isnan(values->numbers[row]);
  }
  double number(size_t row) const {
    const double x = values->numbers[row];
    return column->integer ? std::round(x) : x;
  }
  // A key of the value for grouping (nested): the category, or the number as written.
  double key(size_t row) const {
    if (missing(row)) return std::nan("");
    return column->kind == ColumnKind::Categorical ? double(values->categories[row]) : number(row);
  }
};

bool holds(const RuleCondition& condition, const Cell& cell, size_t row) {
  if (cell.missing(row)) return condition.missing;
  if (cell.column->kind == ColumnKind::Categorical) {
    const int code = cell.values->categories[row];
    return std::find(condition.categories.begin(), condition.categories.end(), code) != condition.categories.end();
  }
  const double x = cell.number(row);
  return std::any_of(condition.numbers.begin(), condition.numbers.end(),
                     [&](double value) { return std::fabs(x - value) <= 1e-9 * std::max(1.0, std::fabs(value)); });
}

bool all_hold(const std::vector<RuleCondition>& conditions, const std::map<std::string, Cell>& cells, size_t row) {
  return std::all_of(conditions.begin(), conditions.end(),
                     [&](const RuleCondition& c) { return holds(c, cells.at(c.column), row); });
}

std::vector<std::string> columns_of(const Rule& rule) {
  std::vector<std::string> names = rule.columns;
  for (const auto* list : {&rule.when, &rule.then}) {
    for (const RuleCondition& condition : *list) names.push_back(condition.column);
  }
  return names;
}

// Rows off the usual parent of their child value: for each child value, the rows whose parent is not
// its most frequent one (missing values count as values).
size_t nested_breaks(const Cell& child, const Cell& parent, size_t rows) {
  const auto key = [](double x) { return std::isnan(x) ? -1e300 : x; };
  std::map<double, std::map<double, size_t>> parents;
  for (size_t row = 0; row < rows; ++row) ++parents[key(child.key(row))][key(parent.key(row))];
  size_t broken = 0;
  for (const auto& [value, counts] : parents) {
    size_t total = 0, most = 0;
    for (const auto& [p, n] : counts) {
      total += n;
      most = std::max(most, n);
    }
    broken += total - most;
  }
  return broken;
}

bool order_breaks(const Rule& rule, const Cell& left, const Cell& right, size_t row) {
  if (left.missing(row) || right.missing(row)) return false;  // a missing side asserts nothing
  const double a = left.number(row), b = right.number(row) + rule.plus;
  if (rule.op == "<") return !(a < b);
  if (rule.op == "<=") return !(a <= b);
  return a != b;
}

}  // namespace

std::vector<RuleCheck> check_rules(const std::vector<Rule>& rules, const std::vector<Column>& columns,
                                   const std::vector<DecodedColumn>& table) {
  std::map<std::string, Cell> cells;
  size_t rows = 0;
  for (size_t c = 0; c < columns.size() && c < table.size(); ++c) {
    cells[columns[c].name] = Cell{&columns[c], &table[c]};
    rows = std::max(table[c].categories.size(), table[c].numbers.size());
  }
  std::vector<RuleCheck> checks;
  for (const Rule& rule : rules) {
    RuleCheck check{rule.name, true, "", rows, 0};
    for (const std::string& name : columns_of(rule)) {
      if (cells.count(name)) continue;
      check.checked = false;
      check.reason = "column \"" + name + "\" is not in the table";
      break;
    }
    if (check.checked && rule.kind == RuleKind::Nested) {
      check.broken = nested_breaks(cells.at(rule.columns[0]), cells.at(rule.columns[1]), rows);
    } else if (check.checked) {
      for (size_t row = 0; row < rows; ++row) {
        bool broken = false;
        switch (rule.kind) {
          case RuleKind::Implies: broken = all_hold(rule.when, cells, row) && !all_hold(rule.then, cells, row); break;
          case RuleKind::Never: broken = all_hold(rule.when, cells, row); break;
          case RuleKind::MissingTogether: {
            const bool first = cells.at(rule.columns[0]).missing(row);
            broken = std::any_of(rule.columns.begin() + 1, rule.columns.end(),
                                 [&](const std::string& name) { return cells.at(name).missing(row) != first; });
            break;
          }
          case RuleKind::Order:
            broken = order_breaks(rule, cells.at(rule.columns[0]), cells.at(rule.columns[1]), row);
            break;
          case RuleKind::Nested: break;
        }
        if (broken) ++check.broken;
      }
    }
    checks.push_back(std::move(check));
  }
  return checks;
}

}  // namespace privsynth
