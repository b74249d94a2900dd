#include "privsynth/accountant.hpp"

#include <cmath>

#include "privsynth/number_text.hpp"

namespace privsynth {

Status check_epsilon(double epsilon, const std::string& what) {
  if (!std::isfinite(epsilon) || epsilon <= 0) {
    return Status::error(ErrorCode::InvalidArgument, what + " must be a finite number > 0 (got " +
                                                         format_number(epsilon) + ")");
  }
  return Status::ok();
}

Result<PureDpAccountant> PureDpAccountant::with_budget(double epsilon_budget) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon_budget, "epsilon"));
  return PureDpAccountant(epsilon_budget);
}

double PureDpAccountant::spent() const {
  double total = 0;
  for (const LedgerEntry& entry : entries_) total += entry.epsilon;
  return total;
}

Status PureDpAccountant::charge(const LedgerEntry& entry) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(entry.epsilon, "the epsilon of \"" + entry.release + "\""));
  // A relative slack of 1e-12 absorbs rounding in splits like eps * f + eps * (1 - f).
  if (spent() + entry.epsilon > budget_ * (1 + 1e-12)) {
    return Status::error(ErrorCode::BudgetExceeded, "releasing \"" + entry.release + "\" at epsilon " +
                                                        format_number(entry.epsilon) + " would exceed the budget (" +
                                                        format_number(remaining()) + " of " +
                                                        format_number(budget_) + " left)");
  }
  entries_.push_back(entry);
  return Status::ok();
}

}  // namespace privsynth
