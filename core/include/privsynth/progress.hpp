#pragma once
// Progress events and cooperative cancellation. A sink returns false to ask the work to stop; the
// work then ends with ErrorCode::Cancelled and leaves no partial result.
#include <functional>
#include <string>

namespace privsynth {

enum class Phase { Encode, Measure, Solve, Fit, Sample, Evaluate };

const char* phase_name(Phase phase);  // "encode", "measure", "lp", "fit", "sample", "evaluate"

struct Progress {
  Phase phase = Phase::Encode;
  double fraction = -1;  // in [0, 1], or -1 when the amount of remaining work is unknown
  std::string detail;    // short human-readable note ("12,000 simplex iterations, t = 0.031")
};

using ProgressSink = std::function<bool(const Progress&)>;

// Calls the sink if there is one; true means "keep going".
inline bool keep_going(const ProgressSink& sink, Phase phase, double fraction, const std::string& detail = {}) {
  return !sink || sink(Progress{phase, fraction, detail});
}

}  // namespace privsynth
