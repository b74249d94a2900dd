#pragma once
// Marginal-preserving synthesis (Zhou et al., "Bounding the excess risk for linear models trained
// on marginal-preserving, differentially-private, synthetic data", Mechanism 1), with MST-style
// workload selection (McKenna, Miklau & Sheldon 2021). Approximate DP through rho-zCDP, as MST and
// AIM account. Privacy note: docs/privacy/marginal-lp.md.
//
//   rho = cdp_rho(eps, delta)   (Canonne, Kamath & Steinke conversion, docs/spec/algorithms.md §6)
//   workload "mst" (default):   1-way marginals (rho/3, discrete Gaussian), a maximum spanning
//                               tree of 2-way marginals chosen by d-1 exponential mechanisms
//                               (rho/3), the tree's 2-way marginals (rho/3);
//   workload "all":             every marginal of degree 1..d (rho, discrete Gaussian);
//   with a prediction target (MechanismContext::target_column) every pair (target, x) as well;
//   then (post-processing) consistent estimates of the measured marginals, and either the
//   reweighting LP (sum of L1 errors; or Zhou et al.'s max L1 marginal error) over the full domain
//   when it fits, else over a reduced space drawn from their tree (or product), with k rows by
//   rounding k h*; or (MST workload) k rows rounded from the tree itself.
#include <cstddef>
#include <nlohmann/json.hpp>

#include "base/options.hpp"
#include "mechanisms/lp_fit_settings.hpp"
#include "mechanisms/mechanism.hpp"
#include "mechanisms/mechanism_forecast.hpp"
#include "privacy/definition.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

enum class MarginalWorkloadChoice { Mst, AllUpToDegree };

// How the synthetic rows are made from the noisy marginals (post-processing):
//   Lp:   Zhou et al.'s Mechanism 1 -- the reweighting LP over the full domain or a reduced space;
//   Tree: (MST workload) whole rows rounded from the tree distribution of the consistent estimates
//         of the selected marginals (marginal_estimation.hpp), as MST samples its graphical model;
//   Auto: Tree when the tree holds every measured marginal and no LP setting is given, else Lp.
enum class MarginalFitChoice { Auto, Lp, Tree };

struct MarginalLpOptions : LpFitSettings {
  double epsilon = 1.0;
  double delta = kDefaultDelta;
  MarginalWorkloadChoice workload = MarginalWorkloadChoice::Mst;
  int degree = 2;                      // for AllUpToDegree
  size_t full_domain_limit = 100'000;  // fit over every cell of the domain up to this many
  bool compress_domain = true;         // MST: merge values with noisy counts below 3 noise std
  MarginalFitChoice fit_choice = MarginalFitChoice::Auto;
  bool lp_settings_given = false;  // an LP setting was read: "auto" means the LP
  bool test_only_disable_noise = false;
};

// Reads "delta", "workload" ("mst" | "all"), "degree", "fit" ("auto" | "lp" | "tree"), "fullDomainLimit",
// "compressDomain", "testOnlyDisableNoise"
// and the LP settings; epsilon is passed separately.
Result<MarginalLpOptions> read_marginal_lp_options(OptionReader& reader, double epsilon);

// Everything a run decides before it measures, from the options, the number of columns and the
// prediction target (-1: none) only; the run and the run forecast (run_forecast.hpp) both start
// here. Fails as the run would (bad epsilon or delta, no columns, "fit": "tree" without MST).
struct MarginalLpPlan {
  double rho = 0;            // cdp_rho(epsilon, delta): the whole zCDP budget
  bool mst = false;          // MST workload on >= 2 columns
  bool select = false;       // the spanning tree is chosen privately (>= 3 columns)
  bool target_tree = false;  // rows from a target-augmented tree (a target, MST, no LP asked)
  bool lp_asked = false;     // "fit": "lp", or "auto" with an LP setting
  bool by_tree = false;      // rows from the tree; otherwise the LP
  double rho_one = 0, rho_select = 0, rho_tables = 0;
  int tree_nodes = 0;            // columns the spanning tree joins (a target tree leaves the target out)
  double selection_epsilon = 0;  // of each of the tree_nodes - 1 exponential mechanisms
};
// The tree fits' graphical model (Private-PGM's estimate of the measurements): mirror-descent
// steps, and the most cells its junction tree may hold before the projections are used instead.
inline constexpr int kTreeModelSteps = 1000;
inline constexpr double kTreeModelCells = 20'000'000;

Result<MarginalLpPlan> plan_marginal_lp(const MarginalLpOptions& options, int columns, int target);

// Discrete Gaussian std that measures `marginals` marginals at cost rho_part: sqrt(M / (2 rho_part))
// (the concatenated counts have L2 sensitivity sqrt(M); Bun & Steinke 2016, Prop. 1.6).
double marginal_noise_std(size_t marginals, double rho_part);
// The std the noise is drawn with and the ledger reports: its variance rounded up to a fraction.
Result<double> discrete_gaussian_std_used(double noise_std);

// The releases of a run with these options, from public inputs only (mechanism_forecast.hpp).
Result<MechanismForecast> forecast_marginal_lp(const MarginalLpOptions& options, const ForecastInputs& inputs);

Result<MechanismOutput> run_marginal_lp(const MechanismContext& context, const MarginalLpOptions& options);

// The count tables a run reads (MechanismContext::given_counts), from the options, the number of
// chosen columns and the target (-1: none) alone: MST's every pair, or with a target tree every
// (target, a, b); the "all" workload's every marginal of its degree.
std::vector<std::vector<int>> marginal_lp_count_tables(const MarginalLpOptions& options, int columns, int target);

// The registry entry of "marginal-lp" (marginal_lp/marginal_lp_mechanism.cpp).
const MechanismDescriptor& marginal_lp_mechanism();

}  // namespace privsynth
