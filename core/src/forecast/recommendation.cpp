#include "forecast/recommendation.hpp"

#include <cmath>

#include "base/number_text.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"

namespace privsynth {
namespace {

// A rule of thumb from measured runs (README.md, "What works today": `npm run bench`, Adult at
// eps = 1). The reduced-space LP measures every 2-way marginal under pure eps-DP and is the more
// accurate on a few columns with few levels (the 6 demo columns: mean 2-way TV 0.032), while on
// wide tables its noise per cell grows with the number of marginals it splits eps over (16
// columns: 0.17) and the MST-style marginal mechanism, which measures a privately chosen tree, is
// far better (0.054, as MST). On tables of numbers only, the KD-tree of space partitioning follows
// the data's density where the other two see each column through its schema bins: on Balog's
// Gaussian mixtures at eps = 1 its MMD is 0.003 (2-D) and 0.045 (5-D), against 0.035 / 0.060 for
// the reduced-space LP and 0.035 / 0.13 for the marginal mechanism (`npm run bench -- kdtree`,
// means of 3 runs). With an mlTarget, the marginal mechanism's target-augmented tree gives 0.847
// accuracy trained on synthetic rows against 0.864 on the real ones (README.md, Adult at eps = 1).
//
// The private sampler is never recommended: it answers another question (N records drawn from a
// column group under replace-one neighbours, rather than a synthetic copy of the table), so no
// property of the columns, n or eps alone says a user wants it. Once it is chosen, its forecast
// says whether a reveal-or-obscure sampler or one Laplace histogram suits the N asked for.

// Most 2-way cells for which the reduced-space LP is recommended (the 6 demo columns have 903).
constexpr double kFewCells = 2000;
// Largest expected TV of a typical noisy 2-way marginal at which the reduced-space LP is recommended.
constexpr double kNoiseLimit = 0.05;

std::string grouped(double x) { return format_grouped_like_javascript(x); }

}  // namespace

Recommendation recommend_mechanism(const std::vector<Column>& columns, std::optional<double> epsilon,
                                   std::optional<double> rows, const std::string& ml_target) {
  if (!ml_target.empty()) {
    return {"marginal-lp",
            "a prediction target is set: the marginal mechanism’s target-augmented tree keeps each feature’s relation "
            "to “" +
                ml_target + "” (Adult, ε = 1: 0.847 accuracy when trained on synthetic rows, 0.864 on the real ones)."};
  }
  bool numeric_only = !columns.empty();
  for (const Column& column : columns) numeric_only = numeric_only && fits_continuous_space(column);
  if (numeric_only) {
    const std::string counted =
        columns.size() == 1 ? "one numeric column" : std::to_string(columns.size()) + " numeric columns";
    return {"space-partition", counted +
                                   " without missing values: space partitioning’s KD-tree follows the data’s density "
                                   "instead of the schema’s bins (Balog’s 5-D Gaussian mixture at ε = 1: MMD 0.045, "
                                   "against 0.060 with the reduced-space LP and 0.13 with the marginal mechanism)."};
  }
  std::vector<double> levels;
  for (const Column& column : columns) levels.push_back(level_count(column));
  double pair_cells = 0;
  for (size_t i = 0; i < levels.size(); ++i) {
    for (size_t j = i + 1; j < levels.size(); ++j) pair_cells += levels[i] * levels[j];
  }
  const double count = double(levels.size());
  const double pairs = count * (count - 1) / 2;
  const std::string described = std::to_string(levels.size()) + " column" + (levels.size() == 1 ? "" : "s") + " with " +
                                grouped(pair_cells) + " two-way cells";
  if (pair_cells > kFewCells) {
    return {
        "marginal-lp",
        described +
            ": measuring every pair would spread ε thin (Adult’s 16 columns: mean 2-way TV 0.17 with the reduced-space "
            "LP); the marginal mechanism measures a privately chosen tree of pairs (0.054 at ε = 1, as MST)."};
  }
  // The expected TV of a typical 2-way marginal is cells x b / (2 n), with the reduced-space LP's
  // discrete Laplace scale b = M / eps over its M marginals (docs/forecast.md), here the degree-2
  // run's 1- and 2-way marginals. noise_records = n x that TV: the records below which it exceeds
  // kNoiseLimit. So few records or a small eps favour the marginal mechanism, which splits eps over
  // far fewer measurements. Without n the rule is not applied: the reason says instead below how
  // many records it would apply.
  std::optional<double> noise_records;
  if (epsilon && pairs > 0) noise_records = ((pair_cells / pairs) * ((count + pairs) / *epsilon)) / 2;
  if (noise_records && rows) {
    const double typical_tv = *noise_records / *rows;
    if (typical_tv > kNoiseLimit) {
      return {"marginal-lp",
              described + " but only " + grouped(*rows) + " records at ε = " + format_like_javascript(*epsilon) +
                  ": the reduced-space LP’s noise would be about " + format_precision_like_javascript(typical_tv, 2) +
                  " in TV on a typical pair; the marginal mechanism measures fewer marginals, each with less noise."};
    }
  }
  const std::string few_records =
      noise_records && !rows
          ? " Below about " + grouped(std::ceil(*noise_records / kNoiseLimit)) +
                " records at ε = " + format_like_javascript(*epsilon) +
                " the marginal mechanism would be better: state n in step 4, if it is public, to check."
          : "";
  return {"reduced-space-lp", described +
                                  ": the reduced-space LP preserves every pair under pure ε-DP, with no δ (Adult’s 6 "
                                  "demo columns: mean 2-way TV 0.032 at ε = 1)." +
                                  few_records};
}

}  // namespace privsynth
