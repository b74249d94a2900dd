#include "pipeline/recommendation.hpp"

#include <string>

#include "base/number_text.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"

namespace privsynth {
namespace {

// The rule, from measured runs (`npm run bench -- aim` and `-- kdtree`; the figures are in
// README.md, "What works today"). The reasons below say why in words and quote no figure, so that
// they cannot drift from the bench's tables:
//  - Adaptive marginals (AIM on a graphical model) was the most faithful on every table of
//    categories and binned numbers tried, with or without a prediction target, at every epsilon
//    and number of records measured.
//  - On tables of numbers only, the KD-tree of space partitioning follows the data's density where
//    the others see each column through its schema bins, and measured closest there.
//  - Adaptive marginals' time grows about as the cube of the number of columns (pairs to score,
//    times rounds); wider tables get the marginal mechanism, which measures a privately chosen
//    tree of pairs in about a second.
// The private sampler is never recommended: it answers another question (N records drawn from a
// column group under replace-one neighbours, rather than a synthetic copy of the table), so no
// property of the columns, n or eps alone says a user wants it.
constexpr size_t kMostAdaptiveColumns = 40;

}  // namespace

Recommendation recommend_mechanism(const std::vector<Column>& columns, std::optional<double> epsilon,
                                   std::optional<double> rows, const std::string& ml_target) {
  // Adaptive marginals led at every epsilon and every number of records measured, so the rule
  // reads neither; they stay inputs of the advice.
  (void)epsilon, (void)rows;
  bool numeric_only = !columns.empty() && ml_target.empty();
  for (const Column& column : columns) {
    numeric_only = numeric_only && column.kind == ColumnKind::Numeric && !column.nullable;
  }
  if (numeric_only) {
    const std::string counted =
        columns.size() == 1 ? "one numeric column" : std::to_string(columns.size()) + " numeric columns";
    return {"space-partition",
            counted +
                " without missing values: space partitioning’s KD-tree follows the data’s density "
                "instead of the schema’s bins, and came closest on such tables in our measurements."};
  }
  const std::string described = std::to_string(columns.size()) + " column" + (columns.size() == 1 ? "" : "s");
  if (columns.size() > kMostAdaptiveColumns) {
    return {"marginal-lp", described + ", more than " + std::to_string(kMostAdaptiveColumns) +
                               ": adaptive marginals would score every pair in every round (minutes at this width); "
                               "the marginal mechanism measures a privately chosen tree of pairs in seconds."};
  }
  if (!ml_target.empty()) {
    return {"adaptive-marginals",
            "a prediction target is set: adaptive marginals weight the marginals with “" + ml_target +
                "” up and measure those the model gets most wrong; a model trained on their rows came closest "
                "to one trained on the real rows in our measurements."};
  }
  return {"adaptive-marginals",
          described +
              ": adaptive marginals measure, round by round, the marginals a graphical model of the data gets most "
              "wrong (AIM), and fit the model to them; they kept the table’s marginals best on every table of "
              "categories and binned numbers we measured."};
}

}  // namespace privsynth
