// space-partition's options, read and checked before any data is touched.
#include <string>

#include "mechanisms/space_partition/kd_tree_budget.hpp"
#include "mechanisms/space_partition/space_partition.hpp"

namespace privsynth {
namespace {

constexpr Choice<PartitionKind> kPartitionKinds[] = {{"kd-tree", PartitionKind::KdTree}, {"grid", PartitionKind::Grid}};

}  // namespace

Result<SpacePartitionOptions> read_space_partition_options(OptionReader& reader, double epsilon) {
  SpacePartitionOptions options;
  options.epsilon = epsilon;
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("partition", options.partition, kPartitionKinds,
                                          {"\"kd-tree\": the adaptive KD-tree, whose boxes split on noisy decisions; "
                                           "\"grid\": the data-independent grid."}));
  const bool tree = options.partition == PartitionKind::KdTree;
  for (const char* key : {"splitBudgetFraction", "maxEdge", "minEdge", "tau", "tauLemma10"}) {
    if (!tree && reader.has(key)) {
      return Status::error(ErrorCode::InvalidArgument,
                           std::string("option \"") + key + "\" needs \"partition\": \"kd-tree\"");
    }
  }
  if (tree && reader.has("gridCells")) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "option \"gridCells\" needs \"partition\": \"grid\" (the KD-tree takes \"maxEdge\" and \"minEdge\")");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("splitBudgetFraction", options.split_budget_fraction, 0.05, 0.95,
                                          {"KD-tree: the share of the bins' budget spent on the split decisions."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("maxEdge", options.max_edge, kKdTreeMinEdge, 1,
                    {"KD-tree: boxes are halved without looking at the data while their largest edge (a fraction of "
                     "the public range) exceeds this; by default the grid's cell width rounded up to a power of two.",
                     OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("minEdge", options.min_edge, kKdTreeMinEdge, 1,
                                          {"KD-tree: boxes whose largest edge is below this are never split; by "
                                           "default a few halvings of every numeric axis below maxEdge.",
                                           OptionDefault::Computed}));
  if (options.max_edge && options.min_edge && !(*options.min_edge < *options.max_edge)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"minEdge\" must be less than \"maxEdge\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("tau", options.tau, -1e12, 1e12,
                    {"KD-tree: a box splits when its count exceeds tau plus noise; by default at most half the empty "
                     "boxes of the first decided level split in expectation. Any tau keeps the privacy exact.",
                     OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean(
      "tauLemma10", options.tau_lemma10,
      {"KD-tree: tau from the paper's Lemma 10 (delta 1e-6, n the noisy count) instead of the default."}));
  if (options.tau && options.tau_lemma10) {
    return Status::error(ErrorCode::InvalidArgument, "options \"tau\" and \"tauLemma10\" contradict each other");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("countBudgetFraction", options.count_budget_fraction, 0.001, 0.5,
                                          {"The share of epsilon spent on the noisy record count."}));
  std::optional<long long> cells, threshold, rows;
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.integer("gridCells", cells, 1, kMaxCellsPerAxis,
                     {"Grid: the cells along each numeric axis; by default from Theorem 3 with the noisy record count.",
                      OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("threshold", threshold, 1, 1'000'000'000,
                                           {"A bin is released when its noisy count reaches this; by default the "
                                            "smallest that releases at most half an empty bin in expectation.",
                                            OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer(
      "syntheticRows", rows, 1, 10'000'000,
      {"The number k of synthetic records; by default the noisy record count.", OptionDefault::Computed}));
  if (cells) options.grid_cells = static_cast<uint32_t>(*cells);
  if (threshold) options.threshold = *threshold;
  if (rows) options.synthetic_rows = static_cast<size_t>(*rows);
  return options;
}

}  // namespace privsynth
