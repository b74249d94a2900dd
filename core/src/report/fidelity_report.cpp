#include "report/fidelity_report.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "base/number_text.hpp"
#include "base/random.hpp"
#include "data/time_text.hpp"
#include "report/categories_lost.hpp"
#include "report/distribution_report.hpp"
#include "report/numeric_fidelity.hpp"
#include "report/reservoir.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

// The synthetic rows measured: all of them, or a uniform sample drawn with a fixed seed of its own
// (never the run's randomness), as for the real side.
constexpr uint64_t kSyntheticSampleSeed = 20240935;
constexpr size_t kMaxLostCategoriesNamed = 20;

Json number_or_null(double value) { return std::isfinite(value) ? Json(value) : Json(nullptr); }
Json number_or_null(const std::optional<double>& value) { return value ? Json(*value) : Json(nullptr); }

std::vector<size_t> synthetic_rows_measured(size_t rows, size_t capacity) {
  std::vector<size_t> chosen(std::min(rows, capacity));
  SeededTestRandom random(kSyntheticSampleSeed);
  for (size_t row = 0; row < rows; ++row) {
    if (const std::optional<size_t> slot = reservoir_slot(row, capacity, random)) chosen[*slot] = row;
  }
  return chosen;
}

std::string quantile_name(double q) { return "p" + format_number(std::round(q * 100)); }

std::vector<double> present_sorted(const std::vector<double>& values) {
  std::vector<double> present;
  for (double v : values) {
    if (!std::isnan(v)) present.push_back(v);
  }
  std::sort(present.begin(), present.end());
  return present;
}

// Mean, standard deviation and quantiles of one side's present values (null when there are none),
// and for a date or time column the same as text in ISO 8601.
void add_distribution(Json& side, const std::vector<double>& sorted, const Column& column) {
  Json quantiles = Json::object(), text = Json::object();
  if (sorted.empty()) {
    side["mean"] = side["standardDeviation"] = nullptr;
    for (double q : kFidelityQuantiles) quantiles[quantile_name(q)] = nullptr;
    side["quantiles"] = quantiles;
    return;
  }
  const ValueMoments moments = value_moments(sorted);
  side["mean"] = moments.mean;
  side["standardDeviation"] = moments.standard_deviation;
  for (double q : kFidelityQuantiles) {
    const double value = sorted_quantile(sorted, q);
    quantiles[quantile_name(q)] = value;
    if (column.time) text[quantile_name(q)] = column_value_text(column, std::floor(value));
  }
  side["quantiles"] = quantiles;
  if (!column.time) return;
  text["mean"] = column_value_text(column, std::floor(moments.mean));
  for (const char* bound : {"min", "max"}) {
    if (side[bound].is_number()) text[bound] = column_value_text(column, side[bound].get<double>());
  }
  side["text"] = text;
}

struct NumericSides {
  std::vector<std::vector<double>> real, synthetic;  // per numeric column, one value per measured row
};

Json numeric_column_json(const Column& column, const RealColumnCounts& counts, const std::vector<double>& real,
                         const std::vector<double>& synthetic_all, const std::vector<double>& synthetic_measured) {
  Json entry = {{"column", column.name}};
  if (column.time) entry["step"] = granularity_name(column.time->granularity);
  Json real_side = {{"values", counts.values},          {"missing", counts.missing},
                    {"unparsable", counts.unparsable},  {"belowMin", counts.below_min},
                    {"aboveMax", counts.above_max},     {"min", number_or_null(counts.min)},
                    {"max", number_or_null(counts.max)}};
  size_t synthetic_values = 0;
  double synthetic_min = std::nan(""), synthetic_max = std::nan("");
  for (double v : synthetic_all) {
    if (std::isnan(v)) continue;
    synthetic_min = synthetic_values ? std::min(synthetic_min, v) : v;
    synthetic_max = synthetic_values ? std::max(synthetic_max, v) : v;
    ++synthetic_values;
  }
  Json synthetic_side = {{"values", synthetic_values},
                         {"missing", synthetic_all.size() - synthetic_values},
                         {"min", number_or_null(synthetic_min)},
                         {"max", number_or_null(synthetic_max)}};
  const std::vector<double> real_sorted = present_sorted(real), synthetic_sorted = present_sorted(synthetic_measured);
  add_distribution(real_side, real_sorted, column);
  add_distribution(synthetic_side, synthetic_sorted, column);
  entry["real"] = real_side;
  entry["synthetic"] = synthetic_side;
  entry["wasserstein1"] = entry["wasserstein1Normalized"] = nullptr;
  if (real_sorted.empty() || synthetic_sorted.empty()) return entry;
  const double distance = wasserstein1_sorted(real_sorted, synthetic_sorted);
  const double range = sorted_quantile(real_sorted, 0.99) - sorted_quantile(real_sorted, 0.01);
  entry["wasserstein1"] = distance;
  if (range > 0) entry["wasserstein1Normalized"] = distance / range;
  return entry;
}

Json matrix_json(const std::vector<std::vector<std::optional<double>>>& matrix) {
  Json rows = Json::array();
  for (const auto& row : matrix) {
    Json cells = Json::array();
    for (const std::optional<double>& cell : row) cells.push_back(number_or_null(cell));
    rows.push_back(cells);
  }
  return rows;
}

Json correlation_json(const std::vector<std::string>& names, const NumericSides& sides) {
  const auto real = correlation_matrix(sides.real), synthetic = correlation_matrix(sides.synthetic);
  double sum = 0, worst = -1;
  size_t compared = 0, undefined = 0;
  Json worst_pair = nullptr;
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = i + 1; j < names.size(); ++j) {
      if (!real[i][j] || !synthetic[i][j]) {
        ++undefined;
        continue;
      }
      const double difference = std::fabs(*real[i][j] - *synthetic[i][j]);
      sum += difference;
      ++compared;
      if (difference > worst) {
        worst = difference;
        worst_pair = {names[i], names[j]};
      }
    }
  }
  return {{"columns", names},
          {"real", matrix_json(real)},
          {"synthetic", matrix_json(synthetic)},
          {"meanAbsDifference", compared ? Json(sum / static_cast<double>(compared)) : Json(nullptr)},
          {"maxAbsDifference", compared ? Json(worst) : Json(nullptr)},
          {"worstPair", worst_pair},
          {"pairsCompared", compared},
          {"pairsUndefined", undefined}};
}

Json categories_lost_json(const FidelityInputs& in) {
  Json list = Json::array();
  for (size_t c = 0; c < in.columns.size(); ++c) {
    const Column& column = in.columns[c];
    if (column.kind != ColumnKind::Categorical) continue;
    const CategoriesLost lost =
        categories_lost(in.real_codes.codes[c], in.synthetic_codes.codes[c], in.real_codes.levels[c]);
    const std::vector<std::string> labels = level_labels(column);
    Json named = Json::array();
    for (size_t i = 0; i < lost.lost_levels.size() && i < kMaxLostCategoriesNamed; ++i) {
      named.push_back(labels[static_cast<size_t>(lost.lost_levels[i])]);
    }
    list.push_back({{"column", column.name},
                    {"realRows", lost.real_rows},
                    {"lostRows", lost.lost_rows},
                    {"lostShare", lost.lost_share()},
                    {"lostCategoryCount", lost.lost_levels.size()},
                    {"lostCategories", named}});
  }
  return list;
}

}  // namespace

Json fidelity_report_json(const FidelityInputs& in) {
  const RealValueSample& real = in.real_values;
  const size_t synthetic_rows = in.synthetic.empty() ? 0 : in.synthetic_codes.rows;
  const std::vector<size_t> measured = synthetic_rows_measured(synthetic_rows, real.capacity());
  NumericSides sides;
  std::vector<std::string> names;
  Json numeric = Json::array();
  for (size_t k = 0; k < real.columns().size(); ++k) {
    const size_t c = static_cast<size_t>(real.columns()[k]);
    const std::vector<double>& synthetic_all = in.synthetic[c].numbers;
    std::vector<double> synthetic_measured;
    synthetic_measured.reserve(measured.size());
    for (size_t row : measured) synthetic_measured.push_back(synthetic_all[row]);
    sides.real.push_back(real.sample_column(k));
    numeric.push_back(
        numeric_column_json(in.columns[c], real.counts()[k], sides.real.back(), synthetic_all, synthetic_measured));
    sides.synthetic.push_back(std::move(synthetic_measured));
    names.push_back(in.columns[c].name);
  }
  const bool sampled = real.sampled() || measured.size() < synthetic_rows;
  Json report = {
      {"realValues",
       "numeric values as read: before clamping into the schema's bounds and before binning, over every row read, the "
       "rows left out included; missing and unreadable cells are counted, not measured"},
      {"rows",
       {{"realRead", real.rows_read()},
        {"realSample", real.sample_rows()},
        {"synthetic", synthetic_rows},
        {"syntheticSample", measured.size()},
        {"sampled", sampled}}},
      {"numeric", numeric},
      {"categoriesLost", categories_lost_json(in)}};
  if (sampled) {
    report["sampleNote"] =
        "quantiles, means, standard deviations, Wasserstein-1 distances and correlations are measured on a uniform "
        "random sample of rows of each table (rows.realSample of rows.realRead, rows.syntheticSample of "
        "rows.synthetic); counts, min and max on every row";
  }
  if (names.size() >= 2) report["correlation"] = correlation_json(names, sides);
  return report;
}

}  // namespace privsynth
