// marginal-lp's registry entry: its options read once, its run and forecast bound to them.
#include "mechanisms/marginal_lp/marginal_lp.hpp"

namespace privsynth {
namespace {

constexpr PrivacyModel kPrivacy{Neighbours::AddRemove, Accounting::Zcdp};

Result<PreparedMechanism> prepare(OptionReader& reader, double epsilon) {
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalLpOptions options, read_marginal_lp_options(reader, epsilon));
  PreparedMechanism prepared =
      bind_options(options, kPrivacy.with_budget(epsilon, options.delta), &run_marginal_lp, &forecast_marginal_lp);
  prepared.count_tables = [options](const std::vector<std::string>& names, const std::vector<int>&, int target) {
    return Result<std::vector<AttributeSet>>(marginal_lp_count_tables(options, int(names.size()), target));
  };
  return prepared;
}

}  // namespace

const MechanismDescriptor& marginal_lp_mechanism() {
  static const MechanismDescriptor descriptor{"marginal-lp", "Marginal-preserving synthesis (MST-style)", kPrivacy,
                                              &prepare};
  return descriptor;
}

}  // namespace privsynth
