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

inline AuditResult require_within_claim(const Release& release, const Claim& claim, const AuditOptions& options = {}) {
  const AuditResult result = run_audit(release, claim, options);
  report("sound", claim, result);
  INFO(result.summary());
  CHECK_FALSE(result.violates);
  return result;
}

// The sound path within its claim; its broken variant caught; and the sound path on the event that
// caught the broken one, where it should come close to its claim without exceeding it.
inline void require_sound_and_broken_caught(const Release& sound, const Release& broken, const Claim& claim,
                                            const AuditOptions& options = {}) {
  require_within_claim(sound, claim, options);
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
