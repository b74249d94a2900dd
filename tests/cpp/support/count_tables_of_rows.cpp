#include "count_tables_of_rows.hpp"

#include <nlohmann/json.hpp>

#include "data/encoding.hpp"
#include "pipeline/run_setup.hpp"
#include "privsynth/synthesis.hpp"
#include "statistics/marginal_source.hpp"

namespace privsynth::testing {

std::string count_tables_of_rows(std::string_view schema_json, std::string_view options_json,
                                 const CellGridView& cells) {
  using Json = nlohmann::json;
  const RunSetup setup = read_run_setup(schema_json, options_json).value();
  Schema chosen = setup.schema;
  chosen.columns.clear();
  for (int c : setup.columns) chosen.columns.push_back(setup.schema.columns[size_t(c)]);
  const EncodedData data = encode_cells(chosen, cells, setup.common.out_of_domain).value();
  const MarginalSource rows = MarginalSource::from_rows(data.table);
  const Json request = Json::parse(required_count_tables_json(schema_json, options_json).value());
  Json tables = Json::array();
  for (const Json& names : request["tables"]) {
    AttributeSet columns;
    for (const Json& name : names) columns.push_back(find_column(chosen, name.get<std::string>()));
    const std::vector<double> dense = rows.dense(columns).value();
    Json listed = Json::array();
    for (size_t cell = 0; cell < dense.size(); ++cell) {
      if (dense[cell] == 0) continue;
      std::vector<uint64_t> codes(columns.size());
      size_t rest = cell;  // row-major over the columns, the last fastest (marginal_source.hpp)
      for (size_t i = columns.size(); i-- > 0;) {
        codes[i] = rest % size_t(data.table.levels[size_t(columns[i])]);
        rest /= size_t(data.table.levels[size_t(columns[i])]);
      }
      Json row(codes);
      row.push_back(dense[cell]);
      listed.push_back(row);
    }
    tables.push_back({{"columns", names}, {"cells", listed}});
  }
  return Json{{"tables", tables}}.dump();
}

}  // namespace privsynth::testing
