#include "forecast/run_advice.hpp"

#include "base/json_text.hpp"
#include "base/options.hpp"
#include "forecast/run_forecast.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"
#include "pipeline/run_setup.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

// The request's keys that are the reduced-space LP's options, read by its own reader.
constexpr const char* kReferenceKeys[] = {"referenceMeasure", "referenceBudgetFraction", "space"};

struct AdviceRequest {
  std::vector<std::string> columns;
  std::optional<double> epsilon, rows;
  std::string ml_target;
  Json reference_options = Json::object();
};

Result<AdviceRequest> read_request(std::string_view request_json) {
  PRIVSYNTH_ASSIGN_OR_RETURN(Json request, parse_options_json(std::string(request_json)));
  OptionReader reader(request);
  AdviceRequest out;
  PRIVSYNTH_RETURN_IF_ERROR(reader.text_list(
      "columns", out.columns, {"The chosen columns; every column of the schema when absent.", OptionDefault::None}));
  double value = 0;
  if (reader.has("epsilon")) {
    PRIVSYNTH_RETURN_IF_ERROR(reader.positive_number(
        "epsilon", value,
        {"The run's privacy budget, > 0, for the budget split and the recommendation.", OptionDefault::None}));
    out.epsilon = value;
  }
  if (reader.has("rows")) {
    PRIVSYNTH_RETURN_IF_ERROR(
        reader.number("rows", value, 1, kMaxStatedRows,
                      {"A number of records stated as public, for the recommendation.", OptionDefault::None}));
    out.rows = value;
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.text(
      "mlTarget", out.ml_target, {"The column the run will predict, for the recommendation.", OptionDefault::None}));
  for (const char* key : kReferenceKeys) {
    reader.accept(key);
    if (reader.has(key)) out.reference_options[key] = request[key];
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.check_all_used());
  return out;
}

}  // namespace

Result<RunAdvice> advise_run(std::string_view schema_json, std::string_view request_json) {
  PRIVSYNTH_ASSIGN_OR_RETURN(Schema schema, parse_schema_json(schema_json));
  PRIVSYNTH_ASSIGN_OR_RETURN(AdviceRequest request, read_request(request_json));
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<int> indices, resolve_columns(schema, request.columns));
  PRIVSYNTH_RETURN_IF_ERROR(check_ml_target(schema, indices, request.ml_target));

  RunAdvice advice;
  std::vector<Column> chosen;
  std::vector<int> levels;
  advice.continuous_space_possible = !indices.empty();
  for (int index : indices) {
    const Column& column = schema.columns[static_cast<size_t>(index)];
    chosen.push_back(column);
    levels.push_back(level_count(column));
    advice.columns.push_back({column.name, column.kind, levels.back(), can_be_ml_target(column)});
    advice.domain_cells *= levels.back();
    advice.continuous_space_possible = advice.continuous_space_possible && fits_continuous_space(column);
  }

  // The reference measure as the reduced-space LP reads, checks and resolves it for a run.
  OptionReader reader(request.reference_options);
  PRIVSYNTH_ASSIGN_OR_RETURN(ReducedSpaceLpOptions options,
                             read_reduced_space_lp_options(reader, request.epsilon.value_or(1)));
  const bool continuous = options.space == ReducedSpace::Continuous;
  if (continuous) {
    PRIVSYNTH_RETURN_IF_ERROR(check_continuous_space_columns(schema, indices));
  }
  const ReferenceOptions resolved = resolve_reference_options(options.reference, levels, continuous);
  ReferenceAdvice& reference = advice.reference;
  reference.choice = options.reference.kind;
  reference.measure = resolved.kind;
  reference.continuous = continuous;
  reference.budget_fraction = resolved.budget_fraction;
  reference.default_budget_fraction = default_reference_budget_fraction(resolved.kind);
  if (request.epsilon) {
    const ReferenceBudgetSplit split = split_reference_budget(resolved, *request.epsilon);
    reference.epsilon = split.reference;
    reference.lp_epsilon = split.rest;
  }

  advice.recommendation = recommend_mechanism(chosen, request.epsilon, request.rows, request.ml_target);
  return advice;
}

Json run_advice_json(const RunAdvice& advice) {
  Json columns = Json::array();
  for (const ColumnAdvice& column : advice.columns) {
    columns.push_back({{"name", column.name},
                       {"type", column.kind == ColumnKind::Numeric ? "numeric" : "categorical"},
                       {"levels", column.levels},
                       {"mlTargetPossible", column.ml_target_ok}});
  }
  const ReferenceAdvice& reference = advice.reference;
  const auto optional = [](std::optional<double> x) { return x ? Json(*x) : Json(nullptr); };
  return {
      {"kind", "privsynth run advice"},
      {"columns", columns},
      {"domainCells", advice.domain_cells},
      {"continuousSpacePossible", advice.continuous_space_possible},
      {"reference",
       {{"choice", reference_kind_name(reference.choice)},
        {"measure", reference_kind_name(reference.measure)},
        {"space", reference.continuous ? "continuous" : "encoded"},
        {"budgetFraction", reference.budget_fraction},
        {"defaultBudgetFraction", reference.default_budget_fraction},
        {"epsilon", optional(reference.epsilon)},
        {"lpEpsilon", optional(reference.lp_epsilon)}}},
      {"recommendation", {{"mechanism", advice.recommendation.mechanism}, {"reason", advice.recommendation.reason}}}};
}

Result<std::string> advise_run_json(std::string_view schema_json, std::string_view request_json) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RunAdvice advice, advise_run(schema_json, request_json));
  return to_json_text(run_advice_json(advice), 1);
}

}  // namespace privsynth
