#include "mechanisms/space_partition/space_partition.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "base/number_text.hpp"
#include "data/space_layout.hpp"
#include "data/unit_codes.hpp"
#include "mechanisms/space_partition/grid_partition.hpp"
#include "mechanisms/space_partition/kd_tree_partition.hpp"
#include "privacy/noise.hpp"

namespace privsynth {
namespace {

Status cancelled() { return Status::error(ErrorCode::Cancelled, "cancelled"); }

// The numeric axes (level 0) and the number of cells of the categorical ones.
struct AxisCounts {
  size_t numeric = 0;
  double categorical_cells = 1;
};

AxisCounts count_axes(const std::vector<int>& axis_levels) {
  AxisCounts counts;
  for (int level : axis_levels) {
    if (level > 0) counts.categorical_cells *= level;
    else ++counts.numeric;
  }
  return counts;
}

// The release threshold t = ceil(b ln N) for N empty cells: each passes with a^t / (1 + a) <=
// 1 / ((1 + a) N), a = exp(-1/b), so fewer than one of them is released in expectation (about 1/2
// when b >> 1).
int64_t threshold_for(const RationalScale& scale, double empty_cells) {
  return std::max<int64_t>(1, static_cast<int64_t>(std::ceil(scale.value() * std::log(std::max(empty_cells, 2.0)))));
}

// The axes of the chosen columns (data/space_layout.hpp): their kinds and nullability come from the
// schema, so an empty table cannot turn a numeric axis into a categorical one.
SpaceLayout layout_of(const MechanismContext& context) {
  return space_layout(context.table.levels, context.numeric_columns, context.special_levels);
}

std::vector<SpaceAxis> axes_of(const std::vector<int>& levels) {
  std::vector<SpaceAxis> axes;
  for (int level : levels) axes.push_back(level > 0 ? SpaceAxis{true, level} : SpaceAxis{false, 0});
  return axes;
}

// The records as points on the layout's axes: the table itself when every axis is a column's, else
// `data` holds them (a special axis per numeric column with a missing level or common values).
SpacePoints points_of(const MechanismContext& context, const SpaceLayout& layout, SpaceData& data) {
  SpacePoints points;
  points.axes = axes_of(layout.levels);
  if (layout.identity()) {
    points.table = &context.table;
    points.unit = context.unit_values;
    return points;
  }
  data = space_data(layout, context.table, *context.unit_values);
  points.table = &data.table;
  points.unit = &data.unit;
  return points;
}

// Points of the space as an encoded table: categorical axes from `codes`, numeric axes from `unit`
// (binned by the schema for the codes, and kept exactly for decoding).
struct SpaceTable {
  EncodedTable codes;
  std::vector<std::vector<double>> unit_values;
};

SpaceTable space_table(const std::vector<int>& levels, const std::vector<int>& table_levels,
                       std::vector<std::vector<double>> unit, std::vector<std::vector<uint32_t>> codes, size_t rows) {
  SpaceTable result;
  result.codes = bin_unit_points(table_levels, unit, rows);
  for (size_t axis = 0; axis < levels.size(); ++axis) {
    if (levels[axis] > 0) {
      result.codes.codes[axis] = std::move(codes[axis]);
      result.unit_values.emplace_back();
    } else {
      result.unit_values.push_back(std::move(unit[axis]));
    }
  }
  return result;
}

// k records from the released bins: a bin with probability proportional to its count, then a
// point uniform inside it.
SpaceTable draw_records(const std::vector<SpaceBin>& bins, const std::vector<int>& levels, size_t k,
                        RandomSource& random, const std::vector<int>& table_levels) {
  const BinSampler sampler(bins);
  std::vector<std::vector<double>> unit(levels.size(), std::vector<double>(k));
  std::vector<std::vector<uint32_t>> codes(levels.size(), std::vector<uint32_t>(k));
  for (size_t row = 0; row < k; ++row) {
    const SpaceBin& bin = bins[sampler.draw(random)];
    for (size_t axis = 0; axis < levels.size(); ++axis) {
      if (levels[axis] > 0) {
        codes[axis][row] = static_cast<uint32_t>(bin.low[axis]);
      } else {
        unit[axis][row] = BinSampler::uniform_in(bin, axis, random);
      }
    }
  }
  return space_table(levels, table_levels, std::move(unit), std::move(codes), k);
}

// The released bins as weighted centres (Kreačić et al.'s output before sampling): the midpoint of
// each numeric side, the bin's category on categorical axes, the noisy count as weight.
WeightedCentres weighted_centres(const std::vector<SpaceBin>& bins, const std::vector<int>& levels,
                                 const std::vector<int>& table_levels) {
  std::vector<std::vector<double>> unit(levels.size(), std::vector<double>(bins.size()));
  std::vector<std::vector<uint32_t>> codes(levels.size(), std::vector<uint32_t>(bins.size()));
  WeightedCentres centres;
  for (size_t i = 0; i < bins.size(); ++i) {
    const SpaceBin& bin = bins[i];
    for (size_t axis = 0; axis < levels.size(); ++axis) {
      if (levels[axis] > 0) codes[axis][i] = static_cast<uint32_t>(bin.low[axis]);
      else unit[axis][i] = (bin.low[axis] + bin.high[axis]) / 2;
    }
    centres.weights.push_back(bin.weight);
  }
  SpaceTable table = space_table(levels, table_levels, std::move(unit), std::move(codes), bins.size());
  centres.centres = std::move(table.codes);
  centres.unit_values = std::move(table.unit_values);
  return centres;
}

// What a partition released: its bins and what the receipt states about it.
struct PartitionRelease {
  std::vector<SpaceBin> bins;
  int64_t threshold = 1;
  nlohmann::json parameters;
};

// The public choices of a plan, as the receipt and the forecast state them.
nlohmann::json grid_parameters(const SpacePartitionOptions& options, const GridPlan& plan) {
  return {
      {"partition", "grid"},
      {"cellsPerNumericAxis", plan.cells_per_axis},
      {"cellWidth", 1.0 / plan.cells_per_axis},
      {"cellWidthNote", "w, as a fraction of each numeric column's public range"},
      {"cells", plan.cells},
      {"threshold", plan.threshold},
      {"thresholdNote", options.threshold ? "given" : "ceil(b ln J): at most 1/2 empty cell released in expectation"},
      {"budget",
       {{"total", options.epsilon},
        {"recordCount", plan.count_epsilon},
        {"cells", plan.cell_epsilon},
        {"composition", "basic (sequential) composition"}}}};
}

nlohmann::json kd_tree_parameters(const SpacePartitionOptions& options, const KdTreePlan& plan) {
  return {{"partition", "kd-tree"},
          {"maxEdge", plan.max_edge},
          {"minEdge", plan.min_edge},
          {"edgeNote", "s1 and s2, as fractions of each numeric column's public range"},
          {"dataIndependentLevels", plan.data_independent_levels},
          {"decisionLevels", plan.decision_levels},
          {"tau", plan.tau},
          {"tauNote", options.tau ? "given"
                      : options.tau_lemma10
                          ? "Lemma 10 with delta = 1e-6 and the noisy count as n"
                          : "b ln(boxes at level h): at most 1/2 of those boxes split when empty; any tau is exact"},
          {"threshold", plan.threshold},
          {"thresholdNote", options.threshold
                                ? "given"
                                : "ceil(b ln(boxes at level h + n L)): at most 1/2 empty leaf released in expectation"},
          {"budget",
           {{"total", options.epsilon},
            {"recordCount", options.epsilon - plan.split_epsilon - plan.leaf_epsilon},
            {"splitDecisions", plan.split_epsilon},
            {"leaves", plan.leaf_epsilon},
            {"composition", "basic (sequential) composition; the decisions compose along one root-to-leaf path"}}}};
}

Result<PartitionRelease> release_by_grid(const MechanismContext& context, const SpacePartitionOptions& options,
                                         const std::vector<int>& levels, const SpacePoints& points,
                                         double noisy_count) {
  PRIVSYNTH_ASSIGN_OR_RETURN(GridPlan planned, plan_grid(options, levels, noisy_count));
  const GridPlan& plan = planned;
  GridSettings settings;
  settings.cells_per_axis = plan.cells_per_axis;
  settings.noise = {plan.cell_scale, plan.threshold};
  PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
      {"noisy counts of the " + format_number(plan.cells) +
           " grid cells, released at >= " + std::to_string(plan.threshold),
       "discrete Laplace", LaplaceCost{1.0, settings.noise.scale.value(), plan.cell_epsilon}}));
  PRIVSYNTH_ASSIGN_OR_RETURN(GridRelease release, release_grid(points, settings, context.random));
  return PartitionRelease{std::move(release.bins), plan.threshold, grid_parameters(options, plan)};
}

Result<PartitionRelease> release_by_kd_tree(const MechanismContext& context, const SpacePartitionOptions& options,
                                            const std::vector<int>& levels, const SpacePoints& points,
                                            double noisy_count, double count_scale) {
  PRIVSYNTH_ASSIGN_OR_RETURN(KdTreePlan planned, plan_kd_tree(options, levels, noisy_count));
  const KdTreePlan& plan = planned;
  KdTreeSettings settings;
  settings.split_epsilon = plan.split_epsilon;
  settings.leaf_noise = {plan.leaf_scale, plan.threshold};
  settings.max_edge = plan.max_edge;
  settings.min_edge = plan.min_edge;
  settings.tau = plan.tau;
  // The boxes holding records split at most L times each, and at most n~ + 20 b records (n~ the
  // noisy count, b its scale) hold them but with probability e^-20: a bound from released values.
  const double count_slack = 20 * count_scale;
  settings.split_limit =
      settings.limit +
      static_cast<uint64_t>(std::ceil(double(plan.decision_levels) * std::max(0.0, noisy_count + count_slack)));
  if (plan.decision_levels > 0) {
    PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
        {"split decisions of the KD-tree (at most " + std::to_string(plan.decision_levels) +
             " on any root-to-leaf path, each count > tau + noise)",
         "discrete Laplace",
         LaplaceCost{static_cast<double>(plan.decision_levels), plan.decision_scale, plan.split_epsilon}}));
  }
  PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
      {"noisy counts of the KD-tree's leaves, released at >= " + std::to_string(plan.threshold), "discrete Laplace",
       LaplaceCost{1.0, settings.leaf_noise.scale.value(), plan.leaf_epsilon}}));
  PRIVSYNTH_ASSIGN_OR_RETURN(KdTreeRelease release, release_kd_tree(points, settings, context.random));
  PartitionRelease result{std::move(release.bins), plan.threshold, kd_tree_parameters(options, plan)};
  result.parameters["leaves"] = release.leaves;
  return result;
}

}  // namespace

Result<GridPlan> plan_grid(const SpacePartitionOptions& options, const std::vector<int>& axis_levels, double n) {
  GridPlan plan;
  plan.count_epsilon = options.epsilon * options.count_budget_fraction;
  plan.cell_epsilon = options.epsilon - plan.count_epsilon;
  if (plan.count_epsilon > 0) {  // 0: the caller released the count (release_kd_tree_density)
    PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale count_scale, rational_scale_at_least(1.0 / plan.count_epsilon));
    plan.count_scale = count_scale;
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale cell_scale, rational_scale_at_least(1.0 / plan.cell_epsilon));
  plan.cell_scale = cell_scale;
  const AxisCounts axes = count_axes(axis_levels);
  if (options.grid_cells) {
    plan.cells_per_axis = *options.grid_cells;
  } else if (axes.numeric > 0) {
    // Theorem 3 asks (R/w)^d < eps n / (4 log(1/delta)); with delta = 1/n the grid has at most
    // eps n / (4 ln n) cells, shared here with the categorical cells.
    const double records = std::max(n, 3.0);
    const double budget_cells = plan.cell_epsilon * records / (4 * std::log(records)) / axes.categorical_cells;
    const double per_axis = std::floor(std::pow(std::max(1.0, budget_cells), 1.0 / static_cast<double>(axes.numeric)));
    plan.cells_per_axis = static_cast<uint32_t>(std::clamp(per_axis, 1.0, static_cast<double>(kMaxCellsPerAxis)));
  }
  plan.cells = 1;
  for (int level : axis_levels) plan.cells *= level > 0 ? level : plan.cells_per_axis;
  plan.threshold = options.threshold.value_or(threshold_for(plan.cell_scale, plan.cells));
  return plan;
}

Result<KdTreePlan> plan_kd_tree(const SpacePartitionOptions& options, const std::vector<int>& axis_levels, double n) {
  PRIVSYNTH_ASSIGN_OR_RETURN(GridPlan grid, plan_grid(options, axis_levels, n));
  KdTreePlan plan;
  const AxisCounts axes = count_axes(axis_levels);
  const size_t numeric_axes = axes.numeric;
  // s1: the grid's cell width rounded up to a power of two, 2^-m1 (the tree cuts that far without
  // looking at the data); then `steps` halvings of every numeric axis on noisy decisions, so that
  // L = p x steps stays near 20 (each decision's noise grows with L): 3 for p <= 6, 1 from p = 14.
  // s2 = 0.75 x 2^-(m1 + steps - 1) puts exactly those levels between s1 and s2 (kd_tree_budget.hpp).
  const int m1 = static_cast<int>(std::floor(std::log2(std::max(1.0, static_cast<double>(grid.cells_per_axis)))));
  const int steps =
      numeric_axes == 0 ? 1 : std::clamp(static_cast<int>(std::lround(20.0 / static_cast<double>(numeric_axes))), 1, 3);
  plan.max_edge = options.max_edge.value_or(std::ldexp(1.0, -m1));
  plan.min_edge = options.min_edge.value_or(0.75 * std::ldexp(1.0, -(m1 + steps - 1)));
  if (!(plan.min_edge < plan.max_edge)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"minEdge\" must be less than \"maxEdge\"");
  }
  const KdTreeLevels levels = kd_tree_levels(numeric_axes, plan.max_edge, plan.min_edge);
  plan.data_independent_levels = levels.data_independent;
  plan.decision_levels = levels.decisions;
  const double bins_epsilon = grid.cell_epsilon;
  plan.split_epsilon = levels.decisions > 0 ? bins_epsilon * options.split_budget_fraction : 0;
  plan.leaf_epsilon = bins_epsilon - plan.split_epsilon;
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale leaf_scale, rational_scale_at_least(1.0 / plan.leaf_epsilon));
  plan.leaf_scale = leaf_scale;
  plan.boxes_at_h = axes.categorical_cells * std::ldexp(1.0, static_cast<int>(levels.data_independent));
  const double boxes_at_h = plan.boxes_at_h;
  const double records = std::max(n, 1.0);
  if (levels.decisions > 0) {
    PRIVSYNTH_ASSIGN_OR_RETURN(SplitDecision decision, SplitDecision::make(levels.decisions, plan.split_epsilon, 0));
    plan.decision_scale = decision.scale().value();
    // This rule kept Balog's 5-D mixture far closer than Lemma 10's much larger tau, and the 2-D
    // one as close (docs/measured-defaults.md).
    const double level_h_rule = plan.decision_scale * std::log(std::max(2.0, boxes_at_h));
    plan.tau = options.tau.value_or(options.tau_lemma10
                                        ? lemma10_tau(levels.decisions, plan.split_epsilon, boxes_at_h, records, 1e-6)
                                        : level_h_rule);
  }
  // Empty leaves: the level-h boxes plus at most n L empty siblings along the records' paths.
  const double empty_leaves = boxes_at_h + records * static_cast<double>(levels.decisions);
  plan.threshold = options.threshold.value_or(threshold_for(plan.leaf_scale, empty_leaves));
  return plan;
}

Result<MechanismOutput> run_space_partition(const MechanismContext& context, const SpacePartitionOptions& options) {
  const SpaceLayout layout = layout_of(context);
  const std::vector<int>& levels = layout.levels;
  if (!keep_going(context.progress, Phase::Measure, 0, "noisy record count")) return cancelled();
  // The noisy record count, for the partition's defaults and the number of synthetic records (its
  // budget split does not depend on n; the plan is made again below with the noisy count).
  PRIVSYNTH_ASSIGN_OR_RETURN(GridPlan budget, plan_grid(options, levels, 3));
  const RationalScale& count_scale = budget.count_scale;
  PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
      {"noisy record count", "discrete Laplace", LaplaceCost{1.0, count_scale.value(), budget.count_epsilon}}));
  const double noisy_count = static_cast<double>(context.table.rows) +
                             static_cast<double>(sample_discrete_laplace(context.random, count_scale));

  SpaceData augmented;
  const SpacePoints points = points_of(context, layout, augmented);
  if (!keep_going(context.progress, Phase::Measure, 0.2, "partitioning")) return cancelled();
  PRIVSYNTH_ASSIGN_OR_RETURN(
      PartitionRelease release,
      options.partition == PartitionKind::Grid
          ? release_by_grid(context, options, levels, points, noisy_count)
          : release_by_kd_tree(context, options, levels, points, noisy_count, count_scale.value()));
  const std::vector<SpaceBin>& bins = release.bins;
  if (bins.empty()) {
    return Status::error(ErrorCode::EmptyData,
                         "no bin's noisy count reached the threshold t = " + std::to_string(release.threshold) +
                             ": use a larger epsilon, fewer or larger bins, or a lower \"threshold\"");
  }
  if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
  const size_t k =
      options.synthetic_rows ? *options.synthetic_rows : static_cast<size_t>(std::max(0.0, std::round(noisy_count)));
  MechanismOutput output;
  SpaceTable records = draw_records(bins, levels, k, context.random, layout.table_levels);
  WeightedCentres centres = weighted_centres(bins, levels, layout.table_levels);
  if (!layout.identity()) {
    collapse_to_columns(layout, context.table.levels, records.codes, records.unit_values);
    collapse_to_columns(layout, context.table.levels, centres.centres, centres.unit_values);
  }
  output.synthetic = std::move(records.codes);
  output.synthetic_unit_values = std::move(records.unit_values);
  output.weighted_centres = std::move(centres);
  double released_weight = 0;
  for (const SpaceBin& bin : bins) released_weight += bin.weight;
  const bool grid = options.partition == PartitionKind::Grid;
  output.description = {
      {"name", "space-partition"},
      {"title", grid ? "Space partitioning: data-independent grid" : "Space partitioning: adaptive KD-tree"},
      {"paper", std::string("A. Kreačić, N. Nouri, V. K. Potluru, T. Balch, M. Veloso. Differentially private "
                            "synthetic data using KD-trees. UAI 2023; ") +
                    (grid ? "Algorithm 1" : "Algorithms 1-3") + " with the implicit empty bins of Algorithm 5"},
      {"privacyNote", "docs/privacy/space-partition.md"}};
  output.parameters = release.parameters;
  output.parameters["bounds"] =
      "the schema's public bounds, scaled to [0, 1] (not the data's min and max, as in the paper)";
  output.parameters["syntheticRows"] = k;
  output.released = {{"noisyCount", noisy_count}, {"releasedBins", bins.size()}, {"releasedWeight", released_weight}};
  return output;
}

namespace {

// The KD-tree as another mechanism's density: all of epsilon on the tree, the caller's count.
SpacePartitionOptions density_options(double epsilon) {
  SpacePartitionOptions options;
  options.epsilon = epsilon;
  options.count_budget_fraction = 0;
  return options;
}

}  // namespace

Result<PartitionDensity> release_kd_tree_density(const MechanismContext& context, double epsilon, double noisy_count,
                                                 double count_scale) {
  const SpacePartitionOptions options = density_options(epsilon);
  const SpaceLayout layout = layout_of(context);
  for (size_t c = 0; c < layout.value_axis.size(); ++c) {
    if (layout.levels[size_t(layout.value_axis[c])] > 0) {
      return Status::error(ErrorCode::Internal, "the KD-tree density takes numeric columns only");
    }
  }
  const std::vector<int>& levels = layout.levels;
  SpaceData augmented;
  const SpacePoints points = points_of(context, layout, augmented);
  PRIVSYNTH_ASSIGN_OR_RETURN(PartitionRelease release,
                             release_by_kd_tree(context, options, levels, points, noisy_count, count_scale));
  release.parameters["budget"].erase("recordCount");
  // A special axis's L categories (codes 0 to L - 1) as the L bins of its unit axis (unit_space_layout).
  for (SpaceBin& bin : release.bins) {
    for (size_t axis = 0; axis < levels.size(); ++axis) {
      if (levels[axis] == 0) continue;
      bin.low[axis] /= levels[axis];
      bin.high[axis] /= levels[axis];
    }
  }
  return PartitionDensity{std::move(release.bins), std::move(release.parameters)};
}

Result<MechanismForecast> forecast_space_partition(const SpacePartitionOptions& options, const ForecastInputs& inputs) {
  const std::vector<int> levels = space_layout(inputs.levels, inputs.numeric, inputs.special_levels).levels;
  const double n = inputs.rows.value_or(3);
  PRIVSYNTH_ASSIGN_OR_RETURN(GridPlan grid, plan_grid(options, levels, n));
  MechanismForecast forecast;
  forecast.epsilon = options.epsilon;
  forecast.fit.kind = "space-partition";
  forecast.synthetic_rows = options.synthetic_rows.value_or(0);
  ForecastRelease count;
  count.release = "record count";
  count.what = "the noisy number of records (sets the partition's defaults and k)";
  count.values = 1;
  count.sensitivity = 1;
  count.scale = grid.count_scale.value();
  count.epsilon = grid.count_epsilon;
  forecast.releases.push_back(count);
  const std::string depends = "the partition follows the noisy record count: give rows for the one the run will use";
  if (options.partition == PartitionKind::Grid) {
    ForecastRelease cells;
    cells.release = "grid cells";
    cells.what = "noisy counts of the " + format_number(grid.cells) + " cells (" + std::to_string(grid.cells_per_axis) +
                 " per numeric axis), released at >= " + std::to_string(grid.threshold) + "; empty cells implicitly";
    cells.values = grid.cells <= 1e15 ? static_cast<size_t>(grid.cells) : 0;
    cells.sensitivity = 1;
    cells.scale = grid.cell_scale.value();
    cells.epsilon = grid.cell_epsilon;
    if (!inputs.rows) cells.notes.push_back(depends);
    forecast.releases.push_back(cells);
    forecast.fit.details["parameters"] = grid_parameters(options, grid);
    return forecast;
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(KdTreePlan planned, plan_kd_tree(options, levels, n));
  const KdTreePlan& plan = planned;
  if (plan.decision_levels > 0) {
    ForecastRelease decisions;
    decisions.release = "split decisions";
    decisions.what = "KD-tree splits: count > tau = " + format_rounded(plan.tau) + " + noise, at most " +
                     std::to_string(plan.decision_levels) + " on a root-to-leaf path (edges " +
                     format_rounded(plan.max_edge) + " down to " + format_rounded(plan.min_edge) + ")";
    decisions.values_are_counts = false;
    // At most one decision per internal node of the subtrees below level h.
    const double most_decisions = plan.boxes_at_h * (std::ldexp(1.0, static_cast<int>(plan.decision_levels)) - 1);
    decisions.values = most_decisions <= 1e15 ? static_cast<size_t>(most_decisions) : 0;
    decisions.sensitivity = static_cast<double>(plan.decision_levels);
    decisions.scale = plan.decision_scale;
    decisions.epsilon = plan.split_epsilon;
    forecast.releases.push_back(decisions);
  }
  ForecastRelease leaves;
  leaves.release = "leaf counts";
  leaves.what = "noisy counts of the tree's leaves, released at >= " + std::to_string(plan.threshold) +
                "; empty leaves implicitly (how many leaves depends on the private splits)";
  // Each decision level at most doubles the boxes of level h.
  const double most_leaves = plan.boxes_at_h * std::ldexp(1.0, static_cast<int>(plan.decision_levels));
  leaves.values = most_leaves <= 1e15 ? static_cast<size_t>(most_leaves) : 0;
  leaves.notes.push_back("at most " + format_number(most_leaves) + " leaves (" + format_number(plan.boxes_at_h) +
                         " boxes after the data-independent levels, each split at most " +
                         std::to_string(plan.decision_levels) + " times); the expected error counts them all");
  leaves.sensitivity = 1;
  leaves.scale = plan.leaf_scale.value();
  leaves.epsilon = plan.leaf_epsilon;
  if (!inputs.rows) leaves.notes.push_back(depends);
  forecast.releases.push_back(leaves);
  forecast.fit.details["parameters"] = kd_tree_parameters(options, plan);
  return forecast;
}

Result<std::vector<ForecastRelease>> forecast_kd_tree_density(double epsilon, const ForecastInputs& inputs) {
  PRIVSYNTH_ASSIGN_OR_RETURN(MechanismForecast forecast, forecast_space_partition(density_options(epsilon), inputs));
  std::vector<ForecastRelease> releases;
  for (ForecastRelease& release : forecast.releases) {
    if (release.release == "record count") continue;  // the caller's
    release.release = "reference measure: KD-tree " + release.release;
    releases.push_back(std::move(release));
  }
  return releases;
}

}  // namespace privsynth
