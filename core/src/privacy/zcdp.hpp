#pragma once
// Zero-concentrated differential privacy (rho-zCDP; Bun & Steinke, "Concentrated Differential
// Privacy: Simplifications, Extensions, and Lower Bounds", TCC 2016), the accounting MST and AIM
// use: costs of the Gaussian and exponential mechanisms, composition by addition, and the
// conversions between rho and (eps, delta)-DP. The ledger is privacy/accountant.hpp's, with
// Accounting::Zcdp. docs/privacy/zcdp.md states the definitions.
#include <string>
#include <vector>

#include "privsynth/status.hpp"

namespace privsynth {

// ---- conversions (docs/spec/algorithms.md §6; the algorithm of private-pgm's mechanisms/cdp2adp.py, by T. Steinke)
// ----

// Smallest delta the Canonne-Kamath-Steinke bound (CKS 2020, "The Discrete Gaussian for
// Differential Privacy", Prop. 12 / cdp2adp.py) gives for rho-zCDP => (eps, delta)-DP:
//   delta = inf_{a > 1} exp((a - 1)(a rho - eps) + a ln(1 - 1/a)) / (a - 1),
// the infimum found by 1000 bisection steps on the derivative over a in [1.01, (eps+1)/(2 rho) + 2],
// capped at 1. Any a gives a valid bound, so an imperfect search only overstates delta.
// Returns 0 for rho == 0; NaN unless rho >= 0 and eps >= 0 (both finite).
double cdp_delta(double rho, double eps);

// Smallest eps with cdp_delta(rho, eps) <= delta (1000 bisection steps on [0, Bun-Steinke eps]).
// Returns 0 for rho == 0 or delta >= 1; NaN unless rho >= 0 finite and delta > 0.
double cdp_eps(double rho, double delta);

// The largest rho with cdp_delta(rho, eps) <= delta, i.e. the budget rho-zCDP may spend so that
// the release is (eps, delta)-DP: 1000 bisection steps on [0, eps + 1] keeping the lower end
// feasible, as MST and AIM do (cdp2adp.py calls it "the smallest rho such that rho-CDP implies
// (eps, delta)-DP"; every smaller rho is feasible too, so it is the supremum). Fails unless eps is
// finite and > 0 and 0 < delta < 1. eps = 1, delta = 1e-9 gives 0.0149731.
Result<double> cdp_rho(double eps, double delta);

// Bun & Steinke 2016, Prop. 1.3: rho-zCDP => (rho + 2 sqrt(rho ln(1/delta)), delta)-DP. Looser
// than cdp_eps. Returns NaN unless rho >= 0 finite and 0 < delta < 1.
double eps_from_rho_bun_steinke(double rho, double delta);

// Inverse of eps_from_rho_bun_steinke: rho = (sqrt(eps + L) - sqrt(L))^2 with L = ln(1/delta);
// smaller (more conservative) than cdp_rho. Fails like cdp_rho.
Result<double> rho_from_eps_delta_bun_steinke(double eps, double delta);

// ---- costs ----

// Gaussian mechanism, continuous or discrete (CKS 2020, Thm. 4): adding N(0, sigma^2) or
// N_Z(0, sigma^2) to each coordinate of a query with L2 sensitivity D2 is D2^2 / (2 sigma^2)-zCDP
// (Bun & Steinke 2016, Prop. 1.6).
double gaussian_zcdp_cost(double l2_sensitivity, double noise_std);

// Noise standard deviation that makes a query of L2 sensitivity D2 exactly rho-zCDP: D2 / sqrt(2 rho).
double gaussian_noise_std_for_rho(double l2_sensitivity, double rho);

// Exponential mechanism at eps (P(i) ∝ exp(eps * score_i / (2 * sensitivity))): it is eps-bounded
// range, hence eps^2 / 8-zCDP (Cesar & Rogers 2021, "Bounding, Concentrating, and Truncating").
double exponential_mechanism_zcdp_cost(double epsilon);

}  // namespace privsynth
