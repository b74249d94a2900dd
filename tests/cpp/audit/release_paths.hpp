#pragma once
// The release paths the DP audit runs whole: synthesize() from CSV cells (encoding, out-of-domain
// policy, holdout, mechanism, decoding, receipt) and discover_schema(), on two tables.
#include <string>
#include <vector>

#include "dp_audit.hpp"
#include "pipeline/synthesis_steps.hpp"

namespace privsynth::audit {

using Rows = std::vector<std::vector<std::string>>;  // header first

struct SynthesisPath {
  std::string schema_json;
  Rows d, d_prime;
  std::string options_json;        // without testSeed; evaluate is turned off (the report is not released)
  PipelineSteps steps = {};        // production, unless a broken variant
  double numeric_key_step = 0.25;  // synthetic numbers are counted in buckets of this width
};
Release synthesis_release(const SynthesisPath& path);
// The same run's other release: the models trained directly under DP for mlTarget (the path's
// options set it), one per target, each with its own receipt. Features: the first model's receipt
// and every weight and intercept it releases.
Release direct_model_release(const SynthesisPath& path);

// The broken variant "every noise scale halved": the same path run at twice its epsilon, audited
// against the claim of the original.
SynthesisPath at_twice_epsilon(SynthesisPath path);

struct DiscoveryPath {
  Rows d, d_prime;
  std::string request_json;  // without testSeed
};
Release discovery_release(const DiscoveryPath& path);

// Three binary columns c, d, e (its schema) and ten records with dependence between them: the
// table the marginal mechanisms' audits select pairs on.
extern const char* const kThreeBinaryColumnsSchema;
Rows three_binary_columns();

// n copies of a one-cell row.
Rows repeated(const std::string& value, size_t n);
Rows with_header(const std::vector<std::string>& header, Rows rows);
Rows plus(Rows rows, const Rows& more);

}  // namespace privsynth::audit
