// Person-level releases end to end (docs/privacy/privacy-unit.md): with a privacy unit, tables that
// differ by one whole person are neighbours. D has 20 persons of one or two rows; D' adds a person
// with k + 5 = 7 rows. Each mechanism that takes a privacy unit must stay within its person-level
// claim (the bounding keeps 2 of the 7 rows, and the group cost covers them), and the variant that
// skips the bounding (all 7 rows reach the mechanism, priced as 2) must be caught.
#include "audit_support.hpp"
#include "persons/rows_per_person_choice.hpp"
#include "privacy/zcdp.hpp"

#include <algorithm>
#include "release_paths.hpp"

using namespace privsynth;
using namespace privsynth::audit;

namespace {

const char* kPersons = R"({"version":1,"name":"persons","privacyUnit":"id","columns":[
    {"name":"id","type":"id"},{"name":"c","type":"categorical","categories":["a","b"]}]})";

Rows persons_table() {
  Rows rows;
  for (int p = 0; p < 20; ++p) {
    const std::string id = "p" + std::to_string(p);
    rows.push_back({id, p % 2 ? "a" : "b"});
    if (p % 3 == 0) rows.push_back({id, "b"});
  }
  return with_header({"id", "c"}, rows);
}

// The person D' adds: seven rows of "a".
Rows added_person() {
  Rows rows;
  for (int i = 0; i < 7; ++i) rows.push_back({"q", "a"});
  return rows;
}

// The broken variant: every row of every person kept, though the receipt prices k rows.
Result<BoundingReport> no_bounding(EncodedData& data, int, const std::vector<bool>&, RandomSource&) {
  BoundingReport report;
  report.persons = data.persons;
  report.rows_before = report.rows_kept = data.table.rows;
  report.persons_with_varying_value.assign(data.table.columns(), 0);
  return report;
}

// The broken choice of k: the exact 90th percentile of rows per person, without noise, though the
// ledger charges an exponential mechanism.
Result<int> exact_quantile(const std::vector<uint32_t>& person, size_t persons, double quantile, double epsilon,
                           Accountant& ledger, RandomSource&) {
  std::vector<size_t> rows(persons, 0);
  for (uint32_t p : person) ++rows[p];
  PRIVSYNTH_RETURN_IF_ERROR(ledger.charge(Charge{"k", "exponential mechanism", ExponentialCost{1, epsilon}}));
  const std::vector<double> scores = rows_per_person_scores(rows, quantile);
  return int(std::max_element(scores.begin(), scores.end()) - scores.begin()) + 1;
}

void audit_person_level(const std::string& options, const Claim& claim) {
  const Rows d = persons_table();
  const SynthesisPath sound{kPersons, d, plus(d, added_person()), options};
  SynthesisPath broken = sound;
  broken.steps.bound_rows = no_bounding;
  require_sound_and_broken_caught(person_release(sound, "id"), person_release(broken, "id"), claim);
}

}  // namespace

TEST_CASE("DP audit: a privacy unit with space partitioning (pure epsilon, group of 2 rows)",
          "[dp-audit][privacy-unit][space-partition]") {
  audit_person_level(R"({"epsilon":1,"rowsPerPerson":2,"mechanism":"space-partition","partition":"grid"})",
                     Claim::pure(1));
}

TEST_CASE("DP audit: a privacy unit with the reduced-space LP", "[dp-audit][privacy-unit][reduced-space-lp]") {
  audit_person_level(
      R"({"epsilon":1,"rowsPerPerson":2,"mechanism":"reduced-space-lp","degree":1,"referenceMeasure":"uniform","countBudgetFraction":0.9,"reducedSpaceSize":8})",
      Claim::pure(1));
}

TEST_CASE("DP audit: a privacy unit with adaptive marginals (zCDP, group of 2 rows)",
          "[dp-audit][privacy-unit][adaptive-marginals]") {
  audit_person_level(
      R"({"epsilon":1,"rowsPerPerson":2,"mechanism":"adaptive-marginals","delta":1e-6,"roundIterations":10,"finalIterations":20})",
      Claim::zcdp(cdp_rho(1, 1e-6).value()));
}

TEST_CASE("DP audit: a privacy unit with marginal-lp", "[dp-audit][privacy-unit][marginal-lp]") {
  audit_person_level(R"({"epsilon":1,"rowsPerPerson":2,"mechanism":"marginal-lp","delta":1e-6})",
                     Claim::zcdp(cdp_rho(1, 1e-6).value()));
}

TEST_CASE("DP audit: a privacy unit whose k is chosen privately", "[dp-audit][privacy-unit][space-partition]") {
  // D: 17 persons of one row and 3 of two. The 90th percentile's score is -1 at k = 1 and -2 at
  // k = 2 in D; D' adds a person of 7 rows, and they become -1.9 and -1.1. The exact quantile's k
  // (1 in D, 2 in D') shows in the receipt; the exponential mechanism's hardly moves.
  Rows rows;
  for (int p = 0; p < 20; ++p) {
    rows.push_back({"p" + std::to_string(p), p % 2 ? "a" : "b"});
    if (p >= 17) rows.push_back({"p" + std::to_string(p), "a"});
  }
  const Rows d = with_header({"id", "c"}, rows);
  const SynthesisPath sound{
      kPersons, d, plus(d, added_person()),
      R"({"epsilon":1,"mechanism":"space-partition","partition":"grid","rowsPerPersonQuantile":0.9})"};
  SynthesisPath broken = sound;
  broken.steps.choose_rows = exact_quantile;
  require_sound_and_broken_caught(person_release(sound, "id"), person_release(broken, "id"), Claim::pure(1));
}
