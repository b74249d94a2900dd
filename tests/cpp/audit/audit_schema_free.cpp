// A release from CSV cells alone (issue 34): the schema found privately with half of the budget --
// each column's kind, a text column's categories by Gaussian partition selection, a number
// column's common values, range and bin edges -- then marginal-lp with the discovered schema
// spending the rest; one receipt states the whole, (epsilon, delta) with the selections' delta.
// The broken variant selects the categories with the threshold but without its noise: a value
// just under the threshold in D is never released and in D' always.
#include <cmath>

#include "audit_support.hpp"
#include "discovery/partition_selection.hpp"
#include "privacy/shared_release.hpp"
#include "privacy/zcdp.hpp"
#include "release_paths.hpp"

using namespace privsynth;
using namespace privsynth::audit;

namespace {

constexpr double kEpsilon = 2, kDelta = 1e-9, kShare = 0.5;

// The release's headline: its epsilon and delta (the partition selections' delta is not zCDP).
Claim release_claim_stated(const Features& features) {
  const auto value = [&](const std::string& name) {
    const auto found = features.find(name);
    return found == features.end() ? std::nan("") : found->second;
  };
  return Claim::approximate(value("receipt.privacy.epsilonSpent"), value("receipt.privacy.delta"));
}

// The categories' threshold of this path: both columns hold data, so each gets 0.9 / 2 of the
// discovery's rho (automatic_discovery.cpp) and half of the selections' delta.
long long categories_threshold() {
  const ReleaseSplit split = split_release(kEpsilon, kDelta, kShare).value();
  const double rho = 0.9 * split.discovery_rho / 2;
  const RationalVariance variance = rational_variance_at_least(1 / (2 * rho)).value();
  return gaussian_selection_threshold(variance, split.selection_delta / 2).value();
}

SchemaFreePath path_with(bool selection_noise) {
  // "y" sits one record under the threshold in D and on it in D'.
  const long long threshold = categories_threshold();
  Rows rows;
  for (int i = 0; i < 400; ++i) rows.push_back({"x", std::to_string(i % 6)});
  for (long long i = 0; i + 1 < threshold; ++i) rows.push_back({"y", "3"});
  SchemaFreePath path;
  path.d = with_header({"c", "n"}, rows);
  path.d_prime = plus(path.d, {{"y", "4"}});
  path.request.epsilon = kEpsilon;
  path.request.delta = kDelta;
  path.request.share = kShare;
  path.request.selection_noise = selection_noise;
  path.options_json = R"({"epsilon":2,"delta":1e-9,"mechanism":"marginal-lp"})";
  return path;
}

}  // namespace

TEST_CASE("DP audit: a release from CSV cells alone, schema found privately, and categories selected without noise",
          "[dp-audit][discovery][schema-free]") {
  AuditOptions options;
  options.search_runs = 1500;
  options.test_runs = 3000;
  require_sound_and_broken_caught(schema_free_release(path_with(true)), schema_free_release(path_with(false)),
                                  Claim::approximate(kEpsilon, kDelta), options, release_claim_stated);
}
