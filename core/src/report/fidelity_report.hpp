#pragma once
// The fidelity report: the real data's numeric columns as read (report/real_value_sample.hpp)
// against the synthetic table's decoded values (quantiles, mean, standard deviation, Wasserstein-1,
// Pearson correlations), and the categories the synthetic table lost. It measures what the binned
// marginal distances cannot see: values outside the schema's bounds, tails flattened into a bin,
// rows left out. FOR THE DATA OWNER'S EYES ONLY, like the rest of the utility report.
#include <vector>
#include <nlohmann/json.hpp>

#include "data/table.hpp"
#include "privsynth/decoded_column.hpp"
#include "privsynth/schema.hpp"
#include "report/real_value_sample.hpp"

namespace privsynth {

struct FidelityInputs {
  const std::vector<Column>& columns;           // the run's columns, in table order
  const RealValueSample& real_values;           // numeric values as read, every row read
  const EncodedTable& real_codes;               // the rows the mechanism saw, encoded
  const std::vector<DecodedColumn>& synthetic;  // the synthetic table, decoded
  const EncodedTable& synthetic_codes;          // as many synthetic rows are measured as real_values keeps
};

// {"realValues", "rows": {realRead, realSample, synthetic, syntheticSample, sampled}, "sampleNote"?,
//  "numeric": [{column, step?, real: {...}, synthetic: {...}, wasserstein1, wasserstein1Normalized}],
//  "correlation"?: {columns, real, synthetic, meanAbsDifference, maxAbsDifference, worstPair,
//  pairsCompared, pairsUndefined}, "categoriesLost": [{column, realRows, lostShare, lostCategories}]}.
// docs/api.md states each field.
nlohmann::json fidelity_report_json(const FidelityInputs& inputs);

}  // namespace privsynth
