// One-vs-rest train-on-synthetic / test-on-real for targets with more than two classes: the
// argmax accuracy and the macro ROC-AUC against hand-computed values, a report whose answer is
// known (a synthetic copy of the training rows scores as the real model does), and refusals. Also
// the workload error of Zhou et al.'s Fig. 2 against hand-computed values.
#include <catch2/catch.hpp>
#include <cmath>

#include "base/random.hpp"
#include "report/marginal_report.hpp"
#include "report/one_vs_rest.hpp"

using namespace privsynth;

namespace {

// Two feature columns (3 and 2 levels) and a 3-class target (column 2) that mostly copies column 0.
EncodedTable three_class_table(size_t rows, uint64_t seed) {
  SeededTestRandom random(seed);
  EncodedTable table = make_empty_table({3, 2, 3}, rows);
  for (size_t r = 0; r < rows; ++r) {
    const auto a = uint32_t(random.uniform_below(3));
    table.codes[0][r] = a;
    table.codes[1][r] = uint32_t(random.uniform_below(2));
    table.codes[2][r] = random.uniform_below(10) < 7 ? a : uint32_t(random.uniform_below(3));
  }
  return table;
}

}  // namespace

TEST_CASE("one-vs-rest accuracy is the argmax's and its ROC-AUC the mean over classes", "[ml][one-vs-rest]") {
  ClassScores scores{Eigen::MatrixXd(4, 3), {0, 1, 2, 2}};
  scores.scores << 0.9, 0.1, 0.0,  // predicts 0: right
      0.2, 0.1, 0.3,               // predicts 2: wrong (truth 1)
      0.0, 0.0, 0.5,               // predicts 2: right
      0.4, 0.4, 0.1;               // a tie between 0 and 1 goes to 0: wrong
  CHECK(one_vs_rest_accuracy(scores) == Approx(0.5));
  // Class 0 (row 0 against rows 1-3): 0.9 beats 0.2, 0.0, 0.4 -> 1. Class 1 (row 1 at 0.1 against
  // 0.1, 0.0, 0.4): a tie (1/2) and a win out of 3 -> 0.5. Class 2 (rows 2, 3 at 0.5, 0.1 against
  // 0.0, 0.3): 0.5 beats both, 0.1 beats 0.0 only -> 3/4. Mean (1 + 0.5 + 0.75) / 3 = 0.75.
  REQUIRE(one_vs_rest_macro_auc(scores).has_value());
  CHECK(*one_vs_rest_macro_auc(scores) == Approx(0.75));
  // A class without rows is left out of the mean; with every row in one class, none is scorable.
  ClassScores one_class{Eigen::MatrixXd::Zero(2, 3), {1, 1}};
  CHECK_FALSE(one_vs_rest_macro_auc(one_class).has_value());
}

TEST_CASE("one-vs-rest TSTR: a synthetic copy of the training rows scores as the real model", "[ml][one-vs-rest]") {
  const EncodedTable train = three_class_table(3000, 1), test = three_class_table(1000, 2);
  const OneVsRestReport report = evaluate_one_vs_rest_tstr(train, train, test, 2).value();
  CHECK(report.classes == 3);
  CHECK(report.synthetic.test_accuracy == report.real.test_accuracy);
  // 70% copy column 0 and a third of the rest match by chance: 0.8 expected; measured 0.79-0.81.
  CHECK(report.real.test_accuracy == Approx(0.8).margin(0.03));
  REQUIRE(report.real.test_macro_roc_auc.has_value());
  CHECK(*report.real.test_macro_roc_auc > 0.8);
  CHECK(report.majority_class_accuracy < 0.4);  // three balanced classes
  // Synthetic rows without the dependence predict no better than the majority class.
  EncodedTable shuffled = train;
  SeededTestRandom random(3);
  for (size_t i = shuffled.rows; i > 1; --i)
    std::swap(shuffled.codes[2][i - 1], shuffled.codes[2][random.uniform_below(i)]);
  const OneVsRestReport noise = evaluate_one_vs_rest_tstr(shuffled, train, test, 2).value();
  CHECK(noise.synthetic.test_accuracy < 0.45);
  // Refusals: a binary target, a target out of range, an empty table.
  CHECK(evaluate_one_vs_rest_tstr(train, train, test, 1).status().code() == ErrorCode::InvalidArgument);
  CHECK(evaluate_one_vs_rest_tstr(train, train, test, 5).status().code() == ErrorCode::InvalidArgument);
  CHECK(evaluate_one_vs_rest_tstr(make_empty_table({3, 2, 3}, 0), train, test, 2).status().code() ==
        ErrorCode::EmptyData);
}

TEST_CASE("the workload error is the mean normalized L1 over the workload's marginals", "[report][workload-error]") {
  // Real: column 0 = (0, 0, 1, 1), column 1 = (0, 1, 0, 1); synthetic: (0, 0, 0, 1), (0, 0, 0, 1).
  EncodedTable real = make_empty_table({2, 2}, 4), synthetic = make_empty_table({2, 2}, 4);
  real.codes = {{0, 0, 1, 1}, {0, 1, 0, 1}};
  synthetic.codes = {{0, 0, 0, 1}, {0, 0, 0, 1}};
  // {0}: |0.5 - 0.75| + |0.5 - 0.25| = 0.5; {1}: the same, 0.5; {0, 1}: cells (00, 01, 10, 11) real
  // 0.25 each, synthetic (0.75, 0, 0, 0.25): 0.5 + 0.25 + 0.25 + 0 = 1.
  const WorkloadError error = workload_error(real, synthetic, {{0}, {1}, {0, 1}});
  CHECK(error.marginals == 3);
  CHECK(error.skipped == 0);
  CHECK(error.mean_l1 == Approx(2.0 / 3));
  CHECK(error.worst_l1 == Approx(1));
  const WorkloadError capped = workload_error(real, synthetic, {{0}, {1}, {0, 1}}, 3);  // {0, 1} has 4 cells
  CHECK(capped.marginals == 2);
  CHECK(capped.skipped == 1);
  CHECK(capped.mean_l1 == Approx(0.5));
}
