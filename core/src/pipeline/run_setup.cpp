#include "pipeline/run_setup.hpp"

#include "privacy/shared_release.hpp"
#include "privsynth/mechanisms.hpp"
#include "report/one_vs_rest.hpp"

#include <algorithm>
#include <set>

namespace privsynth {
Result<std::vector<int>> resolve_columns(const Schema& schema, const std::vector<std::string>& names) {
  std::vector<int> indices;
  if (names.empty()) {
    for (size_t i = 0; i < schema.columns.size(); ++i) indices.push_back(static_cast<int>(i));
    return indices;
  }
  std::set<int> seen;
  std::set<std::string> unmeasured;
  for (const std::string& name : names) {
    if (find_unmeasured(schema, name)) {  // an "id" or "text" column: output, never measured
      if (!unmeasured.insert(name).second) {
        return Status::error(ErrorCode::InvalidArgument, "option \"columns\": \"" + name + "\" is listed twice");
      }
      continue;
    }
    const int index = find_column(schema, name);
    if (index < 0)
      return Status::error(ErrorCode::InvalidArgument, "option \"columns\": the schema has no column \"" + name + "\"");
    if (!seen.insert(index).second) {
      return Status::error(ErrorCode::InvalidArgument, "option \"columns\": \"" + name + "\" is listed twice");
    }
    indices.push_back(index);
  }
  if (indices.empty()) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"columns\" names only \"id\" and \"text\" columns, which are not measured: "
                         "choose at least one column to synthesize");
  }
  return indices;
}

bool can_be_ml_target(const Column& column) {
  if (column.kind != ColumnKind::Categorical) return false;
  const size_t levels = level_count(column);
  return levels >= 2 && levels <= size_t(kMaxTargetClasses);
}

Status check_ml_target(const Schema& schema, const std::vector<int>& columns, const std::string& target,
                       const char* option) {
  if (target.empty()) return Status::ok();
  const std::string prefix = "option \"" + std::string(option) + "\": \"";
  const int index = find_column(schema, target);
  if (index < 0 || std::find(columns.begin(), columns.end(), index) == columns.end()) {
    return Status::error(ErrorCode::InvalidArgument, prefix + target + "\" is not among the synthesized columns");
  }
  const Column& column = schema.columns[static_cast<size_t>(index)];
  if (!can_be_ml_target(column)) {
    return Status::error(ErrorCode::InvalidArgument,
                         prefix + column.name + "\" must be a categorical column with 2 to " +
                             std::to_string(kMaxTargetClasses) +
                             " levels (a logistic regression per class; a nullable column counts its missing level)");
  }
  return Status::ok();
}

namespace {

// The mechanism's refusal of the first chosen column it does not take.
Status check_columns(const RunSetup& setup) {
  const AcceptedColumns& accepted = setup.mechanism.columns;
  for (int c : setup.columns) {
    const Column& column = setup.schema.columns[static_cast<size_t>(c)];
    if (accepted.accepts(column.kind)) continue;
    return Status::error(ErrorCode::InvalidArgument, accepted.refusal
                                                         ? accepted.refusal(column.name)
                                                         : "the mechanism \"" + setup.common.mechanism +
                                                               "\" does not take column \"" + column.name + "\"");
  }
  return Status::ok();
}

// The prepared definition keeps the registry entry's kind of guarantee (the catalogue states it).
Status check_privacy_model(const MechanismDescriptor& mechanism, const PrivacyDefinition& definition) {
  const PrivacyModel& model = mechanism.privacy;
  if (definition.neighbours != model.neighbours || definition.accounting != model.accounting ||
      (model.accounting == Accounting::Basic && definition.delta != 0)) {
    return Status::error(ErrorCode::Internal, std::string("the mechanism \"") + mechanism.id +
                                                  "\" prepared a privacy definition other than its registry entry's");
  }
  return Status::ok();
}

}  // namespace

namespace {

// "reduced-space-lp", "marginal-lp", ... in registry order.
std::string mechanism_list() {
  std::string list;
  const std::vector<std::string> ids = mechanism_ids();
  for (size_t i = 0; i < ids.size(); ++i) list += (i ? ", \"" : "\"") + ids[i] + "\"";
  return list;
}

constexpr Choice<SchemaProvenance> kSchemaProvenances[] = {{"public", SchemaProvenance::Public},
                                                           {"inferred-from-data", SchemaProvenance::InferredFromData}};

// A schema discovered as the first part of one release (its discovery has a rho): "epsilon" and
// "delta" are that release's, and the mechanism gets what the discovery left
// (privacy/shared_release.hpp); the receipt composes the two parts back into the release's total.
Status spend_rest_of_release(RunSetup& setup, const MechanismDescriptor& mechanism, nlohmann::json& options) {
  if (!setup.schema.discovered || !setup.schema.discovered->rho) return Status::ok();
  const DiscoveryCost& cost = *setup.schema.discovered;
  const bool zcdp = mechanism.privacy.accounting == Accounting::Zcdp;
  double delta = cost.delta;
  if (zcdp && options.contains("delta") && options["delta"].is_number()) delta = options["delta"].get<double>();
  PRIVSYNTH_ASSIGN_OR_RETURN(const RunPart part,
                             run_part_of_release(cost, setup.common.epsilon, delta, mechanism.privacy));
  setup.common.epsilon = part.epsilon;
  options["epsilon"] = part.epsilon;
  if (zcdp) options["delta"] = part.delta;
  return Status::ok();
}

// A schema found privately protects what its discovery read: one row, or one person of the column
// it sampled by. A run's unit must be the same, or the receipt would add costs of different units.
std::string discovered_for_other_unit(const Schema& schema) {
  const std::string& found = schema.discovered->privacy_unit;
  const std::string read = found.empty() ? "every row (its cost protects one row)"
                                         : "one row per \"" + found + "\" (its cost protects one person of it)";
  const std::string run = schema.privacy_unit.empty() ? "one row" : "one person of \"" + schema.privacy_unit + "\"";
  return "this schema was found privately reading " + read + ", but the run protects " + run +
         ": find the schema again with the same privacyUnit, or give a public schema";
}

// With a privacy unit, the mechanism runs on each person's bounded rows at the row-level part of
// the person-level budget (persons/person_budget.hpp); the receipt states the person-level total.
Status plan_person_level(RunSetup& setup, const MechanismDescriptor& mechanism, const OptionReader& reader,
                         nlohmann::json& options) {
  if (setup.schema.privacy_unit.empty()) {
    if (setup.schema.discovered && !setup.schema.discovered->privacy_unit.empty()) {
      return Status::error(ErrorCode::InvalidArgument, discovered_for_other_unit(setup.schema));
    }
    if (!setup.common.rows_per_person_given) return Status::ok();
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"rowsPerPerson\" needs the schema's \"privacyUnit\": the \"id\" column that "
                         "identifies a person");
  }
  if (setup.schema.discovered && setup.schema.discovered->privacy_unit != setup.schema.privacy_unit) {
    return Status::error(ErrorCode::InvalidArgument, discovered_for_other_unit(setup.schema));
  }
  if (mechanism.privacy.neighbours != Neighbours::AddRemove) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "the \"" + std::string(mechanism.id) +
            "\" mechanism protects one row among a public number of rows (replace-one neighbours); with a privacy "
            "unit a person's rows come and go together, so it cannot protect a person: choose \"auto\" or another "
            "mechanism");
  }
  if (!setup.common.ml_target.empty() && setup.common.ml_direct_dp) {
    if (reader.has("mlDirectDp")) {
      return Status::error(ErrorCode::InvalidArgument,
                           "option \"mlDirectDp\" trains on single rows and protects one row, not one person: "
                           "leave it out (or false) with a privacy unit");
    }
    setup.common.ml_direct_dp = false;
  }
  const bool zcdp = mechanism.privacy.accounting == Accounting::Zcdp;
  double delta = 0;
  if (zcdp)
    delta = options.contains("delta") && options["delta"].is_number() ? options["delta"].get<double>() : kDefaultDelta;
  const int k = static_cast<int>(setup.common.rows_per_person);
  PRIVSYNTH_ASSIGN_OR_RETURN(PersonBudget budget, split_person_budget(setup.common.epsilon, delta, mechanism.privacy, k,
                                                                      !setup.common.rows_per_person_given));
  options["epsilon"] = budget.row_epsilon;
  if (zcdp) options["delta"] = budget.row_delta;
  budget.quantile = setup.common.rows_per_person_quantile;
  setup.person = budget;
  return Status::ok();
}

}  // namespace

Result<RunCommonOptions> read_run_common_options(OptionReader& reader) {
  RunCommonOptions options;
  if (!reader.has("epsilon")) {
    return Status::error(ErrorCode::InvalidArgument, "option \"epsilon\" is required (the privacy budget, > 0)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.positive_number(
      "epsilon", options.epsilon,
      {"The privacy budget, > 0. Without a schema it is the whole release's, the schema's private discovery included.",
       OptionDefault::Required}));
  options.mechanism = kAutoMechanism;
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.text("mechanism", options.mechanism,
                  {"The mechanism by id, or \"auto\": the one recommended for the chosen columns, epsilon, mlTarget "
                   "and publicRows (public inputs only), named with its reason in the receipt's mechanismChoice."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("publicRows", options.public_rows, 1, 1e12,
                                          {"A number of records you state as public, never read from the data: only "
                                           "\"mechanism\": \"auto\" uses it, to choose, and the receipt states it.",
                                           OptionDefault::None}));
  if (options.public_rows && options.mechanism != kAutoMechanism) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"publicRows\" (a number of records you state as public) only helps \"mechanism\": "
                         "\"auto\" choose; the forecast takes n as its own argument");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.text_list("columns", options.columns,
                       {"The columns to synthesize; every column of the schema when absent.", OptionDefault::None}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice(
      "outOfDomain", options.out_of_domain, kOutOfDomainPolicies,
      {"What a value outside the schema's domain becomes: clamped into it (a number) or missing (an unknown category "
       "of a nullable column), its record dropped, or an error naming the cell. The report counts each case."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice(
      "schemaProvenance", options.provenance, kSchemaProvenances,
      {"\"inferred-from-data\" marks a schema read from the data without privacy: the output is then not private."}));
  options.has_test_seed = reader.has("testSeed");
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer(
      "testSeed", options.test_seed, 0, 9007199254740991LL,
      {"Tests only: seeded randomness in place of the platform's secure generator. The output is not private.",
       OptionDefault::None}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean("evaluate", options.evaluate,
                                           {"Compute the utility report on the real data (for the data owner only)."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.text("mlTarget", options.ml_target,
                  {"A categorical column of 2 to 32 levels to predict: a random share of the records is held out, and "
                   "the report compares a model trained on the synthetic table with one trained on the real rows. "
                   "Mechanisms that can favour a target favour this one.",
                   OptionDefault::None}));
  if (reader.has("mlTestFraction") && options.ml_target.empty()) {
    return Status::error(ErrorCode::InvalidArgument, "option \"mlTestFraction\" needs \"mlTarget\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("mlTestFraction", options.ml_test_fraction, 0.01, 0.5,
                    {"With mlTarget: the probability with which each record is held out for the test."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.text_list(
      "mlExtraTargets", options.ml_extra_targets,
      {"With mlTarget: more columns to predict from the same synthetic table, each reported as mlTarget is.",
       OptionDefault::None}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.boolean("mlDirectDp", options.ml_direct_dp,
                     {"With mlTarget: also train each target's logistic regression directly under DP, all of them on "
                      "the run's (epsilon, delta); the models are a separate release with their own receipt."}));
  for (const char* key : {"mlExtraTargets", "mlDirectDp"}) {
    if (reader.has(key) && options.ml_target.empty()) {
      return Status::error(ErrorCode::InvalidArgument, "option \"" + std::string(key) + "\" needs \"mlTarget\"");
    }
  }
  std::set<std::string> targets{options.ml_target};
  for (const std::string& extra : options.ml_extra_targets) {
    if (!targets.insert(extra).second) {
      return Status::error(ErrorCode::InvalidArgument,
                           "option \"mlExtraTargets\": \"" + extra + "\" is already a target");
    }
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("inputSource", options.input_source, kInputSources,
                    {"Where the data come from, stated in the receipt's input. The library sets it from the input it "
                     "reads; count tables are \"count-tables\" unless stated.",
                     OptionDefault::Computed}));
  options.rows_per_person_given = reader.has("rowsPerPerson");
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer(
      "rowsPerPerson", options.rows_per_person, 1, kMaxRowsPerPerson,
      {"With the schema's privacyUnit: the most rows each person keeps, drawn at random (the rest are left out); "
       "the noise grows with it. Absent: chosen privately near a quantile of rows per person (rowsPerPersonQuantile), "
       "with a share of the budget.",
       OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number(
      "rowsPerPersonQuantile", options.rows_per_person_quantile, 0.5, 0.99,
      {"With the schema's privacyUnit and no rowsPerPerson: the share of persons whose rows the privately chosen k "
       "keeps whole (a quantile of rows per person)."}));
  if (reader.has("rowsPerPersonQuantile") && options.rows_per_person_given) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"rowsPerPersonQuantile\" steers the private choice of k, which \"rowsPerPerson\" "
                         "sets: give one of them");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.text_list("choicesFromData", options.choices_from_data,
                       {"Every option chosen by looking at the real data without privacy, each named in a few words: "
                        "each makes the output not private and is listed in the receipt's notPrivateReasons.",
                        OptionDefault::None}));
  for (const std::string& choice : options.choices_from_data) {
    if (choice.empty())
      return Status::error(ErrorCode::InvalidArgument, "option \"choicesFromData\": name each choice");
  }
  return options;
}

nlohmann::json mechanism_choice_json(const RunCommonOptions& common) {
  if (!common.automatic) return nullptr;
  nlohmann::json choice = {{"requested", kAutoMechanism},
                           {"chosen", common.automatic->mechanism},
                           {"reason", common.automatic->reason},
                           {"from",
                            "the chosen columns of the schema, epsilon, mlTarget and publicRows (public inputs "
                            "only, never the data)"}};
  if (common.public_rows) choice["publicRows"] = *common.public_rows;
  return choice;
}

Result<RunSetup> read_run_setup(std::string_view schema_json, std::string_view options_json) {
  RunSetup setup;
  PRIVSYNTH_ASSIGN_OR_RETURN(Schema schema, parse_schema_json(schema_json));
  setup.schema = std::move(schema);
  PRIVSYNTH_ASSIGN_OR_RETURN(nlohmann::json options, parse_options_json(std::string(options_json)));
  OptionReader reader(options);
  PRIVSYNTH_ASSIGN_OR_RETURN(RunCommonOptions common, read_run_common_options(reader));
  setup.common = std::move(common);
  // A schema read from the data is not private however it reaches us: by option or by its own label.
  if (setup.schema.inferred_from_data) setup.common.provenance = SchemaProvenance::InferredFromData;
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<int> columns, resolve_columns(setup.schema, setup.common.columns));
  setup.columns = std::move(columns);
  // The "id" and "text" columns of the output: those named in "columns" (all without it). The
  // receipt lists them from the schema.
  if (!setup.common.columns.empty()) {
    std::vector<UnmeasuredColumn>& unmeasured = setup.schema.unmeasured;
    unmeasured.erase(std::remove_if(
                         unmeasured.begin(), unmeasured.end(),
                         [&](const UnmeasuredColumn& column) {
      return std::find(setup.common.columns.begin(), setup.common.columns.end(), column.name) ==
             setup.common.columns.end();
                         }),
                     unmeasured.end());
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_ml_target(setup.schema, setup.columns, setup.common.ml_target));
  for (const std::string& extra : setup.common.ml_extra_targets) {
    PRIVSYNTH_RETURN_IF_ERROR(check_ml_target(setup.schema, setup.columns, extra, "mlExtraTargets"));
  }
  if (setup.common.mechanism == kAutoMechanism) {
    std::vector<Column> chosen;
    for (int c : setup.columns) chosen.push_back(setup.schema.columns[size_t(c)]);
    setup.common.automatic =
        recommend_mechanism(chosen, setup.common.epsilon, setup.common.public_rows, setup.common.ml_target);
    setup.common.mechanism = setup.common.automatic->mechanism;
  }
  const MechanismDescriptor* mechanism = find_mechanism(setup.common.mechanism);
  if (!mechanism) {
    return Status::error(ErrorCode::InvalidArgument, "unknown mechanism \"" + setup.common.mechanism +
                                                         "\"; use \"auto\" or one of " + mechanism_list());
  }
  PRIVSYNTH_RETURN_IF_ERROR(spend_rest_of_release(setup, *mechanism, options));
  PRIVSYNTH_RETURN_IF_ERROR(plan_person_level(setup, *mechanism, reader, options));
  PRIVSYNTH_ASSIGN_OR_RETURN(
      PreparedMechanism prepared,
      mechanism->prepare(reader, setup.person ? setup.person->row_epsilon : setup.common.epsilon));
  setup.mechanism = std::move(prepared);
  PRIVSYNTH_RETURN_IF_ERROR(check_privacy_model(*mechanism, setup.mechanism.privacy));
  setup.options = options;
  const Status all_used = reader.check_all_used();
  if (!all_used.is_ok() && setup.common.automatic) {
    return Status::error(all_used.code(), all_used.message() + " (\"mechanism\": \"auto\" chose \"" +
                                              setup.common.mechanism +
                                              "\" for these columns; name the mechanism whose options you set)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(all_used);
  // Under replace-one neighbours n is public and no record may be dropped (encoding.hpp).
  if (setup.mechanism.privacy.neighbours == Neighbours::ReplaceOne &&
      setup.common.out_of_domain == OutOfDomainPolicy::Reject) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "outOfDomain \"reject\" drops records, and the \"" + setup.common.mechanism +
            "\" mechanism counts every record (replace-one neighbours: its n is public): use \"clamp\", which sets a "
            "cell that cannot be fixed to its column's first level, or \"error\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_columns(setup));
  return setup;
}

Status replan_person_level(RunSetup& setup, int rows_per_person) {
  const MechanismDescriptor* mechanism = find_mechanism(setup.common.mechanism);
  if (!mechanism || !setup.person) return Status::error(ErrorCode::Internal, "replanning a run without a privacy unit");
  const PersonBudget& planned = *setup.person;
  PRIVSYNTH_ASSIGN_OR_RETURN(PersonBudget budget,
                             split_person_budget(planned.epsilon, planned.delta, mechanism->privacy, rows_per_person,
                                                 planned.chosen_privately));
  setup.options["epsilon"] = budget.row_epsilon;
  if (mechanism->privacy.accounting == Accounting::Zcdp) setup.options["delta"] = budget.row_delta;
  OptionReader reader(setup.options);
  PRIVSYNTH_ASSIGN_OR_RETURN(PreparedMechanism prepared, mechanism->prepare(reader, budget.row_epsilon));
  setup.mechanism = std::move(prepared);
  budget.quantile = planned.quantile;
  setup.person = budget;
  return Status::ok();
}

}  // namespace privsynth
