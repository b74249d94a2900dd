#include "persons/person_budget.hpp"

#include <cmath>

#include "privacy/zcdp.hpp"

namespace privsynth {

Result<PersonBudget> split_person_budget(double epsilon, double delta, const PrivacyModel& model, int rows_per_person,
                                         bool chosen_privately) {
  if (model.neighbours != Neighbours::AddRemove) {
    return Status::error(ErrorCode::InvalidArgument, "a privacy unit needs add/remove neighbours");
  }
  if (rows_per_person < 1 || rows_per_person > kMaxRowsPerPerson) {
    return Status::error(ErrorCode::InvalidArgument,
                         "rowsPerPerson must be a whole number from 1 to " + std::to_string(kMaxRowsPerPerson));
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_privacy_definition(model.with_budget(epsilon, delta)));
  PersonBudget budget;
  budget.rows_per_person = rows_per_person;
  budget.epsilon = epsilon;
  budget.chosen_privately = chosen_privately;
  const double k = rows_per_person;
  const double choice_share = chosen_privately ? kRowsPerPersonChoiceShare : 0;
  const double row_share = 1 - kRowsPerPersonShare - choice_share;
  if (model.accounting == Accounting::Basic) {
    budget.histogram_epsilon = kRowsPerPersonShare * epsilon;
    budget.choice_epsilon = choice_share * epsilon;
    budget.row_epsilon = row_share * epsilon / k;
    return budget;
  }
  budget.delta = budget.row_delta = delta;
  PRIVSYNTH_ASSIGN_OR_RETURN(const double rho, cdp_rho(epsilon, delta));
  // Pure epsilon-DP is epsilon^2 / 2-zCDP (Bun & Steinke 2016, Prop. 1.4); the exponential
  // mechanism's epsilon^2 / 8 (Cesar & Rogers 2021).
  budget.histogram_epsilon = std::sqrt(2 * kRowsPerPersonShare * rho);
  budget.choice_epsilon = std::sqrt(8 * choice_share * rho);
  const double row_rho = row_share * rho / (k * k);
  // The mechanism states its budget as (epsilon, delta) and turns it back into rho: the epsilon is
  // lowered until that rho is within the row-level share, so the group's k^2 rho never passes it.
  budget.row_epsilon = cdp_eps(row_rho, delta);
  for (int step = 0; step < 64; ++step) {
    PRIVSYNTH_ASSIGN_OR_RETURN(const double back, cdp_rho(budget.row_epsilon, delta));
    if (back <= row_rho) break;
    budget.row_epsilon *= 1 - 1e-9 * (1 << std::min(step, 20));
  }
  return budget;
}

}  // namespace privsynth
