#include "instance.hpp"

#include <nlohmann/json.hpp>

namespace privsynth::bench {

std::string instance_to_json(const LpInstance& instance) {
  nlohmann::json json = {{"name", instance.name},           {"description", instance.description},
                         {"levels", instance.levels},       {"columnSets", instance.column_sets},
                         {"points", instance.points.codes}, {"targets", instance.targets}};
  return json.dump();
}

Result<LpInstance> instance_from_json(const std::string& text) {
  try {
    const nlohmann::json json = nlohmann::json::parse(text);
    LpInstance instance;
    instance.name = json.at("name").get<std::string>();
    instance.description = json.at("description").get<std::string>();
    instance.levels = json.at("levels").get<std::vector<int>>();
    instance.column_sets = json.at("columnSets").get<std::vector<std::vector<int>>>();
    instance.points.levels = instance.levels;
    instance.points.codes = json.at("points").get<std::vector<std::vector<uint32_t>>>();
    instance.points.rows = instance.points.codes.empty() ? 0 : instance.points.codes[0].size();
    instance.targets = json.at("targets").get<std::vector<double>>();
    return instance;
  } catch (const std::exception& error) {
    return Status::error(ErrorCode::InvalidArgument, std::string("bad LP instance file: ") + error.what());
  }
}

}  // namespace privsynth::bench
