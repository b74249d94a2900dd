// DP gradient descent, audited against its rho-zCDP claim on neighbouring tables: D has 10 records
// of one binary feature, D' one more. One step, so the released weight is the noisy gradient sum
// itself (scaled by the noisy count, also released): the event is nearly tight. The broken variant
// runs at 4 rho (noise halved) and must be caught. The whole path, through synthesize() with the
// synthetic table, is audited in audit_direct_models.cpp.
#include "audit_support.hpp"
#include "privacy/zcdp.hpp"
#include "private_models/dp_logistic_regression.hpp"

using namespace privsynth;
using namespace privsynth::audit;

namespace {

struct Table {
  OneHotDesign x;
  Eigen::VectorXd y;
};

// `rows` records with the feature on and label +1 (a gradient of -1/2 on the feature at w = 0).
Table ones(size_t rows) {
  Table table;
  table.x.rows = rows;
  table.x.dimension = 1;
  table.x.active_per_row = 1;
  table.x.active.assign(rows, 0);
  table.y = Eigen::VectorXd::Ones(Eigen::Index(rows));
  return table;
}

// The run's rho is `run_rho`; the features state `stated_rho` (the claim a sound run makes).
Release dp_gd_release(double run_rho, double stated_rho) {
  return [=](int which, uint64_t seed) {
    const Table table = ones(which == 0 ? 10 : 11);
    SeededTestRandom random(seed);
    Accountant accountant = Accountant::zcdp_with_rho(run_rho, 1e-6).value();
    DpGradientDescentOptions options;
    options.steps = 1;
    options.fit_intercept = false;
    options.learning_rate = 1;
    options.count_rho_fraction = 0.5;
    const Result<DpGradientDescentFit> fit =
        train_dp_logistic_regression(table.x, table.y, run_rho, options, accountant, random);
    if (!fit.is_ok()) return error_features(error_code_name(fit.status().code()));
    // The weight times the count it was divided by: the noisy gradient sum, in gradient units.
    const double count = std::max(1.0, fit.value().noisy_count);
    return Features{{"receipt.privacy.accounting=zcdp", 1},
                    {"receipt.privacy.rhoSpent", stated_rho},
                    {"noisyCount", fit.value().noisy_count},
                    {"noisyGradientSum", -fit.value().model.weights[0] * count}};
  };
}

}  // namespace

TEST_CASE("DP audit: DP gradient descent for logistic regression", "[dp-audit][dp-gd]") {
  const double rho = 0.5;
  AuditOptions options;  // a run is microseconds: five times the default runs, for power
  options.search_runs = 20000;
  options.test_runs = 40000;
  require_sound_and_broken_caught(dp_gd_release(rho, rho), dp_gd_release(4 * rho, rho), Claim::zcdp(rho), options);
}
