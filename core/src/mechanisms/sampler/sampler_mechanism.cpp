// sampler's registry entry: its options read once, its run and forecast bound to them.
#include "mechanisms/sampler/private_sampler.hpp"

namespace privsynth {
namespace {

// Replace-one: n is public (the pipeline keeps every record and states n in the receipt).
constexpr PrivacyModel kPrivacy{Neighbours::ReplaceOne, Accounting::Basic};

Result<PreparedMechanism> prepare(OptionReader& reader, double epsilon) {
  PRIVSYNTH_ASSIGN_OR_RETURN(PrivateSamplerOptions options, read_private_sampler_options(reader, epsilon));
  return bind_options(options, kPrivacy.with_budget(epsilon), &run_private_sampler, &forecast_private_sampler);
}

}  // namespace

const MechanismDescriptor& sampler_mechanism() {
  static const MechanismDescriptor descriptor{"sampler", "Private sampler (Reveal-or-Obscure)", kPrivacy, &prepare};
  return descriptor;
}

}  // namespace privsynth
