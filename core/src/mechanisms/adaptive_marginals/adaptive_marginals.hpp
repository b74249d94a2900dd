#pragma once
// Adaptive marginal synthesis (AIM: McKenna, Mullins, Sheldon & Miklau, "AIM: an adaptive and
// iterative mechanism for differentially private synthetic data", VLDB 2022; constants in
// docs/spec/algorithms.md §6), on the graphical-model estimation of Private-PGM
// (graphical_model/). Approximate DP through rho-zCDP, add/remove neighbours.
//
//   rho = cdp_rho(eps, delta); T rounds (default 4 d, adaptive_marginals_plan.cpp); sigma = sqrt(T / (2 * 0.9 rho)),
//   eps_sel = sqrt(8 * 0.1 rho / T);
//   1. every 1-way marginal with discrete Gaussian noise sigma (cost d / (2 sigma^2));
//   2. rounds: the exponential mechanism at eps_sel picks a marginal of the workload's downward
//      closure by the score w_r (||M_r(D) - M_r(model)||_1 - sqrt(2/pi) sigma n_r), among those
//      whose model stays under a size limit that grows with the budget spent; it is measured
//      with noise sigma and the model refitted; sigma halves (eps_sel doubles) when the new
//      measurement barely moved the model; the round that would leave less than two rounds'
//      cost spends the rest;
//   3. the synthetic records are drawn from the final model (graphical_model/model_sampling.hpp).
// docs/privacy/adaptive-marginals.md.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/options.hpp"
#include "graphical_model/factor.hpp"
#include "mechanisms/mechanism.hpp"
#include "mechanisms/mechanism_forecast.hpp"
#include "privacy/definition.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

enum class AdaptiveWorkload { AllPairs, AllTriples, UpToFourWay, Listed };
inline constexpr Choice<AdaptiveWorkload> kAdaptiveWorkloads[] = {{"all-2-way", AdaptiveWorkload::AllPairs},
                                                                  {"all-3-way", AdaptiveWorkload::AllTriples},
                                                                  {"up-to-4-way", AdaptiveWorkload::UpToFourWay},
                                                                  {"listed", AdaptiveWorkload::Listed}};

// The 80 MB model of AIM's reference code is 10.5M cells; the default here keeps every fit of a
// browser run to a few seconds (docs/privacy/adaptive-marginals.md has the measurements).
inline constexpr double kDefaultMaxModelCells = 100'000;
inline constexpr double kLargestModelCells = 50'000'000;  // 400 MB of potentials and marginals

struct AdaptiveMarginalsOptions {
  double epsilon = 1;
  double delta = kDefaultDelta;
  AdaptiveWorkload workload = AdaptiveWorkload::AllPairs;
  std::vector<WeightedColumnSet> listed;  // workload "listed": column names and weights
  double target_weight = 2;               // the weight of workload marginals that hold the mlTarget column
  long long rounds = 0;                   // T; 0: 4 x the number of columns
  double max_model_cells = kDefaultMaxModelCells;
  int round_iterations = 100;  // mirror-descent steps of each round's warm-started fit
  int final_iterations = 300;  // of the last fit, from which the records are drawn
  // MST's merging of rare values (below 3 sigma of the 1-way noise): true every column, false none,
  // unset the columns with a public hierarchy, whose rare values merge within their groups.
  std::optional<bool> compress_domain;
  // Columns with more levels than this also get candidates that measure them coarsened into
  // kCoarseGroups runs of adjacent levels (0: none).
  int coarsen_above = 16;
  // Scores of marginals that no clique of the model holds are counted in this many times n~
  // records drawn from the model (0: exact elimination).
  double scoring_sample_factor = 2;
  long long synthetic_rows = 0;  // 0: the noisy record count
  bool test_only_disable_noise = false;
};

Result<AdaptiveMarginalsOptions> read_adaptive_marginals_options(OptionReader& reader, double epsilon);

// The share of each round's rho that measures (AIM); the rest selects.
inline constexpr double kAimMeasureShare = 0.9;

// What follows from public inputs before any data is read (the run and the forecast share it).
struct AdaptivePlan {
  double rho = 0;                // the whole zCDP budget, cdp_rho(epsilon, delta)
  long long rounds = 0;          // T
  double noise_std = 0;          // sigma of the 1-way marginals and of the first rounds
  double selection_epsilon = 0;  // eps_sel of the first rounds
  double one_way_rho = 0;        // what the 1-way marginals cost
};
// `measure_share`: AIM's, or a test's (SelectionCalibration::share, mechanism.hpp).
Result<AdaptivePlan> plan_adaptive_marginals(const AdaptiveMarginalsOptions& options, size_t columns,
                                             double measure_share = kAimMeasureShare);

// How many records a round draws from the model to score the marginals no clique holds:
// scoringSampleFactor x the record count, at most 50,000, and fewer when many marginals are
// scored, so that a round counts about 3e7 cells (never below 5,000 records); 0 when the factor is 0.
size_t scoring_rows(const AdaptiveMarginalsOptions& options, double records, size_t scored);

// A marginal the rounds may select, with its weight w_r = sum over workload marginals s of c_s |r ∩ s|.
struct Candidate {
  AttributeSet columns;
  double weight = 0;
};
// The workload: its marginals with their weights c_s (times target_weight for those holding the
// target, -1: none). Fails on a listed marginal naming an unknown or repeated column.
Result<std::vector<std::pair<AttributeSet, double>>> adaptive_workload(const AdaptiveMarginalsOptions& options,
                                                                       const std::vector<std::string>& column_names,
                                                                       int target);
// The count tables a run reads, from public inputs alone: the workload's marginals that no other
// workload marginal contains (every candidate and every 1-way marginal is a marginal of one of them,
// and the selection may score any candidate). What an SQL engine must compute for a release from
// counts (MechanismContext::given_counts).
Result<std::vector<AttributeSet>> adaptive_count_tables(const AdaptiveMarginalsOptions& options,
                                                        const std::vector<std::string>& column_names, int target);
// The workload's downward closure with AIM's weights, from the options, the columns' names and
// the target (-1: none). Fails on a listed marginal naming an unknown or repeated column.
Result<std::vector<Candidate>> adaptive_candidates(const AdaptiveMarginalsOptions& options,
                                                   const std::vector<std::string>& column_names, int target);

Result<MechanismOutput> run_adaptive_marginals(const MechanismContext& context,
                                               const AdaptiveMarginalsOptions& options);
Result<MechanismForecast> forecast_adaptive_marginals(const AdaptiveMarginalsOptions& options,
                                                      const ForecastInputs& inputs);

// The registry entry of "adaptive-marginals" (adaptive_marginals_mechanism.cpp).
const MechanismDescriptor& adaptive_marginals_mechanism();

}  // namespace privsynth
