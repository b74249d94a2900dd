#include "pipeline/run_setup.hpp"

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
  for (const std::string& name : names) {
    const int index = find_column(schema, name);
    if (index < 0) return Status::error(ErrorCode::InvalidArgument, "option \"columns\": the schema has no column \"" + name + "\"");
    if (!seen.insert(index).second) {
      return Status::error(ErrorCode::InvalidArgument, "option \"columns\": \"" + name + "\" is listed twice");
    }
    indices.push_back(index);
  }
  return indices;
}

bool can_be_ml_target(const Column& column) {
  return column.kind == ColumnKind::Categorical && level_count(column) == 2;
}

Status check_ml_target(const Schema& schema, const std::vector<int>& columns, const std::string& target) {
  if (target.empty()) return Status::ok();
  const int index = find_column(schema, target);
  if (index < 0 || std::find(columns.begin(), columns.end(), index) == columns.end()) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"mlTarget\": \"" + target + "\" is not among the synthesized columns");
  }
  const Column& column = schema.columns[static_cast<size_t>(index)];
  if (!can_be_ml_target(column)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"mlTarget\": \"" + column.name +
                             "\" must be a categorical column with exactly two levels (the classifier is binary)");
  }
  return Status::ok();
}

bool fits_continuous_space(const Column& column) { return column.kind == ColumnKind::Numeric && !column.nullable; }

Status check_continuous_space_columns(const Schema& schema, const std::vector<int>& columns) {
  for (int c : columns) {
    const Column& column = schema.columns[static_cast<size_t>(c)];
    if (!fits_continuous_space(column)) {
      return Status::error(ErrorCode::InvalidArgument,
                           "the continuous space works on numeric columns without missing values, and \"" + column.name +
                               "\" is " + (column.kind == ColumnKind::Categorical ? "categorical" : "nullable") +
                               "; choose numeric columns with \"columns\", or use \"space\": \"encoded\"");
    }
  }
  return Status::ok();
}

namespace {

Status check_unit_value_columns(const RunSetup& setup) {
  if (!setup.mechanism.needs_unit_values) return Status::ok();
  if (!setup.mechanism.categorical_columns_ok) return check_continuous_space_columns(setup.schema, setup.columns);
  for (int c : setup.columns) {
    const Column& column = setup.schema.columns[static_cast<size_t>(c)];
    if (column.kind == ColumnKind::Numeric && column.nullable) {
      return Status::error(ErrorCode::InvalidArgument,
                           "space partitioning places numeric values in space, so numeric columns must have no missing "
                           "values, and \"" + column.name + "\" is nullable; leave it out with \"columns\"");
    }
  }
  return Status::ok();
}

}  // namespace

Result<RunCommonOptions> read_run_common_options(OptionReader& reader) {
  RunCommonOptions options;
  if (!reader.has("epsilon")) {
    return Status::error(ErrorCode::InvalidArgument, "option \"epsilon\" is required (the privacy budget, > 0)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.positive_number("epsilon", options.epsilon));
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("mechanism", options.mechanism));
  PRIVSYNTH_RETURN_IF_ERROR(reader.text_list("columns", options.columns));
  std::string policy = "clamp", provenance = "public";
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("outOfDomain", policy));
  PRIVSYNTH_ASSIGN_OR_RETURN(OutOfDomainPolicy parsed_policy, parse_out_of_domain_policy(policy));
  options.out_of_domain = parsed_policy;
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("schemaProvenance", provenance));
  if (provenance == "inferred-from-data") {
    options.provenance = SchemaProvenance::InferredFromData;
  } else if (provenance != "public") {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"schemaProvenance\" must be \"public\" or \"inferred-from-data\"");
  }
  options.has_test_seed = reader.has("testSeed");
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("testSeed", options.test_seed, 0, 9007199254740991LL));
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean("evaluate", options.evaluate));
  PRIVSYNTH_RETURN_IF_ERROR(reader.text("mlTarget", options.ml_target));
  if (reader.has("mlTestFraction") && options.ml_target.empty()) {
    return Status::error(ErrorCode::InvalidArgument, "option \"mlTestFraction\" needs \"mlTarget\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("mlTestFraction", options.ml_test_fraction, 0.01, 0.5));
  PRIVSYNTH_RETURN_IF_ERROR(reader.text_list("choicesFromData", options.choices_from_data));
  for (const std::string& choice : options.choices_from_data) {
    if (choice.empty()) return Status::error(ErrorCode::InvalidArgument, "option \"choicesFromData\": name each choice");
  }
  return options;
}

Result<RunSetup> read_run_setup(std::string_view schema_json, std::string_view options_json) {
  RunSetup setup;
  Result<Schema> schema = parse_schema_json(schema_json);
  if (!schema.is_ok()) return schema.status();
  setup.schema = std::move(schema).value();
  PRIVSYNTH_ASSIGN_OR_RETURN(nlohmann::json options, parse_options_json(std::string(options_json)));
  OptionReader reader(options);
  Result<RunCommonOptions> common = read_run_common_options(reader);
  if (!common.is_ok()) return common.status();
  setup.common = std::move(common).value();
  // A schema read from the data is not private however it reaches us: by option or by its own label.
  if (setup.schema.inferred_from_data) setup.common.provenance = SchemaProvenance::InferredFromData;
  const MechanismEntry* mechanism = find_mechanism(setup.common.mechanism);
  if (!mechanism) return Status::error(ErrorCode::InvalidArgument, "unknown mechanism \"" + setup.common.mechanism + "\"");
  Result<PreparedMechanism> prepared = mechanism->prepare(reader, setup.common.epsilon);
  if (!prepared.is_ok()) return prepared.status();
  setup.mechanism = std::move(prepared).value();
  PRIVSYNTH_RETURN_IF_ERROR(reader.check_all_used());
  Result<std::vector<int>> columns = resolve_columns(setup.schema, setup.common.columns);
  if (!columns.is_ok()) return columns.status();
  setup.columns = std::move(columns).value();
  PRIVSYNTH_RETURN_IF_ERROR(check_ml_target(setup.schema, setup.columns, setup.common.ml_target));
  // Under replace-one neighbours n is public and no record may be dropped (encoding.hpp).
  if (setup.mechanism.privacy.neighbours == Neighbours::ReplaceOne && setup.common.out_of_domain == OutOfDomainPolicy::Reject) {
    return Status::error(ErrorCode::InvalidArgument,
                         "outOfDomain \"reject\" drops records, and the \"" + setup.common.mechanism +
                             "\" mechanism counts every record (replace-one neighbours: its n is public): use \"clamp\", "
                             "which sets a cell that cannot be fixed to its column's first level, or \"error\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_unit_value_columns(setup));
  return setup;
}

}  // namespace privsynth
