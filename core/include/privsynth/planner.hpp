#pragma once
// A-priori forecasts from the theorems behind Algorithm 1 (reduced-space LP reweighting), computed
// from public inputs only: the Laplace scale sigma, the sizes n, k, m each theorem asks for, the
// bound K on the Renyi condition number, and the privacy and accuracy it then promises. Sources:
//   Boedihardjo, Strohmer, Vershynin (BSV), Theorems 2.2 (privacy) and 2.3 (accuracy), as restated
//     in Bojkovic & Loh, Theorem II.1;
//   Bojkovic & Loh, Theorem B.1 (uniform mu), Theorem III.1 and Corollary III.1.1 (perturbed
//     histogram mu), Theorem IV.1 and Corollary IV.1.1 (Bernstein-mechanism KDE mu).
// The theorems carry constants the paper does not give (C1, C2, c, C'1, C0, C'); each defaults to 1
// and is then labelled "constant not given in the paper, assumed 1". Where the printed formula
// does not follow from the paper's own proof, the planner uses the derived one and says so in the
// theorem's notes (docs/planner.md lists every such case).
// Pure function: no data, no randomness, no clock.
#include <optional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "privsynth/status.hpp"

namespace privsynth {

enum class PlannerReference { Uniform, Histogram, BernsteinKde };
const char* planner_reference_name(PlannerReference reference);  // "uniform", "histogram", "bernstein-kde"

// The theorems' unspecified constants; an absent one is taken as 1 and labelled as assumed.
struct PlannerConstants {
  std::optional<double> C1, C2;   // Theorem III.1 / Corollary III.1.1, in K
  std::optional<double> c;        // Theorem III.1: success probability 1 - 3 gamma - exp(-c n)
  std::optional<double> C1prime;  // Theorem IV.1: m >= 2 (1 + C'1 tau) |F| / (delta^2 gamma)
  std::optional<double> C0;       // Corollary IV.1.1: m >= C0 |F| / (delta^2 gamma)
  std::optional<double> Cprime;   // Theorem IV.1: KDE bandwidth h = C' (log n / n)^(1/p)
};

struct PlannerInputs {
  std::optional<double> n;            // records; may be a DP-noisy count. Absent: forecast only
  double statistics = 0;              // |F|, the number of test functions (whole, >= 1)
  double epsilon = 0;                 // privacy parameter of each private step (> 0)
  double delta = 0;                   // accuracy target, in (0, 1/2]; the guarantee is 8 delta
  double gamma = 0;                   // failure probability, in (0, 1/4) (1/4 itself: see notes)
  std::optional<double> domain_size;  // |Omega| of a discrete domain (whole, >= 1)
  std::optional<int> dimensions;      // p of the continuous domain [0,1]^p
  PlannerReference reference = PlannerReference::Uniform;
  std::optional<double> m;           // reduced-space size, if already chosen
  std::optional<double> k;           // synthetic rows, if already chosen
  std::optional<double> tau1, tau2;  // Theorem III.1: min and max of nu; default 1/|Omega| (nu uniform)
  std::optional<double> tau;         // Theorem IV.1: inf of nu's density; default 1 (nu uniform)
  PlannerConstants constants;
};

enum class ConditionRelation { AtLeast, Below };  // actual >= required | actual < required

struct PlannerCondition {
  std::string name;     // what is constrained: "n (privacy)", "k", "m", "gamma", ...
  std::string theorem;  // where the condition comes from
  std::string formula;  // the condition as text
  ConditionRelation relation = ConditionRelation::AtLeast;
  double required = 0;           // the bound (a real number, not rounded)
  std::optional<double> actual;  // the input's value, if it was given
  std::optional<bool> met;       // empty when the input was not given
};

struct PlannerConstantUse {
  std::string name;  // "C1", "C'1", ...
  double value = 1;
  bool assumed = true;  // true: not given, so 1 (the paper does not give it)
};

struct TheoremPlan {
  std::string id;         // "BSV-2.2", "BSV-2.3", "B.1", "III.1", "III.1.1", "IV.1", "IV.1.1"
  std::string theorem;    // full citation
  std::string reference;  // "any", "uniform", "histogram", "bernstein-kde"
  bool primary = false;   // the main theorem of the chosen reference measure
  std::vector<PlannerCondition> conditions;
  // Smallest whole sizes meeting every condition of this theorem (empty: not constrained).
  std::optional<double> required_n, required_k, required_m;
  std::optional<double> condition_number_bound;  // K
  std::string condition_number_formula;
  std::optional<double> privacy_epsilon;  // total epsilon the theorem promises
  std::string privacy_formula;
  std::optional<double> success_probability;  // of being 8 delta-accurate (may be <= 0: vacuous)
  std::string success_formula;
  std::optional<double> accuracy;   // 8 delta
  std::optional<double> bandwidth;  // Theorem IV.1: h = C' (log n / n)^(1/p)
  std::vector<PlannerConstantUse> constants;
  std::optional<bool> all_met;  // true: all met; false: one is not; empty: none fails but some unknown
  std::vector<std::string> notes;
};

struct PlannerReport {
  PlannerInputs inputs;
  double sigma = 0;                      // delta / log(|F| / gamma): Laplace scale of Algorithm 1, step 2
  double log_statistics_over_gamma = 0;  // log(|F| / gamma)
  // epsilon that Laplace(sigma) noise gives at the given n: Theorem II.1 (1) solved for epsilon,
  // 2 |F| / (n sigma).
  std::optional<double> statistics_epsilon_at_n;
  std::string primary;                // id of the chosen reference's main theorem
  std::vector<TheoremPlan> theorems;  // BSV-2.2, BSV-2.3, then those the domain inputs allow
  std::vector<std::string> notes;
};

// InvalidArgument naming the first bad input: delta outside (0, 1/2], gamma outside (0, 1/4],
// epsilon <= 0, |F| < 1, a missing domain for the reference, tau1 > tau2, ...
Status validate_planner_inputs(const PlannerInputs& inputs);

Result<PlannerReport> plan_synthesis(const PlannerInputs& inputs);

// camelCase keys: n, statistics, epsilon, delta, gamma, domainSize, dimensions, reference, m, k,
// tau1, tau2, tau, constants {C1, C2, c, C1prime, C0, Cprime}. Unknown keys are errors; the
// result is validated.
Result<PlannerInputs> read_planner_inputs(const std::string& json_text);
nlohmann::json planner_inputs_json(const PlannerInputs& inputs);
nlohmann::json planner_report_json(const PlannerReport& report);

}  // namespace privsynth
