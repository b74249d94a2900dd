// The private samplers end to end, under their replace-one claim with n public: each sampler on a
// record replaced by another, and on a record replaced by one that does not fit the schema, whose
// broken variant (the record dropped, n taken from the kept rows: issue 16, finding 2) is caught.
#include "audit_support.hpp"
#include "release_paths.hpp"

using namespace privsynth;
using namespace privsynth::audit;

namespace {

const char* kColour =
    R"({"version":1,"name":"colour","columns":[{"name":"c","type":"categorical","categories":["a","b","c"]}]})";

SynthesisPath replaced(const std::string& sampler) {
  const Rows d = with_header({"c"}, {{"a"}, {"a"}, {"a"}, {"b"}, {"b"}, {"c"}});
  const Rows d_prime = with_header({"c"}, {{"a"}, {"a"}, {"a"}, {"b"}, {"b"}, {"b"}});
  return {kColour, d, d_prime, R"({"epsilon":1,"mechanism":"sampler","samples":1,"sampler":")" + sampler + "\"}"};
}

}  // namespace

TEST_CASE("DP audit: each sampler on a replaced record", "[dp-audit][sampler]") {
  for (const char* sampler : {"ds-roo", "roo", "subsampled-rr", "laplace-histogram"}) {
    DYNAMIC_SECTION(sampler) {
      const SynthesisPath path = replaced(sampler);
      require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)),
                                      Claim::pure(1));
    }
  }
}

TEST_CASE("DP audit: a sampler's record replaced by an invalid one", "[dp-audit][sampler]") {
  SynthesisPath sound = replaced("ds-roo");
  sound.d_prime = with_header({"c"}, {{"a"}, {"a"}, {"a"}, {"b"}, {"b"}, {""}});  // missing, and "c" is not nullable
  SynthesisPath broken = sound;
  broken.steps.unfixable_cells = [](Neighbours) { return UnfixableCells::DropRecord; };
  require_sound_and_broken_caught(synthesis_release(sound), synthesis_release(broken), Claim::pure(1));
}
