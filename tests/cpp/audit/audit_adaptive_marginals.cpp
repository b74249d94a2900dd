// Adaptive marginals end to end, audited against their rho-zCDP claim (which implies the receipt's
// (epsilon, delta)): the 1-way measurement, the rounds' selections and measurements with their
// annealing, the fit and the rounded records. Noise halved means the run at twice epsilon. The
// fits are shortened (roundIterations, finalIterations): post-processing, which cannot change the
// privacy, only the time of the audit's 24,000 runs.
#include "audit_support.hpp"
#include "privacy/zcdp.hpp"
#include "release_paths.hpp"

using namespace privsynth;
using namespace privsynth::audit;

namespace {

const char* kOneColumn =
    R"({"version":1,"name":"one","columns":[{"name":"c","type":"categorical","categories":["a","b"]}]})";
Claim claim_at(double epsilon, double delta) { return Claim::zcdp(cdp_rho(epsilon, delta).value()); }

}  // namespace

TEST_CASE("DP audit: adaptive marginals on one column, and the noise-halved variant",
          "[dp-audit][adaptive-marginals]") {
  const Rows d = with_header({"c"}, plus(repeated("a", 10), repeated("b", 10)));
  const SynthesisPath path{
      kOneColumn, d, plus(d, repeated("a", 1)),
      R"({"epsilon":1,"mechanism":"adaptive-marginals","delta":1e-6,"roundIterations":10,"finalIterations":20})"};
  require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)),
                                  claim_at(1, 1e-6));
}

TEST_CASE("DP audit: adaptive marginals choosing among pairs", "[dp-audit][adaptive-marginals]") {
  const Rows d = three_binary_columns();
  const SynthesisPath path{
      kThreeBinaryColumnsSchema, d, plus(d, {{"a", "x", "u"}}),
      R"({"epsilon":1,"mechanism":"adaptive-marginals","delta":1e-6,"roundIterations":10,"finalIterations":20})"};
  require_within_claim(synthesis_release(path), claim_at(1, 1e-6));
}

TEST_CASE("DP audit: adaptive marginals on a column with a hierarchy (coarse rounds, rare values merged per group)",
          "[dp-audit][adaptive-marginals]") {
  // Four categories in two groups; c and d are rare and in one group, so they merge there, and the
  // rounds may measure the column by group. D' adds one more a, as in the case of one column.
  const char* grouped = R"({"version":1,"name":"grouped","columns":[{"name":"c","type":"categorical",
    "categories":["a","b","c","d"],"hierarchy":[{"name":"g","groups":{"g1":["a"],"g2":["b","c","d"]}}]}]})";
  const Rows d = with_header({"c"}, plus(plus(repeated("a", 10), repeated("b", 10)), repeated("c", 1)));
  const SynthesisPath path{
      grouped, d, plus(d, repeated("a", 1)),
      R"({"epsilon":1,"mechanism":"adaptive-marginals","delta":1e-6,"roundIterations":10,"finalIterations":20})"};
  // More runs than by default: the broken variant's bound sits close to the claim.
  AuditOptions options;
  options.test_runs = 20000;
  require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)), claim_at(1, 1e-6),
                                  options);
}
