#pragma once
namespace privsynth {
// The package version (from package.json, set at configure time).
const char* version();
}  // namespace privsynth
