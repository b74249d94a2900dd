// The graphical model's inference against brute force: junction trees of known structure, clique
// and cross-clique marginals of random models equal the sums of the full joint distribution, and
// the memory cap refuses before anything is allocated.
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

#include "base/random.hpp"
#include "graphical_model/graphical_model.hpp"
#include "graphical_model/junction_tree.hpp"

using namespace privsynth;

namespace {

// Every cell of the full domain, row-major.
std::vector<std::vector<int>> all_cells(const std::vector<int>& levels) {
  std::vector<std::vector<int>> cells{{}};
  for (int size : levels) {
    std::vector<std::vector<int>> next;
    for (const std::vector<int>& prefix : cells) {
      for (int v = 0; v < size; ++v) {
        next.push_back(prefix);
        next.back().push_back(v);
      }
    }
    cells = next;
  }
  return cells;
}

size_t index_in(const Factor& factor, const std::vector<int>& cell) {
  size_t index = 0;
  for (size_t i = 0; i < factor.attributes.size(); ++i) {
    index = index * size_t(factor.sizes[i]) + size_t(cell[size_t(factor.attributes[i])]);
  }
  return index;
}

// The marginal on `attributes` of P(x) ∝ exp(sum_r theta_r(x_r)), summed over the full domain.
std::vector<double> brute_force_marginal(const GraphicalModel& model, const AttributeSet& attributes, double total) {
  Factor layout = make_factor(attributes, model.levels());
  std::vector<double> out(layout.cells(), 0.0);
  double z = 0;
  for (const std::vector<int>& cell : all_cells(model.levels())) {
    double log_p = 0;
    for (size_t r = 0; r < model.sets().size(); ++r) {
      log_p += model.potentials()[r].values[index_in(model.potentials()[r], cell)];
    }
    const double p = std::exp(log_p);
    out[index_in(layout, cell)] += p;
    z += p;
  }
  for (double& v : out) v *= total / z;
  return out;
}

void randomize(GraphicalModel& model, RandomSource& random) {
  for (Factor& theta : model.potentials()) {
    for (double& v : theta.values) v = 3 * (random.uniform_unit() - 0.5);
  }
}

}  // namespace

TEST_CASE("junction tree of a chain, a cycle and unconnected parts", "[graphical-model]") {
  // A chain a-b-c-d: its pairs are already maximal cliques.
  const std::vector<int> levels{2, 3, 4, 5};
  const JunctionTree chain = build_junction_tree(levels, {{0, 1}, {1, 2}, {2, 3}}, 1e9).value();
  CHECK(chain.cliques.size() == 3);
  CHECK(chain.cells == 6 + 12 + 20);
  for (int c : chain.upward_order) CHECK(chain.separator[size_t(c)].size() == 1);
  // A 4-cycle needs one chord: two triangles sharing two attributes.
  const JunctionTree cycle = build_junction_tree({2, 2, 2, 2}, {{0, 1}, {1, 2}, {2, 3}, {0, 3}}, 1e9).value();
  REQUIRE(cycle.cliques.size() == 2);
  CHECK(cycle.cliques[0].size() == 3);
  CHECK(cycle.separator[size_t(cycle.upward_order[0])].size() == 2);
  CHECK(junction_tree_cells({2, 2, 2, 2}, {{0, 1}, {1, 2}, {2, 3}, {0, 3}}) == 16);
  // Two unconnected pairs: one tree, joined by an empty separator.
  const JunctionTree apart = build_junction_tree(levels, {{0, 1}, {2, 3}}, 1e9).value();
  REQUIRE(apart.cliques.size() == 2);
  CHECK(apart.separator[size_t(apart.upward_order[0])].empty());
  // The greedy order eliminates the cheap attribute first: the chord of a cycle with one large
  // attribute avoids it (the large attribute's neighbours get the fill edge).
  const std::vector<int> skewed{50, 2, 2, 2};
  const double cells = junction_tree_cells(skewed, {{0, 1}, {1, 2}, {2, 3}, {0, 3}});
  CHECK(cells == 50 * 2 * 2 + 2 * 2 * 2);
}

TEST_CASE("the memory cap refuses a model before building it", "[graphical-model]") {
  const std::vector<int> levels{100, 100, 100};
  const Result<GraphicalModel> too_big = GraphicalModel::create(levels, {{0, 1}, {1, 2}, {0, 2}}, 500000);
  REQUIRE_FALSE(too_big.is_ok());
  CHECK(too_big.status().code() == ErrorCode::DomainTooLarge);
  CHECK(too_big.status().message() ==
        "the graphical model of these marginals would hold 1,000,000 cells, more than the limit of 500,000: measure "
        "fewer or smaller marginals, or raise the model size limit");
  CHECK(GraphicalModel::create(levels, {{0, 1}, {1, 2}}, 500000).is_ok());
}

TEST_CASE("belief propagation gives the brute-force marginals of every set and clique", "[graphical-model]") {
  SeededTestRandom random(17);
  const std::vector<int> levels{2, 3, 2, 4, 3, 2};
  const std::vector<std::vector<AttributeSet>> structures = {
      {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}},          // chain
      {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}},          // star
      {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 2}},  // two triangles
      {{0, 1, 2}, {2, 3}, {3, 4, 5}, {0, 5}},            // a cycle through triples
      {{0, 1}, {3, 4}},                                  // unconnected, singletons added
  };
  for (const std::vector<AttributeSet>& sets : structures) {
    GraphicalModel model = GraphicalModel::create(levels, sets, 1e9).value();
    randomize(model, random);
    model.calibrate(1000);
    for (size_t r = 0; r < model.sets().size(); ++r) {
      Factor mu;
      model.set_marginal(r, mu);
      const std::vector<double> exact = brute_force_marginal(model, model.sets()[r], 1000);
      REQUIRE(mu.values.size() == exact.size());
      for (size_t i = 0; i < exact.size(); ++i) CHECK(mu.values[i] == Approx(exact[i]).epsilon(1e-10));
    }
    for (const Factor& clique : model.clique_marginals()) {
      const std::vector<double> exact = brute_force_marginal(model, clique.attributes, 1000);
      for (size_t i = 0; i < exact.size(); ++i) CHECK(clique.values[i] == Approx(exact[i]).epsilon(1e-10));
    }
  }
}

TEST_CASE("marginals of attribute sets that span several cliques", "[graphical-model]") {
  SeededTestRandom random(5);
  const std::vector<int> levels{3, 2, 4, 2, 3, 2};
  GraphicalModel model = GraphicalModel::create(levels, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {2, 5}}, 1e9).value();
  randomize(model, random);
  model.calibrate(1);
  for (const AttributeSet& query :
       std::vector<AttributeSet>{{0, 4}, {0, 3}, {1, 5}, {0, 4, 5}, {0, 2, 4}, {0, 1, 2, 3, 4, 5}, {4}}) {
    const Factor mu = model.marginal(query);
    const std::vector<double> exact = brute_force_marginal(model, query, 1);
    REQUIRE(mu.values.size() == exact.size());
    CHECK(mu.attributes == query);
    for (size_t i = 0; i < exact.size(); ++i) CHECK(mu.values[i] == Approx(exact[i]).margin(1e-14).epsilon(1e-10));
  }
}
