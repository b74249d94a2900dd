#include "mechanisms/registry.hpp"

#include "privsynth/mechanisms.hpp"

#include "mechanisms/marginal_lp/marginal_lp.hpp"
#include "mechanisms/sampler/private_sampler.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"
#include "mechanisms/space_partition/space_partition.hpp"

namespace privsynth {
namespace {

PrivacyDefinition pure_epsilon(Neighbours neighbours, double epsilon) {
  return PrivacyDefinition{neighbours, Accounting::Basic, epsilon, 0, {}};
}

Result<PreparedMechanism> prepare_reduced_space_lp(OptionReader& reader, double epsilon) {
  Result<ReducedSpaceLpOptions> options = read_reduced_space_lp_options(reader, epsilon);
  if (!options.is_ok()) return options.status();
  const bool continuous = options.value().space == ReducedSpace::Continuous;
  return PreparedMechanism{[options = options.value()](const MechanismContext& context) {
                             return run_reduced_space_lp(context, options);
                           },
                           continuous,
                           [options = options.value()](const ForecastInputs& inputs) {
                             return forecast_reduced_space_lp(options, inputs);
                           },
                           false,
                           pure_epsilon(Neighbours::AddRemove, epsilon)};
}

Result<PreparedMechanism> prepare_marginal_lp(OptionReader& reader, double epsilon) {
  Result<MarginalLpOptions> options = read_marginal_lp_options(reader, epsilon);
  if (!options.is_ok()) return options.status();
  return PreparedMechanism{[options = options.value()](const MechanismContext& context) {
                             return run_marginal_lp(context, options);
                           },
                           false,
                           [options = options.value()](const ForecastInputs& inputs) {
                             return forecast_marginal_lp(options, inputs);
                           },
                           false,
                           PrivacyDefinition{Neighbours::AddRemove, Accounting::Zcdp, epsilon, options.value().delta, {}}};
}

Result<PreparedMechanism> prepare_space_partition(OptionReader& reader, double epsilon) {
  Result<SpacePartitionOptions> options = read_space_partition_options(reader, epsilon);
  if (!options.is_ok()) return options.status();
  return PreparedMechanism{[options = options.value()](const MechanismContext& context) {
                             return run_space_partition(context, options);
                           },
                           true,
                           [options = options.value()](const ForecastInputs& inputs) {
                             return forecast_space_partition(options, inputs);
                           },
                           true,
                           pure_epsilon(Neighbours::AddRemove, epsilon)};
}

Result<PreparedMechanism> prepare_private_sampler(OptionReader& reader, double epsilon) {
  Result<PrivateSamplerOptions> options = read_private_sampler_options(reader, epsilon);
  if (!options.is_ok()) return options.status();
  return PreparedMechanism{[options = options.value()](const MechanismContext& context) {
                             return run_private_sampler(context, options);
                           },
                           false,
                           [options = options.value()](const ForecastInputs& inputs) {
                             return forecast_private_sampler(options, inputs);
                           },
                           false,
                           pure_epsilon(Neighbours::ReplaceOne, epsilon)};
}

}  // namespace

const std::vector<MechanismEntry>& mechanism_registry() {
  static const std::vector<MechanismEntry> registry = {
      {"reduced-space-lp", &prepare_reduced_space_lp},
      {"marginal-lp", &prepare_marginal_lp},
      {"space-partition", &prepare_space_partition},
      {"sampler", &prepare_private_sampler},
  };
  return registry;
}

std::vector<std::string> mechanism_ids() {
  std::vector<std::string> ids;
  for (const MechanismEntry& entry : mechanism_registry()) ids.emplace_back(entry.name);
  return ids;
}

const MechanismEntry* find_mechanism(const std::string& name) {
  for (const MechanismEntry& entry : mechanism_registry()) {
    if (name == entry.name) return &entry;
  }
  return nullptr;
}

}  // namespace privsynth
