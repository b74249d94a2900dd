#include "csv_file.hpp"

#include <csv.h>

#include <vector>

namespace privsynth::testing {
namespace {
struct Collector {
  std::vector<std::string> row;
  std::vector<std::vector<std::string>> rows;
};
void on_field(void* text, size_t length, void* data) {
  static_cast<Collector*>(data)->row.emplace_back(static_cast<const char*>(text), length);
}
void on_row(int, void* data) {
  auto* collector = static_cast<Collector*>(data);
  collector->rows.push_back(std::move(collector->row));
  collector->row.clear();
}
}  // namespace

std::optional<CellGrid> read_csv_file(const std::string& path) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text) return std::nullopt;
  csv_parser parser;
  if (csv_init(&parser, CSV_APPEND_NULL) != 0) return std::nullopt;
  Collector collector;
  if (csv_parse(&parser, text->data(), text->size(), on_field, on_row, &collector) != text->size()) {
    csv_free(&parser);
    return std::nullopt;
  }
  csv_fini(&parser, on_field, on_row, &collector);
  csv_free(&parser);
  if (collector.rows.empty()) return std::nullopt;
  CellGrid grid(collector.rows.front().size());
  for (const auto& row : collector.rows) {
    if (row.size() != collector.rows.front().size()) return std::nullopt;
    grid.add_row(row);
  }
  return grid;
}

}  // namespace privsynth::testing
