#include "data/hierarchy.hpp"

#include <map>

#include "base/number_text.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

Status hierarchy_error(const std::string& message) { return Status::error(ErrorCode::InvalidSchema, message); }

const char* kHierarchyForm =
    "\"hierarchy\" must be a non-empty array of levels, finest first, each {\"name\": \"...\", \"groups\": "
    "{\"group\": [members, ...], ...}}";

// One level: every label below in exactly one group.
Result<HierarchyLevel> read_level(const Json& level, const std::vector<std::string>& below, bool first,
                                  const std::string& where) {
  if (!level.is_object() || !level.contains("name") || !level["name"].is_string() ||
      level["name"].get<std::string>().empty() || !level.contains("groups") || !level["groups"].is_object() ||
      level["groups"].empty() || level.size() != 2) {
    return hierarchy_error(where + ": " + kHierarchyForm);
  }
  HierarchyLevel result;
  result.name = level["name"].get<std::string>();
  std::map<std::string, int> index;
  for (size_t i = 0; i < below.size(); ++i) index[below[i]] = int(i);
  result.group_of.assign(below.size(), -1);
  const std::string kind = first ? "category" : "group of the level below";
  for (auto it = level["groups"].begin(); it != level["groups"].end(); ++it) {
    const std::string group_where = where + ", group \"" + it.key() + "\"";
    if (!it->is_array() || it->empty()) return hierarchy_error(group_where + ": must be a non-empty array of members");
    const int group = int(result.groups.size());
    result.groups.push_back(it.key());
    for (const Json& member : *it) {
      if (!member.is_string() && !member.is_number()) {
        return hierarchy_error(group_where + ": members must be strings or numbers");
      }
      const std::string label = member.is_string() ? member.get<std::string>() : format_number(member.get<double>());
      const auto found = index.find(label);
      if (found == index.end()) return hierarchy_error(group_where + ": \"" + label + "\" is not a " + kind);
      int& owner = result.group_of[size_t(found->second)];
      if (owner >= 0) {
        return hierarchy_error(group_where + ": \"" + label + "\" is already in group \"" +
                               result.groups[size_t(owner)] + "\"");
      }
      owner = group;
    }
  }
  for (size_t i = 0; i < below.size(); ++i) {
    if (result.group_of[i] < 0) return hierarchy_error(where + ": " + kind + " \"" + below[i] + "\" is in no group");
  }
  return result;
}

}  // namespace

Status read_hierarchy(const Json& object, Column& column, const std::string& where) {
  if (!object.contains("hierarchy")) return Status::ok();
  const Json& levels = object["hierarchy"];
  if (!levels.is_array() || levels.empty()) return hierarchy_error(where + ": " + kHierarchyForm);
  std::vector<std::string> below;
  for (const Category& category : column.categories) below.push_back(category.label);
  for (size_t l = 0; l < levels.size(); ++l) {
    PRIVSYNTH_ASSIGN_OR_RETURN(HierarchyLevel level, read_level(levels[l], below, l == 0,
                                                                where + ": hierarchy level " + std::to_string(l + 1)));
    for (const HierarchyLevel& finer : column.hierarchy) {
      if (finer.name == level.name) {
        return hierarchy_error(where + ": two hierarchy levels are named \"" + level.name + "\"");
      }
    }
    below = level.groups;
    column.hierarchy.push_back(std::move(level));
  }
  return Status::ok();
}

Json hierarchy_json(const Column& column) {
  Json levels = Json::array();
  std::vector<std::string> below;
  for (const Category& category : column.categories) below.push_back(category.label);
  for (const HierarchyLevel& level : column.hierarchy) {
    Json groups = Json::object();
    for (const std::string& group : level.groups) groups[group] = Json::array();
    for (size_t i = 0; i < below.size(); ++i) groups[level.groups[size_t(level.group_of[i])]].push_back(below[i]);
    levels.push_back({{"name", level.name}, {"groups", groups}});
    below = level.groups;
  }
  return levels;
}

std::vector<LevelGrouping> hierarchy_groupings(const Column& column) {
  std::vector<LevelGrouping> groupings;
  std::vector<uint32_t> group_of(column.categories.size());
  for (size_t code = 0; code < group_of.size(); ++code) group_of[code] = uint32_t(code);
  for (const HierarchyLevel& level : column.hierarchy) {
    for (uint32_t& group : group_of) group = uint32_t(level.group_of[group]);
    LevelGrouping grouping{level.name, group_of, int(level.groups.size())};
    if (column.nullable) grouping.group_of.push_back(uint32_t(grouping.groups++));
    groupings.push_back(std::move(grouping));
  }
  return groupings;
}

std::string hierarchy_summary(const std::string& column, int levels, const std::vector<LevelGrouping>& hierarchy) {
  std::string text = column + " (" + std::to_string(levels) + " levels)";
  for (const LevelGrouping& level : hierarchy) {
    text += " by " + level.name + " (" + std::to_string(level.groups) + " groups)";
  }
  return text;
}

std::vector<std::vector<uint32_t>> finest_groups(const std::vector<std::vector<LevelGrouping>>& hierarchies) {
  std::vector<std::vector<uint32_t>> groups;
  for (const std::vector<LevelGrouping>& levels : hierarchies) {
    groups.push_back(levels.empty() ? std::vector<uint32_t>() : levels.front().group_of);
  }
  return groups;
}

}  // namespace privsynth
