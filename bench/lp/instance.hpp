#pragma once
// One instance of the reweighting LP for `npm run bench -- lp`: a marginal workload, the points of
// a reduced space and the (noisy) targets, stored as JSON so that the native and the wasm build
// solve exactly the same problem.
#include <string>
#include <vector>

#include "data/table.hpp"
#include "privsynth/status.hpp"
#include "statistics/workload.hpp"

namespace privsynth::bench {

struct LpInstance {
  std::string name, description;
  std::vector<int> levels;
  std::vector<std::vector<int>> column_sets;
  EncodedTable points;
  std::vector<double> targets;
};

std::string instance_to_json(const LpInstance& instance);
Result<LpInstance> instance_from_json(const std::string& text);

}  // namespace privsynth::bench
