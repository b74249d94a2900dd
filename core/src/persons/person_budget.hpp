#pragma once
// How a person-level budget is spent (docs/privacy/privacy-unit.md). With a privacy unit and each
// person bounded to k rows, a share of the budget releases the rows-per-person distribution
// (rows_per_person.hpp) and the mechanism runs on the bounded rows at a row-level budget whose
// group-privacy cost over k rows is the rest: the rest / k under pure epsilon-DP (Dwork & Roth
// 2014, Thm 2.2), rho / k^2 under zCDP (Bun & Steinke 2016, Prop. 1.9).
#include "privacy/definition.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// The rows-per-person distribution's share of a person-level budget (its epsilon under basic
// accounting, its rho under zCDP).
inline constexpr double kRowsPerPersonShare = 0.05;
// When k is chosen privately (rows_per_person_choice.hpp): the choice's share, taken the same way.
inline constexpr double kRowsPerPersonChoiceShare = 0.05;
// The most rows per person a run may keep; and the k a run's plan assumes before its private choice
// (the forecast's figures, a run's checks).
inline constexpr int kMaxRowsPerPerson = 1000;
inline constexpr int kPlannedRowsPerPerson = 4;

struct PersonBudget {
  int rows_per_person = 1;       // k
  double epsilon = 0;            // the person-level budget
  double delta = 0;              // zCDP: the conversion's; basic: 0
  double histogram_epsilon = 0;  // the rows-per-person distribution's Laplace epsilon
  double row_epsilon = 0;        // the mechanism's own epsilon option, for one row
  double row_delta = 0;          // and delta option (zCDP: the conversion's; pure: 0)
  // k chosen privately at run time: its exponential mechanism's epsilon; rows_per_person is then
  // the k the split was made for, until the run replans it with the chosen k.
  bool chosen_privately = false;
  double choice_epsilon = 0;
  double quantile = 0;  // the share of persons whose rows the chosen k keeps whole
};

// Fails for a model with replace-one neighbours (the number of rows would be public, but a
// person's rows are not: no group of them is a replacement), or a budget check_privacy_definition
// refuses.
Result<PersonBudget> split_person_budget(double epsilon, double delta, const PrivacyModel& model, int rows_per_person,
                                         bool chosen_privately = false);

}  // namespace privsynth
