#include "pipeline/count_tables.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "base/json_text.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

Status invalid(const std::string& message) {
  return Status::error(ErrorCode::InvalidArgument, "count tables: " + message);
}

}  // namespace

Result<MarginalCounts> parse_count_tables_json(std::string_view json, const std::vector<Column>& columns) {
  const Json root = Json::parse(json, nullptr, false);
  if (root.is_discarded() || !root.is_object() || !root.contains("tables") || !root["tables"].is_array()) {
    return invalid("expected JSON {\"tables\": [{\"columns\": [names], \"cells\": [[codes..., count], ...]}, ...]}");
  }
  MarginalCounts counts;
  for (const Column& column : columns) counts.levels.push_back(int(level_count(column)));
  for (const Json& item : root["tables"]) {
    if (!item.is_object() || !item.contains("columns") || !item["columns"].is_array() || !item.contains("cells") ||
        !item["cells"].is_array()) {
      return invalid("each table is {\"columns\": [names], \"cells\": [[codes..., count], ...]}");
    }
    std::vector<int> given;  // chosen-column index of each listed column, in the listed order
    for (const Json& name : item["columns"]) {
      const auto at = std::find_if(columns.begin(), columns.end(), [&](const Column& c) {
        return name.is_string() && c.name == name.get<std::string>();
      });
      if (at == columns.end()) return invalid("a table names " + name.dump() + ", which is not a chosen column");
      const int index = int(at - columns.begin());
      if (std::find(given.begin(), given.end(), index) != given.end()) {
        return invalid("a table names " + name.dump() + " twice");
      }
      given.push_back(index);
    }
    if (given.empty()) return invalid("a table names no column");
    CountTable table;
    table.columns = given;
    std::sort(table.columns.begin(), table.columns.end());
    for (const Json& cell : item["cells"]) {
      if (!cell.is_array() || cell.size() != given.size() + 1) {
        return invalid("a cell of the table over " + item["columns"].dump() + " is not [" +
                       std::to_string(given.size()) + " codes, count]");
      }
      uint64_t index = 0;
      for (int c : table.columns) {  // row-major over the increasing columns
        const size_t listed = size_t(std::find(given.begin(), given.end(), c) - given.begin());
        const Json& code = cell[listed];
        if (!code.is_number_integer() || code.get<long long>() < 0 ||
            code.get<long long>() >= counts.levels[size_t(c)]) {
          return invalid("code " + code.dump() + " of \"" + columns[size_t(c)].name + "\" is outside its " +
                         std::to_string(counts.levels[size_t(c)]) + " levels");
        }
        index = index * uint64_t(counts.levels[size_t(c)]) + code.get<uint64_t>();
      }
      const Json& count = cell.back();
      if (!count.is_number() || !(count.get<double>() >= 0) || count.get<double>() != std::floor(count.get<double>())) {
        return invalid("counts must be whole numbers >= 0 (got " + count.dump() + ")");
      }
      table.cells.emplace_back(index, count.get<double>());
    }
    counts.tables.push_back(std::move(table));
  }
  return counts;
}

std::string count_tables_request_json(const std::vector<AttributeSet>& tables, const std::vector<Column>& columns,
                                      const std::optional<std::string>& sql) {
  Json list = Json::array();
  for (const AttributeSet& set : tables) {
    Json names = Json::array();
    for (int c : set) names.push_back(columns[size_t(c)].name);
    list.push_back(names);
  }
  Json request{{"kind", "privsynth count tables request"},
               {"tables", list},
               {"note",
                "the exact records per cell of each table (GROUP BY its columns), codes as the schema encodes them; "
                "the counts are as sensitive as the rows: they stay inside the data owner's perimeter until "
                "privsynth adds the noise"}};
  if (sql) request["sql"] = *sql;
  return to_json_text(request, 1);
}

}  // namespace privsynth
