#pragma once
// What a mechanism will release, worked out before the run from public inputs only: the options,
// the chosen columns' levels and, optionally, the user's own estimate of the number of records.
// Each release states its noise, its calibration and its share of the budget, from the same plan
// functions the run calls, so the forecast and the receipt of a run agree; the fit states what
// post-processes them. forecast/run_forecast.hpp turns this into expected errors, memory and time.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "data/hierarchy.hpp"
#include "lp/reweighting.hpp"

namespace privsynth {

struct ForecastInputs {
  std::vector<int> levels;     // of the chosen columns, as encoded
  std::optional<double> rows;  // records the mechanism will see (after an mlTarget hold-out); a guess
  int target_column = -1;      // index among the chosen columns of mlTarget, or -1
  std::vector<bool> numeric;   // of the chosen columns: numeric (true) or categorical
  std::vector<std::vector<double>> special_levels;      // of the chosen columns, as MechanismContext's
  std::vector<std::string> names;                       // of the chosen columns, from the schema
  std::vector<std::vector<LevelGrouping>> hierarchies;  // of the chosen columns (empty: none), finest first
};

// RevealOrObscure: samples that add no noise to values (a sample is drawn from the data or obscured whole).
enum class ForecastNoise { DiscreteLaplace, DiscreteGaussian, ExponentialMechanism, BernsteinLaplace, RevealOrObscure };
const char* forecast_noise_name(ForecastNoise noise);

struct ForecastRelease {
  std::string release;  // short label ("record count", "1-way marginals", "tree edges", ...)
  std::string what;     // one sentence
  ForecastNoise noise = ForecastNoise::DiscreteLaplace;
  // Noisy marginals: those whose columns are known before the run, and `chosen` more that the run
  // picks privately among `candidate_sets`; all empty for a release of other values (record count,
  // moments, kernel sums).
  std::vector<std::vector<int>> column_sets;
  std::vector<std::vector<int>> candidate_sets;
  size_t chosen = 0;
  size_t marginals = 0;           // column_sets + chosen
  size_t marginals_max = 0;       // > marginals when the count depends on the run (the std assumes the max)
  size_t values = 0;              // number of noisy values of a release that is not of marginals
  bool values_are_counts = true;  // false: the noise is in other units (moment sums, kernel sums)
  // Calibration, as the receipt's ledger will state it.
  double sensitivity = 0;  // L1 (pure DP), L2 (Gaussian) or the score's (exponential mechanism)
  double scale = 0;        // discrete Laplace scale b of each value
  double std = 0;          // discrete Gaussian sigma of each value
  double epsilon = 0;      // pure DP: the epsilon charged; exponential mechanism: each selection's epsilon
  double rho = 0;          // zCDP: the rho charged (all selections together for the exponential mechanism)
  size_t selections = 0;   // exponential mechanism: how many
  std::vector<std::string> notes;
};

// An LP fit's size, for the cost model (forecast/run_cost_model.hpp).
struct LpFitCost {
  size_t points = 0;            // the most candidate points the LP reweights (its largest space)
  size_t dense_statistics = 0;  // moment functions, beside the fit's cell statistics
  FitMethod method = FitMethod::RowGeneration;
  FitObjective objective = FitObjective::MaxError;
  double time_limit_seconds = 0;  // 0: none
  int second_stage_sweeps = 0;    // the second stage's most sweeps (0: no second stage)
};

// A graphical-model fit refitted round by round (adaptive marginals), for the cost model.
struct ModelFitCost {
  double rounds = 0;            // expected rounds
  double round_iterations = 0;  // mirror-descent steps a round
  double final_iterations = 0;  // steps of the last fit
  double model_cells = 0;       // the most cells the model may hold
  double scored = 0;            // marginals scored each round
  double scoring_rows = 0;      // records drawn from the model to score them
};

// How the records are made from the releases (post-processing), as the forecast states it.
struct FitForecast {
  std::string kind;  // the forecast's fit.kind: "lp", "tree", "target-tree", or the mechanism's id when it has no fit
  // true: the releases are noisy measurements that a fit post-processes (consistency, the fit);
  // false: the releases are the output itself.
  bool fits_measurements = true;
  // The marginals and statistics (cells) the fit matches; tables chosen at run time count at the
  // median size of their candidates, before any domain compression.
  size_t marginals = 0, statistics = 0;
  // The mechanism's own fields of the forecast's "fit" section (an LP's solver and reduced space,
  // the mechanism's public choices under "parameters"), merged in as they are.
  nlohmann::json details = nlohmann::json::object();
  std::optional<LpFitCost> lp;        // an LP fit; none: rows drawn from released tables, bins or samples
  std::optional<ModelFitCost> model;  // a graphical model refitted round by round
};

struct MechanismForecast {
  bool zcdp = false;  // false: pure epsilon-DP, basic composition; true: (eps, delta) through rho-zCDP
  double epsilon = 0;
  double delta = 0;                       // zCDP only
  double rho = 0;                         // zCDP only: cdp_rho(epsilon, delta)
  std::vector<ForecastRelease> releases;  // in the order the run makes them (the ledger's order)
  FitForecast fit;
  size_t synthetic_rows = 0;  // the option; 0: the noisy record count
  std::vector<std::string> notes;
};

}  // namespace privsynth
