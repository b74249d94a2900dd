#include "release_paths.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "base/random.hpp"
#include "count_tables_of_rows.hpp"
#include "privsynth/schema_discovery.hpp"
#include "privsynth/status.hpp"
#include "privsynth/synthesis.hpp"

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

Release person_release(const SynthesisPath& path, const std::string& unit) {
  const double step = path.numeric_key_step;
  return synthesis_path_release(path, [step, unit](const SynthesisOutput& result) {
    std::vector<DecodedColumn> measured;
    const DecodedColumn* person = nullptr;
    for (const DecodedColumn& column : result.columns) {
      if (column.name == unit) person = &column;
      else measured.push_back(column);
    }
    Features features = output_features(row_keys(measured, result.rows, step), result.receipt_json);
    if (!person) return features;
    std::map<double, double> rows_of;
    for (double p : person->numbers) ++rows_of[p];
    features["synthetic persons"] = double(rows_of.size());
    for (const auto& [p, rows] : rows_of)
      features["synthetic persons with " + std::to_string(int(rows)) + " rows"] += 1;
    return features;
  });
}

Release joint_release(const SynthesisPath& path, const std::vector<std::string>& record) {
  const std::vector<std::string> header = path.d.front();
  const double step = path.numeric_key_step;
  return synthesis_path_release(path, [header, record, step](const SynthesisOutput& result) {
    Features features = output_features(row_keys(result.columns, result.rows, step), result.receipt_json);
    if (result.direct_models_json.empty()) {
      features["error:NO_DIRECT_MODEL"] = 1;
      return features;
    }
    const Json file = Json::parse(result.direct_models_json);
    add_json_features(file["receipt"].dump(), "models.receipt", features);
    const Json& released = file["receipt"]["released"]["noisyRecordCounts"];
    const Json& settings = file["receipt"]["parameters"]["models"];
    double along_all = 0;
    for (size_t m = 0; m < file["models"].size(); ++m) {
      const Json& model = file["models"][m];
      const std::string target = model["target"].get<std::string>();
      const Json& weights = model["classes"][0];  // a binary target: one model
      const std::string prefix = "model " + target;
      features[prefix + " intercept"] = weights["intercept"].get<double>();
      double along = weights["intercept"].get<double>();
      size_t offset = 0;
      for (const Json& feature : model["features"]) {
        const std::string column = feature["column"].get<std::string>();
        const std::string level = record[size_t(std::find(header.begin(), header.end(), column) - header.begin())];
        for (size_t j = 0; j < feature["levels"].size(); ++j) {
          const double w = weights["weights"][offset + j].get<double>();
          features[prefix + " weight " + column + "=" + feature["levels"][j].get<std::string>()] = w;
          if (feature["levels"][j] == level) along += w;
        }
        offset += feature["levels"].size();
      }
      // The record's label: +1 when its target level is the model's positive class.
      const std::string label = record[size_t(std::find(header.begin(), header.end(), target) - header.begin())];
      const double y = weights["level"] == label ? 1 : -1;
      // The step divides by the noisy count, at least 1 (dp_logistic_regression.cpp).
      const double count = std::max(1.0, released[m].get<double>());
      const double sum = y * along * count / settings[m]["learningRate"].get<double>();
      features[prefix + " gradient along the record"] = sum;
      along_all += sum;
    }
    features["models' gradients along the record"] = along_all;
    return features;
  });
}

namespace {

std::string with_option(const std::string& json, const std::string& key, const Json& value) {
  Json options = Json::parse(json);
  options[key] = value;
  return options.dump();
}

Features synthesis_features(const SynthesisOutput& result, double step) {
  return output_features(row_keys(result.columns, result.rows, step), result.receipt_json);
}

}  // namespace

Release counts_release(const CountsPath& path) {
  const std::string counts[2] = {
      testing::count_tables_of_rows(path.schema_json, path.options_json, grid_of(path.d)->view()),
      testing::count_tables_of_rows(path.schema_json, path.options_json, grid_of(path.d_prime)->view())};
  return [path, counts](int table, uint64_t seed) -> Features {
    const std::string options = with_seed(path.options_json, seed, true);
    const Result<SynthesisOutput> output =
        synthesize_from_counts(CountsSynthesisInput{path.schema_json, counts[table], options});
    if (!output.is_ok()) return error_features(error_code_name(output.status().code()));
    return synthesis_features(output.value(), 0.25);
  };
}

CountsPath at_twice_epsilon(CountsPath path) {
  path.options_json =
      with_option(path.options_json, "epsilon", 2 * Json::parse(path.options_json)["epsilon"].get<double>());
  return path;
}

Release file_inputs_release(const FileInputsPath& path) {
  // Each table's run, prepared once: its options with the input's source, and its cells or counts.
  struct Prepared {
    std::string options;
    std::shared_ptr<CellGrid> grid;
    std::string counts;
  };
  std::shared_ptr<Prepared> prepared[2];
  for (int table = 0; table < 2; ++table) {
    const Json input = Json::parse(path.inputs[table]);
    auto each = std::make_shared<Prepared>();
    each->options = with_option(path.options_json, "inputSource", input["source"]);
    if (input.contains("cells")) {
      each->grid = grid_of(input["cells"].get<Rows>());
    } else {
      each->counts = input["counts"].dump();
    }
    prepared[table] = each;
  }
  return [path, prepared](int table, uint64_t seed) -> Features {
    const Prepared& input = *prepared[table];
    const std::string options = with_seed(input.options, seed, true);
    const Result<SynthesisOutput> output =
        input.grid ? synthesize(SynthesisInput{path.schema_json, input.grid->view(), options})
                   : synthesize_from_counts(CountsSynthesisInput{path.schema_json, input.counts, options});
    if (!output.is_ok()) return error_features(error_code_name(output.status().code()));
    return synthesis_features(output.value(), 0.25);
  };
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

// The schema's features: each category, bound, bin edge and common value it states.
void add_schema_features(const std::string& schema_json, Features& features) {
  const Json schema = Json::parse(schema_json);
  for (const Json& column : schema["columns"]) {
    const std::string name = column["name"].get<std::string>();
    if (column.contains("categories")) {
      for (const Json& category : column["categories"]) {
        features["category:" + name + "=" + (category.is_string() ? category.get<std::string>() : category.dump())] = 1;
      }
    }
    for (const char* key : {"min", "max"}) {
      if (column.contains(key) && column[key].is_number())
        features[std::string(key) + ":" + name] = column[key].get<double>();
    }
    for (const char* key : {"binEdges", "commonValues"}) {
      if (!column.contains(key)) continue;
      for (size_t i = 0; i < column[key].size(); ++i) {
        if (column[key][i].is_number())
          features[std::string(key) + ":" + name + "#" + std::to_string(i)] = column[key][i].get<double>();
      }
    }
    features["type:" + name + "=" + column["type"].get<std::string>()] = 1;
  }
}

Release schema_free_release(const SchemaFreePath& path) {
  const std::shared_ptr<CellGrid> grids[2] = {grid_of(path.d), grid_of(path.d_prime)};
  return [path, grids](int table, uint64_t seed) -> Features {
    SeededTestRandom random(seed);
    const Result<SchemaDiscoveryOutput> found =
        discover_schema_automatically(path.request, grids[table]->view(), random);
    if (!found.is_ok()) return error_features(error_code_name(found.status().code()));
    const Result<SynthesisOutput> output = synthesize(
        SynthesisInput{found.value().schema_json, grids[table]->view(), with_seed(path.options_json, seed, true)});
    if (!output.is_ok()) return error_features(error_code_name(output.status().code()));
    Features features =
        output_features(row_keys(output.value().columns, output.value().rows, 0.25), output.value().receipt_json);
    add_schema_features(found.value().schema_json, features);
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
