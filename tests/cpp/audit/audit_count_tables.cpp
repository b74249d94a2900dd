// Releases from count tables instead of rows (docs/scale.md): synthesize_from_counts on the exact
// count tables of D and D' (one record added), audited against the receipt's claim, with the
// noise-halved variant caught (the count-table path adds to the same numbers the same noise as the
// rows' path, audited in audit_adaptive_marginals.cpp); and, from the Node tier, the DuckDB path from file bytes and
// the CLI's engine choice (tests/js/dp-audit-files.test.ts writes each table's input as DuckDB counted it or as the row
// engine read it, and runs the hidden case below on them).
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "audit_support.hpp"
#include "privacy/zcdp.hpp"
#include "release_paths.hpp"

using namespace privsynth;
using namespace privsynth::audit;

TEST_CASE("DP audit: adaptive marginals from count tables and the noise-halved variant",
          "[dp-audit][counts][adaptive-marginals]") {
  // One column (its 1-way table the run reads), as the rows' case in audit_adaptive_marginals.cpp:
  // D' adds one "a", one more record in one cell.
  const char* one_column =
      R"({"version":1,"name":"one","columns":[{"name":"c","type":"categorical","categories":["a","b"]}]})";
  const Rows d = with_header({"c"}, plus(repeated("a", 10), repeated("b", 10)));
  const CountsPath path{
      one_column, d, plus(d, repeated("a", 1)),
      R"({"epsilon":1,"mechanism":"adaptive-marginals","delta":1e-6,"roundIterations":10,"finalIterations":20})"};
  require_sound_and_broken_caught(counts_release(path), counts_release(at_twice_epsilon(path)),
                                  Claim::zcdp(cdp_rho(1, 1e-6).value()));
}

namespace {

std::string file_text(const char* variable) {
  const char* path = std::getenv(variable);
  REQUIRE(path != nullptr);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

FileInputsPath file_inputs(const nlohmann::json& spec, const char* which) {
  return FileInputsPath{spec["schema"].get<std::string>(),
                        spec["options"].get<std::string>(),
                        {spec[which][0].dump(), spec[which][1].dump()}};
}

}  // namespace

// Hidden ("[.]"): run by tests/js/dp-audit-files.test.ts with PRIVSYNTH_AUDIT_FILES naming a JSON
// spec {"schema", "options", "sound": [input of D, input of D'], "broken": [...]}.
TEST_CASE("DP audit: files as an engine read them (from the Node tier)", "[.][dp-audit][files]") {
  const nlohmann::json spec = nlohmann::json::parse(file_text("PRIVSYNTH_AUDIT_FILES"));
  const Release sound = file_inputs_release(file_inputs(spec, "sound"));
  const Release broken = file_inputs_release(file_inputs(spec, "broken"));
  require_sound_and_broken_caught(sound, broken, claim_stated(sound(0, 1)));
}
