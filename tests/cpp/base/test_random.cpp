#include <catch2/catch.hpp>
#include <set>

#include "base/random.hpp"
#include "statistics.hpp"

using namespace privsynth;

TEST_CASE("uniform_below is uniform, including awkward bounds", "[random]") {
  for (uint64_t bound : {2ull, 3ull, 7ull, 10ull, 1000ull}) {
    SeededTestRandom random(bound);
    std::vector<double> observed(bound, 0.0);
    const int draws = 100000;
    for (int i = 0; i < draws; ++i) {
      const uint64_t x = random.uniform_below(bound);
      REQUIRE(x < bound);
      observed[x] += 1;
    }
    INFO("bound " << bound);
    CHECK(testing::chi_square_p_value(observed, std::vector<double>(bound, 1.0 / bound)) > 1e-4);
  }
  SeededTestRandom random(1);
  const uint64_t huge = (1ull << 63) + 12345;
  for (int i = 0; i < 1000; ++i) CHECK(random.uniform_below(huge) < huge);
}

TEST_CASE("uniform_unit is in [0, 1) and bernoulli_ratio is exact at the ends", "[random]") {
  SeededTestRandom random(3);
  double total = 0;
  for (int i = 0; i < 100000; ++i) {
    const double u = random.uniform_unit();
    REQUIRE(u >= 0);
    REQUIRE(u < 1);
    total += u;
  }
  CHECK(total / 100000 == Approx(0.5).margin(0.005));
  for (int i = 0; i < 1000; ++i) {
    CHECK_FALSE(random.bernoulli_ratio(0, 5));
    CHECK(random.bernoulli_ratio(5, 5));
  }
}

TEST_CASE("the same test seed gives the same stream; different seeds differ", "[random]") {
  SeededTestRandom a(42), b(42), c(43);
  for (int i = 0; i < 20000; ++i) {  // crosses several 64 KiB refills
    const uint64_t x = a.next_u64();
    REQUIRE(x == b.next_u64());
  }
  CHECK(a.next_u64() != c.next_u64());
  CHECK(a.is_test_seeded());
}

TEST_CASE("the system CSPRNG is not marked as a test seed and produces varied output", "[random]") {
  SystemRandom random;
  CHECK_FALSE(random.is_test_seeded());
  std::set<uint64_t> values;
  for (int i = 0; i < 10000; ++i) values.insert(random.next_u64());
  CHECK(values.size() == 10000);
  CHECK(random.health().is_ok());
}
