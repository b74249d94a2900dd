#pragma once
// A mechanism as a plug-in (docs/architecture.md §3): its registry entry (MechanismDescriptor:
// id, label, the kind of privacy it gives, and how it reads its options), what reading its options
// gives (PreparedMechanism: its privacy definition with the budget, the columns it takes, whether
// it needs unit values, its run and its forecast), and what a run receives and returns
// (MechanismContext, MechanismOutput: the synthetic table plus the receipt's description,
// parameters and released by-products, and the owner report's sections). Generic code (the
// pipeline, the forecast, the receipt) knows mechanisms only through these types. Mechanisms read
// no clock, file or global state.
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/options.hpp"
#include "base/random.hpp"
#include "data/table.hpp"
#include "mechanisms/mechanism_forecast.hpp"
#include "mechanisms/synthetic_records.hpp"
#include "privacy/accountant.hpp"
#include "privacy/definition.hpp"
#include "privsynth/progress.hpp"
#include "privsynth/status.hpp"
#include "statistics/marginal_source.hpp"

namespace privsynth {

// Test-only changes to adaptive marginals' selection (docs/privacy/adaptive-marginals.md), for the
// end-to-end DP audit alone (tests/cpp/audit, through PipelineSteps): the defaults change nothing.
struct SelectionCalibration {
  // The exponential mechanism is given the charged score sensitivity times this: a broken variant
  // with 0.5 selects more sharply than the ledger says.
  double sensitivity_scale = 1;
  // The share of each round's rho that selects; 0 keeps AIM's 10%. A sound run with a larger share
  // is still charged exactly (the proof does not depend on the split): the audit uses it so that
  // the selection, not the measurements, holds most of rho.
  double share = 0;
};

struct MechanismContext {
  const EncodedTable& table;  // the private records (only the chosen columns)
  // Every release is charged here before it is made. Its definition is the registry's for this
  // mechanism (neighbours, accounting, budget); under replace-one it holds the public n, and the
  // table holds every record (no record is dropped under that relation: encoding.hpp).
  Accountant& accountant;
  RandomSource& random;
  const ProgressSink& progress;
  // Numeric columns' values scaled to [0, 1] by their public bounds (EncodedData::unit_values),
  // present only for mechanisms that asked for them.
  const std::vector<std::vector<double>>* unit_values = nullptr;
  // The column the user will predict (mlTarget), or -1: a public choice mechanisms may use to
  // measure the marginals a classifier of it needs.
  int target_column = -1;
  // Each chosen column's kind from the schema (true: numeric), never from the data.
  std::vector<bool> numeric_columns = {};
  // The caller wants the owner-only report ("evaluate"): mechanisms skip its work otherwise.
  bool owner_report = true;
  // Each chosen column's name from the schema (options may name columns).
  std::vector<std::string> column_names = {};
  // Exact count tables given instead of the rows (statistics/marginal_source.hpp): `table` then has
  // the columns' levels and no rows. Only mechanisms that read the data through count tables accept
  // them; the others refuse.
  const MarginalSource* given_counts = nullptr;
  // The caller writes the synthetic records in chunks (a release of any size): a mechanism that can
  // draw them from its released model leaves `synthetic` empty and sets MechanismOutput::draw_records.
  bool defer_sampling = false;
  // Each chosen numeric column's special levels after its bins, from the schema (never from the data):
  // the unit value of each of its common values, then NaN for its missing level if nullable
  // (special_levels_of, data/binning.hpp); empty for a categorical column or one without any.
  std::vector<std::vector<double>> special_levels = {};
  // Each chosen column's public hierarchy from the schema (data/hierarchy.hpp), finest level first;
  // empty for a column without one.
  std::vector<std::vector<LevelGrouping>> column_hierarchies = {};
  // For the DP audit only (SelectionCalibration); production runs leave the default.
  SelectionCalibration selection = {};
};

// Released points with a weight each, returned beside the synthetic table when a mechanism's
// releases are such points (space partitioning's bin centres with their noisy counts, Kreačić et
// al.'s weighted-centre output): categorical columns as codes, numeric columns as values in unit
// scale (`unit_values[c]`, empty for categorical columns). Post-processing of the releases.
struct WeightedCentres {
  EncodedTable centres;
  std::vector<std::vector<double>> unit_values;
  std::vector<double> weights;
};

struct MechanismOutput {
  EncodedTable synthetic;  // same columns and levels as the input table
  // With MechanismContext::defer_sampling, a mechanism that draws its records from a released model
  // may instead leave `synthetic` without rows and draw `deferred_rows` records through this, in
  // chunks the caller chooses (post-processing of the same release: no further privacy cost).
  RecordDraw draw_records;
  size_t deferred_rows = 0;
  // Sets the three from draw_or_defer's records (synthetic_records.hpp).
  void take_records(SyntheticRecords records) {
    synthetic = std::move(records.table);
    deferred_rows = records.draw ? records.rows : 0;
    draw_records = std::move(records.draw);
  }
  // Optional: numeric columns of the synthetic table as values in [0, 1] (decoded exactly, not
  // drawn within their bin); empty, or one vector per column (empty for columns without).
  std::vector<std::vector<double>> synthetic_unit_values;
  // Optional by-product: released weighted points (SynthesisOutput::weighted_centres).
  std::optional<WeightedCentres> weighted_centres;
  // NOT PRIVATE: data-dependent sections added to the data owner's report (key -> section), never
  // to the receipt. Null: none.
  nlohmann::json owner_report;
  // The degree of the marginals whose largest statistic error the owner report states: the
  // mechanism's own when it fits marginals up to a degree.
  int report_degree = 2;
  bool noise_disabled = false;  // test-only switch was used: NOT PRIVATE
  nlohmann::json description;   // name, paper, reference measure, neighbour relation
  nlohmann::json parameters;    // every public choice, for the receipt
  nlohmann::json released;      // differentially private by-products worth stating (noisy count, ...)
  nlohmann::json software = nlohmann::json::object();  // the receipt's software entries beyond privsynth (a solver)
  // The receipt's privacy and ledger sections come from the context's accountant, never from here.
};

// The kinds of columns a mechanism takes (from the schema, never from the data; a missing level is
// one more level of either kind, which every mechanism takes), and its own refusal of the others.
struct AcceptedColumns {
  bool categorical = true;
  bool numeric = true;
  // The sentence that refuses a column of a kind not accepted, naming the column and saying what to
  // do instead; set whenever a kind is refused.
  std::string (*refusal)(const std::string& column) = nullptr;

  bool accepts(ColumnKind kind) const { return kind == ColumnKind::Categorical ? categorical : numeric; }
};

// A mechanism with its options read and checked, before any data is touched.
struct PreparedMechanism {
  // The guarantee the run's receipt states: the registry entry's neighbours and accounting, epsilon
  // and delta from the options (the pipeline adds the public n under replace-one).
  PrivacyDefinition privacy;
  AcceptedColumns columns;
  // Numeric columns' values scaled to [0, 1] (MechanismContext::unit_values), not only their bins.
  bool needs_unit_values = false;
  std::function<Result<MechanismOutput>(const MechanismContext&)> run;
  // What `run` will release, from public inputs only, with the same options (mechanism_forecast.hpp).
  std::function<Result<MechanismForecast>(const ForecastInputs&)> forecast;
  // A mechanism that reads the data only through exact count tables says which (column sets, from
  // the chosen columns' names, their encoded levels and the target, -1: none), and `run` then also
  // accepts them given (MechanismContext::given_counts). Empty: it reads rows and refuses count
  // tables; a mechanism that reads them only with some options refuses the others with the reason.
  std::function<Result<std::vector<AttributeSet>>(const std::vector<std::string>& names, const std::vector<int>& levels,
                                                  int target)>
      count_tables;
};

// The PreparedMechanism of a mechanism whose run and forecast both take its read options: privacy
// as given, every column accepted (a caller narrows `columns` after), no unit values.
template <typename Options>
PreparedMechanism bind_options(const Options& options, PrivacyDefinition privacy,
                               Result<MechanismOutput> (*run)(const MechanismContext&, const Options&),
                               Result<MechanismForecast> (*forecast)(const Options&, const ForecastInputs&)) {
  PreparedMechanism prepared;
  prepared.privacy = std::move(privacy);
  prepared.run = [options, run](const MechanismContext& context) { return run(context, options); };
  prepared.forecast = [options, forecast](const ForecastInputs& inputs) { return forecast(options, inputs); };
  return prepared;
}

// A mechanism's registry entry, defined in its folder (mechanisms/<id>/) and listed once in
// registry.cpp.
struct MechanismDescriptor {
  const char* id;     // what the option "mechanism" takes
  const char* label;  // a short name for people
  // Its kind of guarantee before the budget; every PreparedMechanism it makes has these
  // neighbours and this accounting (read_run_setup checks).
  PrivacyModel privacy;
  // Reads and validates the mechanism's own options. Reads every option unconditionally
  // (base/options.hpp): on an empty object it must succeed, and what it declares then is the
  // mechanism's entry in the public catalogue (privsynth/mechanisms.hpp).
  Result<PreparedMechanism> (*prepare)(OptionReader& options, double epsilon);
};

}  // namespace privsynth
