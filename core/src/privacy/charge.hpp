#pragma once
// One release's cost, typed by the DP building block that made it (noise or selection), so that the
// accountant computes what it costs under its accounting instead of trusting a number.
#include <string>
#include <variant>

namespace privsynth {

// Laplace noise (continuous or discrete) of scale b on a query of L1 sensitivity D1: epsilon-DP
// for every epsilon >= D1 / b (Dwork & Roth Thm 3.6; Ghosh et al. 2012 for the discrete one).
struct LaplaceCost {
  double l1_sensitivity = 0;
  double noise_scale = 0;
  double epsilon = 0;  // what is charged; refused below D1 / b
};

// Gaussian noise (continuous or discrete) of standard deviation sigma on a query of L2 sensitivity
// D2: D2^2 / (2 sigma^2)-zCDP (Bun & Steinke 2016, Prop. 1.6; Canonne, Kamath & Steinke 2020,
// Thm 4). Needs zCDP accounting.
struct GaussianCost {
  double l2_sensitivity = 0;
  double noise_std = 0;
};

// The exponential mechanism with a score of sensitivity D at epsilon: epsilon-DP, and
// epsilon-bounded range, hence epsilon^2 / 8-zCDP (Cesar & Rogers 2021).
struct ExponentialCost {
  double score_sensitivity = 0;
  double epsilon = 0;
};

// Any other pure epsilon-DP release, proved in its privacy note (reveal-or-obscure sampling, a
// private quantile, ...). Under zCDP: epsilon^2 / 2 (Bun & Steinke 2016, Prop. 1.4).
struct PureCost {
  double epsilon = 0;
};

// An (epsilon, delta)-DP release (the stability-based histogram of private categories). Basic
// accounting only: zCDP cannot absorb a delta.
struct ApproximateCost {
  double epsilon = 0;
  double delta = 0;
};

// Everything a mechanism released on a table in which each person has at most `group_size` rows,
// proved for neighbours that differ by one row: (epsilon, delta)-DP there, or rho-zCDP. For
// neighbours that differ by one person (up to group_size rows) it is group privacy:
// group_size * epsilon-DP (Dwork & Roth 2014, Thm 2.2) with delta group_size e^((group_size - 1)
// epsilon) delta (Vadhan 2017, Lemma 2.2), and group_size^2 rho-zCDP (Bun & Steinke 2016, Prop. 1.9)
// (docs/privacy/privacy-unit.md).
struct GroupCost {
  int group_size = 1;
  double row_epsilon = 0;  // basic accounting: the row-level epsilon spent
  double row_delta = 0;    // and delta
  double row_rho = 0;      // zCDP: the row-level rho spent
};

using Cost = std::variant<LaplaceCost, GaussianCost, ExponentialCost, PureCost, ApproximateCost, GroupCost>;

struct Charge {
  std::string release;         // what was released ("noisy record count")
  std::string building_block;  // how: the noise or selection ("discrete Laplace"); the receipt's ledger "mechanism"
  Cost cost;
};

}  // namespace privsynth
