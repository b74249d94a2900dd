// The Chow-Liu tree reference: its one ledger entry, the structure it recovers, and draws that
// reproduce the pair tables it was fitted to.
#include <catch2/catch.hpp>
#include <cmath>

#include "statistics/tree_reference.hpp"
#include "statistics/workload.hpp"

using namespace privsynth;

namespace {

// A chain X0 -> X1 -> X2 (each copies its parent with probability 0.9) and an independent X3.
EncodedTable chain(size_t rows, RandomSource& random) {
  EncodedTable table = make_empty_table({3, 3, 3, 2}, rows);
  for (size_t r = 0; r < rows; ++r) {
    table.codes[0][r] = uint32_t(random.uniform_below(3));
    for (size_t c = 1; c < 3; ++c) {
      table.codes[c][r] = random.bernoulli_ratio(9, 10) ? table.codes[c - 1][r] : uint32_t(random.uniform_below(3));
    }
    table.codes[3][r] = uint32_t(random.uniform_below(2));
  }
  return table;
}

double pair_tv(const EncodedTable& a, const EncodedTable& b, int first, int second) {
  const MarginalWorkload workload = MarginalWorkload::from_column_sets(a.levels, {{first, second}}).value();
  const std::vector<int64_t> x = workload.count(a), y = workload.count(b);
  double tv = 0;
  for (size_t i = 0; i < x.size(); ++i) tv += std::fabs(double(x[i]) / a.rows - double(y[i]) / b.rows);
  return tv / 2;
}

}  // namespace

TEST_CASE("the tree recovers a chain and its draws match the pair tables", "[tree]") {
  SeededTestRandom random(3);
  const EncodedTable data = chain(50'000, random);
  Accountant accountant = Accountant::pure(1).value();
  const TreeReference tree = release_tree_reference(MarginalSource::from_rows(data), 1.0, accountant, random).value();
  REQUIRE(tree.edges.size() == 3);
  CHECK(tree.edges[0].parent == 0);
  CHECK(tree.edges[0].child == 1);
  CHECK(tree.edges[1].parent == 1);
  CHECK(tree.edges[1].child == 2);
  CHECK(tree.edges[0].mutual_information > 0.5);
  CHECK(tree.edges[2].mutual_information < 0.01);  // X3 hangs on by noise only

  // Six pairs, one cell each changes: sensitivity 6, scale 6/eps.
  REQUIRE(accountant.ledger().size() == 1);
  CHECK(accountant.ledger()[0].laplace()->l1_sensitivity == 6);
  CHECK(accountant.ledger()[0].laplace()->noise_scale == Approx(6.0));
  CHECK(tree.measured_cells == 9 + 9 + 6 + 9 + 6 + 6);

  const EncodedTable draws = sample_from_tree(tree, 50'000, random);
  // Sampling error alone is ~0.01 on these tables; tree edges are reproduced, and the pair the
  // tree does not contain (0, 2) is implied through X1: 0.9^2 + ... as in the data.
  CHECK(pair_tv(data, draws, 0, 1) < 0.02);
  CHECK(pair_tv(data, draws, 1, 2) < 0.02);
  CHECK(pair_tv(data, draws, 0, 2) < 0.02);
  CHECK(pair_tv(data, draws, 2, 3) < 0.02);
}

TEST_CASE("a single column uses its noisy 1-way marginal", "[tree]") {
  EncodedTable data = make_empty_table({4}, 1000);
  for (size_t r = 0; r < 1000; ++r) data.codes[0][r] = r < 750 ? 2 : 0;
  Accountant accountant = Accountant::pure(1).value();
  SeededTestRandom random(4);
  const TreeReference tree =
      release_tree_reference(MarginalSource::from_rows(data), 1.0, accountant, random, true).value();
  CHECK(tree.edges.empty());
  CHECK(tree.root_marginal[2] == Approx(0.75));
  CHECK(tree.root_marginal[1] == 0);
  CHECK(accountant.ledger()[0].laplace()->l1_sensitivity == 1);
}

TEST_CASE("pair tables over the cell limit are refused", "[tree][errors]") {
  const EncodedTable data = make_empty_table({5000, 5000, 3}, 10);
  Accountant accountant = Accountant::pure(1).value();
  SeededTestRandom random(5);
  const Result<TreeReference> tree = release_tree_reference(MarginalSource::from_rows(data), 1.0, accountant, random);
  REQUIRE(!tree.is_ok());
  CHECK(tree.status().code() == ErrorCode::DomainTooLarge);
  CHECK(accountant.ledger().empty());
}
