#pragma once
// The distributions behind the utility report's distances, for plots: every column's 1-way
// distribution in the real and the synthetic table, and the 2-way tables of the pairs the
// synthetic data reproduces worst. FOR THE DATA OWNER'S EYES ONLY, like the rest of the report:
// the real frequencies are exact.
#include <cstddef>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "data/table.hpp"
#include "privsynth/schema.hpp"
#include "report/marginal_report.hpp"

namespace privsynth {

// Readable names of a column's encoded levels: its categories, or its bins as "[lower, upper)"
// (whole numbers "first–last" in integer columns), then "missing" for a nullable column.
std::vector<std::string> level_labels(const Column& column);

struct DistributionReportLimits {
  size_t pairs = 6;          // 2-way tables reported: the largest TV first
  size_t pair_cells = 2500;  // pairs with more cells are left out (a heatmap is unreadable beyond)
};

// {"oneWay": [{column, levels, real, synthetic}], "twoWay": [{columns, rowLevels, columnLevels,
// real, synthetic, tv}]} with frequencies (each table sums to 1; rows of a 2-way table follow the
// first column). `columns` describe the tables' columns in order; `two_way` the report's distances.
nlohmann::json distribution_report_json(const std::vector<Column>& columns, const EncodedTable& real,
                                        const EncodedTable& synthetic, const std::vector<MarginalDistance>& two_way,
                                        const DistributionReportLimits& limits = {});

}  // namespace privsynth
