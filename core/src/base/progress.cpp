#include "privsynth/progress.hpp"

namespace privsynth {

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Encode: return "encode";
    case Phase::Measure: return "measure";
    case Phase::Solve: return "lp";
    case Phase::Fit: return "fit";
    case Phase::Sample: return "sample";
    case Phase::Evaluate: return "evaluate";
  }
  return "unknown";
}

}  // namespace privsynth
