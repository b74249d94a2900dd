// reduced-space-lp's registry entry: its options read once, its run and forecast bound to them.
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"

namespace privsynth {
namespace {

constexpr PrivacyModel kPrivacy{Neighbours::AddRemove, Accounting::Basic};

Result<PreparedMechanism> prepare(OptionReader& reader, double epsilon) {
  PRIVSYNTH_ASSIGN_OR_RETURN(ReducedSpaceLpOptions options, read_reduced_space_lp_options(reader, epsilon));
  PreparedMechanism prepared =
      bind_options(options, kPrivacy.with_budget(epsilon), &run_reduced_space_lp, &forecast_reduced_space_lp);
  // The continuous space is [0,1]^a: every column a number (its special levels on an axis of their own).
  if (options.space == ReducedSpace::Continuous) {
    prepared.needs_unit_values = true;
    prepared.columns.categorical = false;
    prepared.columns.refusal = &continuous_space_refusal;
  }
  // From count tables in the encoded space; the continuous space refuses them, saying why.
  prepared.count_tables = [options](const std::vector<std::string>&, const std::vector<int>& levels, int) {
    return reduced_space_lp_count_tables(options, levels);
  };
  return prepared;
}

}  // namespace

const MechanismDescriptor& reduced_space_lp_mechanism() {
  static const MechanismDescriptor descriptor{"reduced-space-lp", "Reduced-space LP", kPrivacy, &prepare};
  return descriptor;
}

}  // namespace privsynth
