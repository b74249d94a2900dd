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
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("partition", options.partition, kPartitionKinds));
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
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("splitBudgetFraction", options.split_budget_fraction, 0.05, 0.95));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("maxEdge", options.max_edge, kKdTreeMinEdge, 1));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("minEdge", options.min_edge, kKdTreeMinEdge, 1));
  if (options.max_edge && options.min_edge && !(*options.min_edge < *options.max_edge)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"minEdge\" must be less than \"maxEdge\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("tau", options.tau, -1e12, 1e12));
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean("tauLemma10", options.tau_lemma10));
  if (options.tau && options.tau_lemma10) {
    return Status::error(ErrorCode::InvalidArgument, "options \"tau\" and \"tauLemma10\" contradict each other");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("countBudgetFraction", options.count_budget_fraction, 0.001, 0.5));
  std::optional<long long> cells, threshold, rows;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("gridCells", cells, 1, kMaxCellsPerAxis));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("threshold", threshold, 1, 1'000'000'000));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("syntheticRows", rows, 1, 10'000'000));
  if (cells) options.grid_cells = static_cast<uint32_t>(*cells);
  if (threshold) options.threshold = *threshold;
  if (rows) options.synthetic_rows = static_cast<size_t>(*rows);
  return options;
}

}  // namespace privsynth
