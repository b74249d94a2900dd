#pragma once
// The mechanisms the pipeline can run, by name. Adding a mechanism = one file in
// core/src/mechanisms/ plus one entry here.
#include <functional>
#include <string>
#include <vector>

#include "mechanisms/mechanism.hpp"
#include "mechanisms/mechanism_forecast.hpp"
#include "base/options.hpp"
#include "privacy/definition.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct PreparedMechanism {
  std::function<Result<MechanismOutput>(const MechanismContext&)> run;
  bool needs_unit_values = false;  // the mechanism works on numeric values, not only their bins
  // What `run` will release, from public inputs only, with the same options (run_forecast.hpp).
  std::function<Result<MechanismForecast>(const ForecastInputs&)> forecast;
  bool categorical_columns_ok = false;  // with needs_unit_values: categorical columns are axes of codes
  // The guarantee the run's receipt states: neighbours, accounting, epsilon and delta from the
  // options (the pipeline adds the public n under replace-one).
  PrivacyDefinition privacy;
};

struct MechanismEntry {
  const char* name;
  // Reads and validates the mechanism's own options before any data is touched.
  Result<PreparedMechanism> (*prepare)(OptionReader& options, double epsilon);
};

const std::vector<MechanismEntry>& mechanism_registry();
const MechanismEntry* find_mechanism(const std::string& name);

}  // namespace privsynth
