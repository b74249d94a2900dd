#include "mechanisms/registry.hpp"

#include "privsynth/mechanisms.hpp"

#include "mechanisms/adaptive_marginals/adaptive_marginals.hpp"
#include "mechanisms/marginal_lp/marginal_lp.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"
#include "mechanisms/sampler/private_sampler.hpp"
#include "mechanisms/space_partition/space_partition.hpp"

namespace privsynth {

const std::vector<const MechanismDescriptor*>& mechanism_registry() {
  // One line per mechanism, in the catalogue's order (kept so by hand: clang-format would pack them).
  // clang-format off
  static const std::vector<const MechanismDescriptor*> registry = {
      &reduced_space_lp_mechanism(),
      &marginal_lp_mechanism(),
      &adaptive_marginals_mechanism(),
      &space_partition_mechanism(),
      &sampler_mechanism(),
  };
  // clang-format on
  return registry;
}

std::vector<std::string> mechanism_ids() {
  std::vector<std::string> ids;
  for (const MechanismDescriptor* mechanism : mechanism_registry()) ids.emplace_back(mechanism->id);
  return ids;
}

const MechanismDescriptor* find_mechanism(const std::string& id) {
  for (const MechanismDescriptor* mechanism : mechanism_registry()) {
    if (id == mechanism->id) return mechanism;
  }
  return nullptr;
}

}  // namespace privsynth
