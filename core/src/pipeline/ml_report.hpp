#pragma once
// The report's machine-learning section for every prediction target of a run (mlTarget, then
// mlExtraTargets: Zhou et al., §5 and Fig. 5), and the models trained directly under DP beside them
// (Appendix D.2, Fig. 4). Each target gets train-on-synthetic / test-on-real: one binary logistic
// regression (report/tstr.hpp) or one per class against the rest (report/one_vs_rest.hpp); with
// mlDirectDp, also a model trained on the real training rows by DP gradient descent. The models of
// all the targets share one budget, the run's own (epsilon, delta), on a ledger of their own
// (private_models/direct_dp_model.hpp): the synthetic table serves every target with its epsilon,
// and so do the models together.
//
// The report parts are FOR THE DATA OWNER'S EYES ONLY (scored on real rows). The direct models are a
// release of their own, one file with one receipt; it is handed out only for the owner to export.
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/random.hpp"
#include "data/table.hpp"
#include "pipeline/run_setup.hpp"
#include "pipeline/synthesis_steps.hpp"
#include "privacy/accountant.hpp"
#include "privsynth/progress.hpp"
#include "report/marginal_report.hpp"

namespace privsynth {

struct MlInputs {
  const RunSetup& setup;
  const std::vector<Column>& columns;  // the chosen columns, in table order
  const EncodedTable& synthetic;
  const EncodedTable& train;     // the real rows the mechanism saw
  const EncodedTable& test;      // the held-out real rows
  const UtilityReport* utility;  // null when the run does not evaluate
  // What the table and the models cost published together (privacy/joint_release.hpp).
  const nlohmann::json& published_together;
  // The direct models' budget split and DP gradient descent's settings (synthesis_steps.hpp).
  const PipelineSteps& steps;
};

// The directly trained models' ledger, one for all the targets: the run's epsilon and delta (delta
// 1e-9 when the run is pure epsilon-DP: the Gaussian noise needs delta > 0), add/remove
// neighbours, zCDP; each target gets an equal share of its rho.
Result<Accountant> direct_model_accountant(const RunSetup& setup);

struct MlEvaluation {
  nlohmann::json target_reports = nlohmann::json::array();  // one per target, mlTarget first
  // With mlDirectDp: the models file, a release with one receipt (null when no model was fitted).
  nlohmann::json direct_models = nullptr;
};

// The direct models draw from `random` after everything else of the run, so that a seeded run's
// synthetic table does not depend on mlDirectDp. A target whose models cannot be fitted gets
// {"target", "error"} in the report; only a failure of `random` or a cancel (Cancelled, from
// `progress` in the evaluate phase, once per target) is an error here.
Result<MlEvaluation> evaluate_ml_targets(const MlInputs& inputs, RandomSource& random, const ProgressSink& progress);

}  // namespace privsynth
