// The marginal mechanism end to end, audited against its rho-zCDP claim (which implies the
// receipt's (epsilon, delta)): the MST-style tree fit with its private selection, Zhou et al.'s LP
// fit, and the target-augmented tree of mlTarget. Noise halved means the run at twice epsilon,
// whose rho is about 3.5 times the claimed one.
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

TEST_CASE("DP audit: marginal-lp with the MST selection and the tree fit", "[dp-audit][marginal-lp]") {
  // Three columns, so that the exponential mechanism selects among pairs. The rows of the tree fit
  // show about half of rho (the record count a sixth, one pair table a third), so the noise-halved
  // variant (rho x 3.5) is caught on the LP path below, where the rows show every noisy cell.
  const Rows d = three_binary_columns();
  const SynthesisPath path{kThreeBinaryColumnsSchema, d, plus(d, {{"a", "x", "u"}}),
                           R"({"epsilon":1,"mechanism":"marginal-lp","delta":1e-6})"};
  require_within_claim(synthesis_release(path), claim_at(1, 1e-6));
  SynthesisPath invalid = path;  // an added record with a category the schema does not list
  invalid.d_prime = plus(d, {{"a", "z", "u"}});
  require_within_claim(synthesis_release(invalid), claim_at(1, 1e-6));
}

TEST_CASE("DP audit: marginal-lp with every 1-way marginal and the LP fit", "[dp-audit][marginal-lp]") {
  const Rows d = with_header({"c"}, plus(repeated("a", 10), repeated("b", 10)));
  const SynthesisPath path{
      kOneColumn, d, plus(d, repeated("a", 1)),
      R"({"epsilon":1,"mechanism":"marginal-lp","delta":1e-6,"workload":"all","degree":1,"fit":"lp"})"};
  require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)),
                                  claim_at(1, 1e-6));
}

TEST_CASE("DP audit: marginal-lp with mlTarget and the target-augmented tree", "[dp-audit][marginal-lp][holdout]") {
  const Rows d = three_binary_columns();
  const SynthesisPath path{kThreeBinaryColumnsSchema, d, plus(d, {{"b", "x", "u"}}),
                           R"({"epsilon":1,"mechanism":"marginal-lp","delta":1e-6,"mlTarget":"c"})"};
  require_within_claim(synthesis_release(path), claim_at(1, 1e-6));
}
