#pragma once
// Warms the solvers up on a small made-up LP (no user data), for WebAssembly engines: V8 first
// runs code from its baseline compiler and moves a function to optimized code only on a later call,
// so the first real solve would otherwise spend its start in slow code (measured: 0.3-0.45 s of a
// 0.2-0.7 s solve). The library calls this while the page is idle, when it preloads the engine.
#include "privsynth/status.hpp"

namespace privsynth {

Status warm_up_solvers();

}  // namespace privsynth
