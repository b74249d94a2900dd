// The exponential mechanism: exact softmax probabilities, sampling frequencies (chi-square, fixed
// seeds, alpha = 1e-4), invariance to shifting the scores, and the eps-DP ratio bound on
// neighbouring score vectors.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <vector>

#include "privacy/exponential_mechanism.hpp"
#include "privacy/zcdp.hpp"
#include "statistics.hpp"

using namespace privsynth;

namespace {
constexpr double kAlpha = 1e-4;

// Softmax of eps * score / (2 * sensitivity) in long double, straight from the definition.
std::vector<double> softmax(const std::vector<double>& scores, double epsilon, double sensitivity) {
  long double total = 0;
  std::vector<long double> weights;
  for (double s : scores) {
    weights.push_back(std::exp(static_cast<long double>(epsilon) * s / (2 * static_cast<long double>(sensitivity))));
    total += weights.back();
  }
  std::vector<double> p;
  for (long double w : weights) p.push_back(static_cast<double>(w / total));
  return p;
}

std::vector<double> frequencies(const std::vector<double>& scores, double epsilon, double sensitivity, int draws,
                                uint64_t seed) {
  SeededTestRandom random(seed);
  std::vector<double> counts(scores.size(), 0.0);
  for (int i = 0; i < draws; ++i) counts[exponential_mechanism(scores, epsilon, sensitivity, random).value()] += 1;
  return counts;
}

const std::vector<double> kScores = {0, 1, 2, 3, 5, 5.5, -4};
}  // namespace

TEST_CASE("exponential mechanism probabilities are the softmax of eps * score / (2 sensitivity)", "[exponential]") {
  for (double epsilon : {0.1, 1.0, 3.0}) {
    for (double sensitivity : {1.0, 2.5}) {
      const std::vector<double> p = exponential_mechanism_probabilities(kScores, epsilon, sensitivity).value();
      const std::vector<double> expected = softmax(kScores, epsilon, sensitivity);
      REQUIRE(p.size() == kScores.size());
      for (size_t i = 0; i < p.size(); ++i) CHECK(p[i] == Approx(expected[i]).epsilon(1e-13));
    }
  }
  // Huge scores neither overflow nor produce NaN; a hopeless candidate gets probability 0.
  const std::vector<double> p = exponential_mechanism_probabilities({1e6, 0, 1e6 - 2}, 1.0, 1.0).value();
  CHECK(p[0] == Approx(1 / (1 + std::exp(-1.0))));
  CHECK(p[1] == 0.0);
  CHECK(p[2] == Approx(std::exp(-1.0) / (1 + std::exp(-1.0))));
}

TEST_CASE("exponential mechanism samples match the softmax", "[exponential]") {
  const int draws = 100000;
  for (double epsilon : {0.5, 2.0}) {
    INFO("epsilon " << epsilon);
    const std::vector<double> counts = frequencies(kScores, epsilon, 1.0, draws, 31 + static_cast<uint64_t>(epsilon));
    CHECK(testing::chi_square_p_value(counts, softmax(kScores, epsilon, 1.0)) > kAlpha);
    // Power: a mechanism that forgot the factor 2 (probabilities ∝ exp(eps * score)) is caught.
    CHECK(testing::chi_square_p_value(counts, softmax(kScores, 2 * epsilon, 1.0)) < 1e-10);
  }
  SeededTestRandom random(1);
  CHECK(exponential_mechanism({42.0}, 1.0, 1.0, random).value() == 0);
  // The underflowed candidate is never chosen.
  bool chose_hopeless = false;
  for (int i = 0; i < 10000; ++i) chose_hopeless |= exponential_mechanism({1e6, 0}, 1.0, 1.0, random).value() == 1;
  CHECK_FALSE(chose_hopeless);
}

TEST_CASE("shifting every score by a constant changes nothing", "[exponential]") {
  // Dyadic scores and shift: the differences score - max are exact, so even the draws coincide.
  const std::vector<double> scores = {0.5, 1.25, -3.0, 2.0, 2.0};
  std::vector<double> shifted = scores;
  for (double& s : shifted) s += 1024;
  const std::vector<double> p = exponential_mechanism_probabilities(scores, 1.0, 1.0).value();
  const std::vector<double> q = exponential_mechanism_probabilities(shifted, 1.0, 1.0).value();
  for (size_t i = 0; i < p.size(); ++i) CHECK(p[i] == q[i]);
  SeededTestRandom a(5), b(5);
  bool same = true;
  for (int i = 0; i < 5000; ++i) {
    same = same &&
           exponential_mechanism(scores, 1.0, 1.0, a).value() == exponential_mechanism(shifted, 1.0, 1.0, b).value();
  }
  CHECK(same);
  // A non-dyadic shift gives the same distribution up to rounding, and the same frequencies.
  std::vector<double> shifted_far = kScores;
  for (double& s : shifted_far) s -= 12345.678;
  const std::vector<double> r = exponential_mechanism_probabilities(shifted_far, 1.0, 1.0).value();
  const std::vector<double> expected = softmax(kScores, 1.0, 1.0);
  for (size_t i = 0; i < r.size(); ++i) CHECK(r[i] == Approx(expected[i]).epsilon(1e-9));
  CHECK(testing::chi_square_p_value(frequencies(shifted_far, 1.0, 1.0, 100000, 8), expected) > kAlpha);
}

TEST_CASE("neighbouring score vectors change each probability by at most e^eps", "[exponential]") {
  // Neighbours move every score by at most the sensitivity; the ratio bound is exact for the
  // probability function, and attained (up to the weight of the candidate itself) by moving the
  // chosen candidate down and every other one up.
  SeededTestRandom random(17);
  const double sensitivity = 2.0;
  for (double epsilon : {0.1, 1.0, 4.0}) {
    double largest = 0;
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<double> scores(6), neighbour(6);
      for (size_t i = 0; i < scores.size(); ++i) {
        scores[i] = 10 * random.uniform_unit();
        const double move =
            trial % 3 == 0 ? (random.bernoulli_ratio(1, 2) ? 1.0 : -1.0) : 2 * random.uniform_unit() - 1;  // in [-1, 1)
        neighbour[i] = scores[i] + sensitivity * move;
      }
      const std::vector<double> p = exponential_mechanism_probabilities(scores, epsilon, sensitivity).value();
      const std::vector<double> q = exponential_mechanism_probabilities(neighbour, epsilon, sensitivity).value();
      for (size_t i = 0; i < p.size(); ++i) {
        const double ratio = std::max(p[i] / q[i], q[i] / p[i]);
        largest = std::max(largest, ratio);
        CHECK(ratio <= std::exp(epsilon) * (1 + 1e-12));
      }
    }
    // The extreme neighbour: candidate 0 far below the rest moves down, the others up.
    // Its weight relative to the others is exp(-20) ~ 2e-9, so the ratio is e^eps to 1e-8.
    const double gap = 40 * sensitivity / epsilon;
    const std::vector<double> scores = {0, gap, gap, gap};
    const std::vector<double> neighbour = {-sensitivity, gap + sensitivity, gap + sensitivity, gap + sensitivity};
    const double p0 = exponential_mechanism_probabilities(scores, epsilon, sensitivity).value()[0];
    const double q0 = exponential_mechanism_probabilities(neighbour, epsilon, sensitivity).value()[0];
    INFO("epsilon " << epsilon << ", largest random ratio " << largest << ", extreme ratio " << p0 / q0);
    CHECK(p0 / q0 <= std::exp(epsilon) * (1 + 1e-12));
    CHECK(p0 / q0 >= std::exp(epsilon) * (1 - 1e-6));  // tight: e^eps is the right constant
  }
}

TEST_CASE("exponential mechanism rejects bad inputs and costs eps^2/8", "[exponential]") {
  SeededTestRandom random(3);
  CHECK(exponential_mechanism({}, 1.0, 1.0, random).status().code() == ErrorCode::InvalidArgument);
  CHECK(exponential_mechanism({1.0, NAN}, 1.0, 1.0, random).status().code() == ErrorCode::InvalidArgument);
  CHECK(exponential_mechanism({1.0, INFINITY}, 1.0, 1.0, random).status().code() == ErrorCode::InvalidArgument);
  for (double bad : {0.0, -1.0, double(NAN), double(INFINITY)}) {
    CHECK(exponential_mechanism({1.0, 2.0}, bad, 1.0, random).status().code() == ErrorCode::InvalidArgument);
    CHECK(exponential_mechanism({1.0, 2.0}, 1.0, bad, random).status().code() == ErrorCode::InvalidArgument);
    CHECK(exponential_mechanism_probabilities({1.0, 2.0}, bad, 1.0).status().code() == ErrorCode::InvalidArgument);
  }
  CHECK(exponential_mechanism_zcdp_cost(0.5) == Approx(0.03125));
}
