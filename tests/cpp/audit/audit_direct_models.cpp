// The synthetic table and the models trained directly under DP for its targets, published together
// (finding 3 of issue 33): synthesize() with mlTarget (and mlExtraTargets), its Poisson holdout,
// the table's mechanism, and the models' one shared budget, audited against the joint claim both
// receipts state (privacy.tableAndDpModels: the table's rho and the models' add).
//
// The descent is one step from 0 with the clip at the added record's gradient norm (public settings
// of DP gradient descent; the default ten steps and an unclipped record show too little of rho to
// catch anything): each model's noisy gradient sum along the record then shows nearly all of the
// model's rho, and their sum over the models all of the models' budget (release_paths.hpp,
// joint_release). 1% of the records are held out, so the added record is almost always trained on.
#include <cmath>

#include "audit_support.hpp"
#include "pipeline/ml_report.hpp"
#include "privacy/zcdp.hpp"
#include "release_paths.hpp"

using namespace privsynth;
using namespace privsynth::audit;

namespace {

const std::vector<std::string> kAdded = {"a", "x", "u"};

// A one-step descent with the learning rate 1 and the clip at the norm of a record's gradient at 0:
// |sigmoid(0)| x ||x|| for two one-hot features and the intercept, sqrt(3) / 2.
SynthesisPath joint_path(const std::string& options) {
  SynthesisPath path{kThreeBinaryColumnsSchema, three_binary_columns(), plus(three_binary_columns(), {kAdded}),
                     options};
  path.steps.dp_gradient_descent.steps = 1;
  path.steps.dp_gradient_descent.learning_rate = 1;
  path.steps.dp_gradient_descent.clip_norm = std::sqrt(3.0) / 2;
  return path;
}

// The broken variant: the models' ledger holds `ledger_scale` times the budget and each target gets
// `share_scale` times its share.
SynthesisPath with_models_budget(SynthesisPath path, double ledger_scale, double share_scale) {
  path.steps.direct_model_budget = [=](const RunSetup& setup, size_t targets) -> Result<DirectModelBudget> {
    PRIVSYNTH_ASSIGN_OR_RETURN(const Accountant production, direct_model_accountant(setup));
    const double rho = production.budget();
    PRIVSYNTH_ASSIGN_OR_RETURN(Accountant ledger,
                               Accountant::zcdp_with_rho(ledger_scale * rho, production.definition().delta));
    return DirectModelBudget{std::move(ledger), share_scale * rho / double(targets)};
  };
  return path;
}

// The models file's own claim: its receipt's rho.
Claim models_claim_stated(const Features& features) {
  const auto found = features.find("models.receipt.privacy.rhoSpent");
  return Claim::zcdp(found == features.end() ? std::nan("") : found->second);
}

// The table's rho (marginal-lp spends all of it) and the models' add: epsilon 4, delta 1e-6 each.
Claim joint_claim() { return Claim::zcdp(2 * cdp_rho(4, 1e-6).value()); }

}  // namespace

TEST_CASE("DP audit: the synthetic table with its model trained directly under DP and the model's noise divided by 4",
          "[dp-audit][dp-gd][direct-models][holdout]") {
  // The broken model shows 16 times its rho against the claim of the table and the model together.
  // (Noise merely halved shows 4 times the model's rho, 1.9 times the joint claim: within the
  // Canonne-Kamath-Steinke curve of the claim at this rho except on events 8,000 runs cannot
  // resolve; docs/privacy/README.md.)
  const SynthesisPath path =
      joint_path(R"({"epsilon":4,"mechanism":"marginal-lp","delta":1e-6,"mlTarget":"e","mlTestFraction":0.01})");
  require_sound_and_broken_caught(joint_release(path, kAdded), joint_release(with_models_budget(path, 16, 16), kAdded),
                                  joint_claim(), {}, joint_claim_stated);
}

TEST_CASE("DP audit: the synthetic table with three targets' models on one budget and each target on a whole one",
          "[dp-audit][dp-gd][direct-models][holdout]") {
  // Sound: the table and the three models within the joint claim. The broken variant is the code
  // before finding 3: every target's models on a ledger of the run's whole budget, three times what
  // the models file states. Its models show 3 times the models' rho, caught against the models
  // file's own claim; against the joint claim (the table's rho added) that is 1.4 times the claim,
  // inside the Canonne-Kamath-Steinke curve (docs/privacy/README.md).
  const SynthesisPath path = joint_path(
      R"({"epsilon":4,"mechanism":"marginal-lp","delta":1e-6,"mlTarget":"e","mlExtraTargets":["c","d"],"mlTestFraction":0.01})");
  const Release sound = joint_release(path, kAdded);
  require_within_claim(sound, joint_claim(), {}, joint_claim_stated);
  require_sound_and_broken_caught(sound, joint_release(with_models_budget(path, 3, 3), kAdded),
                                  Claim::zcdp(cdp_rho(4, 1e-6).value()), {}, models_claim_stated);
}
