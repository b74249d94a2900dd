#include "report/kernel_report.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "report/kernel_metrics.hpp"

namespace privsynth {
namespace {

bool has_every_column(const std::vector<std::vector<double>>& columns, size_t count) {
  if (columns.size() != count || count == 0) return false;
  return std::all_of(columns.begin(), columns.end(),
                     [&](const std::vector<double>& c) { return c.size() == columns[0].size(); }) &&
         !columns[0].empty();
}

// At most `limit` rows, drawn uniformly without replacement (a partial Fisher-Yates shuffle).
WeightedPoints sample_points(const std::vector<std::vector<double>>& columns, size_t limit, RandomSource& random) {
  const size_t rows = columns[0].size();
  std::vector<size_t> order(rows);
  std::iota(order.begin(), order.end(), size_t{0});
  const size_t kept = std::min(rows, limit);
  if (kept < rows) {
    for (size_t i = 0; i < kept; ++i) std::swap(order[i], order[i + random.uniform_below(rows - i)]);
  }
  WeightedPoints points;
  points.dimension = columns.size();
  points.coordinates.reserve(kept * columns.size());
  for (size_t i = 0; i < kept; ++i) {
    for (const std::vector<double>& column : columns) points.coordinates.push_back(column[order[i]]);
  }
  return points;
}

bool has_missing_value(const std::vector<double>& values) {
  return std::any_of(values.begin(), values.end(), [](double x) { return std::isnan(x); });
}

bool has_missing_value(const std::vector<std::vector<double>>& columns) {
  return std::any_of(columns.begin(), columns.end(),
                     [](const std::vector<double>& values) { return has_missing_value(values); });
}

// A missing value (NaN) is no coordinate: a column with one on either side gets a presence
// coordinate (1: missing) beside it and its missing values sit at 0, as space partitioning places
// them (data/space_layout.hpp). Returns the number of presence coordinates.
size_t with_presence_coordinates(std::vector<std::vector<double>>& real, std::vector<std::vector<double>>& synthetic) {
  const size_t columns = real.size();
  size_t added = 0;
  for (size_t c = 0; c < columns; ++c) {
    if (!has_missing_value(real[c]) && !has_missing_value(synthetic[c])) continue;
    for (auto* side : {&real, &synthetic}) {
      std::vector<double>& values = (*side)[c];
      std::vector<double> presence(values.size());
      for (size_t row = 0; row < values.size(); ++row) {
        presence[row] = std::isnan(values[row]) ? 1.0 : 0.0;
        if (presence[row] > 0) values[row] = 0;
      }
      side->push_back(std::move(presence));
    }
    ++added;
  }
  return added;
}

std::optional<nlohmann::json> kernel_report_of(const std::vector<std::vector<double>>& real,
                                               const std::vector<std::vector<double>>& synthetic, size_t presence,
                                               RandomSource& random) {
  const size_t d = real.size();
  const double gamma = 50.0 / static_cast<double>(d);  // 1 / (2 sigma^2), sigma = 0.1 sqrt(d)
  const WeightedPoints p = sample_points(real, kKernelReportPoints, random);
  const WeightedPoints q = sample_points(synthetic, kKernelReportPoints, random);
  nlohmann::json out = {
      {"space", presence == 0 ? "the numeric columns scaled to [0, 1] by the schema's public bounds"
                              : "the numeric columns scaled to [0, 1] by the schema's public bounds, and a presence "
                                "coordinate (1: missing) for each column with missing values (" +
                                    std::to_string(presence) + "), whose missing values sit at 0"},
      {"kernel", "exp(-gamma |x - y|^2), sigma = 0.1 sqrt(d)"},
      {"gamma", gamma},
      {"realPoints", p.size()},
      {"syntheticPoints", q.size()},
      {"pointsNote", "at most " + std::to_string(kKernelReportPoints) + " records of each side, drawn at random"}};
  const Result<MmdResult> mmd = mmd_auto(p, q, gamma, random, kKernelReportFeatures);
  if (mmd.is_ok()) {
    out["mmd"] = mmd.value().value;
    out["mmdMethod"] = mmd_method_name(mmd.value().method);
    if (mmd.value().method == MmdMethod::RandomFourierFeatures) {
      out["mmdStandardError"] = mmd.value().standard_error;
      out["randomFeatures"] = mmd.value().features;
    }
  } else {
    out["mmdError"] = mmd.status().message();
  }
  if (d <= 2) {
    KdeGrid grid;
    grid.points_per_axis = d == 1 ? 1000 : 200;
    grid.lower.assign(d, 0.0);
    grid.upper.assign(d, 1.0);
    if (d == 1) {
      const Result<double> sup = kde_sup_distance(p, q, gamma, grid);
      if (sup.is_ok()) out["kdeSupDistance"] = sup.value();
    } else {
      // Exact needs G^2 (n + m) multiply-adds, seconds at 100,000 points a side; binned on 1024^2
      // nodes it is an order of magnitude faster and within a stated bound of it
      // (docs/measured-defaults.md).
      const Result<BinnedKdeSup> sup = kde_sup_distance_binned(p, q, gamma, grid, kKernelReportBins);
      if (sup.is_ok()) {
        out["kdeSupDistance"] = sup.value().value;
        out["kdeSupBinningError"] = sup.value().error_bound;
      }
    }
    if (out.contains("kdeSupDistance")) {
      out["kdeSupNote"] =
          d == 1 ? "max over a grid of [0, 1] of |KD_real - KD_synthetic|, KD_P(x) = mean k(x, p)"
                 : "max over a 200 x 200 grid of [0, 1]^2 of |KD_real - KD_synthetic|, KD_P(x) = mean k(x, p), both "
                   "sets linearly binned onto 1024 x 1024 nodes (within kdeSupBinningError of the unbinned value)";
    }
  }
  return out;
}

}  // namespace

std::optional<nlohmann::json> kernel_report_json(const std::vector<std::vector<double>>& real,
                                                 const std::vector<std::vector<double>>& synthetic,
                                                 RandomSource& random) {
  if (!has_every_column(real, real.size()) || !has_every_column(synthetic, real.size())) return std::nullopt;
  if (!has_missing_value(real) && !has_missing_value(synthetic)) return kernel_report_of(real, synthetic, 0, random);
  std::vector<std::vector<double>> real_points = real,
                                   synthetic_points = synthetic;  // copies: only with missing values
  const size_t presence = with_presence_coordinates(real_points, synthetic_points);
  return kernel_report_of(real_points, synthetic_points, presence, random);
}

}  // namespace privsynth
