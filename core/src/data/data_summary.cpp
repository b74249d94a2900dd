#include "privsynth/data_summary.hpp"

#include <string>

#include "base/json_text.hpp"
#include "data/encoding.hpp"
#include "data/encoding_report.hpp"

namespace privsynth {

nlohmann::json encoding_report_json(const EncodingReport& report, const Schema& schema) {
  nlohmann::json columns = nlohmann::json::array();
  for (size_t c = 0; c < report.columns.size(); ++c) {
    const ColumnEncodingCounts& counts = report.columns[c];
    columns.push_back({{"name", schema.columns[c].name},
                       {"missing", counts.missing},
                       {"clamped", counts.clamped},
                       {"mappedToMissing", counts.mapped_to_missing},
                       {"setToFirstLevel", counts.set_to_first_level},
                       {"rejectedRows", counts.rejected}});
  }
  return {{"inputRows", report.input_rows},
          {"keptRows", report.kept_rows},
          {"rejectedRows", report.rejected_rows},
          {"ignoredColumns", report.ignored_columns},
          {"columns", columns}};
}

namespace {

std::string summary_text(const EncodingReport& report, const Schema& schema, OutOfDomainPolicy policy) {
  nlohmann::json summary = encoding_report_json(report, schema);
  summary["notice"] = "Computed on your real data: for your eyes only.";
  summary["outOfDomainPolicy"] = out_of_domain_policy_name(policy);
  return to_json_text(summary, 1);
}

}  // namespace

struct DataSummarySession::State {
  Schema schema;
  OutOfDomainPolicy policy;
  TableEncoder encoder;
};

DataSummarySession::DataSummarySession(std::unique_ptr<State> state) : state_(std::move(state)) {}
DataSummarySession::DataSummarySession(DataSummarySession&&) noexcept = default;
DataSummarySession& DataSummarySession::operator=(DataSummarySession&&) noexcept = default;
DataSummarySession::~DataSummarySession() = default;

Result<DataSummarySession> DataSummarySession::start(std::string_view schema_json, std::string_view policy,
                                                     const std::vector<std::string>& header) {
  PRIVSYNTH_ASSIGN_OR_RETURN(Schema schema, parse_schema_json(schema_json));
  Result<OutOfDomainPolicy> parsed = parse_out_of_domain_policy(std::string(policy));
  if (!parsed.is_ok()) return parsed.status();
  Result<TableEncoder> encoder = TableEncoder::create(schema, header, parsed.value());
  if (!encoder.is_ok()) return encoder.status();
  return DataSummarySession(
      std::make_unique<State>(State{std::move(schema), parsed.value(), std::move(encoder).value()}));
}

Status DataSummarySession::add_rows(const CellGridView& rows, size_t first_row) {
  return state_->encoder.add_rows(rows, first_row);
}

std::string DataSummarySession::finish() {
  return summary_text(state_->encoder.finish().report, state_->schema, state_->policy);
}

Result<std::string> summarize_data(std::string_view schema_json, const CellGridView& grid, std::string_view policy) {
  PRIVSYNTH_ASSIGN_OR_RETURN(Schema schema, parse_schema_json(schema_json));
  Result<OutOfDomainPolicy> parsed = parse_out_of_domain_policy(std::string(policy));
  if (!parsed.is_ok()) return parsed.status();
  Result<EncodedData> encoded = encode_cells(schema, grid, parsed.value());
  if (!encoded.is_ok()) return encoded.status();
  return summary_text(encoded.value().report, schema, parsed.value());
}

}  // namespace privsynth
