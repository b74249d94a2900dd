#pragma once
// Everything a synthesis run decides before it reads a record: the schema, the options every
// mechanism shares, the mechanism with its own options read and checked, and the columns. A bad
// option fails here, before any data is read. synthesize() (synthesis.cpp) and the run forecast
// (run_forecast.hpp) both start here, so the forecast refuses exactly what a run refuses.
#include <string>
#include <string_view>
#include <vector>

#include "base/options.hpp"
#include "data/encoding.hpp"
#include "mechanisms/registry.hpp"
#include "persons/person_budget.hpp"
#include "persons/rows_per_person_choice.hpp"
#include "pipeline/receipt.hpp"
#include "pipeline/recommendation.hpp"
#include "privacy/input_source.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Options shared by every mechanism; the mechanism reads the rest from the same reader.
struct RunCommonOptions {
  // A registry id, or "auto" (the default): the mechanism the recommendation names for the chosen
  // columns, epsilon, mlTarget and publicRows (pipeline/recommendation.hpp), public inputs only.
  std::string mechanism;
  // With "auto": what was asked for and why this mechanism (the receipt's mechanismChoice).
  std::optional<Recommendation> automatic;
  // A number of records the caller states as public; used only by "auto" to choose.
  std::optional<double> public_rows;
  double epsilon = 0;
  std::vector<std::string> columns;  // empty: all schema columns
  OutOfDomainPolicy out_of_domain = OutOfDomainPolicy::Clamp;
  SchemaProvenance provenance = SchemaProvenance::Public;
  bool has_test_seed = false;
  long long test_seed = 0;
  bool evaluate = true;
  std::string ml_target;  // train-on-synthetic / test-on-real for this column (empty: none)
  // Further targets scored on the same synthetic table (Zhou et al., Fig. 5); the mechanism itself
  // favours only ml_target.
  std::vector<std::string> ml_extra_targets;
  // ml_target then ml_extra_targets (empty without a target).
  std::vector<std::string> ml_targets() const {
    if (ml_target.empty()) return {};
    std::vector<std::string> targets{ml_target};
    targets.insert(targets.end(), ml_extra_targets.begin(), ml_extra_targets.end());
    return targets;
  }
  // With a target: also train its model directly under DP at the run's (epsilon, delta), for the
  // report and as a separate release (private_models/direct_dp_model.hpp).
  bool ml_direct_dp = true;
  double ml_test_fraction = 0.2;  // rows held out from the mechanism for the test
  // Choices in these options that the caller made by looking at the real data without privacy (the
  // app's one-click "use the best on my data"): each makes the output NOT PRIVATE and is named in
  // the receipt's notPrivateReasons.
  std::vector<std::string> choices_from_data;
  // Where the data come from, as the library states it (privacy/input_source.hpp); absent: CSV rows
  // for synthesize(), count tables for synthesize_from_counts().
  std::optional<InputSource> input_source;
  // With the schema's privacyUnit: the most rows each person keeps (k); rows_per_person_given when
  // the options set it.
  long long rows_per_person = kPlannedRowsPerPerson;
  bool rows_per_person_given = false;
  // k chosen privately: the quantile of rows per person it aims at.
  double rows_per_person_quantile = kRowsPerPersonQuantile;
};

Result<RunCommonOptions> read_run_common_options(OptionReader& reader);

// The receipt's mechanismChoice after "auto": asked, chosen, why and from what; null otherwise.
nlohmann::json mechanism_choice_json(const RunCommonOptions& common);

struct RunSetup {
  Schema schema;
  RunCommonOptions common;
  PreparedMechanism mechanism;
  std::vector<int> columns;  // schema indices of the columns to synthesize
  // With the schema's privacyUnit: the person-level budget and its split; the mechanism was
  // prepared with its row-level part (persons/person_budget.hpp).
  std::optional<PersonBudget> person;
  // The options as read, the mechanism's epsilon (and delta) as prepared: a run whose k is chosen
  // privately prepares the mechanism again from them (replan_person_level).
  nlohmann::json options;
};

// Parses the schema and the options JSON (see docs/api.md) and checks them as synthesize() does.
Result<RunSetup> read_run_setup(std::string_view schema_json, std::string_view options_json);

// A run whose k was chosen privately (persons/rows_per_person_choice.hpp): the person-level budget
// split again for that k, and the mechanism prepared again at its row-level part.
Status replan_person_level(RunSetup& setup, int rows_per_person);

// The checks read_run_setup makes, also used by the run advice (forecast/run_advice.hpp).
// Schema indices of the named columns, all of them when `names` is empty; an unknown or repeated
// name is an error.
Result<std::vector<int>> resolve_columns(const Schema& schema, const std::vector<std::string>& names);
// A prediction target: a categorical column with 2 to kMaxTargetClasses levels (a binary
// classifier, or one per class against the rest).
bool can_be_ml_target(const Column& column);
// A non-empty `target` must name one of `columns` that can_be_ml_target; `option` names it in errors.
Status check_ml_target(const Schema& schema, const std::vector<int>& columns, const std::string& target,
                       const char* option = "mlTarget");

}  // namespace privsynth
