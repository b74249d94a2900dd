#pragma once
// A categorical column's public hierarchy (docs/schema.md, "hierarchy"): levels of coarser groups,
// finest first, each grouping the labels of the level below (the categories, for the first), such
// as ZIP code -> county -> state or a job code -> its occupation. The marginal mechanisms measure a
// column of many levels at a coarser level of it (docs/privacy/hierarchies.md). It comes from the
// schema alone, never from the data.
#include <cstdint>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "privsynth/schema.hpp"

namespace privsynth {

// Reads "hierarchy" of a categorical column's JSON object (absent: none) into column.hierarchy;
// `column.categories` already read. Errors name the level and the label.
Status read_hierarchy(const nlohmann::json& object, Column& column, const std::string& where);
// The column's "hierarchy" as schema JSON (an array of {"name", "groups": {group: [members]}}).
nlohmann::json hierarchy_json(const Column& column);

// A column's codes grouped at one level of its hierarchy.
struct LevelGrouping {
  std::string name;  // the level's name
  std::vector<uint32_t>
      group_of;    // per code of the column: its group (the missing level: a group of its own, the last)
  int groups = 0;  // the level's groups, and the missing level's
};
// Every level of the column's hierarchy, finest first (none without one).
std::vector<LevelGrouping> hierarchy_groupings(const Column& column);
// "job_code (720 levels) by occupation (15 groups) by sector (5 groups)": a column's effective domains.
std::string hierarchy_summary(const std::string& column, int levels, const std::vector<LevelGrouping>& hierarchy);
// Per column, its finest level's group of each code (empty: no hierarchy), as domain compression
// (statistics/domain_compression.hpp) takes them.
std::vector<std::vector<uint32_t>> finest_groups(const std::vector<std::vector<LevelGrouping>>& hierarchies);

}  // namespace privsynth
