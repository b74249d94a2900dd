#pragma once
// The mechanisms a run can use, in the catalogue's order. Each is one line in registry.cpp, its
// MechanismDescriptor defined in its own folder (mechanisms/<id>/). A run names one, or "auto"
// (the default), which runs the one the recommendation names (pipeline/recommendation.hpp).
#include <string>
#include <vector>

#include "mechanisms/mechanism.hpp"

namespace privsynth {

inline constexpr const char* kAutoMechanism = "auto";

const std::vector<const MechanismDescriptor*>& mechanism_registry();
const MechanismDescriptor* find_mechanism(const std::string& id);

}  // namespace privsynth
