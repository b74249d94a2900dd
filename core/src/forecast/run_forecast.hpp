#pragma once
// A forecast of a synthesis run before it spends any budget, from public inputs only: the schema,
// the options synthesize() takes, and optionally the user's own estimate of the number of records
// n. It reads no data. Per release: what is measured, its noise (discrete Laplace scale b or
// discrete Gaussian sigma), its share of the budget, the expected L1 error of the noisy counts and,
// with n, the expected total-variation error of each noisy marginal before post-processing; then
// the memory and a runtime estimate. Options are read and checked by the same code as a run
// (run_setup.hpp, the mechanism's plan functions), so a setup the run would refuse is refused here
// with the same error. Formulas and their limits: docs/forecast.md.
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include <nlohmann/json.hpp>

#include "forecast/run_cost_model.hpp"
#include "mechanisms/mechanism_forecast.hpp"
#include "persons/person_budget.hpp"
#include "privsynth/run_forecast.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// min / median / max of a quantity over the marginals of a release.
struct Spread {
  double min = 0, typical = 0, max = 0;
};

struct MarginalErrorForecast {
  std::vector<std::string> columns;
  size_t cells = 0;
  double expected_l1_count = 0;       // cells * E|noise|
  std::optional<double> expected_tv;  // min(1, cells * E|noise| / (2 n)), with n
};

struct ReleaseForecast {
  ForecastRelease release;
  double budget_share = 0;        // of epsilon (pure DP) or of rho (zCDP)
  double expected_abs_noise = 0;  // E|Z| of one noisy value
  size_t cells = 0;               // noisy values released (largest case)
  std::optional<Spread> cells_each, expected_l1_count_each, expected_tv_each;
  std::optional<double> expected_l1_count;       // over the whole release (largest case)
  std::vector<MarginalErrorForecast> marginals;  // per marginal, when the column sets are known
};

struct RunForecast {
  std::string mechanism;
  MechanismForecast privacy;                            // budget, releases as the mechanism plans them, the fit
  std::vector<std::string> column_names;                // the chosen columns
  std::vector<std::vector<LevelGrouping>> hierarchies;  // the chosen columns' (data/hierarchy.hpp), finest first
  std::vector<int> levels;
  std::optional<double> rows;            // n as given
  std::optional<double> mechanism_rows;  // n minus an mlTarget hold-out
  std::vector<ReleaseForecast> releases;
  double budget_total = 0;  // sum of the releases' epsilon (or rho): equals the budget
  MemoryEstimate memory;
  RuntimeEstimate runtime;
  std::vector<std::string> notes;
  // With the schema's privacy unit: its column and the person-level budget's split.
  std::string privacy_unit;
  std::optional<PersonBudget> person;
};

// The largest number of records a user may state (n for the forecast and the run advice).
inline constexpr double kMaxStatedRows = 1e12;

Result<RunForecast> forecast_run(std::string_view schema_json, std::string_view options_json,
                                 std::optional<double> rows = std::nullopt);

nlohmann::json run_forecast_json(const RunForecast& forecast);

}  // namespace privsynth
