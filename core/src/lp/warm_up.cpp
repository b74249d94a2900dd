#include "privsynth/warm_up.hpp"

#include "base/random.hpp"
#include "lp/reweighting.hpp"
#include "lp/uniform_reference_measure.hpp"
#include "statistics/marginal_operator.hpp"
#include "statistics/workload.hpp"

namespace privsynth {

Status warm_up_solvers() {
  // A fixed, public toy problem: the seeded generator only makes it reproducible; nothing here
  // touches user data or is released.
  SeededTestRandom random(1);
  const std::vector<int> levels(8, 3);
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload workload, MarginalWorkload::all_up_to_degree(levels, 2));
  const EncodedTable points = sample_uniform_points(levels, 1500, random);
  const EncodedTable data = sample_uniform_points(levels, 200, random);
  std::vector<double> targets = workload.weighted_sum(data, std::vector<double>(data.rows, 1.0 / double(data.rows)));
  FitOptions options;
  options.method = FitMethod::RowGeneration;
  for (int round = 0; round < 3; ++round) {  // several calls: optimized code is used from the next call on
    Result<Reweighting> fit = fit_min_max_error(workload, points, targets, options);
    if (!fit.is_ok()) return fit.status();
  }
  return Status::ok();
}

}  // namespace privsynth
