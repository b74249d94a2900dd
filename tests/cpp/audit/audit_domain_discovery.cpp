// Private domain discovery end to end (discover_schema on CSV cells): the categories, (eps,
// delta)-DP, and the numeric bounds, pure eps-DP, each with its noise-halved variant.
#include "audit_support.hpp"
#include "release_paths.hpp"

#include <nlohmann/json.hpp>

using namespace privsynth;
using namespace privsynth::audit;

namespace {

DiscoveryPath at_times_epsilon(DiscoveryPath path, double factor) {
  nlohmann::json request = nlohmann::json::parse(path.request_json);
  request["epsilon"] = factor * request["epsilon"].get<double>();
  path.request_json = request.dump();
  return path;
}

}  // namespace

TEST_CASE("DP audit: private discovery of categories", "[dp-audit][discovery]") {
  // eps = 1, delta = 0.05: the threshold is 4 (3 at eps = 2). "y" has 2 records in D, 3 in D': it
  // passes with probability a^2 / (1 + a) against a / (1 + a), a ratio of e^eps.
  const Rows d = with_header({"c"}, plus(repeated("x", 30), repeated("y", 2)));
  const DiscoveryPath path{d, plus(d, repeated("y", 1)),
                           R"({"epsilon":1,"delta":0.05,"columns":[{"name":"c","type":"categorical"}]})"};
  require_sound_and_broken_caught(discovery_release(path), discovery_release(at_times_epsilon(path, 2)),
                                  Claim::approximate(1, 0.05));
}

TEST_CASE("DP audit: private discovery of numeric bounds", "[dp-audit][discovery]") {
  // 200 values at 5: the high bound is uniform above 5. D' adds 95, which lowers the utility of
  // every point above 95 by 1: their weight falls by e^(eps_q / 2), eps_q = eps / 2 per bound, so
  // this pair shows at most about eps / 4. Noise merely halved stays within the claim (the audit
  // rightly passes it); noise divided by 8 is a real violation (about 2 here), and is caught.
  const Rows d = with_header({"x"}, repeated("5", 200));
  const DiscoveryPath path{d, plus(d, {{"95"}}),
                           R"({"epsilon":1,"columns":[{"name":"x","type":"numeric","range":[0,100]}]})"};
  const AuditResult halved = run_audit(discovery_release(at_times_epsilon(path, 2)), Claim::pure(1));
  report("noise halved, against the claim of 1", Claim::pure(1), halved);
  CHECK_FALSE(halved.violates);
  require_sound_and_broken_caught(discovery_release(path), discovery_release(at_times_epsilon(path, 8)),
                                  Claim::pure(1));
}
