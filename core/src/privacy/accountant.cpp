#include "privacy/accountant.hpp"

#include <cmath>

#include "base/number_text.hpp"
#include "privacy/zcdp.hpp"

namespace privsynth {
namespace {

// Absorbs rounding in budget splits such as eps f + eps (1 - f), and in rational noise scales.
constexpr double kRelativeSlack = 1e-12;

Status malformed(const Charge& charge, const std::string& what) {
  return Status::error(ErrorCode::Internal, "the charge for \"" + charge.release + "\" " + what);
}

Status positive(const Charge& charge, double value, const char* name) {
  if (std::isfinite(value) && value > 0) return Status::ok();
  return malformed(charge, std::string("needs a finite ") + name + " > 0 (got " + format_number(value) + ")");
}

// The price of a charge: (epsilon, delta) under basic accounting, rho under zCDP.
struct Price {
  double epsilon = 0, delta = 0, rho = 0;
};

Result<Price> price_of(const Charge& charge, Accounting accounting) {
  const bool zcdp = accounting == Accounting::Zcdp;
  Price price;
  if (const auto* laplace = std::get_if<LaplaceCost>(&charge.cost)) {
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, laplace->l1_sensitivity, "L1 sensitivity"));
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, laplace->noise_scale, "noise scale"));
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, laplace->epsilon, "epsilon"));
    const double cost = laplace->l1_sensitivity / laplace->noise_scale;
    if (laplace->epsilon < cost * (1 - kRelativeSlack)) {
      return malformed(charge, "charges epsilon " + format_number(laplace->epsilon) + " but Laplace noise of scale " +
                                   format_number(laplace->noise_scale) + " on sensitivity " +
                                   format_number(laplace->l1_sensitivity) + " costs " + format_number(cost));
    }
    price.epsilon = laplace->epsilon;
  } else if (const auto* gaussian = std::get_if<GaussianCost>(&charge.cost)) {
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, gaussian->l2_sensitivity, "L2 sensitivity"));
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, gaussian->noise_std, "noise standard deviation"));
    if (!zcdp) return malformed(charge, "is a Gaussian release, which needs zCDP accounting");
    price.rho = gaussian_zcdp_cost(gaussian->l2_sensitivity, gaussian->noise_std);
    return price;
  } else if (const auto* selection = std::get_if<ExponentialCost>(&charge.cost)) {
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, selection->score_sensitivity, "score sensitivity"));
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, selection->epsilon, "epsilon"));
    if (zcdp) {
      price.rho = exponential_mechanism_zcdp_cost(selection->epsilon);
      return price;
    }
    price.epsilon = selection->epsilon;
  } else if (const auto* pure = std::get_if<PureCost>(&charge.cost)) {
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, pure->epsilon, "epsilon"));
    price.epsilon = pure->epsilon;
  } else if (const auto* group = std::get_if<GroupCost>(&charge.cost)) {
    if (group->group_size < 1) return malformed(charge, "needs a group size >= 1");
    const double k = group->group_size;
    if (zcdp) {
      if (!(group->row_rho >= 0) || !std::isfinite(group->row_rho) || group->row_epsilon != 0 ||
          group->row_delta != 0) {
        return malformed(charge, "needs a finite row-level rho >= 0 (and no epsilon or delta) under zCDP");
      }
      price.rho = k * k * group->row_rho;  // Bun & Steinke 2016, Prop. 1.9
      return price;
    }
    if (!(group->row_epsilon >= 0) || !std::isfinite(group->row_epsilon) || !(group->row_delta >= 0) ||
        group->row_rho != 0) {
      return malformed(charge, "needs a finite row-level epsilon >= 0 and delta >= 0 under basic accounting");
    }
    price.epsilon = k * group->row_epsilon;                                       // Dwork & Roth, Thm 2.2
    price.delta = k * std::exp((k - 1) * group->row_epsilon) * group->row_delta;  // Vadhan 2017, Lemma 2.2
    return price;
  } else if (const auto* approximate = std::get_if<ApproximateCost>(&charge.cost)) {
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, approximate->epsilon, "epsilon"));
    PRIVSYNTH_RETURN_IF_ERROR(positive(charge, approximate->delta, "delta"));
    if (zcdp) return malformed(charge, "has a delta, which zCDP accounting cannot absorb");
    price.epsilon = approximate->epsilon;
    price.delta = approximate->delta;
    return price;
  }
  // Pure epsilon-DP is epsilon^2 / 2-zCDP (Bun & Steinke 2016, Prop. 1.4).
  if (zcdp) price = Price{0, 0, price.epsilon * price.epsilon / 2};
  return price;
}

}  // namespace

Status check_epsilon(double epsilon, const std::string& what) {
  if (!std::isfinite(epsilon) || epsilon <= 0) {
    return Status::error(ErrorCode::InvalidArgument,
                         what + " must be a finite number > 0 (got " + format_number(epsilon) + ")");
  }
  return Status::ok();
}

Result<Accountant> Accountant::create(const PrivacyDefinition& definition) {
  PRIVSYNTH_RETURN_IF_ERROR(check_privacy_definition(definition));
  if (definition.accounting == Accounting::Basic) return Accountant(definition, definition.epsilon);
  PRIVSYNTH_ASSIGN_OR_RETURN(double rho, cdp_rho(definition.epsilon, definition.delta));
  return Accountant(definition, rho);
}

Result<Accountant> Accountant::pure(double epsilon) {
  return create(PrivacyDefinition{Neighbours::AddRemove, Accounting::Basic, epsilon, 0, std::nullopt});
}

Result<Accountant> Accountant::zcdp_with_rho(double rho, double delta) {
  if (!std::isfinite(rho) || rho <= 0) {
    return Status::error(ErrorCode::InvalidArgument,
                         "rho must be a finite number > 0 (got " + format_number(rho) + ")");
  }
  const PrivacyDefinition definition{Neighbours::AddRemove, Accounting::Zcdp, cdp_eps(rho, delta), delta, std::nullopt};
  PRIVSYNTH_RETURN_IF_ERROR(check_privacy_definition(definition));
  return Accountant(definition, rho);
}

double Accountant::spent() const {
  double total = 0;
  for (const LedgerEntry& entry : ledger_)
    total += definition_.accounting == Accounting::Zcdp ? entry.rho : entry.epsilon;
  return total;
}

double Accountant::delta_spent() const {
  double total = 0;
  for (const LedgerEntry& entry : ledger_) total += entry.delta;
  return total;
}

double Accountant::epsilon_spent() const {
  if (definition_.accounting == Accounting::Basic) return spent();
  return ledger_.empty() ? 0 : cdp_eps(spent(), definition_.delta);
}

double Accountant::delta_of_guarantee() const {
  return definition_.accounting == Accounting::Basic ? delta_spent() : definition_.delta;
}

Status Accountant::charge(const Charge& charge) {
  PRIVSYNTH_ASSIGN_OR_RETURN(Price price, price_of(charge, definition_.accounting));
  const double cost = definition_.accounting == Accounting::Zcdp ? price.rho : price.epsilon;
  if (spent() + cost > budget_ * (1 + kRelativeSlack)) {
    const bool zcdp = definition_.accounting == Accounting::Zcdp;
    return Status::error(ErrorCode::BudgetExceeded,
                         "releasing \"" + charge.release + "\" at " + (zcdp ? "rho " : "epsilon ") +
                             format_number(cost) + " would exceed the " + (zcdp ? "zCDP budget (" : "budget (") +
                             format_number(remaining()) + " of " + format_number(budget_) + " left)");
  }
  if (delta_spent() + price.delta > definition_.delta * (1 + kRelativeSlack) &&
      definition_.accounting == Accounting::Basic) {
    return Status::error(ErrorCode::BudgetExceeded,
                         "releasing \"" + charge.release + "\" at delta " + format_number(price.delta) +
                             " would exceed the delta budget of " + format_number(definition_.delta));
  }
  ledger_.push_back(LedgerEntry{charge, price.epsilon, price.delta, price.rho});
  return Status::ok();
}

}  // namespace privsynth
