#pragma once
// The verdict: the utility report read for the data owner, per column and overall, as "good",
// "usable-with-care" or "poor", with its reasons in plain words. It compares the synthetic table
// with the real one (lost categories, 1-way distances, the fidelity report's medians, quartiles,
// means and correlations): FOR THE DATA OWNER'S EYES ONLY, like the rest of the report, never part
// of a release.
#include <vector>
#include <nlohmann/json.hpp>

#include "data/table.hpp"
#include "privsynth/schema.hpp"
#include "report/marginal_report.hpp"

namespace privsynth {

// The grades, from best to worst.
enum class Grade { Good, UsableWithCare, Poor };

const char* grade_name(Grade grade);

// A check's two thresholds: from `care` on a column is "usable-with-care", from `poor` on "poor".
struct GradeThresholds {
  double care = 0;
  double poor = 0;
};

// Every threshold of the verdict, in one place (docs/api.md, "The verdict"; the schema's
// VerdictReport states them too).
struct VerdictThresholds {
  // Share of the real rows whose category no synthetic row has. Below 0.5% a lost category is
  // stated but does not lower the grade: so rare a group is often below what a DP synthesizer can
  // keep, and seldom what an analysis of the whole table rests on; 5% is a subgroup most analyses
  // would see.
  GradeThresholds lost_share = {0.005, 0.05};
  // The column's 1-way total-variation distance: the share of rows that would have to change value
  // (category or bin) for the synthetic distribution to match the real one.
  GradeThresholds one_way_tv = {0.10, 0.20};
  // The largest shift of the median or a quartile, over the real interquartile range (the real
  // standard deviation when that range is 0): a quarter of it moves the median past about an
  // eighth of the real rows.
  GradeThresholds quantile_shift = {0.25, 0.5};
  // The shift of the mean over the real standard deviation: Cohen's small (0.2) and medium (0.5)
  // effect sizes.
  GradeThresholds mean_shift = {0.2, 0.5};
  // |real r - synthetic r| of a pair of numeric columns, flagged on both: 0.2 is the width of one
  // step of the usual scale (weak, moderate, strong), 0.4 changes what any analysis concludes.
  GradeThresholds correlation_change = {0.2, 0.4};
};

struct VerdictInputs {
  const std::vector<Column>& columns;            // the run's columns, in table order
  const EncodedTable& real_codes;                // the rows the mechanism saw, encoded
  const EncodedTable& synthetic_codes;           // the synthetic table, encoded
  const std::vector<MarginalDistance>& one_way;  // the report's 1-way distances (UtilityReport::one_way)
  const nlohmann::json* fidelity = nullptr;      // the report's FidelityReport, when it has one
  VerdictThresholds thresholds = {};
};

// {"overall": {grade, reason}, "columns": [{column, grade, reasons}], "note"?}: the columns in
// table order, a column's reasons the most serious first; the overall grade is the worst column's,
// its reason naming the worst columns. Without a fidelity report, only the categories and 1-way
// distances are checked, and "note" says so.
nlohmann::json verdict_json(const VerdictInputs& inputs);

}  // namespace privsynth
