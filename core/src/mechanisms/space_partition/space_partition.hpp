#pragma once
// Space-partitioning synthesis (Kreačić et al., "Differentially private synthetic data using
// KD-trees", UAI 2023): cut the space of the chosen columns into bins (numeric columns scaled to
// [0, 1] by their PUBLIC bounds, each category its own bin), release the bins' noisy counts above a
// threshold, and draw synthetic records from the released bins (a bin in proportion to its count, a
// point uniform inside it). Partitions: "grid" (Algorithm 1) and "kd-tree" (Algorithms 2-3, the
// default). Pure epsilon-DP, add/remove-one neighbours; docs/privacy/space-partition.md.
#include <cstdint>
#include <optional>

#include "base/options.hpp"
#include "data/space_points.hpp"
#include "mechanisms/mechanism.hpp"
#include "mechanisms/mechanism_forecast.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

enum class PartitionKind { Grid, KdTree };

// The most grid cells along one numeric axis.
inline constexpr uint32_t kMaxCellsPerAxis = 1u << 20;

struct SpacePartitionOptions {
  double epsilon = 0;
  PartitionKind partition = PartitionKind::KdTree;
  double count_budget_fraction = 0.05;   // the noisy record count, for the defaults and k
  std::optional<uint32_t> grid_cells;    // per numeric axis; default from Theorem 3 with the noisy n
  std::optional<int64_t> threshold;      // release threshold t; default: at most 1/2 empty bin expected
  std::optional<size_t> synthetic_rows;  // k; default: the noisy record count
  // KD-tree: the share of the bins' budget for the split decisions (epsilon'), the max and min
  // edges s1 > s2 (unit scale; default from the grid's cell width), and the decision threshold tau
  // (default Lemma 10 with delta 1e-6 and the noisy count as n).
  double split_budget_fraction = 0.5;
  std::optional<double> max_edge, min_edge, tau;
  bool tau_lemma10 = false;  // tau from the paper's Lemma 10 (delta 1e-6) instead of the level-h rule
};

// space_partition_options.cpp
Result<SpacePartitionOptions> read_space_partition_options(OptionReader& reader, double epsilon);

// The defaults that depend on n (a noisy count, or the user's guess in a forecast) and the levels of
// the chosen columns (0 = numeric axis): cells per numeric axis from Theorem 3's condition
// (R/w)^d <= eps n / (4 ln n), and a threshold with at most 1/2 released empty cell expected.
struct GridPlan {
  uint32_t cells_per_axis = 1;
  double cells = 1;  // of the whole grid
  int64_t threshold = 1;
  double count_epsilon = 0, cell_epsilon = 0;
  RationalScale count_scale, cell_scale;  // discrete Laplace scales, as the run uses and the ledger states them
};
Result<GridPlan> plan_grid(const SpacePartitionOptions& options, const std::vector<int>& axis_levels, double n);

// The KD-tree's parameters from the same public inputs: s1 the grid's cell width rounded up to a
// power of two, s2 so that about 20 levels decide (3 halvings of each of p <= 6 numeric axes, 1 from
// p = 14); epsilon' and epsilon'' from the bins' budget; tau = b ln(boxes at level h), Lemma 10's
// bound for the level-h boxes with delta = 1/2 (or the whole Lemma 10 with tauLemma10); the leaves'
// threshold with at most 1/2 empty leaf released in expectation. Every tau gives the same privacy:
// the empty boxes' splits are sampled exactly (kd_tree_partition.hpp), tau only trades utility
// against the work on empty boxes.
struct KdTreePlan {
  double max_edge = 0.5, min_edge = 0.125, tau = 0;
  size_t data_independent_levels = 0, decision_levels = 0;
  double boxes_at_h = 1;  // boxes after the data-independent levels (x the categorical cells)
  double split_epsilon = 0, leaf_epsilon = 0;
  double decision_scale = 0;  // as the ledger states it (SplitDecision rounds it the same way)
  RationalScale leaf_scale;
  int64_t threshold = 1;
};
Result<KdTreePlan> plan_kd_tree(const SpacePartitionOptions& options, const std::vector<int>& axis_levels, double n);

Result<MechanismOutput> run_space_partition(const MechanismContext& context, const SpacePartitionOptions& options);

// The KD-tree's released leaves alone, a private piecewise-uniform density on the unit space (the
// axes of unit_space_layout, a special axis's categories as its bins) for another mechanism (the reduced-space LP's
// reference measure, mechanisms/reduced_space_lp/reference_release.hpp). All of `epsilon` goes to the split decisions
// and the leaves; n is the caller's noisy record count, already released with discrete Laplace noise of scale
// `count_scale`. Charges the context's accountant.
struct PartitionDensity {
  std::vector<SpaceBin> bins;  // canonical order, weight = noisy count; empty if no leaf passed
  nlohmann::json parameters;   // the plan, as the space-partition receipt states it
};
Result<PartitionDensity> release_kd_tree_density(const MechanismContext& context, double epsilon, double noisy_count,
                                                 double count_scale);

// Its forecast: the split decisions' and the leaves' releases, without the record count.
Result<std::vector<ForecastRelease>> forecast_kd_tree_density(double epsilon, const ForecastInputs& inputs);

Result<MechanismForecast> forecast_space_partition(const SpacePartitionOptions& options, const ForecastInputs& inputs);

// The registry entry of "space-partition" (space_partition/space_partition_mechanism.cpp).
const MechanismDescriptor& space_partition_mechanism();

}  // namespace privsynth
