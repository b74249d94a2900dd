#pragma once
// What every audit case checks: a sound release path stays within its claim, and its
// deliberately broken variant is caught (the audit has power).
#include <catch2/catch.hpp>
#include <iostream>

#include "dp_audit.hpp"

namespace privsynth::audit {

// One line per audit on standard output (the figures of docs/privacy/README.md's table).
inline void report(const char* verdict, const Claim& claim, const AuditResult& result) {
  std::cout << "[dp-audit] " << Catch::getResultCapture().getCurrentTestName() << " | " << verdict << " | claim "
            << (claim.is_zcdp() ? "rho " : "eps ") << (claim.is_zcdp() ? claim.rho : claim.epsilon) << " | "
            << result.summary() << "\n";
}

// The audit checks the receipt's own statement: the claim the sound path's receipt makes must be the
// one the case expects (so a receipt that understated its epsilon would fail here, or in the audit).
// `stated` reads the claim from a run's features (the receipt's headline by default).
using ClaimReader = Claim (*)(const Features&);
inline void require_stated(const Release& release, const Claim& claim, ClaimReader stated_by = claim_stated) {
  const Claim stated = stated_by(release(0, 1));
  INFO("the receipt states eps " << stated.epsilon << ", delta " << stated.delta << ", rho " << stated.rho);
  CHECK(stated.epsilon == Approx(claim.epsilon).margin(1e-9));
  CHECK(stated.delta == Approx(claim.delta).margin(1e-15));
  CHECK(stated.rho == Approx(claim.rho).margin(1e-12));
}

inline AuditResult require_within_claim(const Release& release, const Claim& claim, const AuditOptions& options = {},
                                        ClaimReader stated_by = claim_stated) {
  require_stated(release, claim, stated_by);
  const AuditResult result = run_audit(release, claim, options);
  report("sound", claim, result);
  INFO(result.summary());
  CHECK_FALSE(result.violates);
  return result;
}

// The sound path within its claim; its broken variant caught; and the sound path on the event that
// caught the broken one, where it should come close to its claim without exceeding it.
inline void require_sound_and_broken_caught(const Release& sound, const Release& broken, const Claim& claim,
                                            const AuditOptions& options = {}, ClaimReader stated_by = claim_stated) {
  require_within_claim(sound, claim, options, stated_by);
  const AuditResult caught = run_audit(broken, claim, options);
  report("broken", claim, caught);
  {
    INFO(caught.summary());
    CHECK(caught.violates);
  }
  const AuditResult close = test_event(sound, claim, caught.chosen, options);
  report("sound, on the broken variant's event", claim, close);
  INFO(close.summary());
  CHECK_FALSE(close.violates);
}

}  // namespace privsynth::audit
