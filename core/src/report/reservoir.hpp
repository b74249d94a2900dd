#pragma once
// A uniform sample of at most `capacity` rows from a stream of unknown length (Vitter's Algorithm
// R): the first `capacity` rows fill the reservoir; row t (from 0) then replaces a uniform slot with
// probability capacity / (t + 1), which keeps every subset of that size equally likely.
#include <cstddef>
#include <optional>

#include "base/random.hpp"

namespace privsynth {

// The slot of the reservoir that row t takes, or none when the row is not kept.
inline std::optional<size_t> reservoir_slot(size_t t, size_t capacity, RandomSource& random) {
  if (t < capacity) return t;
  const uint64_t slot = random.uniform_below(t + 1);
  return slot < capacity ? std::optional<size_t>(static_cast<size_t>(slot)) : std::nullopt;
}

}  // namespace privsynth
