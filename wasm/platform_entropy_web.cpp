// Entropy for the WebAssembly build: crypto.getRandomValues (browsers, Web Workers and Node >= 19),
// one call per 64 KiB chunk. Emscripten's getentropy() makes one JS call per byte (docs/architecture.md §2).
#include <emscripten.h>

#include <cstddef>
#include <cstdint>

#include "privsynth/platform_entropy.hpp"

// clang-format off
EM_JS(int, privsynth_fill_random_js, (uint8_t* buffer, size_t size), {
  try {
    globalThis.crypto.getRandomValues(HEAPU8.subarray(buffer, buffer + size));
    return 1;
  } catch (error) {
    return 0;
  }
});
// clang-format on

namespace privsynth {

bool fill_platform_entropy(uint8_t* buffer, size_t size) {
  constexpr size_t kMaxChunk = 65536;  // getRandomValues' per-call limit
  for (size_t offset = 0; offset < size; offset += kMaxChunk) {
    const size_t chunk = size - offset < kMaxChunk ? size - offset : kMaxChunk;
    if (!privsynth_fill_random_js(buffer + offset, chunk)) return false;
  }
  return true;
}

}  // namespace privsynth
