// adaptive-marginals' registry entry: its options read once, its run and forecast bound to them.
#include "mechanisms/adaptive_marginals/adaptive_marginals.hpp"

namespace privsynth {
namespace {

constexpr PrivacyModel kPrivacy{Neighbours::AddRemove, Accounting::Zcdp};

Result<PreparedMechanism> prepare(OptionReader& reader, double epsilon) {
  PRIVSYNTH_ASSIGN_OR_RETURN(AdaptiveMarginalsOptions options, read_adaptive_marginals_options(reader, epsilon));
  PreparedMechanism prepared = bind_options(options, kPrivacy.with_budget(epsilon, options.delta),
                                            &run_adaptive_marginals, &forecast_adaptive_marginals);
  prepared.count_tables = [options](const std::vector<std::string>& names, const std::vector<int>&, int target) {
    return adaptive_count_tables(options, names, target);
  };
  return prepared;
}

}  // namespace

const MechanismDescriptor& adaptive_marginals_mechanism() {
  static const MechanismDescriptor descriptor{"adaptive-marginals", "Adaptive marginals (AIM)", kPrivacy, &prepare};
  return descriptor;
}

}  // namespace privsynth
