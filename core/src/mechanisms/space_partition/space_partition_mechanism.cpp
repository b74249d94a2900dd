// space-partition's registry entry: its options read once, its run and forecast bound to them.
#include "mechanisms/space_partition/space_partition.hpp"

namespace privsynth {
namespace {

constexpr PrivacyModel kPrivacy{Neighbours::AddRemove, Accounting::Basic};

Result<PreparedMechanism> prepare(OptionReader& reader, double epsilon) {
  PRIVSYNTH_ASSIGN_OR_RETURN(SpacePartitionOptions options, read_space_partition_options(reader, epsilon));
  PreparedMechanism prepared =
      bind_options(options, kPrivacy.with_budget(epsilon), &run_space_partition, &forecast_space_partition);
  // Numbers are points on their axes (unit values); each category is its own bin; a number with
  // special levels (missing, common values) has an axis of them besides (data/space_layout.hpp).
  prepared.needs_unit_values = true;
  return prepared;
}

}  // namespace

const MechanismDescriptor& space_partition_mechanism() {
  static const MechanismDescriptor descriptor{"space-partition", "Space partitioning (KD-tree or grid)", kPrivacy,
                                              &prepare};
  return descriptor;
}

}  // namespace privsynth
