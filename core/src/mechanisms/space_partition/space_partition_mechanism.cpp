// space-partition's registry entry: its options read once, its run and forecast bound to them.
#include "mechanisms/space_partition/space_partition.hpp"

namespace privsynth {
namespace {

constexpr PrivacyModel kPrivacy{Neighbours::AddRemove, Accounting::Basic};

std::string nullable_numeric_refusal(const std::string& column, ColumnForm) {
  return "space partitioning places numeric values in space, so numeric columns must have no missing values, and \"" +
         column + "\" is nullable; leave it out with \"columns\"";
}

Result<PreparedMechanism> prepare(OptionReader& reader, double epsilon) {
  PRIVSYNTH_ASSIGN_OR_RETURN(SpacePartitionOptions options, read_space_partition_options(reader, epsilon));
  PreparedMechanism prepared =
      bind_options(options, kPrivacy.with_budget(epsilon), &run_space_partition, &forecast_space_partition);
  // Numbers are points on their axes (unit values); each category is its own bin.
  prepared.needs_unit_values = true;
  prepared.columns.nullable_numeric = false;
  prepared.columns.refusal = &nullable_numeric_refusal;
  return prepared;
}

}  // namespace

const MechanismDescriptor& space_partition_mechanism() {
  static const MechanismDescriptor descriptor{"space-partition", "Space partitioning (KD-tree or grid)", kPrivacy,
                                              &prepare};
  return descriptor;
}

}  // namespace privsynth
