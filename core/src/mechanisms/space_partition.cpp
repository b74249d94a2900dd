#include "privsynth/mechanisms/space_partition.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "privsynth/noise.hpp"
#include "privsynth/number_text.hpp"
#include "privsynth/space/grid_partition.hpp"
#include "privsynth/unit_codes.hpp"

namespace privsynth {
namespace {

constexpr uint32_t kMaxCellsPerAxis = 1u << 20;

Status cancelled() { return Status::error(ErrorCode::Cancelled, "cancelled"); }

// Each chosen column's levels, with 0 for the numeric axes (they are cut in unit scale).
std::vector<int> axis_levels(const MechanismContext& context) {
  std::vector<int> levels = context.table.levels;
  for (size_t c = 0; c < levels.size(); ++c) {
    const bool numeric = context.unit_values && c < context.unit_values->size() && !(*context.unit_values)[c].empty();
    if (numeric) levels[c] = 0;
  }
  return levels;
}

std::vector<SpaceAxis> axes_of(const std::vector<int>& levels) {
  std::vector<SpaceAxis> axes;
  for (int level : levels) axes.push_back(level > 0 ? SpaceAxis{true, level} : SpaceAxis{false, 0});
  return axes;
}

// k records from the released bins: a bin with probability proportional to its count, then a
// point uniform inside it (spec/algorithms.md §4, "synthetic data from released cells").
void draw_records(const std::vector<SpaceBin>& bins, const std::vector<int>& levels, size_t k, RandomSource& random,
                  MechanismOutput& output, const std::vector<int>& table_levels) {
  std::vector<double> cumulative(bins.size());
  double total = 0;
  for (size_t i = 0; i < bins.size(); ++i) cumulative[i] = total += bins[i].weight;
  std::vector<std::vector<double>> unit(levels.size(), std::vector<double>(k));
  std::vector<std::vector<uint32_t>> codes(levels.size(), std::vector<uint32_t>(k));
  for (size_t row = 0; row < k; ++row) {
    const double target = random.uniform_unit() * total;
    const size_t chosen = std::min(bins.size() - 1, static_cast<size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), target) -
                                                                        cumulative.begin()));
    const SpaceBin& bin = bins[chosen];
    for (size_t axis = 0; axis < levels.size(); ++axis) {
      if (levels[axis] > 0) {
        codes[axis][row] = static_cast<uint32_t>(bin.low[axis]);
      } else {
        unit[axis][row] = std::min(1.0, bin.low[axis] + (bin.high[axis] - bin.low[axis]) * random.uniform_unit());
      }
    }
  }
  output.synthetic = bin_unit_points(table_levels, unit, k);
  for (size_t axis = 0; axis < levels.size(); ++axis) {
    if (levels[axis] > 0) {
      output.synthetic.codes[axis] = std::move(codes[axis]);
      output.synthetic_unit_values.emplace_back();
    } else {
      output.synthetic_unit_values.push_back(std::move(unit[axis]));
    }
  }
}

}  // namespace

Result<SpacePartitionOptions> read_space_partition_options(OptionReader& reader, double epsilon) {
  SpacePartitionOptions options;
  options.epsilon = epsilon;
  std::string partition = "grid";
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("partition", partition));
  if (partition != "grid") {
    return Status::error(ErrorCode::InvalidArgument, "option \"partition\" must be \"grid\", not \"" + partition + "\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("countBudgetFraction", options.count_budget_fraction, 0.001, 0.5));
  if (reader.has("gridCells")) {
    long long cells = 0;
    PRIVSYNTH_RETURN_IF_ERROR(reader.integer("gridCells", cells, 1, kMaxCellsPerAxis));
    options.grid_cells = static_cast<uint32_t>(cells);
  }
  if (reader.has("threshold")) {
    long long threshold = 0;
    PRIVSYNTH_RETURN_IF_ERROR(reader.integer("threshold", threshold, 1, 1'000'000'000));
    options.threshold = threshold;
  }
  if (reader.has("syntheticRows")) {
    long long rows = 0;
    PRIVSYNTH_RETURN_IF_ERROR(reader.integer("syntheticRows", rows, 1, 10'000'000));
    options.synthetic_rows = static_cast<size_t>(rows);
  }
  return options;
}

Result<GridPlan> plan_grid(const SpacePartitionOptions& options, const std::vector<int>& axis_levels, double n) {
  GridPlan plan;
  plan.count_epsilon = options.epsilon * options.count_budget_fraction;
  plan.cell_epsilon = options.epsilon - plan.count_epsilon;
  Result<RationalScale> count_scale = rational_scale_at_least(1.0 / plan.count_epsilon);
  Result<RationalScale> cell_scale = rational_scale_at_least(1.0 / plan.cell_epsilon);
  if (!count_scale.is_ok()) return count_scale.status();
  if (!cell_scale.is_ok()) return cell_scale.status();
  plan.count_scale = count_scale.value().value();
  plan.cell_scale = cell_scale.value().value();
  double categorical_cells = 1;
  size_t numeric_axes = 0;
  for (int level : axis_levels) {
    if (level > 0) categorical_cells *= level;
    else ++numeric_axes;
  }
  if (options.grid_cells) {
    plan.cells_per_axis = *options.grid_cells;
  } else if (numeric_axes > 0) {
    // Theorem 3 asks (R/w)^d < eps n / (4 log(1/delta)); with delta = 1/n the grid has at most
    // eps n / (4 ln n) cells, shared here with the categorical cells.
    const double records = std::max(n, 3.0);
    const double budget_cells = plan.cell_epsilon * records / (4 * std::log(records)) / categorical_cells;
    const double per_axis = std::floor(std::pow(std::max(1.0, budget_cells), 1.0 / static_cast<double>(numeric_axes)));
    plan.cells_per_axis = static_cast<uint32_t>(std::clamp(per_axis, 1.0, static_cast<double>(kMaxCellsPerAxis)));
  }
  plan.cells = 1;
  for (int level : axis_levels) plan.cells *= level > 0 ? level : plan.cells_per_axis;
  // With t = ceil(b ln J) the J empty cells release at most J a^t / (1 + a) <= 1/2 of them in expectation.
  plan.threshold = options.threshold ? *options.threshold
                                     : std::max<int64_t>(1, static_cast<int64_t>(std::ceil(plan.cell_scale * std::log(std::max(plan.cells, 2.0)))));
  return plan;
}

Result<MechanismOutput> run_space_partition(const MechanismContext& context, const SpacePartitionOptions& options) {
  const std::vector<int> levels = axis_levels(context);
  if (!keep_going(context.progress, Phase::Measure, 0, "noisy record count")) return cancelled();
  // The noisy record count: for the grid's defaults and the number of synthetic records.
  Result<GridPlan> rough = plan_grid(options, levels, 3);
  if (!rough.is_ok()) return rough.status();
  const RationalScale count_scale = rational_scale_at_least(1.0 / rough.value().count_epsilon).value();
  PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
      {"noisy record count", "discrete Laplace", rough.value().count_epsilon, 1.0, count_scale.value()}));
  const double noisy_count = static_cast<double>(context.table.rows) + static_cast<double>(sample_discrete_laplace(context.random, count_scale));

  Result<GridPlan> planned = plan_grid(options, levels, noisy_count);
  if (!planned.is_ok()) return planned.status();
  const GridPlan& plan = planned.value();
  GridSettings settings;
  settings.cells_per_axis = plan.cells_per_axis;
  settings.noise = {rational_scale_at_least(1.0 / plan.cell_epsilon).value(), plan.threshold};
  PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
      {"noisy counts of the " + format_number(plan.cells) + " grid cells, released at >= " + std::to_string(plan.threshold),
       "discrete Laplace", plan.cell_epsilon, 1.0, settings.noise.scale.value()}));
  SpacePoints points;
  points.axes = axes_of(levels);
  points.table = &context.table;
  points.unit = context.unit_values;
  if (!keep_going(context.progress, Phase::Measure, 0.5, "noisy cell counts")) return cancelled();
  Result<GridRelease> release = release_grid(points, settings, context.random);
  if (!release.is_ok()) return release.status();
  if (release.value().bins.empty()) {
    return Status::error(ErrorCode::EmptyData, "no grid cell's noisy count reached the threshold t = " +
                                                   std::to_string(plan.threshold) +
                                                   ": use a larger epsilon, fewer cells (\"gridCells\") or a lower \"threshold\"");
  }
  if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
  const size_t k = options.synthetic_rows ? *options.synthetic_rows
                                          : static_cast<size_t>(std::max(0.0, std::round(noisy_count)));
  MechanismOutput output;
  draw_records(release.value().bins, levels, k, context.random, output, context.table.levels);
  double released_weight = 0;
  for (const SpaceBin& bin : release.value().bins) released_weight += bin.weight;
  output.description = {
      {"name", "space-partition"},
      {"title", "Space partitioning: data-independent grid"},
      {"paper", "A. Kreačić, N. Nouri, V. K. Potluru, T. Balch, M. Veloso. Differentially private synthetic data using "
                "KD-trees. UAI 2023; Algorithm 1 with the implicit empty bins of Algorithm 5"},
      {"privacyNote", "docs/privacy/space-partitioning.md"}};
  output.parameters = {
      {"partition", "grid"},
      {"cellsPerNumericAxis", plan.cells_per_axis},
      {"cells", plan.cells},
      {"threshold", plan.threshold},
      {"thresholdNote", options.threshold ? "given" : "ceil(b ln J): at most 1/2 empty cell released in expectation"},
      {"bounds", "the schema's public bounds, scaled to [0, 1] (not the data's min and max, as in the paper's lines 3-4)"},
      {"syntheticRows", k},
      {"budget", {{"total", options.epsilon}, {"recordCount", plan.count_epsilon}, {"cells", plan.cell_epsilon},
                  {"composition", "basic (sequential) composition"}}}};
  output.released = {{"noisyCount", noisy_count},
                     {"releasedBins", release.value().bins.size()},
                     {"releasedWeight", released_weight}};
  return output;
}

Result<MechanismForecast> forecast_space_partition(const SpacePartitionOptions& options, const ForecastInputs& inputs) {
  std::vector<int> levels = inputs.levels;
  for (size_t c = 0; c < levels.size(); ++c) {
    if (c < inputs.numeric.size() && inputs.numeric[c]) levels[c] = 0;
  }
  Result<GridPlan> planned = plan_grid(options, levels, inputs.rows.value_or(3));
  if (!planned.is_ok()) return planned.status();
  const GridPlan& plan = planned.value();
  MechanismForecast forecast;
  forecast.epsilon = options.epsilon;
  ForecastRelease count;
  count.release = "record count";
  count.what = "the noisy number of records (sets the grid's defaults and k)";
  count.values = 1;
  count.sensitivity = 1;
  count.scale = plan.count_scale;
  count.epsilon = plan.count_epsilon;
  forecast.releases.push_back(count);
  ForecastRelease cells;
  cells.release = "grid cells";
  cells.what = "noisy counts of the " + format_number(plan.cells) + " cells (" + std::to_string(plan.cells_per_axis) +
               " per numeric axis), released at >= " + std::to_string(plan.threshold) + "; empty cells implicitly";
  cells.values = plan.cells <= 1e15 ? static_cast<size_t>(plan.cells) : 0;
  cells.sensitivity = 1;
  cells.scale = plan.cell_scale;
  cells.epsilon = plan.cell_epsilon;
  if (!inputs.rows) cells.notes.push_back("the cells per axis follow the noisy record count: give rows for the grid the run will use");
  forecast.releases.push_back(cells);
  forecast.fit = "space-partition";
  forecast.synthetic_rows = options.synthetic_rows.value_or(0);
  return forecast;
}

}  // namespace privsynth
