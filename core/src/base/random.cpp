#include "base/random.hpp"

#include <cstring>

namespace privsynth {

__extension__ typedef unsigned __int128 Uint128;

uint64_t RandomSource::next_u64() {
  if (position_ + sizeof(uint64_t) > kBufferBytes) {
    if (!health_.is_ok() || !refill(buffer_.data(), kBufferBytes)) fill_after_failure();
    position_ = 0;
  }
  uint64_t value;
  std::memcpy(&value, buffer_.data() + position_, sizeof value);
  position_ += sizeof value;
  return value;
}

uint64_t RandomSource::uniform_below(uint64_t bound) {
  // D. Lemire, "Fast random integer generation in an interval", ACM TOMACS 2019.
  Uint128 product = static_cast<Uint128>(next_u64()) * bound;
  uint64_t low = static_cast<uint64_t>(product);
  if (low < bound) {
    const uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      product = static_cast<Uint128>(next_u64()) * bound;
      low = static_cast<uint64_t>(product);
    }
  }
  return static_cast<uint64_t>(product >> 64);
}

double RandomSource::uniform_unit() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

bool RandomSource::bernoulli_ratio(uint64_t numerator, uint64_t denominator) {
  return uniform_below(denominator) < numerator;
}

bool SystemRandom::refill(uint8_t* buffer, size_t size) { return fill_platform_entropy(buffer, size); }

namespace {
uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

void RandomSource::fill_after_failure() {
  if (health_.is_ok())
    health_ = Status::error(ErrorCode::Internal, "the platform's secure random number generator failed");
  // Never the stale bytes again: a fixed, public sequence that only keeps rejection loops
  // terminating until the caller reads health() and discards everything (every release path does).
  for (size_t i = 0; i + sizeof(uint64_t) <= kBufferBytes; i += sizeof(uint64_t)) {
    const uint64_t word = splitmix64(failure_counter_);
    std::memcpy(buffer_.data() + i, &word, sizeof word);
  }
}

SeededTestRandom::SeededTestRandom(uint64_t seed) {
  for (uint64_t& word : state_) word = splitmix64(seed);
}

uint64_t SeededTestRandom::next_state() {
  // xoshiro256** (Blackman & Vigna 2018).
  const uint64_t result = rotl(state_[1] * 5, 7) * 9;
  const uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotl(state_[3], 45);
  return result;
}

bool SeededTestRandom::refill(uint8_t* buffer, size_t size) {
  for (size_t i = 0; i + sizeof(uint64_t) <= size; i += sizeof(uint64_t)) {
    const uint64_t word = next_state();
    std::memcpy(buffer + i, &word, sizeof word);
  }
  return true;
}

}  // namespace privsynth
