#pragma once
// The mechanisms a run can use, in the catalogue's order (the first is the default). Each is one
// line in registry.cpp, its MechanismDescriptor defined in its own folder (mechanisms/<id>/).
#include <string>
#include <vector>

#include "mechanisms/mechanism.hpp"

namespace privsynth {

const std::vector<const MechanismDescriptor*>& mechanism_registry();
const MechanismDescriptor* find_mechanism(const std::string& id);

}  // namespace privsynth
