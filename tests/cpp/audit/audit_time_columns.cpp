// Date and time columns end to end (docs/schema.md): a cell read as steps of its granularity is a
// map of the record alone, so a mechanism on a date column keeps its claim. The KD-tree on a
// datetime column read in a pattern with time zone offsets, its noise halved caught; an added
// record before the first date (clamped) or not a date (left out) within the claim.
#include "audit_support.hpp"
#include "release_paths.hpp"

using namespace privsynth;
using namespace privsynth::audit;

namespace {

const char* kSeen = R"({"version":1,"name":"seen","columns":[{"name":"seen","type":"datetime",
  "min":"2020-01-01T00:00Z","max":"2020-01-01T08:00Z","granularity":"minute","timezone":"utc"}]})";

}  // namespace

TEST_CASE("DP audit: a datetime column through the KD-tree", "[dp-audit][time]") {
  Rows values;
  // 30 instants from 01:00 to 03:54 UTC, a third of them written with a +02:00 offset.
  for (int i = 0; i < 30; ++i) {
    const int minutes = 60 + 6 * i;
    const int hour = minutes / 60 + (i % 3 == 0 ? 2 : 0);
    std::string text = "2020-01-01T0" + std::to_string(hour) + ":" + (minutes % 60 < 10 ? "0" : "") +
                       std::to_string(minutes % 60) + (i % 3 == 0 ? "+02:00" : "Z");
    values.push_back({text});
  }
  const Rows d = with_header({"seen"}, values);
  const SynthesisPath path{
      kSeen, d, plus(d, {{"2020-01-01T01:30Z"}}),
      R"({"epsilon":1,"mechanism":"space-partition","partition":"kd-tree","maxEdge":0.5,"minEdge":0.25,"splitBudgetFraction":0.1})"};
  require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)), Claim::pure(1));
  SynthesisPath clamped = path;
  clamped.d_prime = plus(d, {{"2019-12-31T23:00Z"}});
  require_within_claim(synthesis_release(clamped), Claim::pure(1));
  SynthesisPath unreadable = path;
  unreadable.d_prime = plus(d, {{"2020-02-30T01:00Z"}});
  require_within_claim(synthesis_release(unreadable), Claim::pure(1));
}
