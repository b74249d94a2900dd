// Native half of the direct-DP baseline (Zhou et al., Appendix D.2, Fig. 4): logistic regression
// trained with DP gradient descent on an 80% split of a table, scored on the other 20%, next to the
// same model trained without privacy. Prints one JSON line; asserts nothing.
// Usage: privsynth_dp_gd_bench <schema.json> <data.csv> <target> <epsilon> <delta> <seed> [steps]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <nlohmann/json.hpp>

#include "base/random.hpp"
#include "csv_file.hpp"
#include "data/encoding.hpp"
#include "pipeline/holdout.hpp"
#include "privacy/zcdp.hpp"
#include "private_models/dp_logistic_regression.hpp"
#include "privsynth/schema.hpp"
#include "report/tstr.hpp"
#include "statistics/bootstrap.hpp"

using namespace privsynth;

namespace {

int fail(const std::string& message) {
  std::printf("%s\n", nlohmann::json({{"error", message}}).dump().c_str());
  return 1;
}

nlohmann::json scores(const LogisticFit& model, const LabeledFeatures& test) {
  const Eigen::VectorXd s = decision_scores(model, test.x);
  const Result<double> auc = roc_auc(s, test.y);
  return {{"accuracy", classification_accuracy(s, test.y)},
          {"rocAuc", auc.is_ok() ? nlohmann::json(auc.value()) : nlohmann::json(nullptr)},
          {"testLoss", logistic_loss(s, test.y)}};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7 && argc != 8) {
    std::fprintf(stderr, "usage: %s <schema.json> <data.csv> <target> <epsilon> <delta> <seed> [steps]\n", argv[0]);
    return 2;
  }
  const auto schema_text = testing::read_text_file(argv[1]);
  const auto cells = testing::read_csv_file(argv[2]);
  if (!schema_text || !cells) return fail(std::string("cannot read ") + argv[1] + " or " + argv[2]);
  const Result<Schema> schema = parse_schema_json(*schema_text);
  if (!schema.is_ok()) return fail(schema.status().message());
  const Result<EncodedData> data = encode_cells(schema.value(), cells->view(), OutOfDomainPolicy::Clamp);
  if (!data.is_ok()) return fail(data.status().message());
  int target = -1;
  for (size_t c = 0; c < schema.value().columns.size(); ++c) {
    if (schema.value().columns[c].name == argv[3]) target = static_cast<int>(c);
  }
  if (target < 0) return fail(std::string("no column ") + argv[3]);
  const double epsilon = std::atof(argv[4]), delta = std::atof(argv[5]);
  SeededTestRandom random(std::strtoull(argv[6], nullptr, 10));
  const Result<RowSplit> rows = split_rows(data.value().table.rows, 0.2, random);
  if (!rows.is_ok()) return fail(rows.status().message());
  const EncodedTable train = select_rows(data.value().table, rows.value().train);
  const EncodedTable test = select_rows(data.value().table, rows.value().test);
  const Result<LabeledFeatures> train_features = encode_features(train, target);
  const Result<LabeledFeatures> test_features = encode_features(test, target);
  if (!train_features.is_ok()) return fail(train_features.status().message());
  if (!test_features.is_ok()) return fail(test_features.status().message());

  const Result<double> rho = cdp_rho(epsilon, delta);
  if (!rho.is_ok()) return fail(rho.status().message());
  Accountant accountant = Accountant::zcdp_with_rho(rho.value(), delta).value();
  DpGradientDescentOptions options;
  if (argc == 8) options.steps = std::atoi(argv[7]);  // else automatic
  const Result<DpGradientDescentFit> dp = train_dp_logistic_regression(
      train_features.value().x, train_features.value().y, rho.value(), options, accountant, random);
  if (!dp.is_ok()) return fail(dp.status().message());
  LogisticRegressionOptions real_options;
  real_options.l2_penalty = 1.0 / double(train.rows);  // scikit-learn's C = 1, as the paper's real model
  real_options.fit_intercept = true;
  const Result<LogisticFit> real =
      fit_logistic_regression(train_features.value().x, train_features.value().y, real_options);
  if (!real.is_ok()) return fail(real.status().message());
  std::printf("%s\n", nlohmann::json({{"epsilon", epsilon},
                                      {"delta", delta},
                                      {"rho", dp.value().rho},
                                      {"steps", dp.value().steps},
                                      {"gradientNoiseStd", dp.value().gradient_noise_std},
                                      {"trainRows", train.rows},
                                      {"features", train_features.value().x.dimension},
                                      {"dpGd", scores(dp.value().model, test_features.value())},
                                      {"real", scores(real.value(), test_features.value())}})
                          .dump()
                          .c_str());
  return 0;
}
