#include "privsynth/planner.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "base/options.hpp"

namespace privsynth {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kMaxStatistics = 1e15;
constexpr double kMaxDomainSize = 1e100;  // |Omega|^3 must stay finite
constexpr int kMaxDimensions = 200;       // 3^(p+1) must stay finite
constexpr const char* kAssumedLabel = "constant not given in the paper, assumed 1";

std::string short_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidArgument, message); }

bool is_whole(double value) { return std::isfinite(value) && std::floor(value) == value; }

PlannerConstantUse use_constant(const char* name, const std::optional<double>& given) {
  return {name, given.value_or(1.0), !given.has_value()};
}

// Everything the theorems share, computed once.
struct Shared {
  const PlannerInputs& in;
  double F, eps, delta, gamma;
  double log_f_gamma;   // log(|F| / gamma)
  double privacy_n;     // 2 |F| log(|F|/gamma) / (eps delta)      (BSV Theorem 2.2)
  double sample_bound;  // log(|F|/gamma) / delta^2                 (BSV Theorem 2.3, min{n, k})
  double m_unit;        // |F| / (delta^2 gamma): m = K * m_unit   (BSV Theorem 2.3)

  explicit Shared(const PlannerInputs& inputs)
      : in(inputs), F(inputs.statistics), eps(inputs.epsilon), delta(inputs.delta), gamma(inputs.gamma) {
    log_f_gamma = std::log(F / gamma);
    privacy_n = 2 * F * log_f_gamma / (eps * delta);
    sample_bound = log_f_gamma / (delta * delta);
    m_unit = F / (delta * delta * gamma);
  }
};

enum class Quantity { N, K, M, Other };

void add_condition(TheoremPlan& plan, Quantity quantity, std::string name, std::string theorem, std::string formula,
                   double required, std::optional<double> actual,
                   ConditionRelation relation = ConditionRelation::AtLeast) {
  PlannerCondition condition{std::move(name), std::move(theorem), std::move(formula), relation, required, actual, {}};
  if (actual) condition.met = relation == ConditionRelation::AtLeast ? *actual >= required : *actual < required;
  auto raise = [&](std::optional<double>& bound) { bound = std::max(bound.value_or(0.0), std::ceil(required)); };
  if (quantity == Quantity::N) raise(plan.required_n);
  if (quantity == Quantity::K) raise(plan.required_k);
  if (quantity == Quantity::M) raise(plan.required_m);
  plan.conditions.push_back(std::move(condition));
}

void add_privacy_n(TheoremPlan& plan, const Shared& s, const std::string& theorem) {
  add_condition(plan, Quantity::N, "n (privacy)", theorem, "n >= 2|F| log(|F|/gamma) / (eps delta)", s.privacy_n,
                s.in.n);
}

void add_sample_sizes(TheoremPlan& plan, const Shared& s, const std::string& theorem) {
  add_condition(plan, Quantity::N, "n (accuracy)", theorem, "min{n, k} >= log(|F|/gamma) / delta^2", s.sample_bound,
                s.in.n);
  add_condition(plan, Quantity::K, "k", theorem, "min{n, k} >= log(|F|/gamma) / delta^2", s.sample_bound, s.in.k);
}

void add_gamma_range(TheoremPlan& plan, const Shared& s, const std::string& theorem) {
  add_condition(plan, Quantity::Other, "gamma", theorem, "gamma < 1/4", 0.25, s.gamma, ConditionRelation::Below);
}

// The n at which n-dependent quantities (K, exp(-cn), 1/n, h) are evaluated: the given n, else the
// smallest n the theorem's n conditions allow.
double evaluation_n(const TheoremPlan& plan, const Shared& s) { return s.in.n.value_or(plan.required_n.value_or(1.0)); }

void finish(TheoremPlan& plan) {
  bool unknown = false;
  plan.all_met = true;
  for (const PlannerCondition& condition : plan.conditions) {
    if (!condition.met) unknown = true;
    else if (!*condition.met) plan.all_met = false;
  }
  if (*plan.all_met && unknown) plan.all_met.reset();
}

// ---- Boedihardjo, Strohmer, Vershynin -------------------------------------------------------

TheoremPlan bsv_privacy(const Shared& s) {
  TheoremPlan plan;
  plan.id = "BSV-2.2";
  plan.theorem =
      "Boedihardjo, Strohmer & Vershynin, Theorem 2.2 (Bojkovic & Loh, Theorem II.1 (1)): privacy of Algorithm 1";
  plan.reference = "any";
  add_privacy_n(plan, s, "BSV Theorem 2.2");
  plan.privacy_epsilon = s.eps;
  plan.privacy_formula = "eps (Laplace(sigma) on each normalized statistic; f maps into [-1, 1])";
  plan.notes.push_back(
      "Privacy of Algorithm 1 alone; a private reference measure (histogram, Bernstein) spends eps more.");
  finish(plan);
  return plan;
}

// ---- Reference-specific K ----------------------------------------------------------------------

// Theorem III.1's K, with log(|F|/gamma) where the paper prints log(|F|/delta) (see notes).
double histogram_k(const Shared& s, double n, double tau2, double log_term) {
  const double omega = *s.in.domain_size;
  const double C1 = s.in.constants.C1.value_or(1.0), C2 = s.in.constants.C2.value_or(1.0);
  const double first = 1 + C1 * (std::sqrt(2 * std::log(1 / s.gamma) / n) + std::sqrt(omega / n));
  const double second = 1 + C2 * s.delta * omega * (1 + tau2 * omega) * std::log(omega) / (s.gamma * n * log_term);
  return std::sqrt(first) * std::sqrt(second);
}

double default_tau(const PlannerInputs& in) { return 1.0 / *in.domain_size; }

// ---- Theorem B.1 -----------------------------------------------------------------------------

TheoremPlan uniform_b1(const Shared& s) {
  const double omega = *s.in.domain_size;
  TheoremPlan plan;
  plan.id = "B.1";
  plan.theorem = "Bojkovic & Loh, Theorem B.1: Algorithm 1 with mu uniform on a finite Omega";
  plan.reference = "uniform";
  const std::string th = "Theorem B.1";
  add_privacy_n(plan, s, th);
  add_sample_sizes(plan, s, th);
  plan.condition_number_bound = omega;
  plan.condition_number_formula = "K = |Omega| (kappa(nu||mu) = |Omega| sum nu^2 <= |Omega|)";
  add_condition(plan, Quantity::M, "m", th, "m >= |Omega| |F| / (delta^2 gamma)", omega * s.m_unit, s.in.m);
  add_gamma_range(plan, s, th);
  plan.privacy_epsilon = s.eps;
  plan.privacy_formula = "eps (mu does not depend on the data)";
  plan.success_probability = 1 - 4 * s.gamma;
  plan.success_formula = "1 - 4 gamma";
  plan.accuracy = 8 * s.delta;
  finish(plan);
  return plan;
}

// ---- Theorem III.1 and Corollary III.1.1 --------------------------------------------------------

std::vector<PlannerConstantUse> histogram_constants(const PlannerInputs& in) {
  return {use_constant("C1", in.constants.C1), use_constant("C2", in.constants.C2), use_constant("c", in.constants.c)};
}

void histogram_success(TheoremPlan& plan, const Shared& s) {
  const double n = evaluation_n(plan, s);
  plan.success_probability = 1 - 3 * s.gamma - std::exp(-s.in.constants.c.value_or(1.0) * n);
  plan.success_formula = "1 - 3 gamma - exp(-c n), n = " + short_number(n);
  plan.privacy_epsilon = 2 * s.eps;
  plan.privacy_formula = "2 eps (basic composition: eps for the perturbed histogram mu, eps for Algorithm 1)";
  plan.accuracy = 8 * s.delta;
  plan.notes.push_back(
      "Success probability as stated by the paper. The proof's K bound fails with probability up to 3 gamma + exp(-cn) "
      "and Theorem II.1 (2) adds its own 4 gamma; a union bound over both gives only 1 - 7 gamma - exp(-cn) = " +
      short_number(1 - 7 * s.gamma - std::exp(-s.in.constants.c.value_or(1.0) * n)) + ".");
}

TheoremPlan histogram_iii1(const Shared& s) {
  const double omega = *s.in.domain_size;
  const double tau1 = s.in.tau1.value_or(default_tau(s.in)), tau2 = s.in.tau2.value_or(default_tau(s.in));
  const double log_printed = std::log(s.F / s.delta);
  TheoremPlan plan;
  plan.id = "III.1";
  plan.theorem = "Bojkovic & Loh, Theorem III.1: Algorithm 1 with mu the perturbed histogram (Algorithm 2)";
  plan.reference = "histogram";
  plan.constants = histogram_constants(s.in);
  const std::string th = "Theorem III.1";
  add_privacy_n(plan, s, th);
  add_condition(plan, Quantity::N, "n (empirical nu)", th, "n >= 8 / tau1^2 (|Omega| + 2 log(1/gamma))",
                8 / (tau1 * tau1) * (omega + 2 * std::log(1 / s.gamma)), s.in.n);
  const double third = 8 * s.delta * omega * (1 + tau2 * omega) * std::log(omega) / (tau1 * s.gamma * s.log_f_gamma);
  add_condition(plan, Quantity::N, "n (histogram noise)", th,
                "n >= 8 delta |Omega| (1 + tau2 |Omega|) log|Omega| / (tau1 gamma log(|F|/gamma))", third, s.in.n);
  add_sample_sizes(plan, s, th);
  const double n = evaluation_n(plan, s);
  const double K = histogram_k(s, n, tau2, s.log_f_gamma);
  plan.condition_number_bound = K;
  plan.condition_number_formula =
      "K = (1 + C1 (sqrt(2 log(1/gamma)/n) + sqrt(|Omega|/n)))^(1/2) (1 + C2 delta |Omega| (1 + tau2 |Omega|) "
      "log|Omega| / (gamma n log(|F|/gamma)))^(1/2), n = " +
      short_number(n);
  add_condition(plan, Quantity::M, "m", th, "m >= 2 K |F| / (delta^2 gamma)", 2 * K * s.m_unit, s.in.m);
  add_gamma_range(plan, s, th);
  histogram_success(plan, s);
  plan.notes.push_back("tau1 = " + short_number(tau1) + ", tau2 = " + short_number(tau2) +
                       (s.in.tau1 || s.in.tau2 ? "" : " (defaults: nu uniform, tau1 = tau2 = 1/|Omega|)") + ".");
  plan.notes.push_back(
      "The paper prints log(|F|/delta) in the third n term and in K; its proof (Appendix C-B, step 3) gets that term "
      "from sigma = delta / log(|F|/gamma), so log(|F|/gamma) is used here. As printed: n >= " +
      short_number(third * s.log_f_gamma / log_printed) +
      ", K = " + short_number(histogram_k(s, n, tau2, log_printed)) + ".");
  plan.notes.push_back(
      "The proof bounds the histogram noise max|omega_j| with sigma (Lemma A.1), but Algorithm 2's noise has scale "
      "2/eps (density eps/4 exp(-eps|w|/2)), not sigma. With 2/eps the third n term would read 16 |Omega| (1 + tau2 "
      "|Omega|) log|Omega| / (eps tau1 gamma) = " +
      short_number(16 * omega * (1 + tau2 * omega) * std::log(omega) / (s.eps * tau1 * s.gamma)) +
      " (informational; not a condition here).");
  finish(plan);
  return plan;
}

TheoremPlan histogram_corollary(const Shared& s) {
  const double omega = *s.in.domain_size;
  const double log_printed = std::log(s.F / s.delta);
  TheoremPlan plan;
  plan.id = "III.1.1";
  plan.theorem = "Bojkovic & Loh, Corollary III.1.1: Theorem III.1 with nu uniform (tau1 = tau2 = 1/|Omega|)";
  plan.reference = "histogram";
  plan.constants = histogram_constants(s.in);
  const std::string th = "Corollary III.1.1";
  add_privacy_n(plan, s, th);
  const double second = 8 * omega * omega * omega + 16 * omega * omega * std::log(1 / s.gamma);
  add_condition(plan, Quantity::N, "n (empirical nu)", th, "n >= 8|Omega|^3 + 16|Omega|^2 log(1/gamma)", second,
                s.in.n);
  const double third = 16 * s.delta * omega * omega * std::log(omega) / (s.gamma * s.log_f_gamma);
  add_condition(plan, Quantity::N, "n (histogram noise)", th,
                "n >= 16 delta |Omega|^2 log|Omega| / (gamma log(|F|/gamma))", third, s.in.n);
  add_sample_sizes(plan, s, th);
  const double n = evaluation_n(plan, s);
  const double K = histogram_k(s, n, 1 / omega, s.log_f_gamma);
  plan.condition_number_bound = K;
  plan.condition_number_formula =
      "K = (1 + C1 (sqrt(2 log(1/gamma)/n) + sqrt(|Omega|/n)))^(1/2) (1 + 2 C2 delta |Omega| log|Omega| / (gamma n "
      "log(|F|/gamma)))^(1/2), n = " +
      short_number(n);
  add_condition(plan, Quantity::M, "m", th, "m >= 2 K |F| / (delta^2 gamma)", 2 * K * s.m_unit, s.in.m);
  add_gamma_range(plan, s, th);
  histogram_success(plan, s);
  plan.notes.push_back(
      "The paper prints the second n term as (8|Omega|^3 + 16|Omega|^2 log(1/gamma)) / (gamma log(|F|/delta)) = " +
      short_number(second / (s.gamma * log_printed)) +
      ". Theorem III.1's 8/tau1^2 (|Omega| + 2 log(1/gamma)) with tau1 = 1/|Omega| gives no such denominator, so the "
      "specialisation of Theorem III.1 is used here.");
  plan.notes.push_back(
      "The paper prints log(|F|/delta) in the third n term and in K (see Theorem III.1); log(|F|/gamma) is used. As "
      "printed: n >= " +
      short_number(third * s.log_f_gamma / log_printed) + ".");
  finish(plan);
  return plan;
}

// ---- Theorem IV.1 and Corollary IV.1.1 ----------------------------------------------------------

double kde_n_bound(const Shared& s, double three_over_tau) {
  const int p = *s.in.dimensions;
  return std::pow(three_over_tau, p + 1) * (2 / (s.eps * std::pow(std::sqrt(2 * kPi), p)) * std::log(1 / s.gamma));
}

void kde_common(TheoremPlan& plan, const Shared& s) {
  const double n = evaluation_n(plan, s);
  const int p = *s.in.dimensions;
  plan.privacy_epsilon = 2 * s.eps;
  plan.privacy_formula = "2 eps (basic composition: eps for the Bernstein-mechanism KDE mu, eps for Algorithm 1)";
  plan.success_probability = 1 - s.gamma - 1 / n;
  plan.success_formula = "1 - gamma - 1/n, n = " + short_number(n);
  plan.accuracy = 8 * s.delta;
  if (n > 1) plan.bandwidth = s.in.constants.Cprime.value_or(1.0) * std::pow(std::log(n) / n, 1.0 / p);
  plan.notes.push_back(
      "Success probability as stated by the paper; Theorem II.1 (2) adds its own 4 gamma, so a union bound gives only "
      "1 - 5 gamma - 1/n = " +
      short_number(1 - 5 * s.gamma - 1 / n) + ".");
  plan.notes.push_back(
      "Algorithm 3 as printed lost an exponent: its (k+1)^p lattice coefficients need Laplace scale S(F) (k+1)^p / "
      "eps, not S(F) (k+1) / eps (docs/spec/algorithms.md §2).");
}

TheoremPlan kde_iv1(const Shared& s) {
  const double tau = s.in.tau.value_or(1.0);
  const double C1p = s.in.constants.C1prime.value_or(1.0);
  TheoremPlan plan;
  plan.id = "IV.1";
  plan.theorem = "Bojkovic & Loh, Theorem IV.1: Algorithm 1 with mu a Gaussian KDE released by the Bernstein mechanism";
  plan.reference = "bernstein-kde";
  plan.constants = {use_constant("C'1", s.in.constants.C1prime), use_constant("C'", s.in.constants.Cprime)};
  const std::string th = "Theorem IV.1";
  add_privacy_n(plan, s, th);
  add_condition(plan, Quantity::N, "n (KDE noise)", th, "n >= (3/tau)^(p+1) (2 / (eps sqrt((2 pi)^p)) log(1/gamma))",
                kde_n_bound(s, 3 / tau), s.in.n);
  add_sample_sizes(plan, s, th);
  plan.condition_number_bound = 1 + C1p * tau;
  plan.condition_number_formula = "K = 1 + C'1 tau (the m condition's 2 (1 + C'1 tau) = 2K)";
  add_condition(plan, Quantity::M, "m", th, "m >= 2 (1 + C'1 tau) |F| / (delta^2 gamma)",
                2 * (1 + C1p * tau) * s.m_unit, s.in.m);
  add_gamma_range(plan, s, th);
  kde_common(plan, s);
  const double n = evaluation_n(plan, s);
  plan.notes.push_back("tau = " + short_number(tau) + (s.in.tau ? "" : " (default: nu uniform on [0,1]^p, tau = 1)") +
                       "; nu must also be Lipschitz, which the planner cannot check.");
  if (plan.bandwidth) {
    plan.notes.push_back(
        "The proof (Appendix D-C, step 2) needs n >= (3C/tau)^(p+1) 2 log(1/gamma) / (h eps sqrt((2 pi)^p)); the "
        "theorem drops C and the bandwidth h = C' (log n/n)^(1/p) < 1, which makes the printed bound smaller. With C = "
        "1 and h at n = " +
        short_number(n) + " that bound is " + short_number(kde_n_bound(s, 3 / tau) / *plan.bandwidth) +
        " (informational; not a condition here).");
  }
  plan.notes.push_back(
      "The proof's bound is K = (1 + C'1 tau)^(1/2) (1 + C'2 tau)^(1/2); the theorem's m condition uses 2 (1 + C'1 "
      "tau), which is what is reported.");
  finish(plan);
  return plan;
}

TheoremPlan kde_corollary(const Shared& s) {
  const double C0 = s.in.constants.C0.value_or(1.0);
  const double C1p = s.in.constants.C1prime.value_or(1.0);
  TheoremPlan plan;
  plan.id = "IV.1.1";
  plan.theorem = "Bojkovic & Loh, Corollary IV.1.1: Theorem IV.1 with nu uniform on [0,1]^p (tau = 1)";
  plan.reference = "bernstein-kde";
  plan.constants = {use_constant("C0", s.in.constants.C0), use_constant("C'", s.in.constants.Cprime)};
  const std::string th = "Corollary IV.1.1";
  add_privacy_n(plan, s, th);
  add_condition(plan, Quantity::N, "n (KDE noise)", th, "n >= 3^(p+1) (2 / (eps sqrt((2 pi)^p)) log(1/gamma))",
                kde_n_bound(s, 3), s.in.n);
  add_sample_sizes(plan, s, th);
  plan.condition_number_formula = "not stated: the m bound is given directly with C0";
  add_condition(plan, Quantity::M, "m", th, "m >= C0 |F| / (delta^2 gamma)", C0 * s.m_unit, s.in.m);
  add_gamma_range(plan, s, th);
  kde_common(plan, s);
  plan.notes.push_back("Theorem IV.1 with tau = 1 gives m >= 2 (1 + C'1) |F| / (delta^2 gamma) = " +
                       short_number(2 * (1 + C1p) * s.m_unit) +
                       ", i.e. C0 = 2 (1 + C'1); the corollary's C0 is its own constant here.");
  finish(plan);
  return plan;
}

// ---- BSV Theorem 2.3, with the chosen reference's K ---------------------------------------------

TheoremPlan bsv_accuracy(const Shared& s, const std::vector<TheoremPlan>& specific) {
  TheoremPlan plan;
  plan.id = "BSV-2.3";
  plan.theorem =
      "Boedihardjo, Strohmer & Vershynin, Theorem 2.3 (Bojkovic & Loh, Theorem II.1 (2)): accuracy of Algorithm 1 when "
      "kappa(nu||mu) <= K";
  plan.reference = planner_reference_name(s.in.reference);
  const std::string th = "BSV Theorem 2.3";
  add_sample_sizes(plan, s, th);
  double K = 0;
  switch (s.in.reference) {
    case PlannerReference::Uniform:
      K = *s.in.domain_size;
      plan.condition_number_formula = "K = |Omega| (Theorem B.1)";
      break;
    case PlannerReference::Histogram:
      for (const TheoremPlan& other : specific) {
        if (other.id == "III.1") {
          K = *other.condition_number_bound;
          plan.condition_number_formula = "K of Theorem III.1: " + other.condition_number_formula;
          plan.constants = histogram_constants(s.in);
        }
      }
      break;
    case PlannerReference::BernsteinKde:
      K = 1 + s.in.constants.C1prime.value_or(1.0) * s.in.tau.value_or(1.0);
      plan.condition_number_formula = "K = 1 + C'1 tau (Theorem IV.1's m condition)";
      plan.constants = {use_constant("C'1", s.in.constants.C1prime)};
      break;
  }
  plan.condition_number_bound = K;
  add_condition(plan, Quantity::M, "m", th, "m >= K |F| / (delta^2 gamma)", K * s.m_unit, s.in.m);
  add_gamma_range(plan, s, th);
  plan.success_probability = 1 - 4 * s.gamma;
  plan.success_formula = "1 - 4 gamma";
  plan.accuracy = 8 * s.delta;
  plan.notes.push_back("Assumes the records are i.i.d. from nu and kappa(nu||mu) <= K; privacy is Theorem 2.2's.");
  finish(plan);
  return plan;
}

std::optional<PlannerReference> parse_reference(const std::string& name) {
  if (name == "uniform") return PlannerReference::Uniform;
  if (name == "histogram") return PlannerReference::Histogram;
  if (name == "bernstein-kde") return PlannerReference::BernsteinKde;
  return std::nullopt;
}

Status check_size(const char* name, const std::optional<double>& value) {
  if (value && (!std::isfinite(*value) || *value < 1)) {
    return invalid(std::string(name) + " must be a finite number >= 1, got " + short_number(*value));
  }
  return Status::ok();
}

}  // namespace

const char* planner_reference_name(PlannerReference reference) {
  switch (reference) {
    case PlannerReference::Uniform: return "uniform";
    case PlannerReference::Histogram: return "histogram";
    case PlannerReference::BernsteinKde: return "bernstein-kde";
  }
  return "uniform";
}

Status validate_planner_inputs(const PlannerInputs& in) {
  if (!is_whole(in.statistics) || in.statistics < 1 || in.statistics > kMaxStatistics) {
    return invalid("statistics (|F|, the number of test functions) must be a whole number from 1 to 1e15, got " +
                   short_number(in.statistics));
  }
  if (!std::isfinite(in.epsilon) || in.epsilon <= 0) {
    return invalid("epsilon must be a finite number greater than 0, got " + short_number(in.epsilon));
  }
  if (!(in.delta > 0 && in.delta <= 0.5)) {
    return invalid("delta must be in (0, 1/2] (Theorem II.1 needs delta <= 1/2), got " + short_number(in.delta));
  }
  if (!(in.gamma > 0 && in.gamma <= 0.25)) {
    return invalid(
        "gamma must be in (0, 1/4) (the theorems' range; exactly 1/4, the paper's Appendix C-C value, is accepted with "
        "a warning), got " +
        short_number(in.gamma));
  }
  if (in.n && (!std::isfinite(*in.n) || *in.n < 1)) {
    return invalid("n must be a finite number >= 1 (a noisy count below 1 leaves nothing to plan for), got " +
                   short_number(*in.n));
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_size("m", in.m));
  PRIVSYNTH_RETURN_IF_ERROR(check_size("k", in.k));
  if (in.domain_size && (!is_whole(*in.domain_size) || *in.domain_size < 1 || *in.domain_size > kMaxDomainSize)) {
    return invalid("domainSize (|Omega|) must be a whole number from 1 to 1e100, got " + short_number(*in.domain_size));
  }
  if (in.dimensions && (*in.dimensions < 1 || *in.dimensions > kMaxDimensions)) {
    return invalid("dimensions (p of [0,1]^p) must be a whole number from 1 to " + std::to_string(kMaxDimensions) +
                   ", got " + std::to_string(*in.dimensions));
  }
  if ((in.reference == PlannerReference::Uniform || in.reference == PlannerReference::Histogram) && !in.domain_size) {
    return invalid(std::string("reference \"") + planner_reference_name(in.reference) +
                   "\" needs domainSize (|Omega|): its theorems are for finite domains");
  }
  if (in.reference == PlannerReference::BernsteinKde && !in.dimensions) {
    return invalid("reference \"bernstein-kde\" needs dimensions (p): its theorems are for [0,1]^p");
  }
  if ((in.tau1 || in.tau2) && !in.domain_size)
    return invalid("tau1 and tau2 (Theorem III.1) need domainSize (|Omega|)");
  const double uniform_mass = in.domain_size ? 1.0 / *in.domain_size : 1.0;
  const double slack = 1 + 1e-12;  // 1/|Omega| given as a rounded decimal
  if (in.tau1 && !(*in.tau1 > 0 && *in.tau1 <= uniform_mass * slack)) {
    return invalid("tau1 (the smallest probability nu(x)) must be in (0, 1/|Omega|] = (0, " +
                   short_number(uniform_mass) + "], got " + short_number(*in.tau1));
  }
  if (in.tau2 && !(*in.tau2 >= uniform_mass / slack && *in.tau2 <= 1)) {
    return invalid("tau2 (the largest probability nu(x)) must be in [1/|Omega|, 1] = [" + short_number(uniform_mass) +
                   ", 1], got " + short_number(*in.tau2));
  }
  if (in.tau && !in.dimensions) return invalid("tau (Theorem IV.1) needs dimensions (p)");
  if (in.tau && !(*in.tau > 0 && *in.tau <= 1)) {
    return invalid("tau (the infimum of nu's density on [0,1]^p) must be in (0, 1], got " + short_number(*in.tau));
  }
  const std::pair<const char*, const std::optional<double>*> constants[] = {
      {"C1", &in.constants.C1},           {"C2", &in.constants.C2}, {"c", &in.constants.c},
      {"C1prime", &in.constants.C1prime}, {"C0", &in.constants.C0}, {"Cprime", &in.constants.Cprime}};
  for (const auto& [name, value] : constants) {
    if (*value && (!std::isfinite(**value) || **value <= 0)) {
      return invalid(std::string("constants.") + name + " must be a finite number greater than 0, got " +
                     short_number(**value));
    }
  }
  return Status::ok();
}

Result<PlannerReport> plan_synthesis(const PlannerInputs& inputs) {
  PRIVSYNTH_RETURN_IF_ERROR(validate_planner_inputs(inputs));
  const Shared s(inputs);
  PlannerReport report;
  report.inputs = inputs;
  report.log_statistics_over_gamma = s.log_f_gamma;
  report.sigma = s.delta / s.log_f_gamma;
  if (inputs.n) report.statistics_epsilon_at_n = 2 * s.F / (*inputs.n * report.sigma);

  std::vector<TheoremPlan> specific;
  if (inputs.domain_size) {
    specific.push_back(uniform_b1(s));
    specific.push_back(histogram_iii1(s));
    specific.push_back(histogram_corollary(s));
  }
  if (inputs.dimensions) {
    specific.push_back(kde_iv1(s));
    specific.push_back(kde_corollary(s));
  }
  report.primary = inputs.reference == PlannerReference::Uniform     ? "B.1"
                   : inputs.reference == PlannerReference::Histogram ? "III.1"
                                                                     : "IV.1";
  report.theorems.push_back(bsv_privacy(s));
  report.theorems.push_back(bsv_accuracy(s, specific));
  for (TheoremPlan& plan : specific) {
    plan.primary = plan.id == report.primary;
    report.theorems.push_back(std::move(plan));
  }

  if (inputs.gamma >= 0.25) {
    report.notes.push_back(
        "gamma = 1/4 is outside the theorems' range gamma in (0, 1/4) and makes 1 - 4 gamma = 0: no accuracy guarantee "
        "holds (accepted because the paper's Appendix C-C simulation uses it).");
  }
  if (8 * inputs.delta >= 2) {
    report.notes.push_back("8 delta = " + short_number(8 * inputs.delta) +
                           " >= 2: every synthetic dataset is 2-accurate for functions into [-1, 1], so the accuracy "
                           "guarantee says nothing at this delta.");
  }
  if (inputs.n) {
    report.notes.push_back(
        "n is used as given; if it is a DP-noisy count it may overstate the true n, so leave a margin.");
  }
  report.notes.push_back(
      "Unspecified constants default to 1 and are labelled \"" + std::string(kAssumedLabel) +
      "\"; \"met\" compares a given input with the bound and is empty when the input was not given.");
  return report;
}

Result<PlannerInputs> read_planner_inputs(const std::string& json_text) {
  Result<nlohmann::json> parsed = parse_options_json(json_text);
  if (!parsed.is_ok()) return invalid("planner inputs must be a JSON object");
  const nlohmann::json& object = parsed.value();
  OptionReader reader(object);
  PlannerInputs inputs;
  for (const char* key : {"statistics", "epsilon", "delta", "gamma", "reference"}) {
    if (!reader.has(key)) return invalid(std::string("option \"") + key + "\" is required");
  }
  // Numbers are only type-checked here; validate_planner_inputs checks their ranges.
  auto number = [&](const char* key, double& out) -> Status {
    reader.accept(key);
    if (!reader.has(key)) return Status::ok();
    const nlohmann::json& value = object[key];
    if (!value.is_number() || !std::isfinite(value.get<double>())) {
      return invalid(std::string("option \"") + key + "\" must be a finite number");
    }
    out = value.get<double>();
    return Status::ok();
  };
  auto optional_number = [&](const char* key, std::optional<double>& out) -> Status {
    if (!reader.has(key)) {
      reader.accept(key);
      return Status::ok();
    }
    double value = 0;
    PRIVSYNTH_RETURN_IF_ERROR(number(key, value));
    out = value;
    return Status::ok();
  };
  PRIVSYNTH_RETURN_IF_ERROR(number("statistics", inputs.statistics));
  PRIVSYNTH_RETURN_IF_ERROR(number("epsilon", inputs.epsilon));
  PRIVSYNTH_RETURN_IF_ERROR(number("delta", inputs.delta));
  PRIVSYNTH_RETURN_IF_ERROR(number("gamma", inputs.gamma));
  std::string reference;
  PRIVSYNTH_RETURN_IF_ERROR(reader.text(
      "reference", reference,
      {"The reference measure the theorems are evaluated for: \"uniform\", \"histogram\" or \"bernstein-kde\".",
       OptionDefault::Required}));
  const std::optional<PlannerReference> kind = parse_reference(reference);
  if (!kind) {
    return invalid("option \"reference\" must be \"uniform\", \"histogram\" or \"bernstein-kde\", got \"" + reference +
                   "\"");
  }
  inputs.reference = *kind;
  PRIVSYNTH_RETURN_IF_ERROR(optional_number("n", inputs.n));
  PRIVSYNTH_RETURN_IF_ERROR(optional_number("domainSize", inputs.domain_size));
  if (reader.has("dimensions")) {
    long long p = 0;
    PRIVSYNTH_RETURN_IF_ERROR(
        reader.integer("dimensions", p, 1, kMaxDimensions,
                       {"The number p of numeric dimensions of the continuous space.", OptionDefault::None}));
    inputs.dimensions = static_cast<int>(p);
  } else {
    reader.accept("dimensions");
  }
  PRIVSYNTH_RETURN_IF_ERROR(optional_number("m", inputs.m));
  PRIVSYNTH_RETURN_IF_ERROR(optional_number("k", inputs.k));
  PRIVSYNTH_RETURN_IF_ERROR(optional_number("tau1", inputs.tau1));
  PRIVSYNTH_RETURN_IF_ERROR(optional_number("tau2", inputs.tau2));
  PRIVSYNTH_RETURN_IF_ERROR(optional_number("tau", inputs.tau));
  reader.accept("constants");
  if (reader.has("constants")) {
    const nlohmann::json& constants = object["constants"];
    if (!constants.is_object()) return invalid("option \"constants\" must be an object");
    const std::pair<const char*, std::optional<double>*> known[] = {
        {"C1", &inputs.constants.C1},           {"C2", &inputs.constants.C2}, {"c", &inputs.constants.c},
        {"C1prime", &inputs.constants.C1prime}, {"C0", &inputs.constants.C0}, {"Cprime", &inputs.constants.Cprime}};
    for (auto it = constants.begin(); it != constants.end(); ++it) {
      std::optional<double>* target = nullptr;
      for (const auto& [name, slot] : known) {
        if (it.key() == name) target = slot;
      }
      if (!target) {
        return invalid("unknown constant \"constants." + it.key() + "\"; known: C1, C2, c, C1prime, C0, Cprime");
      }
      if (it->is_null()) continue;
      if (!it->is_number() || !std::isfinite(it->get<double>())) {
        return invalid("constants." + it.key() + " must be a finite number");
      }
      *target = it->get<double>();
    }
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.check_all_used());
  PRIVSYNTH_RETURN_IF_ERROR(validate_planner_inputs(inputs));
  return inputs;
}

nlohmann::json planner_inputs_json(const PlannerInputs& in) {
  nlohmann::json out = {{"statistics", in.statistics},
                        {"epsilon", in.epsilon},
                        {"delta", in.delta},
                        {"gamma", in.gamma},
                        {"reference", planner_reference_name(in.reference)}};
  auto put = [&](const char* key, const std::optional<double>& value) {
    if (value) out[key] = *value;
  };
  put("n", in.n);
  put("domainSize", in.domain_size);
  if (in.dimensions) out["dimensions"] = *in.dimensions;
  put("m", in.m);
  put("k", in.k);
  put("tau1", in.tau1);
  put("tau2", in.tau2);
  put("tau", in.tau);
  nlohmann::json constants = nlohmann::json::object();
  const std::pair<const char*, const std::optional<double>*> known[] = {
      {"C1", &in.constants.C1},           {"C2", &in.constants.C2}, {"c", &in.constants.c},
      {"C1prime", &in.constants.C1prime}, {"C0", &in.constants.C0}, {"Cprime", &in.constants.Cprime}};
  for (const auto& [name, value] : known) {
    if (*value) constants[name] = **value;
  }
  if (!constants.empty()) out["constants"] = constants;
  return out;
}

namespace {

nlohmann::json optional_json(const std::optional<double>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}
nlohmann::json optional_json(const std::optional<bool>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json theorem_json(const TheoremPlan& plan) {
  nlohmann::json conditions = nlohmann::json::array();
  for (const PlannerCondition& c : plan.conditions) {
    conditions.push_back({{"name", c.name},
                          {"theorem", c.theorem},
                          {"formula", c.formula},
                          {"relation", c.relation == ConditionRelation::AtLeast ? ">=" : "<"},
                          {"required", c.required},
                          {"actual", optional_json(c.actual)},
                          {"met", optional_json(c.met)}});
  }
  nlohmann::json constants = nlohmann::json::array();
  for (const PlannerConstantUse& c : plan.constants) {
    constants.push_back(
        {{"name", c.name}, {"value", c.value}, {"assumed", c.assumed}, {"label", c.assumed ? kAssumedLabel : "given"}});
  }
  return {{"id", plan.id},
          {"theorem", plan.theorem},
          {"reference", plan.reference},
          {"primary", plan.primary},
          {"conditions", conditions},
          {"required",
           {{"n", optional_json(plan.required_n)},
            {"k", optional_json(plan.required_k)},
            {"m", optional_json(plan.required_m)}}},
          {"conditionNumberBound", optional_json(plan.condition_number_bound)},
          {"conditionNumberFormula", plan.condition_number_formula},
          {"privacy", {{"epsilon", optional_json(plan.privacy_epsilon)}, {"formula", plan.privacy_formula}}},
          {"success", {{"probability", optional_json(plan.success_probability)}, {"formula", plan.success_formula}}},
          {"accuracy", optional_json(plan.accuracy)},
          {"bandwidth", optional_json(plan.bandwidth)},
          {"constants", constants},
          {"allMet", optional_json(plan.all_met)},
          {"notes", plan.notes}};
}

}  // namespace

nlohmann::json planner_report_json(const PlannerReport& report) {
  nlohmann::json theorems = nlohmann::json::array();
  for (const TheoremPlan& plan : report.theorems) theorems.push_back(theorem_json(plan));
  return {{"inputs", planner_inputs_json(report.inputs)},
          {"sigma", report.sigma},
          {"logStatisticsOverGamma", report.log_statistics_over_gamma},
          {"statisticsEpsilonAtN", optional_json(report.statistics_epsilon_at_n)},
          {"primary", report.primary},
          {"theorems", theorems},
          {"notes", report.notes}};
}

}  // namespace privsynth
