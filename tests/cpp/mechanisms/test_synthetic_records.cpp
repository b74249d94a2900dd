// The number of records a release draws for its noisy count: rounded, at least 1, and at most the
// limit of an in-memory or a streamed release, which must hold in a size_t of either build (the
// streamed limit, 10^12, wrapped to 3,567,587,328 in wasm32's 32-bit size_t).
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>

#include "mechanisms/synthetic_records.hpp"

using namespace privsynth;

TEST_CASE("a noisy count becomes a number of records within the release's limit", "[synthetic_records]") {
  CHECK(synthetic_record_count(1234.4, false) == 1234);
  CHECK(synthetic_record_count(1234.5, false) == 1235);
  CHECK(synthetic_record_count(-7.0, false) == 1);
  CHECK(synthetic_record_count(0.2, true) == 1);
  CHECK(synthetic_record_count(3e7, false) == kMaxSyntheticRows);
  CHECK(synthetic_record_count(3e7, true) == 30'000'000);
}

TEST_CASE("the streamed limit is 10^12, or the most a 32-bit size_t counts", "[synthetic_records]") {
  const unsigned long long size_max = std::numeric_limits<size_t>::max();
  const unsigned long long expected = size_max < 1'000'000'000'000ULL ? size_max : 1'000'000'000'000ULL;
  CHECK(kMaxStreamedRows == expected);
  CHECK(synthetic_record_count(1e15, true) == kMaxStreamedRows);
  // Above the old wrapped value and within a 32-bit size_t: drawn as asked in both builds.
  CHECK(synthetic_record_count(4e9, true) == size_t{4'000'000'000U});
}
