#include "privsynth/synthesis.hpp"
#include "pipeline/synthesis_steps.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <set>

#include "base/json_text.hpp"
#include "base/number_text.hpp"
#include "base/options.hpp"
#include "base/random.hpp"
#include "data/binning.hpp"
#include "data/decoding.hpp"
#include "data/encoding.hpp"
#include "data/encoding_report.hpp"
#include "mechanisms/registry.hpp"
#include "pipeline/count_tables.hpp"
#include "pipeline/holdout.hpp"
#include "pipeline/ml_report.hpp"
#include "pipeline/receipt.hpp"
#include "pipeline/record_stream.hpp"
#include "pipeline/run_setup.hpp"
#include "privacy/accountant.hpp"
#include "privacy/joint_release.hpp"
#include "privsynth/schema.hpp"
#include "report/distinct_records.hpp"
#include "report/distribution_report.hpp"
#include "report/fidelity_report.hpp"
#include "report/kernel_report.hpp"
#include "report/marginal_report.hpp"
#include "report/real_value_sample.hpp"
#include "report/rule_violations.hpp"
#include "report/verdict.hpp"
#include "sql/count_query.hpp"
#include "statistics/bootstrap.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

Json distances_json(const std::vector<MarginalDistance>& distances, const std::vector<std::string>& names) {
  Json list = Json::array();
  for (const MarginalDistance& d : distances) {
    Json columns = Json::array();
    for (int c : d.columns) columns.push_back(names[static_cast<size_t>(c)]);
    list.push_back({{"columns", columns}, {"tv", d.total_variation}});
  }
  return list;
}

Json report_json(const EncodingReport& encoding, const Schema& schema, const UtilityReport* utility,
                 const std::vector<std::string>& names, int degree, size_t real_rows, size_t synthetic_rows) {
  Json report = {{"notice", "Computed on your real data: for your eyes only. Do not publish this report."},
                 {"rows", {{"real", real_rows}, {"synthetic", synthetic_rows}}},
                 {"encoding", encoding_report_json(encoding, schema)}};
  if (!utility) return report;
  Json worst = Json::array();
  for (int c : utility->max_statistic_error_columns) worst.push_back(names[static_cast<size_t>(c)]);
  report["marginals"] = {{"meanOneWayTV", mean_total_variation(utility->one_way)},
                         {"meanTwoWayTV", mean_total_variation(utility->two_way)},
                         {"meanThreeWaySampleTV", mean_total_variation(utility->three_way_sample)},
                         {"threeWayTotal", utility->three_way_total},
                         {"oneWay", distances_json(utility->one_way, names)},
                         {"twoWay", distances_json(utility->two_way, names)},
                         {"threeWaySample", distances_json(utility->three_way_sample, names)}};
  report["maxStatisticError"] = {{"value", utility->max_statistic_error}, {"degree", degree}, {"marginal", worst}};
  return report;
}

struct MlSplit {
  EncodedTable train, test;
  std::vector<std::vector<double>> train_unit_values;
};

// Rows of a synthetic table (and its unit values) put in `order`.
void permute_rows(EncodedTable& table, std::vector<std::vector<double>>& unit_values,
                  const std::vector<size_t>& order) {
  for (std::vector<uint32_t>& codes : table.codes) {
    std::vector<uint32_t> arranged(order.size());
    for (size_t i = 0; i < order.size(); ++i) arranged[i] = codes[order[i]];
    codes = std::move(arranged);
  }
  for (std::vector<double>& values : unit_values) {
    if (values.size() != order.size()) continue;
    std::vector<double> arranged(order.size());
    for (size_t i = 0; i < order.size(); ++i) arranged[i] = values[order[i]];
    values = std::move(arranged);
  }
}

Result<MlSplit> hold_out(const EncodedData& data, double test_fraction, RandomSource& random,
                         const PipelineSteps& steps) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RowSplit rows, steps.hold_out(data.table.rows, test_fraction, random));
  MlSplit split{select_rows(data.table, rows.train), select_rows(data.table, rows.test), {}};
  for (const std::vector<double>& column : data.unit_values) {
    std::vector<double>& kept = split.train_unit_values.emplace_back();
    if (column.empty()) continue;
    for (size_t row : rows.train) kept.push_back(column[row]);
  }
  return split;
}

// A run that fails after its first charge released nothing, but what it saw may steer the next
// run on the same data (a refusal computed from a noisy count, a cancel after noisy progress): the
// error says what the attempt spent, so that the owner can count it (docs/privacy/README.md).
Status with_spend_stated(const Status& failure, const Accountant& accountant) {
  if (accountant.ledger().empty()) return failure;
  const double delta = accountant.delta_of_guarantee();
  return Status::error(failure.code(), failure.message() +
                                           " (nothing was released, but this attempt had already spent epsilon " +
                                           format_rounded(accountant.epsilon_spent(), 6) +
                                           (delta > 0 ? " and delta " + format_number(delta) : std::string()) +
                                           " on these data: a new run on them adds to it)");
}

std::unique_ptr<RandomSource> make_random(const RunCommonOptions& common) {
  if (common.has_test_seed) return std::make_unique<SeededTestRandom>(static_cast<uint64_t>(common.test_seed));
  return std::make_unique<SystemRandom>();
}

// The caller's input source, checked against the entry point (rows or count tables), or the entry
// point's own: CSV rows for synthesize(), count tables for synthesize_from_counts().
Status resolve_input_source(RunSetup& setup, bool count_tables) {
  std::optional<InputSource>& source = setup.common.input_source;
  if (!source) source = count_tables ? InputSource::CountTables : InputSource::CsvRows;
  if (reads_count_tables(*source) == count_tables) return Status::ok();
  return Status::error(ErrorCode::InvalidArgument, std::string("option \"inputSource\": \"") +
                                                       choice_name(kInputSources, *source) + "\" is " +
                                                       (count_tables ? "a source of records, for synthesize()"
                                                                     : "a source of count tables, for "
                                                                       "synthesizeFromCounts()"));
}

// The numeric values of a whole table of cells (row 0 its header) as read, for the report.
Result<RealValueSample> real_values_of(const Schema& chosen, const CellGridView& cells) {
  std::vector<std::string> header;
  for (size_t c = 0; c < cells.columns; ++c) header.emplace_back(cells.cell(0, c));
  PRIVSYNTH_ASSIGN_OR_RETURN(RealValueSample values, RealValueSample::create(chosen, header));
  PRIVSYNTH_RETURN_IF_ERROR(values.add_rows(cells, 1));
  return values;
}

// Only the chosen columns are read: the CSV needs no others, and a bad value elsewhere drops no row.
Schema chosen_columns(const RunSetup& setup) {
  Schema chosen = setup.schema;
  chosen.columns.clear();
  for (int c : setup.columns) chosen.columns.push_back(setup.schema.columns[static_cast<size_t>(c)]);
  return chosen;
}

// Everything after the table is encoded: the mechanism, decoding, the report and the receipt. With
// `given_counts` the table has no rows: the mechanism reads the count tables, and there is no
// utility report (it compares rows). With `stream_records` the records are not decoded here but
// left to SynthesisOutput::records, drawn chunk by chunk. `real_values` (when the report is wanted
// and the rows were read) are the numeric values as read, for the report's fidelity section.
Result<SynthesisOutput> run_with_setup(const RunSetup& planned, const Schema& chosen, Result<EncodedData> encoded,
                                       const RealValueSample* real_values, const ProgressSink& progress,
                                       const PipelineSteps& steps, const MarginalSource* given_counts = nullptr,
                                       bool stream_records = false,
                                       const std::vector<size_t>* given_rows_per_person = nullptr) {
  if (!encoded.is_ok()) return encoded.status();
  std::unique_ptr<RandomSource> random = make_random(planned.common);
  // With a privacy unit, k is chosen (unless the options set it), each person's rows are bounded and
  // the rows-per-person distribution released before anything else reads the rows
  // (pipeline/person_release.hpp). Count tables come bounded by the query (sql/count_query.hpp),
  // with their persons' counts.
  std::optional<PersonRelease> persons;
  std::optional<RunSetup> replanned;
  if (planned.person && given_rows_per_person) {
    PRIVSYNTH_ASSIGN_OR_RETURN(PersonRelease begun,
                               begin_person_release_from_counts(planned, chosen, *given_rows_per_person, *random));
    persons.emplace(std::move(begun));
  } else if (planned.person) {
    PRIVSYNTH_ASSIGN_OR_RETURN(PersonStart begun, begin_person_release(planned, chosen, encoded.value(), *random,
                                                                       steps.bound_rows, steps.choose_rows));
    persons.emplace(std::move(begun.release));
    replanned = std::move(begun.replanned);
  }
  const RunSetup& setup = replanned ? *replanned : planned;
  const bool evaluate = setup.common.evaluate && !given_counts;
  const EncodingReport& encoding_report = encoded.value().report;

  // With an ML target, a random test split is held out: the mechanism sees only the other rows,
  // as in Zhou et al.'s evaluation (80/20), so the test data are new to the synthetic data. The
  // split is Poisson (holdout.hpp), so that neighbouring tables stay neighbouring.
  const bool ml = !setup.common.ml_target.empty();
  MlSplit split;
  if (ml) {
    PRIVSYNTH_ASSIGN_OR_RETURN(MlSplit made, hold_out(encoded.value(), setup.common.ml_test_fraction, *random, steps));
    split = std::move(made);
  }
  const EncodedTable& table = ml ? split.train : encoded.value().table;
  const std::vector<std::vector<double>>& unit_values = ml ? split.train_unit_values : encoded.value().unit_values;

  // The run's privacy definition is the mechanism's; under replace-one the encoding kept every
  // record, so the table's rows are the public n (the training split's under mlTarget, whose size
  // depends only on n and the split's own randomness).
  PrivacyDefinition definition = setup.mechanism.privacy;
  if (definition.neighbours == Neighbours::ReplaceOne) definition.public_records = table.rows;
  PRIVSYNTH_ASSIGN_OR_RETURN(Accountant accountant, Accountant::create(definition));
  int target_column = -1;
  for (size_t c = 0; ml && c < chosen.columns.size(); ++c) {
    if (chosen.columns[c].name == setup.common.ml_target) target_column = static_cast<int>(c);
  }
  std::vector<bool> numeric_columns;
  std::vector<std::vector<double>> special_levels;
  std::vector<std::string> names;
  std::vector<std::vector<LevelGrouping>> hierarchies;
  for (const Column& column : chosen.columns) {
    numeric_columns.push_back(column.kind == ColumnKind::Numeric);
    special_levels.push_back(special_levels_of(column));
    names.push_back(column.name);
    hierarchies.push_back(hierarchy_groupings(column));
  }
  Result<MechanismOutput> output = setup.mechanism.run(
      MechanismContext{table, accountant, *random, progress, &unit_values, target_column, numeric_columns, evaluate,
                       names, given_counts, stream_records, special_levels, hierarchies, steps.selection});
  if (persons) PRIVSYNTH_RETURN_IF_ERROR(charge_mechanism_to_person(*persons, accountant));
  // The release's ledger: the person-level one with a privacy unit, else the mechanism's.
  const Accountant& release_ledger = persons ? persons->ledger : accountant;
  if (!output.is_ok()) return with_spend_stated(output.status(), release_ledger);
  if (ml) {
    output.value().parameters["mlHoldout"] = {
        {"testFraction", setup.common.ml_test_fraction},
        {"note",
         "each record was held out from the mechanism for the utility report independently with this probability (a "
         "Poisson split, which keeps neighbouring tables neighbouring)"}};
  }

  SynthesisOutput result;
  result.rows = output.value().draw_records ? output.value().deferred_rows : output.value().synthetic.rows;
  std::optional<SyntheticPeople> people;
  if (!stream_records) {
    result.columns =
        decode_table(chosen.columns, output.value().synthetic, *random, output.value().synthetic_unit_values);
    if (persons) {
      // Synthetic people: post-processing of the synthetic rows and the released distribution.
      people =
          assign_synthetic_people(output.value().synthetic, persons->per_person, persons->rows.distribution, *random);
      arrange_people(result.columns, persons->per_person, *people);
      permute_rows(output.value().synthetic, output.value().synthetic_unit_values, people->order);
    }
  }
  if (const std::optional<WeightedCentres>& centres = output.value().weighted_centres) {
    result.weighted_centres = WeightedCentresTable{
        centres->centres.rows, decode_table(chosen.columns, centres->centres, *random, centres->unit_values, false),
        centres->weights};
  }
  PRIVSYNTH_RETURN_IF_ERROR(random->health());

  const int degree = output.value().report_degree;
  std::unique_ptr<UtilityReport> utility;
  if (evaluate) {
    if (!keep_going(progress, Phase::Evaluate, 0)) return Status::error(ErrorCode::Cancelled, "cancelled");
    utility = std::make_unique<UtilityReport>(evaluate_marginals(table, output.value().synthetic, degree));
  }
  Json report = report_json(encoding_report, chosen, utility.get(), names, degree, table.rows, result.rows);
  if (!stream_records) {
    report["rows"]["distinctSynthetic"] =
        distinct_records(output.value().synthetic, output.value().synthetic_unit_values);
  }
  if (utility) {
    report["distributions"] =
        distribution_report_json(chosen.columns, table, output.value().synthetic, utility->two_way);
    if (std::optional<Json> kernel = kernel_report_json(unit_values, output.value().synthetic_unit_values, *random)) {
      report["kernel"] = std::move(*kernel);
    }
    // Its sampling has a randomness of its own: the run's stream, and so a seeded release, is untouched.
    if (real_values && result.columns.size() == chosen.columns.size()) {
      report["fidelity"] = fidelity_report_json(
          FidelityInputs{chosen.columns, *real_values, table, result.columns, output.value().synthetic});
    }
    // The report read for the owner (verdict.hpp), from the sections above.
    Json verdict = verdict_json(VerdictInputs{chosen.columns, table, output.value().synthetic, utility->one_way,
                                              report.contains("fidelity") ? &report["fidelity"] : nullptr});
    report["verdict"] = std::move(verdict);
  }
  for (const auto& [key, section] : output.value().owner_report.items()) report[key] = section;
  if (persons) report["persons"] = persons_report_json(*persons, chosen);
  // The schema's rules on the synthetic table (report/rule_violations.hpp): post-processing.
  if (!chosen.rules.empty() && result.columns.size() == chosen.columns.size()) {
    Json rules = Json::array();
    for (const RuleCheck& check : check_rules(chosen.rules, chosen.columns, result.columns)) {
      Json item = {{"rule", check.rule}, {"checked", check.checked}};
      if (!check.checked) item["reason"] = check.reason;
      item["syntheticRows"] = check.rows;
      item["syntheticBroken"] = check.broken;
      item["per10000"] = check.rows ? 1e4 * double(check.broken) / double(check.rows) : 0.0;
      rules.push_back(std::move(item));
    }
    report["rules"] = std::move(rules);
  }
  // With models trained directly under DP, both receipts state what the table and the models cost
  // published together: from the table's ledger and the models' budget, both known by now.
  Json published_together = nullptr;
  if (ml && setup.common.ml_direct_dp) {
    PRIVSYNTH_ASSIGN_OR_RETURN(const Accountant models, direct_model_accountant(setup));
    published_together = table_and_models_json(accountant, models.budget(), models.definition().delta, setup.schema);
  }
  Json receipt = build_receipt(ReceiptInputs{
      setup.schema, setup.common.provenance, setup.columns, out_of_domain_policy_name(setup.common.out_of_domain),
      release_ledger, output.value(), setup.common.has_test_seed, result.rows, setup.common.choices_from_data,
      mechanism_choice_json(setup.common), *setup.common.input_source, published_together,
      persons ? privacy_unit_json(*persons, accountant, setup.schema.privacy_unit) : Json(nullptr),
      persons ? persons->rows_per_person : 1});
  // The synthetic people's identifiers, in the privacy unit's column (after the report, which
  // compares the measured columns only).
  if (people)
    result.columns.push_back(DecodedColumn{setup.schema.privacy_unit, ColumnKind::Numeric, {}, people->person});
  if (given_counts) report["input"] = "count tables; no utility report: it compares the rows";
  result.receipt_json = to_json_text(receipt, 1);
  // Last, so that the direct models' draws leave a seeded run's table and receipt as they were.
  if (ml) {
    PRIVSYNTH_ASSIGN_OR_RETURN(
        MlEvaluation evaluation,
        evaluate_ml_targets(MlInputs{setup, chosen.columns, output.value().synthetic, split.train, split.test,
                                     utility.get(), published_together, steps},
                            *random, progress));
    if (!evaluation.target_reports.empty()) report["ml"] = evaluation.target_reports[0];
    if (evaluation.target_reports.size() > 1) {
      report["mlExtraTargets"] = Json(evaluation.target_reports.begin() + 1, evaluation.target_reports.end());
    }
    if (!evaluation.direct_models.is_null()) result.direct_models_json = to_json_text(evaluation.direct_models, 1);
  }
  result.report_json = to_json_text(report, 1);
  // Fail closed: nothing leaves a run whose randomness failed at any point (random.hpp).
  PRIVSYNTH_RETURN_IF_ERROR(random->health());
  if (!keep_going(progress, Phase::Evaluate, 1)) return Status::error(ErrorCode::Cancelled, "cancelled");
  if (stream_records) {
    std::optional<StreamedPeople> streamed_people;
    if (persons)
      streamed_people = StreamedPeople{setup.schema.privacy_unit, persons->per_person, persons->rows.distribution};
    PRIVSYNTH_ASSIGN_OR_RETURN(
        SyntheticRecordStream records,
        make_record_stream(chosen.columns, output.value(), std::move(random), std::move(streamed_people)));
    result.records = std::make_shared<SyntheticRecordStream>(std::move(records));
  }
  return result;
}

}  // namespace

struct SynthesisSession::State {
  RunSetup setup;
  Schema chosen;
  TableEncoder encoder;
  std::optional<RealValueSample> real_values;  // with the report: the numeric values as read
};

SynthesisSession::SynthesisSession(std::unique_ptr<State> state) : state_(std::move(state)) {}
SynthesisSession::SynthesisSession(SynthesisSession&&) noexcept = default;
SynthesisSession& SynthesisSession::operator=(SynthesisSession&&) noexcept = default;
SynthesisSession::~SynthesisSession() = default;

Result<SynthesisSession> SynthesisSession::start(std::string_view schema_json, std::string_view options_json,
                                                 const std::vector<std::string>& header) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RunSetup setup, read_run_setup(schema_json, options_json));
  PRIVSYNTH_RETURN_IF_ERROR(resolve_input_source(setup, false));
  Schema chosen = chosen_columns(setup);
  PRIVSYNTH_ASSIGN_OR_RETURN(
      TableEncoder encoder,
      TableEncoder::create(chosen, header, setup.common.out_of_domain, setup.mechanism.needs_unit_values,
                           unfixable_cells_for(setup.mechanism.privacy.neighbours)));
  std::optional<RealValueSample> real_values;
  if (setup.common.evaluate) {
    PRIVSYNTH_ASSIGN_OR_RETURN(real_values, RealValueSample::create(chosen, header));
  }
  return SynthesisSession(
      std::make_unique<State>(State{std::move(setup), std::move(chosen), std::move(encoder), std::move(real_values)}));
}

Status SynthesisSession::add_rows(const CellGridView& rows, size_t first_row, const ProgressSink& progress) {
  if (!state_) return Status::error(ErrorCode::InvalidArgument, "the synthesis session has already run");
  PRIVSYNTH_RETURN_IF_ERROR(state_->encoder.add_rows(rows, first_row, progress));
  return state_->real_values ? state_->real_values->add_rows(rows, first_row) : Status::ok();
}

size_t SynthesisSession::rows_read() const { return state_ ? state_->encoder.rows_read() : 0; }

Result<SynthesisOutput> SynthesisSession::finish(const ProgressSink& progress) {
  if (!state_) return Status::error(ErrorCode::InvalidArgument, "the synthesis session has already run");
  const std::unique_ptr<State> state = std::move(state_);
  const RealValueSample* real_values = state->real_values ? &*state->real_values : nullptr;
  return run_with_setup(state->setup, state->chosen, state->encoder.finish(), real_values, progress, PipelineSteps{});
}

UnfixableCells unfixable_cells_for(Neighbours neighbours) {
  return neighbours == Neighbours::ReplaceOne ? UnfixableCells::FirstLevel : UnfixableCells::DropRecord;
}

namespace {

// The count tables a run reads, from its setup alone; refuses a run that cannot read count tables
// (a mechanism that reads rows, says which do; one that reads them only with some options, says
// why; mlTarget) before anything is read or charged.
Result<std::vector<AttributeSet>> count_tables_read(const RunSetup& setup, const Schema& chosen) {
  if (!setup.mechanism.count_tables) {
    // "auto" chooses from public inputs only, never from where the data come from (recommendation.hpp).
    const std::string chosen_by = setup.common.automatic ? "\"mechanism\": \"auto\" chose \"" + setup.common.mechanism +
                                                               "\" for these columns, which"
                                                         : "mechanism \"" + setup.common.mechanism + "\"";
    return Status::error(ErrorCode::InvalidArgument,
                         chosen_by +
                             " reads the rows; from count tables adaptive-marginals, marginal-lp and "
                             "reduced-space-lp run (name one with \"mechanism\", or read the rows)");
  }
  if (!setup.common.ml_target.empty()) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"mlTarget\" needs the rows (its test rows are held out and scored); a release "
                         "from count tables has none");
  }
  std::vector<std::string> names;
  std::vector<int> levels;
  for (const Column& column : chosen.columns) {
    names.push_back(column.name);
    levels.push_back(level_count(column));
  }
  return setup.mechanism.count_tables(names, levels, -1);
}

// Count tables are bounded by the query before anything is released: k must be public.
Status check_public_rows_per_person(const RunSetup& setup) {
  if (!setup.person || !setup.person->chosen_privately) return Status::ok();
  return Status::error(ErrorCode::InvalidArgument,
                       "a release from count tables needs \"rowsPerPerson\": the query bounds each person's records "
                       "to it before they are counted (from the rows, k is chosen privately when it is not set)");
}

}  // namespace

Result<SynthesisOutput> synthesize_from_counts(const CountsSynthesisInput& input, const ProgressSink& progress) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RunSetup setup, read_run_setup(input.schema_json, input.options_json));
  PRIVSYNTH_RETURN_IF_ERROR(resolve_input_source(setup, true));
  const Schema chosen = chosen_columns(setup);
  PRIVSYNTH_RETURN_IF_ERROR(count_tables_read(setup, chosen).status());
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalCounts counts, parse_count_tables_json(input.counts_json, chosen.columns));
  PRIVSYNTH_RETURN_IF_ERROR(check_public_rows_per_person(setup));
  std::optional<std::vector<size_t>> rows_per_person;
  if (setup.person) {
    PRIVSYNTH_ASSIGN_OR_RETURN(rows_per_person,
                               parse_rows_per_person_json(input.counts_json, setup.person->rows_per_person));
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(const MarginalSource source, MarginalSource::from_counts(std::move(counts)));
  EncodedData data;
  data.table = make_empty_table(source.levels(), 0);
  data.unit_values.resize(source.levels().size());
  return run_with_setup(setup, chosen, std::move(data), nullptr, progress, PipelineSteps{}, &source,
                        input.stream_records, rows_per_person ? &*rows_per_person : nullptr);
}

Result<std::string> required_count_tables_json(std::string_view schema_json, std::string_view options_json,
                                               std::string_view query_json) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RunSetup setup, read_run_setup(schema_json, options_json));
  PRIVSYNTH_RETURN_IF_ERROR(resolve_input_source(setup, true));
  PRIVSYNTH_RETURN_IF_ERROR(check_public_rows_per_person(setup));
  const Schema chosen = chosen_columns(setup);
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<AttributeSet> tables, count_tables_read(setup, chosen));
  if (query_json.empty() && !setup.person) return count_tables_request_json(tables, chosen.columns, std::nullopt);
  if (query_json.empty()) {
    // Count tables of a person-level run: each person's records bounded to k before they are counted.
    nlohmann::json request = nlohmann::json::parse(count_tables_request_json(tables, chosen.columns, std::nullopt));
    request["rowsPerPerson"] = setup.person->rows_per_person;
    return to_json_text(request, 1);
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(nlohmann::json query, parse_options_json(std::string(query_json)));
  OptionReader reader(query);
  PRIVSYNTH_ASSIGN_OR_RETURN(const CountQueryTarget target, read_count_query_target(reader));
  const EncodingRules rules{chosen.missing_tokens, setup.common.out_of_domain,
                            unfixable_cells_for(setup.mechanism.privacy.neighbours)};
  if (!setup.person) {
    PRIVSYNTH_ASSIGN_OR_RETURN(std::string sql, count_query_sql(chosen.columns, rules, tables, target));
    return count_tables_request_json(tables, chosen.columns, sql);
  }
  // A privacy unit: the query bounds each person's records, and a second one counts the persons by
  // their numbers of kept records (docs/privacy/privacy-unit.md).
  const PersonBoundingSql persons{setup.schema.privacy_unit, setup.person->rows_per_person};
  PRIVSYNTH_ASSIGN_OR_RETURN(std::string sql, count_query_sql(chosen.columns, rules, tables, target, &persons));
  PRIVSYNTH_ASSIGN_OR_RETURN(std::string per_person, rows_per_person_sql(chosen.columns, rules, target, persons));
  nlohmann::json request = nlohmann::json::parse(count_tables_request_json(tables, chosen.columns, sql));
  request["rowsPerPersonSql"] = per_person;
  request["rowsPerPerson"] = setup.person->rows_per_person;
  return to_json_text(request, 1);
}

Result<SynthesisOutput> synthesize(const SynthesisInput& input, const ProgressSink& progress) {
  return synthesize_with_steps(input, PipelineSteps{}, progress);
}

Result<SynthesisOutput> synthesize_with_steps(const SynthesisInput& input, const PipelineSteps& steps,
                                              const ProgressSink& progress) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RunSetup setup, read_run_setup(input.schema_json, input.options_json));
  PRIVSYNTH_RETURN_IF_ERROR(resolve_input_source(setup, false));
  const Schema chosen = chosen_columns(setup);
  Result<EncodedData> encoded =
      encode_cells(chosen, input.cells, setup.common.out_of_domain, progress, setup.mechanism.needs_unit_values,
                   steps.unfixable_cells(setup.mechanism.privacy.neighbours));
  if (!encoded.is_ok() || !setup.common.evaluate) {
    return run_with_setup(setup, chosen, std::move(encoded), nullptr, progress, steps);
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(const RealValueSample real_values, real_values_of(chosen, input.cells));
  return run_with_setup(setup, chosen, std::move(encoded), &real_values, progress, steps);
}

}  // namespace privsynth
