#include "forecast/run_forecast.hpp"
#include "persons/rows_per_person_choice.hpp"

#include <algorithm>
#include <cmath>

#include "base/json_text.hpp"
#include "base/number_text.hpp"
#include "data/binning.hpp"
#include "pipeline/ml_report.hpp"
#include "pipeline/run_setup.hpp"
#include "privacy/noise.hpp"
#include "private_models/dp_logistic_regression.hpp"
#include "statistics/workload.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

// Moment sums and kernel sums are released in quanta of 1/1024 (statistics/moments.hpp,
// mechanisms/reduced_space_lp/bernstein_kde.hpp).
constexpr double kValueQuanta = 1024;

Spread spread_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return {values.front(), values[(values.size() - 1) / 2], values.back()};
}

double expected_abs_noise(const ForecastRelease& release) {
  switch (release.noise) {
    case ForecastNoise::DiscreteLaplace:
      return release.values_are_counts ? expected_abs_discrete_laplace(release.scale)
                                       : expected_abs_discrete_laplace(release.scale * kValueQuanta) / kValueQuanta;
    case ForecastNoise::BernsteinLaplace:
      return expected_abs_discrete_laplace(release.scale * kValueQuanta) / kValueQuanta;
    case ForecastNoise::DiscreteGaussian: return expected_abs_discrete_gaussian(release.std);
    case ForecastNoise::ExponentialMechanism:
    case ForecastNoise::RevealOrObscure: return 0;
  }
  return 0;
}

// Expected errors of one release of noisy counts, before any post-processing. A noisy marginal of
// C cells with independent noise Z per cell is off by sum |Z| in L1, E = C E|Z|, i.e. by
// C E|Z| / (2 n) in total variation once divided by n (capped at 1, the largest TV).
ReleaseForecast forecast_errors(const ForecastRelease& release, double budget, const std::vector<int>& levels,
                                const std::vector<std::string>& names, std::optional<double> n) {
  ReleaseForecast out;
  out.release = release;
  out.budget_share =
      (release.noise == ForecastNoise::DiscreteGaussian || release.noise == ForecastNoise::ExponentialMechanism)
          ? (release.rho > 0 ? release.rho / budget : 0)
          : release.epsilon / budget;
  if (release.noise == ForecastNoise::ExponentialMechanism) return out;
  out.expected_abs_noise = expected_abs_noise(release);
  const double e = out.expected_abs_noise;
  const auto tv = [&](size_t cells) -> std::optional<double> {
    if (!n) return std::nullopt;
    return std::min(1.0, double(cells) * e / (2 * std::max(1.0, *n)));
  };
  if (release.column_sets.empty() && release.candidate_sets.empty()) {  // a release of `values` values
    out.cells = release.values;
    if (release.values_are_counts) out.expected_l1_count = double(release.values) * e;
    return out;
  }
  std::vector<double> cells_each, l1_each, tv_each;
  const auto add = [&](size_t cells) {
    cells_each.push_back(double(cells));
    l1_each.push_back(double(cells) * e);
    if (n) tv_each.push_back(*tv(cells));
  };
  double known_cells = 0;
  for (const std::vector<int>& set : release.column_sets) {
    MarginalErrorForecast marginal;
    for (int c : set) marginal.columns.push_back(names[size_t(c)]);
    marginal.cells = make_marginal(levels, set).cells;
    marginal.expected_l1_count = double(marginal.cells) * e;
    marginal.expected_tv = tv(marginal.cells);
    known_cells += double(marginal.cells);
    out.marginals.push_back(std::move(marginal));
    if (release.candidate_sets.empty()) add(out.marginals.back().cells);
  }
  for (const std::vector<int>& set : release.candidate_sets) add(make_marginal(levels, set).cells);
  out.cells_each = spread_of(cells_each);
  out.expected_l1_count_each = spread_of(l1_each);
  if (n) out.expected_tv_each = spread_of(tv_each);
  if (release.candidate_sets.empty()) {
    out.cells = size_t(known_cells);
    out.expected_l1_count = known_cells * e;
  } else {  // the largest case: the biggest candidates
    std::sort(cells_each.rbegin(), cells_each.rend());
    double cells = known_cells;
    for (size_t i = 0; i + release.column_sets.size() < release.marginals_max && i < cells_each.size(); ++i)
      cells += cells_each[i];
    out.cells = size_t(cells);
  }
  return out;
}

RunShape shape_of(const RunForecast& forecast, const RunSetup& setup) {
  RunShape shape;
  shape.rows = size_t(std::llround(forecast.rows.value_or(0)));
  shape.mechanism_rows = size_t(std::llround(forecast.mechanism_rows.value_or(0)));
  shape.columns = forecast.levels.size();
  const MechanismForecast& mechanism = forecast.privacy;
  shape.synthetic_rows = mechanism.synthetic_rows > 0 ? mechanism.synthetic_rows : shape.mechanism_rows;
  const size_t p = shape.columns;
  for (const ReleaseForecast& release : forecast.releases) {
    shape.measured_cells += release.cells;
    shape.counted_marginals += std::max(release.release.marginals_max, release.release.column_sets.size());
    if (release.release.noise == ForecastNoise::ExponentialMechanism) shape.counted_marginals += p * (p - 1) / 2;
  }
  shape.fit_marginals = mechanism.fit.marginals;
  shape.fit_statistics = mechanism.fit.statistics;
  shape.lp = mechanism.fit.lp;
  shape.model = mechanism.fit.model;
  shape.evaluate = setup.common.evaluate;
  shape.ml = !setup.common.ml_target.empty();
  if (!shape.ml) return shape;
  const Result<Accountant> direct = direct_model_accountant(setup);
  for (const std::string& target : setup.common.ml_targets()) {
    size_t features = 0, classes = 2;
    for (size_t c = 0; c < forecast.levels.size(); ++c) {
      if (forecast.column_names[c] == target) classes = size_t(forecast.levels[c]);
      else features += size_t(forecast.levels[c]);
    }
    const size_t models = classes == 2 ? 1 : classes;
    shape.ml_model_features += models * features;
    if (!setup.common.ml_direct_dp || !direct.is_ok()) continue;
    // The automatic steps at the expected count (the run's own come from its noisy count).
    const double steps_rho =
        direct.value().remaining() / double(models) * (1 - DpGradientDescentOptions{}.count_rho_fraction);
    const int steps = automatic_dp_gradient_steps(steps_rho, double(shape.mechanism_rows), features + 1);
    shape.direct_dp_step_features += double(models) * double(steps) * double(p);  // p - 1 levels and the intercept
  }
  return shape;
}

}  // namespace

const char* forecast_noise_name(ForecastNoise noise) {
  switch (noise) {
    case ForecastNoise::DiscreteLaplace: return "discrete Laplace";
    case ForecastNoise::DiscreteGaussian: return "discrete Gaussian";
    case ForecastNoise::ExponentialMechanism: return "exponential mechanism";
    case ForecastNoise::BernsteinLaplace: return "Bernstein mechanism (discrete Laplace)";
    case ForecastNoise::RevealOrObscure: return "reveal-or-obscure sampling";
  }
  return "?";
}

Result<RunForecast> forecast_run(std::string_view schema_json, std::string_view options_json,
                                 std::optional<double> rows) {
  if (rows && !(std::isfinite(*rows) && *rows >= 1 && *rows <= kMaxStatedRows)) {
    return Status::error(ErrorCode::InvalidArgument, "rows (the number of records) must be a number from 1 to 1e12");
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(RunSetup made, read_run_setup(schema_json, options_json));
  const RunSetup& setup = made;
  RunForecast forecast;
  forecast.mechanism = setup.common.mechanism;
  forecast.rows = rows;
  ForecastInputs inputs;
  for (int c : setup.columns) {
    const Column& column = setup.schema.columns[size_t(c)];
    if (column.name == setup.common.ml_target) inputs.target_column = int(forecast.levels.size());
    forecast.column_names.push_back(column.name);
    forecast.levels.push_back(level_count(column));
    inputs.numeric.push_back(column.kind == ColumnKind::Numeric);
    inputs.special_levels.push_back(special_levels_of(column));
    inputs.hierarchies.push_back(hierarchy_groupings(column));
  }
  forecast.hierarchies = inputs.hierarchies;
  inputs.levels = forecast.levels;
  inputs.names = forecast.column_names;
  if (rows) {
    // As split_rows (holdout.hpp): each record is held out with probability f, so the mechanism
    // sees (1 - f) n records on average.
    const double held_out = inputs.target_column >= 0 ? std::round(setup.common.ml_test_fraction * *rows) : 0;
    forecast.mechanism_rows = std::max(1.0, *rows - held_out);
    if (held_out > 0) {
      forecast.notes.push_back("mlTarget holds out each record with probability " +
                               format_rounded(setup.common.ml_test_fraction) +
                               " for the test: the mechanism sees about " +
                               std::to_string(static_cast<long long>(*forecast.mechanism_rows)) + " records");
    }
  }
  if (!setup.common.ml_target.empty() && setup.common.ml_direct_dp) {
    const size_t targets = setup.common.ml_targets().size();
    forecast.notes.push_back(
        "mlDirectDp: " + std::to_string(targets) + (targets == 1 ? " model" : " models") +
        " trained directly under DP (one per target) come back beside the synthetic table, each a separate release "
        "with its own receipt at this run's epsilon: not counted in this forecast's budget, and published only if "
        "you export them (mlDirectDp: false leaves them out)");
  }
  inputs.rows = forecast.mechanism_rows;
  PRIVSYNTH_ASSIGN_OR_RETURN(MechanismForecast planned, setup.mechanism.forecast(inputs));
  forecast.privacy = std::move(planned);
  const MechanismForecast& privacy = forecast.privacy;
  const double budget = privacy.zcdp ? privacy.rho : privacy.epsilon;
  for (const ForecastRelease& release : privacy.releases) {
    forecast.releases.push_back(
        forecast_errors(release, budget, forecast.levels, forecast.column_names, forecast.mechanism_rows));
    forecast.budget_total += privacy.zcdp ? release.rho : release.epsilon;
  }
  const RunShape shape = shape_of(forecast, setup);
  forecast.memory = estimate_memory(shape);
  forecast.runtime = estimate_runtime(shape);
  if (!rows) forecast.notes.push_back("no rows given: expected TV, memory and time need n");
  if (privacy.fit.fits_measurements) {
    forecast.notes.push_back(
        "expected errors are those of the noisy measurements, before consistency and the fit, which usually reduce "
        "them; the synthetic table's error also includes what the fit cannot match");
  }
  if (setup.schema.discovered) {
    forecast.notes.push_back("the schema's domain was discovered privately, which already cost epsilon " +
                             std::to_string(setup.schema.discovered->epsilon) + "; the receipt adds it");
  }
  if (setup.common.provenance == SchemaProvenance::InferredFromData) {
    forecast.notes.push_back("the schema was read from the data: the output will be NOT PRIVATE");
  }
  if (setup.common.has_test_seed) forecast.notes.push_back("testSeed: the output will be NOT PRIVATE");
  for (const std::string& choice : setup.common.choices_from_data) {
    forecast.notes.push_back("chosen by looking at the real data (" + choice + "): the output will be NOT PRIVATE");
  }
  for (const std::string& note : privacy.notes) forecast.notes.push_back(note);
  if (setup.person) {
    // A person-level release (docs/privacy/privacy-unit.md): the releases above are the
    // mechanism's, at its row-level budget.
    const PersonBudget& person = *setup.person;
    forecast.privacy_unit = setup.schema.privacy_unit;
    forecast.person = person;
    const std::string k = std::to_string(person.rows_per_person);
    forecast.notes.push_back(
        "privacy unit \"" + setup.schema.privacy_unit + "\": each person keeps at most " + k +
        " rows, drawn at random, and the rest are left out (how many depends on the data: the report counts them "
        "after the run). The releases above are the mechanism's on those rows, at epsilon " +
        format_rounded(person.row_epsilon, 4) + " per row: the noise of a run that protects one row at epsilon " +
        format_rounded(person.epsilon, 4) + ", times " + k +
        ". n here is the number of rows kept. The number of persons with 1 to " + k +
        " rows is released too, with a share of the budget" +
        (person.chosen_privately
             ? std::string(". rowsPerPerson is not set: the run chooses k privately near the ") +
                   std::to_string(int(std::round(person.quantile * 100))) +
                   "th percentile of rows per person, with another share; these figures are for k = " + k
             : std::string()));
  }
  return forecast;
}

namespace {

Json spread_json(const std::optional<Spread>& spread) {
  if (!spread) return nullptr;
  return {{"min", spread->min}, {"typical", spread->typical}, {"max", spread->max}};
}

template <class T>
Json optional_json(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json release_json(const ReleaseForecast& forecast, bool zcdp) {
  const ForecastRelease& release = forecast.release;
  Json item = {{"release", release.release}, {"what", release.what}, {"noise", forecast_noise_name(release.noise)}};
  const bool marginals = !release.column_sets.empty() || !release.candidate_sets.empty();
  if (marginals) {
    item["marginals"] = release.marginals;
    if (release.marginals_max > release.marginals) item["marginalsMax"] = release.marginals_max;
    // The columns known before the run; the rest (chosenAtRunTime) are picked privately.
    Json columns = Json::array();
    for (const MarginalErrorForecast& marginal : forecast.marginals) columns.push_back(marginal.columns);
    item["columns"] = columns.empty() ? Json(nullptr) : columns;
    if (!release.candidate_sets.empty()) item["chosenAtRunTime"] = release.chosen;
    item["cells"] = release.candidate_sets.empty() ? Json(forecast.cells) : Json(nullptr);
    item["cellsEach"] = spread_json(forecast.cells_each);
  } else if (release.noise != ForecastNoise::ExponentialMechanism) {
    item["values"] = release.values;
  }
  switch (release.noise) {
    case ForecastNoise::DiscreteLaplace:
    case ForecastNoise::BernsteinLaplace:
      item["scale"] = release.scale;
      item["l1Sensitivity"] = release.sensitivity;
      break;
    case ForecastNoise::DiscreteGaussian:
      item["std"] = release.std;
      item["l2Sensitivity"] = release.sensitivity;
      break;
    case ForecastNoise::ExponentialMechanism:
      item["selections"] = release.selections;
      item["epsilonEach"] = release.epsilon;
      item["scoreSensitivity"] = release.sensitivity;
      break;
    case ForecastNoise::RevealOrObscure: break;
  }
  item["budget"] = zcdp ? Json{{"rho", release.rho}, {"share", forecast.budget_share}}
                        : Json{{"epsilon", release.epsilon}, {"share", forecast.budget_share}};
  if (release.noise != ForecastNoise::ExponentialMechanism) {
    item["expectedAbsNoise"] = forecast.expected_abs_noise;
    item["expectedL1Count"] = optional_json(forecast.expected_l1_count);
    if (marginals) {
      item["expectedL1CountEach"] = spread_json(forecast.expected_l1_count_each);
      item["expectedTvEach"] = spread_json(forecast.expected_tv_each);
      if (!forecast.marginals.empty()) {
        Json each = Json::array();
        for (const MarginalErrorForecast& marginal : forecast.marginals) {
          each.push_back({{"columns", marginal.columns},
                          {"cells", marginal.cells},
                          {"expectedL1Count", marginal.expected_l1_count},
                          {"expectedTv", optional_json(marginal.expected_tv)}});
        }
        item["perMarginal"] = each;
      }
    }
  }
  if (!release.notes.empty()) item["notes"] = release.notes;
  return item;
}

}  // namespace

Json run_forecast_json(const RunForecast& forecast) {
  const MechanismForecast& privacy = forecast.privacy;
  Json out = {{"kind", "privsynth run forecast"},
              {"mechanism", forecast.mechanism},
              {"privacy", privacy.zcdp ? "(epsilon, delta)-DP accounted as rho-zCDP" : "pure epsilon-DP"},
              {"epsilon", privacy.epsilon}};
  if (privacy.zcdp) {
    out["delta"] = privacy.delta;
    out["rho"] = privacy.rho;
  }
  out["rows"] = optional_json(forecast.rows);
  out["mechanismRows"] = optional_json(forecast.mechanism_rows);
  out["columns"] = forecast.column_names;
  out["levels"] = forecast.levels;
  Json hierarchies = Json::array();  // the coarser domains a hierarchy gives its column
  for (size_t c = 0; c < forecast.hierarchies.size(); ++c) {
    if (forecast.hierarchies[c].empty()) continue;
    Json levels = Json::array();
    for (const LevelGrouping& level : forecast.hierarchies[c]) {
      levels.push_back({{"name", level.name}, {"groups", level.groups}});
    }
    hierarchies.push_back({{"column", forecast.column_names[c]}, {"levels", forecast.levels[c]}, {"by", levels}});
  }
  out["hierarchies"] = hierarchies;
  Json releases = Json::array();
  for (const ReleaseForecast& release : forecast.releases) releases.push_back(release_json(release, privacy.zcdp));
  out["releases"] = releases;
  double l1 = 0, cells = 0;
  for (const ReleaseForecast& release : forecast.releases) {
    cells += double(release.cells);
    if (release.expected_l1_count) l1 += *release.expected_l1_count;
  }
  out["totals"] = {{privacy.zcdp ? "rho" : "epsilon", forecast.budget_total},
                   {"budget", privacy.zcdp ? privacy.rho : privacy.epsilon},
                   {"releases", forecast.releases.size()},
                   {"noisyValuesAtMost", cells},
                   {"expectedL1CountKnown", l1}};
  Json fit = {{"kind", privacy.fit.kind}, {"marginals", privacy.fit.marginals}, {"statistics", privacy.fit.statistics}};
  fit.update(privacy.fit.details);
  fit["syntheticRows"] = privacy.synthetic_rows > 0 ? Json(privacy.synthetic_rows) : Json("the noisy record count");
  out["fit"] = fit;
  const bool sized = forecast.rows.has_value();
  const auto bytes = [&](double value) { return sized ? Json(std::llround(value)) : Json(nullptr); };
  out["memoryBytes"] = {{"table", bytes(forecast.memory.table)},
                        {"output", bytes(forecast.memory.output)},
                        {"marginals", std::llround(forecast.memory.marginals)},
                        {"fit", std::llround(forecast.memory.fit)},
                        {"total", bytes(forecast.memory.total)}};
  out["runtimeSeconds"] = {{"native", sized ? Json(forecast.runtime.native) : Json(nullptr)},
                           {"nativeRange", sized ? Json{forecast.runtime.low, forecast.runtime.high} : Json(nullptr)},
                           {"wasm", sized ? Json(forecast.runtime.wasm) : Json(nullptr)},
                           {"wasmFactor", forecast.runtime.wasm_factor},
                           {"basis", forecast.runtime.basis}};
  if (forecast.person) {
    const PersonBudget& person = *forecast.person;
    out["privacyUnit"] = {{"column", forecast.privacy_unit},
                          {"rowsPerPerson", person.rows_per_person},
                          {"epsilon", person.epsilon},
                          {"rowLevelEpsilon", person.row_epsilon},
                          {"noiseFactor", person.rows_per_person},
                          {"chosenPrivately", person.chosen_privately},
                          {"rowsPerPersonRelease",
                           {{"noise", "discrete Laplace"},
                            {"values", person.rows_per_person},
                            {"l1Sensitivity", 1},
                            {"epsilon", person.histogram_epsilon},
                            {"scale", 1 / person.histogram_epsilon}}},
                          {"rowsLeftOut",
                           "every row beyond rowsPerPerson of a person; counted in the report after "
                           "the run"}};
  }
  out["notes"] = forecast.notes;
  return out;
}

Result<std::string> forecast_run_json(std::string_view schema_json, std::string_view options_json,
                                      std::optional<double> rows) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RunForecast forecast, forecast_run(schema_json, options_json, rows));
  return to_json_text(run_forecast_json(forecast), 1);
}

}  // namespace privsynth
