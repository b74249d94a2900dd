#include "privsynth/data_summary.hpp"

#include <string>

#include "privsynth/json_text.hpp"

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

Result<DataSummarySession> DataSummarySession::start(std::string_view schema_json, std::string_view policy,
                                                     const std::vector<std::string>& header) {
  Result<Schema> schema = parse_schema_json(schema_json);
  if (!schema.is_ok()) return schema.status();
  Result<OutOfDomainPolicy> parsed = parse_out_of_domain_policy(std::string(policy));
  if (!parsed.is_ok()) return parsed.status();
  Result<TableEncoder> encoder = TableEncoder::create(schema.value(), header, parsed.value());
  if (!encoder.is_ok()) return encoder.status();
  return DataSummarySession(std::move(schema).value(), parsed.value(), std::move(encoder).value());
}

std::string DataSummarySession::finish() { return summary_text(encoder_.finish().report, schema_, policy_); }

Result<std::string> summarize_data(std::string_view schema_json, const CellGridView& grid, std::string_view policy) {
  Result<Schema> schema = parse_schema_json(schema_json);
  if (!schema.is_ok()) return schema.status();
  Result<OutOfDomainPolicy> parsed = parse_out_of_domain_policy(std::string(policy));
  if (!parsed.is_ok()) return parsed.status();
  Result<EncodedData> encoded = encode_cells(schema.value(), grid, parsed.value());
  if (!encoded.is_ok()) return encoded.status();
  return summary_text(encoded.value().report, schema.value(), parsed.value());
}

}  // namespace privsynth
