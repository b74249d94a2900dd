#pragma once
// Utility of the one-sample samplers (docs/spec/algorithms.md §1) against a TRUE distribution P: the
// data x^n are n draws from P, and the quantity is the ROO paper's (Tasnim et al., Definition 1 and
// Fig. 2): the total variation distance between P and the law Q of the sampler's output, where Q is
// averaged over BOTH the data x^n ~ P^n and the mechanism's own randomness:
//   ROO / subsampled RR:  Q = gamma U + (1 - gamma) P, so TV(Q, P) = gamma TV(U, P) exactly;
//   DS-ROO:               Q(x) = P(x) + E[g(M) (1/k - P_hat(x))], M = min_x c_x; exact by
//                         enumerating count vectors when few, else Monte Carlo with a standard error;
//                         plus the spec's upper bounds (simple, refined, union);
//   Laplace histogram:    Q = E[proj(c + Z)] over data and noise, by Monte Carlo.
// And, separately, the distance of each sampler's output law to the EMPIRICAL distribution of one
// given dataset (what the library can show the data owner; NOT private).
//
// These are evaluation tools: they read no private data except in the *_empirical_* functions,
// whose results must never be released. Monte Carlo runs take a RandomSource (a seeded one is fine:
// nothing here is released).
#include <cstdint>
#include <functional>
#include <vector>

#include "base/random.hpp"
#include "mechanisms/sampler/obscuring.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// ---- Binomial and multinomial helpers ----------------------------------------------------------

// Pr[Bin(n, p) = j], by Loader's saddle-point form (stirlerr + bd0, as R's dbinom): relative error
// near 1e-15 for n up to 1e9, no lgamma cancellation.
double binomial_pmf(uint64_t j, uint64_t n, double p);
// Pr[Bin(n, p) <= m]: pmf(m) by Loader, then the tail summed outward by exact pmf ratios (the lower
// tail when m < n p, else 1 - the upper tail) until the terms no longer change the sum. Accurate in
// relative terms in the lower tail (including values far below 1e-300, which underflow to 0).
double binomial_cdf(uint64_t m, uint64_t n, double p);
// Bin(n, p) by inversion searching outward from the mode (expected O(sqrt(n p (1 - p))) steps).
uint64_t sample_binomial(uint64_t n, double p, RandomSource& random);
// Multinomial(n, p) counts by conditional binomials; p must be a probability vector.
std::vector<uint64_t> sample_multinomial(uint64_t n, const std::vector<double>& p, RandomSource& random);

// C(n + k - 1, k - 1), the number of count vectors of n records over k symbols; saturates at UINT64_MAX.
uint64_t truth_count_vectors(uint64_t n, uint64_t k);

// ---- Against the true distribution P -----------------------------------------------------------

enum class TruthMethod {
  ClosedForm,  // a formula, exact
  Exact,       // enumeration of every count vector with its multinomial probability (log space)
  MonteCarlo,  // `replications` simulated datasets; standard_error is meaningful
};
const char* truth_method_name(TruthMethod method);  // "closed form", "exact", "Monte Carlo"

struct TruthSettings {
  uint64_t max_count_vectors = 2000000;  // enumerate when C(n + k' - 1, k' - 1) <= this (k' = #{x: P(x) > 0})
  size_t replications = 10000;           // Monte Carlo datasets otherwise
  bool force_monte_carlo = false;        // for tests: Monte Carlo even when enumeration is possible
  bool control_variate = true;           // Laplace histogram: see LaplaceHistogramTruth::tv
};

// One TV(Q, P) with how it was obtained. For Monte Carlo, tv = 1/2 sum_x |mean_x|, where mean_x
// estimates Q(x) - P(x), and standard_error is the delta-method one, 1/2 sd(sum_x s_x Y_x)/sqrt(R)
// with s_x = sign(mean_x). The plug-in |.| is biased upward by up to about sd_x/sqrt(R) per symbol
// when Q(x) - P(x) is within a few standard errors of 0.
struct TruthTv {
  double tv = 0;
  double standard_error = 0;
  TruthMethod method = TruthMethod::ClosedForm;
  uint64_t count_vectors = 0;  // Exact: the count vectors enumerated
  size_t replications = 0;     // MonteCarlo: the datasets simulated
  size_t contributing = 0;     // MonteCarlo, DS-ROO: datasets with g(M) > 0 (none => tv = 0, se = 0)
};

// The law of one output averaged over x^n ~ P^n, E[law(counts)], by enumerating every count vector
// (DomainTooLarge beyond settings.max_count_vectors). Any sampler given as counts -> its output law,
// e.g. roo_distribution from sampler_distribution.hpp.
using CountsToLaw = std::function<std::vector<double>(const std::vector<uint64_t>& counts)>;
Result<std::vector<double>> expected_output_law(const std::vector<double>& p, uint64_t n, const CountsToLaw& law,
                                                const TruthSettings& settings = {});

// ROO: gamma_ROO(eps, n, k) TV(U, P) (closed form; docs/spec/algorithms.md §1.2). InvalidArgument for a P that is not a
// probability vector over k >= 2 symbols, eps <= 0, n = 0 (EmptyData).
Result<double> roo_true_tv(const std::vector<double>& p, uint64_t n, double epsilon);
// Subsampled k-ary randomized response at the local eps0 matching eps (subsampled_rr_epsilon0):
// gamma_RR TV(U, P), equal to ROO's up to rounding (docs/spec/algorithms.md §1.2, "equivalence").
Result<double> subsampled_rr_true_tv(const std::vector<double>& p, uint64_t n, double epsilon);

struct DsRooTruth {
  TruthTv tv;  // TV(Q, P)
  // The spec's chain (§1.3, "TV utility of DS-ROO"): tv <= refined <= simple <= union <= worst_case.
  //   refined = sum_m g(m) Pr[M = m] (k - 1)(1/k - m/n),   simple = (1 - 1/k) E[g(M)]:
  //     exact when tv is, else Monte Carlo estimates from the same datasets (with standard errors);
  //   union = (1 - 1/k) sum_m (g(m) - g(m+1)) min(1, sum_x BinomCDF(m; n, P(x))): always exact;
  //   worst_case = g(0) (1 - 1/k) = ROO's bound (a point mass attains it).
  double refined_bound = 0, refined_bound_se = 0;
  double simple_bound = 0, simple_bound_se = 0;
  double union_bound = 0;
  double worst_case_bound = 0;
  uint64_t zero_from = 0;  // m0: g(m) = 0 for m >= m0
};
// `random` is used only for Monte Carlo.
Result<DsRooTruth> ds_roo_truth(const std::vector<double>& p, uint64_t n, double epsilon, const TruthSettings& settings,
                                RandomSource& random);
// The union bound alone (cheap: O(k m0^2) pmf ratios at most).
Result<double> ds_roo_union_bound(const std::vector<double>& p, uint64_t n, double epsilon);

// The Laplace-histogram baseline (laplace_histogram_sampler.hpp): counts c ~ Mult(n, P), noise Z
// (discrete Laplace at `scale`), release R = proj(c + Z). Monte Carlo over settings.replications
// independent (data, noise) pairs.
struct LaplaceHistogramTruth {
  // TV(Q, P) with Q = E[proj(c + Z)], the law of ONE sample drawn from the released histogram,
  // averaged over the data and the noise: the quantity comparable to ROO's gamma TV(U, P) (the ROO
  // paper's Definition 1). Estimated as the mean of Y = proj(c + Z) - c/n (E[c/n] = P exactly, so
  // the data's sampling noise drops out), with the control variate
  //   W = (c + Z)/n (1 - S/n + S^2/n^2) - c/n,  S = sum_x Z_x,  E[W] = (k s2 / n^2)(P - U),
  // s2 = Var Z = 2a/(1-a)^2, a = exp(-1/scale): proj(c + Z) = (c + Z)/(n + S) when nothing is
  // clamped, so Y - W = O((S/n)^3) and the estimate resolves TVs of order (sd S / n)^2 that plain
  // Monte Carlo cannot. Without clamping Q - P is about (k s2/n^2)(P - U): it shrinks like 1/n^2.
  // The estimate is mean(Y - b W) + b E[W] with the variance-minimising (regression) b, which is
  // about 1 for large n and smaller where clamping is frequent (small n and eps), so the control
  // variate never does much worse than plain Monte Carlo (settings.control_variate = false: b = 0).
  TruthTv tv;
  // E TV(proj(c + Z), P): how far the released histogram itself is from P (what N samples drawn from
  // one release see), and E TV(proj(c + Z), c/n), from the data; plain means with standard errors.
  double expected_release_tv = 0, expected_release_tv_se = 0;
  double expected_empirical_tv = 0, expected_empirical_tv_se = 0;
};
Result<LaplaceHistogramTruth> laplace_histogram_truth(const std::vector<double>& p, uint64_t n,
                                                      const RationalScale& scale, const TruthSettings& settings,
                                                      RandomSource& random);

// ---- Against the EMPIRICAL distribution of given data (NOT private: for the data owner) ---------

// TV(law given the counts, c/n), exact: gamma TV(U, P_hat) with ROO's, subsampled RR's, DS-ROO's
// g(min c) gamma (sampler_distribution.hpp). Counts: one per symbol (k >= 2), not all 0.
Result<double> roo_empirical_tv(const std::vector<uint64_t>& counts, double epsilon);
Result<double> subsampled_rr_empirical_tv(const std::vector<uint64_t>& counts, double epsilon);
Result<double> ds_roo_empirical_tv(const std::vector<uint64_t>& counts, double epsilon);

struct LaplaceHistogramEmpirical {
  // TV(E_Z[proj(c + Z)], c/n): the law of one sample given the data, averaged over the noise
  // (Monte Carlo over settings.replications noise draws, with the same control variate, here with
  // E[W | c] = (k s2/n^2)(c/n - U)).
  TruthTv tv;
  // E_Z TV(proj(c + Z), c/n): the released histogram's own distance to the data.
  double expected_tv = 0, expected_tv_se = 0;
};
Result<LaplaceHistogramEmpirical> laplace_histogram_empirical_tv(const std::vector<uint64_t>& counts,
                                                                 const RationalScale& scale,
                                                                 const TruthSettings& settings, RandomSource& random);

}  // namespace privsynth
