// Bayesian networks built from released tables: conditionals from a table with two parents, rows
// rounded so that family tables are realized within a record, and malformed models refused.
#include <catch2/catch.hpp>
#include <cmath>

#include "base/random.hpp"
#include "statistics/conditional_model.hpp"

using namespace privsynth;

TEST_CASE("a child's conditional given two parents, from a table over all three", "[model]") {
  // Columns 0 (2 levels), 1 (2 levels), 2 (3 levels); table over {0, 1, 2}, last fastest.
  const std::vector<int> levels = {2, 2, 3};
  const MarginalTable table{{0, 1, 2}, {1, 2, 1, 0, 0, 0, -5, 3, 1, 2, 2, 4}};
  const ModelNode node = node_from_table(levels, table, 2, {1, 0});  // parents in the order (1, 0)
  REQUIRE(node.conditional.size() == 4 * 3);
  // Configuration c = x1 * 2 + x0.  (x0=0, x1=0): (1, 2, 1) / 4.
  CHECK(node.conditional[0] == Approx(0.25));
  CHECK(node.conditional[1] == Approx(0.5));
  // (x0=1, x1=0) = c 1: (-5 -> 0, 3, 1) / 4.
  CHECK(node.conditional[3] == 0);
  CHECK(node.conditional[4] == Approx(0.75));
  // (x0=0, x1=1) = c 2: no mass, so the child's marginal (3, 7, 6) / 16.
  CHECK(node.conditional[6] == Approx(3.0 / 16));
  CHECK(node.conditional[7] == Approx(7.0 / 16));
  // (x0=1, x1=1) = c 3: (2, 2, 4) / 8.
  CHECK(node.conditional[11] == Approx(0.5));
}

TEST_CASE("rows rounded from a model realize each family table within a record per configuration", "[model]") {
  ConditionalModel model;
  model.levels = {2, 3, 2};
  model.nodes.push_back({0, {}, {0.6, 0.4}});
  model.nodes.push_back({1, {0}, {0.5, 0.25, 0.25, 0.1, 0.2, 0.7}});
  model.nodes.push_back({2, {0, 1}, {0.9, 0.1, 0.8, 0.2, 0.7, 0.3, 0.6, 0.4, 0.5, 0.5, 0.4, 0.6}});
  SeededTestRandom random(2);
  const EncodedTable rows = round_from_model(model, 1000, random).value();
  std::vector<double> family(12, 0.0);
  for (size_t r = 0; r < rows.rows; ++r) family[(rows.codes[0][r] * 3 + rows.codes[1][r]) * 2 + rows.codes[2][r]] += 1;
  for (size_t x0 = 0; x0 < 2; ++x0) {
    for (size_t x1 = 0; x1 < 3; ++x1) {
      for (size_t x2 = 0; x2 < 2; ++x2) {
        const double expected = 1000 * model.nodes[0].conditional[x0] * model.nodes[1].conditional[x0 * 3 + x1] *
                                model.nodes[2].conditional[(x0 * 3 + x1) * 2 + x2];
        CHECK(std::fabs(family[(x0 * 3 + x1) * 2 + x2] - expected) < 2);
      }
    }
  }
  // Independent draws of the same model agree with it within sampling error (n = 20,000).
  const EncodedTable draws = sample_from_model(model, 20'000, random).value();
  double ones = 0;
  for (uint32_t code : draws.codes[0]) ones += code;
  CHECK(std::fabs(ones / 20'000 - 0.4) < 0.015);  // sd 0.0035
}

TEST_CASE("a model whose parent comes later, or whose table has the wrong size, is refused", "[model][errors]") {
  SeededTestRandom random(1);
  ConditionalModel later{{2, 2}, {{1, {0}, {0.5, 0.5, 0.5, 0.5}}, {0, {}, {0.5, 0.5}}}};
  CHECK(round_from_model(later, 10, random).status().code() == ErrorCode::InvalidArgument);
  CHECK(sample_from_model(later, 10, random).status().code() == ErrorCode::InvalidArgument);
  ConditionalModel wrong{{2, 2}, {{0, {}, {0.5, 0.5}}, {1, {0}, {1.0, 0.0}}}};
  CHECK_THAT(round_from_model(wrong, 10, random).status().message(), Catch::Contains("wrong size"));
}
