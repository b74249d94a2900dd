// Embind adapters: JS values in, core types through, JS values out. No logic lives here; every
// function copies its inputs once into core types and its outputs once into JS typed arrays.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "privsynth/data_summary.hpp"
#include "privsynth/json_functions.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/schema_discovery.hpp"
#include "privsynth/synthesis.hpp"
#include "privsynth/warm_up.hpp"

using emscripten::val;

namespace {

template <class T>
std::vector<T> copy_typed_array(const val& array) {
  std::vector<T> out(array["length"].as<size_t>());
  val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", array);
  return out;
}

template <class T>
val to_typed_array(const char* type, const std::vector<T>& values) {
  return val::global(type).new_(emscripten::typed_memory_view(values.size(), values.data()));
}

val error_object(const privsynth::Status& status) {
  val result = val::object();
  result.set("ok", false);
  result.set("code", std::string(privsynth::error_code_name(status.code())));
  result.set("message", status.message());
  return result;
}

// The cells of a CSV packed by JavaScript (web/lib/src/csv.ts packCells), copied once.
struct CopiedCells {
  CopiedCells(const val& cell_bytes, const val& cell_offsets)
      : bytes(copy_typed_array<uint8_t>(cell_bytes)), offsets(copy_typed_array<uint32_t>(cell_offsets)) {}
  bool fits(size_t rows, size_t columns) const { return offsets.size() == rows * columns + 1; }
  privsynth::Status shape_error() const {
    return privsynth::Status::error(privsynth::ErrorCode::InvalidArgument,
                                    "cellOffsets must have rows * columns + 1 entries");
  }
  privsynth::CellGridView view(size_t rows, size_t columns) const {
    return {reinterpret_cast<const char*>(bytes.data()), offsets.data(), rows, columns, bytes.size()};
  }
  std::vector<uint8_t> bytes;
  std::vector<uint32_t> offsets;
};

val column_object(const privsynth::DecodedColumn& column) {
  val result = val::object();
  result.set("name", column.name);
  if (column.kind == privsynth::ColumnKind::Categorical) {
    result.set("kind", std::string("categorical"));
    result.set("categories", to_typed_array("Int32Array", column.categories));
  } else {
    result.set("kind", std::string("numeric"));
    result.set("numbers", to_typed_array("Float64Array", column.numbers));
  }
  return result;
}

std::vector<std::string> header_names(const val& header) {
  std::vector<std::string> names;
  const size_t count = header["length"].as<size_t>();
  for (size_t i = 0; i < count; ++i) names.push_back(header[i].as<std::string>());
  return names;
}

val ok_object() {
  val result = val::object();
  result.set("ok", true);
  return result;
}

// A core session fed chunk by chunk, as the Embind object JS holds (the session is shared because
// Embind copies the object it hands over).
template <class Session>
class RowStream {
 public:
  explicit RowStream(Session session) : session_(std::make_shared<Session>(std::move(session))) {}
  // addRows(cellBytes: Uint8Array, cellOffsets: Uint32Array, rows, columns) -> { ok } | failure; copied once.
  val add_rows(const val& cell_bytes, const val& cell_offsets, size_t rows, size_t columns) {
    const CopiedCells cells(cell_bytes, cell_offsets);
    if (!cells.fits(rows, columns)) return error_object(cells.shape_error());
    const privsynth::Status added = session_->add_rows(cells.view(rows, columns));
    return added.is_ok() ? ok_object() : error_object(added);
  }
  Session& session() { return *session_; }

 private:
  std::shared_ptr<Session> session_;
};

using SynthesisStream = RowStream<privsynth::SynthesisSession>;
using SummaryStream = RowStream<privsynth::DataSummarySession>;

// { ok, stream } | { ok: false, code, message }
template <class Session>
val stream_result(privsynth::Result<Session> session) {
  if (!session.is_ok()) return error_object(session.status());
  val result = ok_object();
  result.set("stream", RowStream<Session>(std::move(session).value()));
  return result;
}

// startSynthesis(schemaJson, optionsJson, header: string[]): the run's options are checked here.
val start_synthesis(const std::string& schema_json, const std::string& options_json, const val& header) {
  return stream_result(privsynth::SynthesisSession::start(schema_json, options_json, header_names(header)));
}

val column_list(const std::vector<privsynth::DecodedColumn>& columns) {
  val list = val::array();
  for (const privsynth::DecodedColumn& column : columns) list.call<void>("push", column_object(column));
  return list;
}

// The library's onProgress(phase, fraction, detail) -> boolean as the core's progress sink.
privsynth::ProgressSink progress_sink(const val& on_progress) {
  return [&on_progress](const privsynth::Progress& p) {
    return on_progress(std::string(privsynth::phase_name(p.phase)), p.fraction, p.detail).as<bool>();
  };
}

// The records of a streamed release (privsynth/record_stream.hpp), as the Embind object JS holds.
class RecordStream {
 public:
  explicit RecordStream(std::shared_ptr<privsynth::SyntheticRecordStream> records) : records_(std::move(records)) {}
  // next(maxRows) -> { ok, columns } | { ok: false, code, message }
  val next(size_t max_rows) {
    const privsynth::Result<std::vector<privsynth::DecodedColumn>> chunk = records_->next(max_rows);
    if (!chunk.is_ok()) return error_object(chunk.status());
    val result = ok_object();
    result.set("columns", column_list(chunk.value()));
    return result;
  }
  double remaining() const { return double(records_->remaining()); }

 private:
  std::shared_ptr<privsynth::SyntheticRecordStream> records_;
};

// A run's outputs as the library takes them.
val synthesis_object(const privsynth::Result<privsynth::SynthesisOutput>& output) {
  if (!output.is_ok()) return error_object(output.status());
  val result = ok_object();
  result.set("rows", output.value().rows);
  result.set("columns", column_list(output.value().columns));
  result.set("receiptJson", output.value().receipt_json);
  result.set("reportJson", output.value().report_json);
  if (!output.value().direct_models_json.empty()) result.set("directModelsJson", output.value().direct_models_json);
  if (output.value().records) result.set("records", RecordStream(output.value().records));
  if (const auto& centres = output.value().weighted_centres) {
    val table = val::object();
    table.set("rows", centres->rows);
    table.set("columns", column_list(centres->columns));
    table.set("weights", to_typed_array("Float64Array", centres->weights));
    result.set("weightedCentres", table);
  }
  return result;
}

// stream.finish(onProgress(phase, fraction, detail) -> boolean)
//   -> { ok, rows, columns, receiptJson, reportJson, directModelsJson?, weightedCentres?: { rows, columns, weights } }
val finish_synthesis(SynthesisStream& stream, const val& on_progress) {
  return synthesis_object(stream.session().finish(progress_sink(on_progress)));
}

// synthesizeFromCounts(schemaJson, countsJson, optionsJson, onProgress) -> as stream.finish()
// With streamRecords the result has no columns but "records": next(maxRows) draws them in chunks.
val synthesize_from_counts(const std::string& schema_json, const std::string& counts_json,
                           const std::string& options_json, const val& on_progress, bool stream_records) {
  return synthesis_object(privsynth::synthesize_from_counts(
      privsynth::CountsSynthesisInput{schema_json, counts_json, options_json, stream_records},
      progress_sink(on_progress)));
}

// startSummary(schemaJson, policy, header: string[])
val start_summary(const std::string& schema_json, const std::string& policy, const val& header) {
  return stream_result(privsynth::DataSummarySession::start(schema_json, policy, header_names(header)));
}

// stream.finish() -> { ok, summaryJson }
val finish_summary(SummaryStream& stream) {
  val result = ok_object();
  result.set("summaryJson", stream.session().finish());
  return result;
}

// discoverSchema(requestJson, cellBytes, cellOffsets, rows, columns) -> { ok, schemaJson, receiptJson }
val discover_schema(const std::string& request_json, const val& cell_bytes, const val& cell_offsets, size_t rows,
                    size_t columns) {
  const CopiedCells cells(cell_bytes, cell_offsets);
  if (!cells.fits(rows, columns)) return error_object(cells.shape_error());
  const privsynth::CellGridView grid = cells.view(rows, columns);
  const privsynth::Result<privsynth::SchemaDiscoveryOutput> output = privsynth::discover_schema(request_json, grid);
  if (!output.is_ok()) return error_object(output.status());
  val result = val::object();
  result.set("ok", true);
  result.set("schemaJson", output.value().schema_json);
  result.set("receiptJson", output.value().receipt_json);
  return result;
}

// warmUp() -> { ok: true } | { ok: false, code, message }
val warm_up() {
  const privsynth::Status status = privsynth::warm_up_solvers();
  if (!status.is_ok()) return error_object(status);
  val result = val::object();
  result.set("ok", true);
  return result;
}

// callJson(name, argumentsJson) -> { ok, json } | { ok: false, code, message }: the core's
// functions of public inputs by name (privsynth/json_functions.hpp).
val call_json(const std::string& name, const std::string& arguments_json) {
  const privsynth::Result<std::string> answer = privsynth::call_json_function(name, arguments_json);
  if (!answer.is_ok()) return error_object(answer.status());
  val result = ok_object();
  result.set("json", answer.value());
  return result;
}

}  // namespace

EMSCRIPTEN_BINDINGS(privsynth) {
  emscripten::class_<SynthesisStream>("SynthesisStream")
      .function("addRows", &SynthesisStream::add_rows)
      .function("finish", &finish_synthesis);
  emscripten::class_<RecordStream>("RecordStream")
      .function("next", &RecordStream::next)
      .function("remaining", &RecordStream::remaining);
  emscripten::class_<SummaryStream>("SummaryStream")
      .function("addRows", &SummaryStream::add_rows)
      .function("finish", &finish_summary);
  emscripten::function("startSynthesis", &start_synthesis);
  emscripten::function("startSummary", &start_summary);
  emscripten::function("discoverSchema", &discover_schema);
  emscripten::function("warmUp", &warm_up);
  emscripten::function("callJson", &call_json);
  emscripten::function("synthesizeFromCounts", &synthesize_from_counts);
}
