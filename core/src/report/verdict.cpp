#include "report/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "report/categories_lost.hpp"
#include "report/distribution_report.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

constexpr size_t kLostCategoriesNamed = 3;  // in a column's reason, the largest first
constexpr size_t kCorrelationsNamed = 3;    // reasons of a column, the largest change first
constexpr size_t kColumnsNamed = 5;         // in the overall reason, per grade

// One thing a check found. `severity` is the measure over its "poor" threshold (1 and more is
// poor): it orders a column's reasons and the columns the overall reason names.
struct Finding {
  Grade grade = Grade::Good;
  double severity = 0;
  std::string text;
};

struct ColumnChecks {
  std::string name;
  std::vector<Finding> findings;     // what lowers the grade, and losses too small to lower it
  std::vector<std::string> checked;  // the checks made, for a good column's reason

  Grade grade() const {
    Grade worst = Grade::Good;
    for (const Finding& f : findings) worst = std::max(worst, f.grade);
    return worst;
  }
  double severity() const {
    double worst = 0;
    for (const Finding& f : findings) worst = std::max(worst, f.severity);
    return worst;
  }
};

Finding graded(double value, const GradeThresholds& thresholds, std::string text) {
  const Grade grade = value >= thresholds.poor   ? Grade::Poor
                      : value >= thresholds.care ? Grade::UsableWithCare
                                                 : Grade::Good;
  return {grade, value / thresholds.poor, std::move(text)};
}

// `decimals` decimals, never a negative zero ("-0.00").
std::string fixed(double value, int decimals) {
  char buffer[512];  // any double in fixed notation with 12 decimals
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  const std::string text = buffer;
  return text.find_first_not_of("-0.") == std::string::npos ? text.substr(text[0] == '-' ? 1 : 0) : text;
}

std::string trimmed_fixed(double value, int decimals) {
  std::string text = fixed(value, decimals);
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  return text;
}

// A correlation or a distance: two decimals, always ("0.05", "1.00").
std::string two_decimals(double value) { return fixed(value, 2); }

// A share of rows as a percentage: whole from 10% on, else two significant digits ("3%", "0.52%").
std::string percent(double share) {
  const double value = share * 100;
  if (value >= 10) return trimmed_fixed(value, 0) + "%";
  if (value <= 0) return "0%";
  const int decimals = std::max(0, 1 - static_cast<int>(std::floor(std::log10(value))));
  return trimmed_fixed(value, decimals) + "%";
}

// A value in a column's units, to a tenth of the order of magnitude of its real spread, with the
// same decimals on both sides of a comparison ("2.1 vs 1.0").
std::string in_units(double value, double spread) {
  const int decimals = spread > 0 ? std::max(0, 1 - static_cast<int>(std::floor(std::log10(spread)))) : 2;
  return fixed(value, std::min(decimals, 12));
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// "a", "a and b", "a, b and c", "a, b, c and 2 more".
std::string names_text(const std::vector<std::string>& names, size_t at_most) {
  const size_t shown = std::min(names.size(), at_most);
  std::string text;
  for (size_t i = 0; i < shown; ++i) {
    if (i > 0) text += (i + 1 == shown && shown == names.size()) ? " and " : ", ";
    text += names[i];
  }
  if (shown < names.size()) text += " and " + std::to_string(names.size() - shown) + " more";
  return text;
}

std::string counted(size_t count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

void check_categories(const Column& column, const std::vector<uint32_t>& real, const std::vector<uint32_t>& synthetic,
                      int levels, const GradeThresholds& thresholds, ColumnChecks& out) {
  out.checked.push_back("categories");
  const CategoriesLost lost = categories_lost(real, synthetic, levels);
  if (lost.lost_levels.empty()) return;
  const std::vector<std::string> labels = level_labels(column);
  const int missing_level = column.nullable ? levels - 1 : -1;
  const double rows = static_cast<double>(lost.real_rows);
  std::vector<std::pair<size_t, size_t>> categories;  // (real rows, level), largest first
  size_t missing_rows = 0;
  for (size_t i = 0; i < lost.lost_levels.size(); ++i) {
    if (lost.lost_levels[i] == missing_level) {
      missing_rows = lost.lost_level_rows[i];
    } else {
      categories.emplace_back(lost.lost_level_rows[i], static_cast<size_t>(lost.lost_levels[i]));
    }
  }
  std::stable_sort(categories.begin(), categories.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> parts;
  if (!categories.empty()) {
    const bool missing_seen = missing_level >= 0 && std::count(real.begin(), real.end(), uint32_t(missing_level)) > 0;
    const size_t real_categories = lost.real_levels - (missing_seen ? 1 : 0);
    std::string text = std::to_string(categories.size()) + " of its " +
                       counted(real_categories, "category", "categories") +
                       (categories.size() == 1 ? " never appears" : " never appear") + " in the synthetic table: ";
    const size_t shown = std::min(categories.size(), kLostCategoriesNamed);
    for (size_t i = 0; i < shown; ++i) {
      if (i > 0) text += (i + 1 == shown && shown == categories.size()) ? " and " : ", ";
      text += quoted(labels[categories[i].second]) + " (" + percent(double(categories[i].first) / rows) +
              (i == 0 ? " of real rows)" : ")");
    }
    if (shown < categories.size()) {
      size_t rest = 0;
      for (size_t i = shown; i < categories.size(); ++i) rest += categories[i].first;
      text += " and " + std::to_string(categories.size() - shown) + " more (" + percent(double(rest) / rows) +
              " of real rows together)";
    }
    parts.push_back(text);
  }
  if (missing_rows > 0) {
    parts.push_back(std::string(categories.empty() ? "its" : "and its") + " missing values (" +
                    percent(double(missing_rows) / rows) + " of real rows) never appear in the synthetic table");
  }
  std::string text = parts[0];
  if (parts.size() > 1) text += "; " + parts[1];
  Finding finding = graded(lost.lost_share(), thresholds, text);
  if (finding.grade == Grade::Good) finding.text += ", too few rows to lower the grade";
  out.findings.push_back(std::move(finding));
}

void check_distance(double tv, const GradeThresholds& thresholds, ColumnChecks& out) {
  out.checked.push_back("distribution");
  if (tv < thresholds.care) return;
  out.findings.push_back(graded(tv, thresholds,
                                "its distribution is off: " + percent(tv) +
                                    " of its values would have to change to match the real one (1-way distance " +
                                    two_decimals(tv) + ")"));
}

std::optional<double> number_at(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_number()) return std::nullopt;
  return object[key].get<double>();
}

// A side's statistic as the report states it: ISO 8601 text for dates and times, else the number.
std::string statistic_text(const Json& side, const char* key, double value, double spread) {
  if (side.contains("text") && side["text"].contains(key)) return side["text"][key].get<std::string>();
  return in_units(value, spread);
}

void check_numeric(const Json& entry, const VerdictThresholds& thresholds, ColumnChecks& out) {
  const Json& real = entry["real"];
  const Json& synthetic = entry["synthetic"];
  const std::optional<double> real_mean = number_at(real, "mean"), real_sd = number_at(real, "standardDeviation");
  if (!real_mean || !real_sd) return;  // no real value to compare with
  if (!number_at(synthetic, "mean")) {
    out.findings.push_back({Grade::Poor, 2, "no synthetic row has a value in it"});
    return;
  }
  const std::string step = entry.contains("step") ? " " + entry["step"].get<std::string>() + "s" : "";
  const Json& rq = real["quantiles"];
  const Json& sq = synthetic["quantiles"];
  const double iqr = *number_at(rq, "p75") - *number_at(rq, "p25");
  const bool by_iqr = iqr > 0;
  const double spread = by_iqr ? iqr : *real_sd;
  if (spread > 0) {
    out.checked.push_back("median and quartiles");
    const std::string context = by_iqr ? "the middle half of the real values spans " + in_units(iqr, spread) + step
                                       : "real standard deviation " + in_units(*real_sd, spread) + step;
    static const std::pair<const char*, const char*> kQuantiles[] = {
        {"p50", "median"}, {"p25", "lower quartile"}, {"p75", "upper quartile"}};
    double worst = -1;
    const char* worst_key = nullptr;
    const char* worst_name = nullptr;
    for (const auto& [key, name] : kQuantiles) {
      const std::optional<double> r = number_at(rq, key), s = number_at(sq, key);
      if (!r || !s) continue;
      const double shift = std::fabs(*s - *r) / spread;
      if (shift > worst) worst = shift, worst_key = key, worst_name = name;
    }
    if (worst_key && worst >= thresholds.quantile_shift.care) {
      const double r = *number_at(rq, worst_key), s = *number_at(sq, worst_key);
      out.findings.push_back(graded(worst, thresholds.quantile_shift,
                                    std::string(worst_name) + " " + statistic_text(synthetic, worst_key, s, spread) +
                                        " vs " + statistic_text(real, worst_key, r, spread) + " in the real data (" +
                                        context + ")"));
    }
  }
  if (*real_sd > 0) {
    out.checked.push_back("mean");
    const double s = *number_at(synthetic, "mean");
    const double shift = std::fabs(s - *real_mean) / *real_sd;
    if (shift >= thresholds.mean_shift.care) {
      out.findings.push_back(graded(shift, thresholds.mean_shift,
                                    "mean " + statistic_text(synthetic, "mean", s, *real_sd) + " vs " +
                                        statistic_text(real, "mean", *real_mean, *real_sd) +
                                        " in the real data (real standard deviation " + in_units(*real_sd, *real_sd) +
                                        step + ")"));
    }
  }
}

// Each pair of numeric columns whose correlation changed: a reason of both columns.
void check_correlations(const Json& correlation, const GradeThresholds& thresholds,
                        std::map<std::string, ColumnChecks*>& by_name) {
  const std::vector<std::string> names = correlation["columns"].get<std::vector<std::string>>();
  std::map<std::string, std::vector<Finding>> changed;
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = 0; j < names.size(); ++j) {
      if (i == j) continue;
      const Json& r = correlation["real"][i][j];
      const Json& s = correlation["synthetic"][i][j];
      if (!r.is_number() || !s.is_number()) continue;
      if (by_name.count(names[i])) {
        std::vector<std::string>& checked = by_name[names[i]]->checked;
        if (std::find(checked.begin(), checked.end(), "correlations") == checked.end()) {
          checked.push_back("correlations");
        }
      }
      const double change = std::fabs(r.get<double>() - s.get<double>());
      if (change < thresholds.care) continue;
      changed[names[i]].push_back(graded(change, thresholds,
                                         "its correlation with " + names[j] + " was " + two_decimals(r.get<double>()) +
                                             ", is " + two_decimals(s.get<double>()) + " in the synthetic table"));
    }
  }
  for (auto& [name, findings] : changed) {
    if (!by_name.count(name)) continue;
    std::stable_sort(findings.begin(), findings.end(),
                     [](const Finding& a, const Finding& b) { return a.severity > b.severity; });
    std::vector<Finding>& into = by_name[name]->findings;
    for (size_t k = 0; k < findings.size() && k < kCorrelationsNamed; ++k) into.push_back(findings[k]);
    if (findings.size() > kCorrelationsNamed) {
      Finding rest = findings[kCorrelationsNamed];
      rest.text = std::to_string(findings.size() - kCorrelationsNamed) + " more of its correlations changed by " +
                  two_decimals(thresholds.care) + " or more";
      into.push_back(rest);
    }
  }
}

Json column_json(const ColumnChecks& column) {
  std::vector<Finding> findings = column.findings;
  std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
    return a.grade != b.grade ? a.grade > b.grade : a.severity > b.severity;
  });
  Json reasons = Json::array();
  if (column.grade() == Grade::Good && column.checked.empty()) {
    reasons.push_back("nothing could be compared");
  } else if (column.grade() == Grade::Good) {
    std::string checked;
    for (size_t i = 0; i < column.checked.size(); ++i) checked += (i ? ", " : "") + column.checked[i];
    reasons.push_back("close to the real data in every check made (" + checked + ")");
  }
  for (const Finding& f : findings) reasons.push_back(f.text);
  return {{"column", column.name}, {"grade", grade_name(column.grade())}, {"reasons", reasons}};
}

std::vector<std::string> names_with(const std::vector<ColumnChecks>& columns, Grade grade) {
  std::vector<const ColumnChecks*> chosen;
  for (const ColumnChecks& c : columns) {
    if (c.grade() == grade) chosen.push_back(&c);
  }
  std::stable_sort(chosen.begin(), chosen.end(),
                   [](const ColumnChecks* a, const ColumnChecks* b) { return a->severity() > b->severity(); });
  std::vector<std::string> names;
  for (const ColumnChecks* c : chosen) names.push_back(c->name);
  return names;
}

Json overall_json(const std::vector<ColumnChecks>& columns) {
  const std::vector<std::string> poor = names_with(columns, Grade::Poor);
  const std::vector<std::string> care = names_with(columns, Grade::UsableWithCare);
  const std::string of_all = " of " + counted(columns.size(), "column", "columns");
  std::string reason;
  Grade grade = Grade::Good;
  if (!poor.empty()) {
    grade = Grade::Poor;
    reason = std::to_string(poor.size()) + of_all + (poor.size() == 1 ? " differs" : " differ") +
             " a lot from the real data: " + names_text(poor, kColumnsNamed);
    if (!care.empty()) {
      reason += "; " + std::to_string(care.size()) + (care.size() == 1 ? " more needs" : " more need") +
                " care: " + names_text(care, kColumnsNamed);
    }
    reason += std::string(". Results that rest on ") + (poor.size() == 1 ? "it" : "them") +
              " are unlikely to hold in the real data.";
  } else if (!care.empty()) {
    grade = Grade::UsableWithCare;
    reason = std::to_string(care.size()) + of_all + (care.size() == 1 ? " needs" : " need") +
             " care: " + names_text(care, kColumnsNamed) + ".";
    if (care.size() < columns.size()) reason += " The other columns are close to the real data.";
  } else {
    reason = columns.size() == 1
                 ? "The column is close to the real data in every check made."
                 : "All " + std::to_string(columns.size()) + " columns are close to the real data in every check made.";
  }
  return {{"grade", grade_name(grade)}, {"reason", reason}};
}

}  // namespace

const char* grade_name(Grade grade) {
  switch (grade) {
    case Grade::Good: return "good";
    case Grade::UsableWithCare: return "usable-with-care";
    case Grade::Poor: return "poor";
  }
  return "poor";
}

Json verdict_json(const VerdictInputs& in) {
  const VerdictThresholds& t = in.thresholds;
  std::vector<ColumnChecks> columns(in.columns.size());
  std::map<std::string, ColumnChecks*> by_name;
  for (size_t c = 0; c < in.columns.size(); ++c) {
    columns[c].name = in.columns[c].name;
    by_name[in.columns[c].name] = &columns[c];
  }
  for (const MarginalDistance& d : in.one_way) {
    if (d.columns.size() == 1) check_distance(d.total_variation, t.one_way_tv, columns[size_t(d.columns[0])]);
  }
  for (size_t c = 0; c < in.columns.size(); ++c) {
    if (in.columns[c].kind != ColumnKind::Categorical) continue;
    check_categories(in.columns[c], in.real_codes.codes[c], in.synthetic_codes.codes[c], in.real_codes.levels[c],
                     t.lost_share, columns[c]);
  }
  Json verdict = Json::object();
  if (in.fidelity) {
    for (const Json& entry : (*in.fidelity)["numeric"]) {
      const auto found = by_name.find(entry["column"].get<std::string>());
      if (found != by_name.end()) check_numeric(entry, t, *found->second);
    }
    if (in.fidelity->contains("correlation"))
      check_correlations((*in.fidelity)["correlation"], t.correlation_change, by_name);
  } else {
    verdict["note"] =
        "medians, quartiles, means and correlations were not compared (this report has no fidelity section): only "
        "each column's distribution and categories";
  }
  Json list = Json::array();
  for (const ColumnChecks& column : columns) list.push_back(column_json(column));
  verdict["overall"] = overall_json(columns);
  verdict["columns"] = list;
  return verdict;
}

}  // namespace privsynth
