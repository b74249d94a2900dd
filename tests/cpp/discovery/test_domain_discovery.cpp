// Private domain discovery: the quantile's exact selection probabilities, bounds that land where the
// data is, the categories' threshold formula, and audits on neighbouring datasets (a value held by
// one record is released with probability at most delta; a quantile's output distribution moves by
// at most e^eps between neighbours).
#include <catch2/catch.hpp>
#include <cmath>

#include "discovery/domain_discovery.hpp"

using namespace privsynth;

TEST_CASE("the category threshold has its closed form", "[discovery]") {
  // eps = 1, delta = 1e-6: a = e^-1; tau - 1 >= ln(1 / (1e-6 (1 + e^-1))) = 13.50 -> tau = 15.
  CHECK(category_threshold(1.0, 1e-6).value() == 15);
  // eps = ln 2, delta = 0.1: a = 1/2; (1/2)^(tau-1) / 1.5 <= 0.1 -> tau - 1 >= 2.74 -> tau = 4.
  CHECK(category_threshold(std::log(2.0), 0.1).value() == 4);
  CHECK(category_threshold(0, 1e-6).status().code() == ErrorCode::InvalidArgument);
  CHECK(category_threshold(1, 0).status().code() == ErrorCode::InvalidArgument);
  CHECK(category_threshold(1, 1).status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("frequent categories are found, rare ones stay hidden, and the order says nothing", "[discovery]") {
  std::vector<std::string> values;
  for (int i = 0; i < 500; ++i) values.push_back("Private");
  for (int i = 0; i < 200; ++i) values.push_back("Federal");
  values.push_back("Alice Smith (a name typed into the wrong column)");
  SeededTestRandom random(4);
  const DiscoveredCategories found = discover_categories(values, 1.0, 1e-6, random).value();
  CHECK(found.threshold == 15);
  CHECK(found.categories == std::vector<std::string>{"Federal", "Private"});  // sorted
}

TEST_CASE("audit: a value held by one record is released with probability at most delta", "[discovery][audit]") {
  // eps = 0.5, delta = 0.05: the bound is a^(tau - 1)/(1 + a); count how often a singleton passes.
  const double epsilon = 0.5, delta = 0.05;
  const long long tau = category_threshold(epsilon, delta).value();
  const double a = std::exp(-epsilon);
  const double exact = std::pow(a, double(tau - 1)) / (1 + a);
  REQUIRE(exact <= delta);
  SeededTestRandom random(9);
  const int trials = 20'000;
  int released = 0;
  for (int t = 0; t < trials; ++t)
    released += discover_categories({"only-me"}, epsilon, delta, random).value().categories.size();
  const double rate = double(released) / trials;
  // Binomial sd sqrt(p(1-p)/n) ~ 0.0015 at p ~ 0.05: 4 sd of room above the exact probability.
  CAPTURE(rate, exact, tau);
  CHECK(rate <= exact + 4 * std::sqrt(exact * (1 - exact) / trials));
  CHECK(rate >= exact - 4 * std::sqrt(exact * (1 - exact) / trials));  // and not a broken sampler
}

TEST_CASE("the quantile lands near the data's quantile at a moderate epsilon", "[discovery]") {
  std::vector<double> ages;
  for (int i = 0; i < 10'000; ++i) ages.push_back(18 + (i % 60));  // uniform on 18..77
  SeededTestRandom random(2);
  for (int trial = 0; trial < 20; ++trial) {
    const double median = dp_quantile(ages, 0.5, 0, 150, 1.0, random).value();
    CHECK(median > 45);
    CHECK(median < 50);
  }
  const DiscoveredBounds bounds = discover_numeric_bounds(ages, 0, 150, 1.0, true, random).value();
  CHECK(bounds.min >= 17);
  CHECK(bounds.min <= 19);
  CHECK(bounds.max >= 76);
  CHECK(bounds.max <= 78);
  CHECK(bounds.min == std::floor(bounds.min));
}

TEST_CASE("audit: the quantile's interval probabilities move by at most e^eps between neighbours",
          "[discovery][audit]") {
  // Exact probabilities from the mechanism's definition, on D and on D plus one record, for every
  // unit cell of [0, 10]: P(output in cell) under D' / under D must be within [e^-eps, e^eps].
  const double epsilon = 0.8;
  const auto cell_probabilities = [&](const std::vector<double>& data) {
    // P(interval k) ∝ length_k exp(eps u_k / 2); the output is uniform inside the interval.
    std::vector<double> edges = {0};
    edges.insert(edges.end(), data.begin(), data.end());
    edges.push_back(10);
    std::vector<double> weights;
    double total = 0;
    for (size_t k = 0; k + 1 < edges.size(); ++k) {
      const double w =
          (edges[k + 1] - edges[k]) * std::exp(epsilon * -std::fabs(double(k) - 0.5 * double(data.size())) / 2);
      weights.push_back(w);
      total += w;
    }
    std::vector<double> cells(10, 0.0);
    for (size_t k = 0; k < weights.size(); ++k) {
      for (int c = 0; c < 10; ++c) {
        const double overlap = std::max(0.0, std::min(edges[k + 1], c + 1.0) - std::max(edges[k], double(c)));
        if (edges[k + 1] > edges[k]) cells[size_t(c)] += weights[k] / total * overlap / (edges[k + 1] - edges[k]);
      }
    }
    return cells;
  };
  const std::vector<double> d = {1.5, 2.5, 4.5, 6.5, 8.5}, d_plus = {1.5, 2.5, 4.5, 5.2, 6.5, 8.5};
  const std::vector<double> p = cell_probabilities(d), q = cell_probabilities(d_plus);
  for (size_t c = 0; c < p.size(); ++c) {
    CHECK(q[c] / p[c] <= std::exp(epsilon) * (1 + 1e-9));
    CHECK(p[c] / q[c] <= std::exp(epsilon) * (1 + 1e-9));
  }
  // And the sampler realizes those probabilities (20,000 draws, 5 sd per cell).
  SeededTestRandom random(6);
  std::vector<double> seen(10, 0.0);
  const int draws = 20'000;
  for (int t = 0; t < draws; ++t) {
    const double x = dp_quantile(d, 0.5, 0, 10, epsilon, random).value();
    seen[size_t(std::min(9.0, std::floor(x)))] += 1.0 / draws;
  }
  for (size_t c = 0; c < p.size(); ++c)
    CHECK(std::fabs(seen[c] - p[c]) <= 5 * std::sqrt(p[c] * (1 - p[c]) / draws) + 1e-4);
}

TEST_CASE("bad inputs to discovery are clear errors", "[discovery][errors]") {
  SeededTestRandom random(1);
  CHECK(dp_quantile({1, 2}, 0.5, 5, 5, 1, random).status().code() == ErrorCode::InvalidArgument);
  CHECK(dp_quantile({1, std::nan("")}, 0.5, 0, 5, 1, random).status().code() == ErrorCode::InvalidData);
  CHECK(dp_quantile({1, 2}, 1.5, 0, 5, 1, random).status().code() == ErrorCode::InvalidArgument);
  CHECK(dp_quantile({1, 2}, 0.5, 0, 5, -1, random).status().code() == ErrorCode::InvalidArgument);
  // An empty column still gives bounds inside the public range (nothing to learn, nothing leaked).
  const DiscoveredBounds empty = discover_numeric_bounds({}, 0, 10, 1, false, random).value();
  CHECK(empty.min >= 0);
  CHECK(empty.max <= 10);
  CHECK(empty.max > empty.min);
  std::vector<std::string> identifiers;
  for (int i = 0; i < 3000; ++i) {
    for (int r = 0; r < 40; ++r) identifiers.push_back("id" + std::to_string(i));
  }
  CHECK(discover_categories(identifiers, 1, 1e-6, random, 1000).status().code() == ErrorCode::DomainTooLarge);
}
