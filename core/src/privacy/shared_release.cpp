#include "privacy/shared_release.hpp"

#include <cmath>

#include "base/number_text.hpp"
#include "privacy/joint_release.hpp"
#include "privacy/zcdp.hpp"

namespace privsynth {

Result<ReleaseSplit> split_release(double epsilon, double delta, double share) {
  if (!(share > 0 && share < 1)) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "the discovery's share of epsilon must be strictly between 0 and 1 (got " + format_number(share) + ")");
  }
  if (!(delta > 0 && delta < 1)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "a release with a private discovery needs 0 < delta < 1 (got " + format_number(delta) + ")");
  }
  ReleaseSplit split;
  split.conversion_delta = delta / 2;
  split.selection_delta = delta - split.conversion_delta;
  PRIVSYNTH_ASSIGN_OR_RETURN(split.total_rho, cdp_rho(epsilon, split.conversion_delta));
  split.discovery_rho = share * split.total_rho;
  return split;
}

DiscoveryCost discovery_cost_in_release(const ReleaseSplit& split, double rho_spent) {
  DiscoveryCost cost;
  cost.epsilon = cdp_eps(rho_spent, split.conversion_delta);
  cost.delta = split.conversion_delta + split.selection_delta;
  cost.rho = rho_spent;
  cost.selection_delta = split.selection_delta;
  return cost;
}

Result<RunPart> run_part_of_release(const DiscoveryCost& cost, double epsilon, double delta,
                                    const PrivacyModel& model) {
  const auto spent_all = [&](const std::string& figures) {
    return Status::error(ErrorCode::InvalidArgument, "the schema's private discovery already spent " + figures +
                                                         " of this release's epsilon " + format_number(epsilon) +
                                                         ": nothing is left for the run; raise epsilon or give the " +
                                                         "discovery a smaller share");
  };
  if (model.accounting == Accounting::Zcdp && model.neighbours == Neighbours::AddRemove) {
    const double conversion_delta = delta - cost.selection_delta;
    if (!(conversion_delta > 0)) {
      return Status::error(ErrorCode::InvalidArgument,
                           "delta " + format_number(delta) + " must exceed the discovery's selection delta " +
                               format_number(cost.selection_delta) + " (its schema's discovery.selectionDelta)");
    }
    PRIVSYNTH_ASSIGN_OR_RETURN(const double total_rho, cdp_rho(epsilon, conversion_delta));
    const double run_rho = total_rho - cost.rho.value_or(0);
    if (!(run_rho > 1e-12 * total_rho)) return spent_all("rho " + format_number(cost.rho.value_or(0)));
    return RunPart{cdp_eps(run_rho, conversion_delta), conversion_delta};
  }
  const PrivacyCost own = discovery_cost(cost, model.neighbours);  // its own statement, for the run's neighbours
  if (!(epsilon - own.epsilon > 1e-12 * epsilon)) return spent_all(format_number(own.epsilon));
  return RunPart{epsilon - own.epsilon, 0};
}

}  // namespace privsynth
