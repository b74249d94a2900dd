// marginal-lp's registry entry: its options read once, its run and forecast bound to them.
#include "mechanisms/marginal_lp/marginal_lp.hpp"

namespace privsynth {
namespace {

constexpr PrivacyModel kPrivacy{Neighbours::AddRemove, Accounting::Zcdp};

Result<PreparedMechanism> prepare(OptionReader& reader, double epsilon) {
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalLpOptions options, read_marginal_lp_options(reader, epsilon));
  PreparedMechanism prepared;
  prepared.privacy = kPrivacy.with_budget(epsilon, options.delta);
  prepared.run = [options](const MechanismContext& context) { return run_marginal_lp(context, options); };
  prepared.forecast = [options](const ForecastInputs& inputs) { return forecast_marginal_lp(options, inputs); };
  return prepared;
}

}  // namespace

const MechanismDescriptor& marginal_lp_mechanism() {
  static const MechanismDescriptor descriptor{"marginal-lp", "Marginal-preserving synthesis (MST-style)", kPrivacy,
                                              &prepare};
  return descriptor;
}

}  // namespace privsynth
