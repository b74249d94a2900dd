// Train on synthetic, test on real (Zhou et al. §5): metrics against hand-computed values, the
// one-hot features of an encoded table, the seeded 80/20 split, and TSTR reports whose answers are
// known (a synthetic copy of the training data; synthetic data without signal; Adult).
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "csv_file.hpp"
#include "data/encoding.hpp"
#include "pipeline/holdout.hpp"
#include "privsynth/schema.hpp"
#include "report/tstr.hpp"
#include "statistics/bootstrap.hpp"

using namespace privsynth;

namespace {

Eigen::VectorXd vec(std::initializer_list<double> values) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double value : values) v[i++] = value;
  return v;
}

// Three feature columns (2, 3 and 2 levels) and a binary target (column 3) that depends on the
// first two through a logistic model; every cell is populated, so no level separates the classes.
EncodedTable signal_table(size_t rows, uint64_t seed) {
  SeededTestRandom random(seed);
  EncodedTable table = make_empty_table({2, 3, 2, 2}, rows);
  for (size_t r = 0; r < rows; ++r) {
    const uint32_t a = static_cast<uint32_t>(random.uniform_below(2)),
                   b = static_cast<uint32_t>(random.uniform_below(3));
    table.codes[0][r] = a;
    table.codes[1][r] = b;
    table.codes[2][r] = static_cast<uint32_t>(random.uniform_below(2));
    const double score = -0.5 + 1.2 * a - 0.8 * b;
    table.codes[3][r] = random.uniform_unit() < 1 / (1 + std::exp(-score)) ? 1 : 0;
  }
  return table;
}

// Each column shuffled on its own: the same one-way marginals, no dependence on the target.
EncodedTable independent_columns(const EncodedTable& table, uint64_t seed) {
  SeededTestRandom random(seed);
  EncodedTable out = table;
  for (std::vector<uint32_t>& column : out.codes) {
    for (size_t i = column.size(); i > 1; --i) std::swap(column[i - 1], column[random.uniform_below(i)]);
  }
  return out;
}

TstrOptions unpenalised() {
  TstrOptions options;
  options.penalty = PenaltyRule::Fixed;
  options.model.l2_penalty = 0;
  return options;
}

}  // namespace

TEST_CASE("ROC-AUC is the Mann-Whitney statistic, ties counting one half", "[tstr]") {
  // Positives score 0.35 and 0.8, negatives 0.1 and 0.4: 3 of 4 pairs ordered correctly.
  CHECK(roc_auc(vec({0.1, 0.4, 0.35, 0.8}), vec({-1, -1, 1, 1})).value() == Approx(0.75));
  // Positives {1, 3}, negatives {1, 2}: pairs (1,1) tie = 1/2, (1,2) = 0, (3,1) = 1, (3,2) = 1 -> 2.5/4.
  CHECK(roc_auc(vec({1, 1, 2, 3}), vec({1, -1, -1, 1})).value() == Approx(0.625));
  CHECK(roc_auc(vec({5, 5, 5, 5, 5}), vec({1, -1, -1, 1, -1})).value() == Approx(0.5));
  CHECK(roc_auc(vec({-2, -1, 3, 4}), vec({-1, -1, 1, 1})).value() == 1.0);
  CHECK(roc_auc(vec({-2, -1, 3, 4}), vec({1, 1, -1, -1})).value() == 0.0);
  // Positives {2, 2, 7}, negatives {2, 1, 7}: 9 pairs; wins 2>1 twice, 7>2, 7>1; ties 2=2 twice, 7=7 -> (4 + 1.5)/9.
  CHECK(roc_auc(vec({2, 2, 7, 2, 1, 7}), vec({1, 1, 1, -1, -1, -1})).value() == Approx(5.5 / 9));
  CHECK(roc_auc(vec({1, 2}), vec({1, 1})).status().code() == ErrorCode::InvalidData);
  CHECK(roc_auc(vec({1, std::nan("")}), vec({1, -1})).status().code() == ErrorCode::InvalidData);
  CHECK(roc_auc(vec({1, 2}), vec({1, 0})).status().code() == ErrorCode::InvalidData);
  CHECK(roc_auc(vec({1, 2}), vec({1})).status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("accuracy predicts +1 exactly when the score is positive", "[tstr]") {
  // Predictions +1, -1, -1 (score 0), +1 against labels +1, -1, -1, -1.
  CHECK(classification_accuracy(vec({0.5, -1, 0, 2}), vec({1, -1, -1, -1})) == Approx(0.75));
  CHECK(classification_accuracy(vec({1, 1}), vec({1, 1})) == 1.0);
}

TEST_CASE("one-hot features keep every level; the target maps to +-1", "[tstr]") {
  EncodedTable table = make_empty_table({2, 3, 3}, 2);
  table.codes = {{1, 0}, {2, 0}, {0, 2}};
  FeatureEncodingOptions options;
  options.positive_codes = {2};
  const Result<LabeledFeatures> f = encode_features(table, 2, options);
  REQUIRE(f.is_ok());
  CHECK(f.value().x.dimension == 5);
  CHECK(f.value().x.active == std::vector<uint32_t>{1, 4, 0, 2});  // column 1 starts at offset 2
  CHECK(f.value().y[0] == -1);
  CHECK(f.value().y[1] == 1);
  CHECK(f.value().feature_columns == std::vector<int>{0, 1});
  CHECK(f.value().row_norm == Approx(std::sqrt(2.0)));
  CHECK(to_dense(f.value().x).rowwise().norm().maxCoeff() == Approx(std::sqrt(2.0)));
  options.scale_to_unit_norm = true;
  const Result<LabeledFeatures> unit = encode_features(table, 2, options);
  REQUIRE(unit.is_ok());
  CHECK(to_dense(unit.value().x).rowwise().norm().maxCoeff() == Approx(1.0));
  CHECK(unit.value().row_norm == 1.0);

  // Binary target: its last code is positive by default.
  const Result<LabeledFeatures> binary = encode_features(table, 0);
  REQUIRE(binary.is_ok());
  CHECK(binary.value().y[0] == 1);
  CHECK(binary.value().y[1] == -1);
  // A 3-level target needs positive codes; they must be in range and leave a negative class.
  CHECK(encode_features(table, 2).status().code() == ErrorCode::InvalidArgument);
  options.positive_codes = {3};
  CHECK(encode_features(table, 2, options).status().code() == ErrorCode::InvalidArgument);
  options.positive_codes = {0, 1, 2};
  CHECK(encode_features(table, 2, options).status().code() == ErrorCode::InvalidArgument);
  CHECK(encode_features(table, 3).status().code() == ErrorCode::InvalidArgument);
  CHECK(encode_features(table, -1).status().code() == ErrorCode::InvalidArgument);
  table.codes[1][0] = 3;  // outside its 3 levels
  CHECK(encode_features(table, 0).status().code() == ErrorCode::InvalidData);
  EncodedTable wide = make_empty_table({2, static_cast<int>(kMaxOneHotLogisticFeatures)}, 1);
  CHECK(encode_features(wide, 0).status().code() == ErrorCode::DomainTooLarge);
  options = {};
  options.max_dimension = 4;  // the caller's own limit: 3 + 2 one-hot features
  CHECK(encode_features(make_empty_table({2, 3, 2}, 1), 0, options).status().code() == ErrorCode::DomainTooLarge);
}

TEST_CASE("TSTR with synthetic data equal to real_train gives the same model and zero excess risk", "[tstr]") {
  const EncodedTable table = signal_table(2000, 11);
  SeededTestRandom random(3);
  const RowSplit split = split_rows(table.rows, 0.2, random).value();
  const EncodedTable train = select_rows(table, split.train), test = select_rows(table, split.test);
  for (const TstrOptions& options : {TstrOptions{}, unpenalised()}) {
    const Result<TstrReport> report = evaluate_tstr(train, train, test, 3, options);
    REQUIRE(report.is_ok());
    const TstrReport& r = report.value();
    CHECK(r.synthetic.fit.converged);
    CHECK(r.synthetic.fit.weights == r.real.fit.weights);
    CHECK(r.excess_empirical_risk == 0);
    CHECK(r.excess_test_risk == 0);
    CHECK(r.synthetic.test_roc_auc == r.real.test_roc_auc);
    CHECK(r.synthetic.test_accuracy == r.real.test_accuracy);
    CHECK(r.real.test_roc_auc > 0.7);
    CHECK(r.real.test_accuracy > r.majority_class_accuracy);
    CHECK(r.feature_dimension == 7);
    CHECK(r.feature_columns == 3);
    CHECK(r.train_rows == split.train.size());
    CHECK(r.test_rows == split.test.size());
    if (options.penalty == PenaltyRule::InverseSampleSize)
      CHECK(r.real.l2_penalty == Approx(1.0 / double(split.train.size())));
  }
}

TEST_CASE("TSTR: synthetic data without signal has a positive excess risk and chance-level AUC", "[tstr]") {
  const EncodedTable table = signal_table(3000, 12);
  SeededTestRandom random(4);
  const RowSplit split = split_rows(table.rows, 0.2, random).value();
  const EncodedTable train = select_rows(table, split.train), test = select_rows(table, split.test);
  const EncodedTable noise = independent_columns(train, 5);
  // lambda = 0: w_r minimises L on D_r, so L(w_s; D_r) - L(w_r; D_r) >= 0 (up to the solver's tolerance).
  const Result<TstrReport> report = evaluate_tstr(noise, train, test, 3, unpenalised());
  REQUIRE(report.is_ok());
  const TstrReport& r = report.value();
  INFO("excess " << r.excess_empirical_risk << ", AUC synthetic " << r.synthetic.test_roc_auc << " real "
                 << r.real.test_roc_auc);
  CHECK(r.real.fit.converged);
  CHECK(r.excess_empirical_risk > 0.02);
  CHECK(r.excess_test_risk > 0.02);
  CHECK(std::fabs(r.synthetic.test_roc_auc - 0.5) < 0.1);
  CHECK(r.real.test_roc_auc > r.synthetic.test_roc_auc + 0.1);
  // The majority baseline: real_train's more frequent label, scored on real_test.
  const double test_positive = r.test_positive_fraction;
  CHECK(r.majority_class_accuracy == Approx(r.majority_label > 0 ? test_positive : 1 - test_positive));
  CHECK(r.majority_label == -1);  // score -0.5 + 1.2a - 0.8b is mostly negative

  // A near copy (a bootstrap of real_train) loses little, and w_r is still the better fit on D_r.
  SeededTestRandom draw(6);
  std::vector<size_t> rows(train.rows);
  for (size_t& row : rows) row = static_cast<size_t>(draw.uniform_below(train.rows));
  const Result<TstrReport> close = evaluate_tstr(select_rows(train, rows), train, test, 3, unpenalised());
  REQUIRE(close.is_ok());
  CHECK(close.value().excess_empirical_risk >= -1e-12);
  CHECK(close.value().excess_empirical_risk < 0.01);
  CHECK(std::fabs(close.value().synthetic.test_roc_auc - close.value().real.test_roc_auc) < 0.03);
}

TEST_CASE("TSTR errors: mismatched tables, empty tables, a one-class test set", "[tstr]") {
  const EncodedTable table = signal_table(200, 13);
  const EncodedTable small = select_rows(table, {0, 1, 2});
  EncodedTable other = make_empty_table({2, 3, 2, 3}, 10);
  CHECK(evaluate_tstr(other, table, table, 3).status().code() == ErrorCode::InvalidArgument);
  CHECK(evaluate_tstr(select_rows(table, {}), table, table, 3).status().code() == ErrorCode::EmptyData);
  CHECK(evaluate_tstr(table, table, table, 7).status().code() == ErrorCode::InvalidArgument);
  std::vector<size_t> negatives;
  for (size_t r = 0; r < table.rows; ++r) {
    if (table.codes[3][r] == 0) negatives.push_back(r);
  }
  const Result<TstrReport> one_class = evaluate_tstr(table, table, select_rows(table, negatives), 3);
  REQUIRE_FALSE(one_class.is_ok());
  CHECK(one_class.status().code() == ErrorCode::InvalidData);
  // A one-class synthetic table is fitted (the default penalty keeps the minimiser finite) ...
  CHECK(evaluate_tstr(select_rows(table, negatives), table, table, 3).is_ok());
  // ... but without a penalty its minimiser does not exist.
  const Result<TstrReport> unbounded = evaluate_tstr(select_rows(table, negatives), table, table, 3, unpenalised());
  REQUIRE_FALSE(unbounded.is_ok());
  CHECK_THAT(unbounded.status().message(), Catch::StartsWith("synthetic model"));
  CHECK(small.rows == 3);
}

TEST_CASE("TSTR on Adult: the real model reaches the paper's accuracy and ROC-AUC", "[tstr]") {
  const Schema schema =
      parse_schema_json(*testing::read_text_file(testing::data_path("adult/adult.schema.json"))).value();
  const Result<EncodedData> encoded = encode_cells(
      schema, testing::read_csv_file(testing::data_path("adult/adult.csv"))->view(), OutOfDomainPolicy::Clamp);
  REQUIRE(encoded.is_ok());
  // Drop the "split" column (the UCI file of origin, not a feature).
  EncodedTable table = encoded.value().table;
  const size_t split_column = static_cast<size_t>(find_column(schema, "split"));
  table.levels.erase(table.levels.begin() + static_cast<std::ptrdiff_t>(split_column));
  table.codes.erase(table.codes.begin() + static_cast<std::ptrdiff_t>(split_column));
  const int income = find_column(schema, "income");  // before "split", so its index is unchanged
  REQUIRE(income < static_cast<int>(split_column));

  SeededTestRandom random(20240601);
  const RowSplit split = split_rows(table.rows, 0.2, random).value();
  const EncodedTable train = select_rows(table, split.train), test = select_rows(table, split.test);
  const EncodedTable noise = independent_columns(train, 8);
  const Result<TstrReport> report = evaluate_tstr(noise, train, test, income);
  REQUIRE(report.is_ok());
  const TstrReport& r = report.value();
  INFO("accuracy " << r.real.test_accuracy << ", AUC " << r.real.test_roc_auc << ", risk " << r.real.train_risk);
  // Zhou et al. Table 2, Adult, real data: accuracy 0.843, ROC-AUC 0.891, empirical risk 0.34.
  CHECK(r.real.fit.converged);
  CHECK(r.real.test_accuracy > 0.82);
  CHECK(r.real.test_roc_auc > 0.87);
  CHECK(r.real.test_log_loss < 0.37);
  CHECK(r.majority_class_accuracy == Approx(0.76).margin(0.02));
  CHECK(r.synthetic.test_roc_auc < 0.6);
  CHECK(r.excess_empirical_risk > 0.1);
}
