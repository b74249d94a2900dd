#include "release_paths.hpp"

#include <cmath>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

#include "privsynth/schema_discovery.hpp"
#include "privsynth/status.hpp"

namespace privsynth::audit {
namespace {

using Json = nlohmann::json;

std::shared_ptr<CellGrid> grid_of(const Rows& rows) {
  auto grid = std::make_shared<CellGrid>(rows.front().size());
  for (const std::vector<std::string>& row : rows) grid->add_row(row);
  return grid;
}

std::string with_seed(const std::string& json, uint64_t seed, bool synthesis) {
  Json options = Json::parse(json);
  options["testSeed"] = seed;
  if (synthesis) options["evaluate"] = false;
  return options.dump();
}

std::string cell_key(const DecodedColumn& column, size_t row, double numeric_step) {
  if (column.kind == ColumnKind::Categorical) return std::to_string(column.categories[row]);
  const double x = column.numbers[row];
  return std::isnan(x) ? "missing" : std::to_string(static_cast<long long>(std::floor(x / numeric_step)));
}

std::vector<std::string> row_keys(const std::vector<DecodedColumn>& columns, size_t rows, double numeric_step) {
  std::vector<std::string> keys(rows);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < columns.size(); ++c) keys[r] += (c ? "|" : "") + cell_key(columns[c], r, numeric_step);
  }
  return keys;
}

// One seeded synthesize() on table 0 or 1 of the path, its outputs turned into features by `features_of`.
Release synthesis_path_release(const SynthesisPath& path, std::function<Features(const SynthesisOutput&)> features_of) {
  const std::shared_ptr<CellGrid> grids[2] = {grid_of(path.d), grid_of(path.d_prime)};
  return [path, grids, features_of](int table, uint64_t seed) -> Features {
    const std::string options = with_seed(path.options_json, seed, true);
    const Result<SynthesisOutput> output =
        synthesize_with_steps(SynthesisInput{path.schema_json, grids[table]->view(), options}, path.steps);
    if (!output.is_ok()) return error_features(error_code_name(output.status().code()));
    return features_of(output.value());
  };
}

}  // namespace

Release synthesis_release(const SynthesisPath& path) {
  const double step = path.numeric_key_step;
  return synthesis_path_release(path, [step](const SynthesisOutput& result) {
    std::vector<std::pair<std::string, double>> centres;
    if (result.weighted_centres) {
      const std::vector<std::string> keys =
          row_keys(result.weighted_centres->columns, result.weighted_centres->rows, step);
      for (size_t r = 0; r < keys.size(); ++r) centres.push_back({keys[r], result.weighted_centres->weights[r]});
    }
    return output_features(row_keys(result.columns, result.rows, step), result.receipt_json, centres);
  });
}

Release direct_model_release(const SynthesisPath& path) {
  return synthesis_path_release(path, [](const SynthesisOutput& result) {
    if (result.direct_models_json.empty()) return error_features("NO_DIRECT_MODEL");
    const Json model = Json::parse(result.direct_models_json).at(0);
    Features features = output_features({}, model["receipt"].dump());
    for (size_t k = 0; k < model["classes"].size(); ++k) {
      const Json& weights = model["classes"][k];
      const std::string prefix = "class " + std::to_string(k);
      features[prefix + " intercept"] = weights["intercept"].get<double>();
      for (size_t j = 0; j < weights["weights"].size(); ++j) {
        features[prefix + " weight " + std::to_string(j)] = weights["weights"][j].get<double>();
      }
    }
    return features;
  });
}

SynthesisPath at_twice_epsilon(SynthesisPath path) {
  Json options = Json::parse(path.options_json);
  options["epsilon"] = 2 * options["epsilon"].get<double>();
  path.options_json = options.dump();
  return path;
}

Release discovery_release(const DiscoveryPath& path) {
  const std::shared_ptr<CellGrid> grids[2] = {grid_of(path.d), grid_of(path.d_prime)};
  return [path, grids](int table, uint64_t seed) -> Features {
    const Result<SchemaDiscoveryOutput> output =
        discover_schema(with_seed(path.request_json, seed, false), grids[table]->view());
    if (!output.is_ok()) return error_features(error_code_name(output.status().code()));
    Features features = output_features({}, output.value().receipt_json);
    // The schema is the release: every category and bound it states.
    const Json schema = Json::parse(output.value().schema_json);
    for (const Json& column : schema["columns"]) {
      const std::string name = column["name"].get<std::string>();
      if (column.contains("categories")) {
        for (const Json& category : column["categories"])
          features["category:" + name + "=" + category.get<std::string>()] = 1;
      }
      if (column.contains("min")) features["min:" + name] = column["min"].get<double>();
      if (column.contains("max")) features["max:" + name] = column["max"].get<double>();
    }
    return features;
  };
}

const char* const kThreeBinaryColumnsSchema = R"({"version":1,"name":"three","columns":[
  {"name":"c","type":"categorical","categories":["a","b"]},{"name":"d","type":"categorical","categories":["x","y"]},
  {"name":"e","type":"categorical","categories":["u","v"]}]})";

Rows three_binary_columns() {
  return with_header({"c", "d", "e"}, {{"a", "x", "u"},
                                       {"a", "x", "u"},
                                       {"a", "y", "u"},
                                       {"b", "y", "v"},
                                       {"b", "y", "v"},
                                       {"b", "x", "v"},
                                       {"a", "x", "u"},
                                       {"b", "y", "u"},
                                       {"a", "y", "v"},
                                       {"b", "x", "v"}});
}

Rows repeated(const std::string& value, size_t n) { return Rows(n, std::vector<std::string>{value}); }

Rows with_header(const std::vector<std::string>& header, Rows rows) {
  rows.insert(rows.begin(), header);
  return rows;
}

Rows plus(Rows rows, const Rows& more) {
  rows.insert(rows.end(), more.begin(), more.end());
  return rows;
}

}  // namespace privsynth::audit
