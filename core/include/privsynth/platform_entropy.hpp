#pragma once
// The one port a platform provides to the core: cryptographically secure random bytes.
// core/src/base/platform_entropy_native.cpp implements it with getrandom(2); the WebAssembly
// build links wasm/platform_entropy_web.cpp (the browser's or Node's crypto.getRandomValues).
#include <cstddef>
#include <cstdint>

namespace privsynth {

// Fills `buffer` with `size` bytes from the platform CSPRNG. Returns false on failure.
bool fill_platform_entropy(uint8_t* buffer, size_t size);

}  // namespace privsynth
