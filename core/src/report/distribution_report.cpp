#include "report/distribution_report.hpp"

#include <algorithm>

#include "base/number_text.hpp"
#include "data/binning.hpp"
#include "data/time_text.hpp"
#include "statistics/workload.hpp"

namespace privsynth {

namespace {

// "2019-01-01–03-31": the last step without the leading fields it shares with the first (whole
// fields only: up to a "-", "T" or ":"), so that a bin's label stays short on a plot's axis.
std::string time_range_label(const std::string& first, const std::string& last) {
  size_t shared = 0;
  for (size_t i = 0; i < std::min(first.size(), last.size()) && first[i] == last[i]; ++i) {
    if (first[i] == '-' || first[i] == 'T' || first[i] == ':') shared = i + 1;
  }
  return first + "–" + last.substr(shared);
}

}  // namespace

std::vector<std::string> level_labels(const Column& column) {
  std::vector<std::string> labels;
  if (column.kind == ColumnKind::Categorical) {
    for (const Category& category : column.categories) labels.push_back(category.label);
  } else {
    for (int bin = 0; bin < column.bins; ++bin) {
      if (column.integer) {
        // A bin by its first and last whole numbers (a date or time column's steps in ISO 8601).
        // Its common values at either end are levels of their own, so not in its label.
        WholeNumberRange range = whole_numbers_in_bin(column, bin);
        while (range.first < range.last && is_common_value(column, range.first)) range.first += 1;
        while (range.last > range.first && is_common_value(column, range.last)) range.last -= 1;
        const std::string first = column_value_text(column, range.first);
        const std::string last = column_value_text(column, range.last);
        labels.push_back(range.first == range.last ? first
                         : column.time             ? time_range_label(first, last)
                                                   : first + "–" + last);
      } else {
        labels.push_back("[" + format_number(bin_lower(column, bin)) + ", " + format_number(bin_upper(column, bin)) +
                         (bin + 1 == column.bins ? "]" : ")"));
      }
    }
    for (double value : column.common_values) labels.push_back("= " + column_value_text(column, value));
  }
  if (column.nullable) labels.push_back("missing");
  return labels;
}

nlohmann::json distribution_report_json(const std::vector<Column>& columns, const EncodedTable& real,
                                        const EncodedTable& synthetic, const std::vector<MarginalDistance>& two_way,
                                        const DistributionReportLimits& limits) {
  nlohmann::json one_way = nlohmann::json::array();
  for (size_t c = 0; c < columns.size(); ++c) {
    one_way.push_back({{"column", columns[c].name},
                       {"levels", level_labels(columns[c])},
                       {"real", marginal_frequencies(real, {int(c)})},
                       {"synthetic", marginal_frequencies(synthetic, {int(c)})}});
  }
  std::vector<const MarginalDistance*> worst;
  for (const MarginalDistance& pair : two_way) {
    const size_t cells = size_t(real.levels[size_t(pair.columns[0])]) * size_t(real.levels[size_t(pair.columns[1])]);
    if (cells <= limits.pair_cells) worst.push_back(&pair);
  }
  std::stable_sort(worst.begin(), worst.end(), [](const MarginalDistance* a, const MarginalDistance* b) {
    return a->total_variation > b->total_variation;
  });
  if (worst.size() > limits.pairs) worst.resize(limits.pairs);
  nlohmann::json pairs = nlohmann::json::array();
  for (const MarginalDistance* pair : worst) {
    const Column& first = columns[size_t(pair->columns[0])];
    const Column& second = columns[size_t(pair->columns[1])];
    pairs.push_back({{"columns", {first.name, second.name}},
                     {"rowLevels", level_labels(first)},
                     {"columnLevels", level_labels(second)},
                     {"real", marginal_frequencies(real, pair->columns)},
                     {"synthetic", marginal_frequencies(synthetic, pair->columns)},
                     {"tv", pair->total_variation}});
  }
  return {{"oneWay", one_way}, {"twoWay", pairs}};
}

}  // namespace privsynth
