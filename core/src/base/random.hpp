#pragma once
// The one randomness source (docs/architecture.md §2). Production noise comes only from the platform CSPRNG:
// getrandom() natively, crypto.getRandomValues in browsers and Node (wasm). A seeded generator
// exists for tests only, and every output made with it is marked "not private".
#include <array>
#include <cstddef>
#include <cstdint>

#include "privsynth/platform_entropy.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

class RandomSource {
 public:
  virtual ~RandomSource() = default;
  RandomSource() = default;
  RandomSource(const RandomSource&) = delete;
  RandomSource& operator=(const RandomSource&) = delete;

  uint64_t next_u64();
  // Uniform integer in [0, bound), exactly (Lemire's multiply-and-reject); bound > 0.
  uint64_t uniform_below(uint64_t bound);
  // Uniform multiple of 2^-53 in [0, 1).
  double uniform_unit();
  // True with probability numerator / denominator exactly; 0 <= numerator <= denominator, denominator > 0.
  bool bernoulli_ratio(uint64_t numerator, uint64_t denominator);

  // True for the seeded test generator: outputs must then be labelled "not private".
  virtual bool is_test_seeded() const = 0;
  // Not ok if the platform could not supply entropy; callers must then discard their output. It
  // stays failed: once a refill fails, no further refill is tried and the stream is a fixed public
  // sequence (never the stale buffer again), so a release path that checks health() before it
  // returns anything fails closed.
  const Status& health() const { return health_; }

 protected:
  // Fills `size` bytes; returns false if no randomness could be obtained.
  virtual bool refill(uint8_t* buffer, size_t size) = 0;

 private:
  static constexpr size_t kBufferBytes = 65536;  // crypto.getRandomValues' maximum per call
  void fill_after_failure();
  std::array<uint8_t, kBufferBytes> buffer_{};
  size_t position_ = kBufferBytes;
  Status health_;
  uint64_t failure_counter_ = 0;
};

// Platform CSPRNG, read in 64 KiB chunks.
class SystemRandom final : public RandomSource {
 public:
  bool is_test_seeded() const override { return false; }

 protected:
  bool refill(uint8_t* buffer, size_t size) override;
};

// Deterministic xoshiro256** stream for reproducible tests. NOT PRIVATE.
class SeededTestRandom final : public RandomSource {
 public:
  explicit SeededTestRandom(uint64_t seed);
  bool is_test_seeded() const override { return true; }

 protected:
  bool refill(uint8_t* buffer, size_t size) override;

 private:
  uint64_t next_state();
  uint64_t state_[4];
};

}  // namespace privsynth
