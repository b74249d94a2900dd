// The data-dependent KD-tree (Kreačić et al., Algorithms 2-3, Lemma 10) with exact implicit empty
// boxes: the leaves partition the space, the decision levels and their budget, Lemma 10's tau,
// the split rule's empty-box probability, and the errors.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "kd_tree_space.hpp"
#include "mechanisms/space_partition/kd_tree_partition.hpp"
#include "statistics.hpp"

using namespace privsynth;
using privsynth::testing::KdSpace;

namespace {

const std::vector<SpaceAxis> kTwoNumericOneCategorical = {{false, 0}, {true, 3}, {false, 0}};

std::vector<std::vector<double>> corner_rows(size_t n, double corner, size_t axes, uint64_t seed) {
  SeededTestRandom random(seed);
  std::vector<std::vector<double>> rows(n, std::vector<double>(axes));
  for (auto& row : rows) {
    for (double& x : row) x = corner * random.uniform_unit();
  }
  return rows;
}

KdTreeSettings small_settings(double tau) {
  KdTreeSettings settings;
  settings.split_epsilon = 1;
  settings.leaf_noise = testing::kd_noise(1.0, 2);
  settings.max_edge = 0.5;
  settings.min_edge = 0.125;
  settings.tau = tau;
  return settings;
}

bool overlap(const SpaceBin& a, const SpaceBin& b) {
  for (size_t axis = 0; axis < a.low.size(); ++axis) {
    if (!(a.low[axis] < b.high[axis] && b.low[axis] < a.high[axis])) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("the KD-tree's leaves partition every category cell of the unit space", "[kd-tree][space]") {
  std::vector<std::vector<double>> rows;
  SeededTestRandom data(7);
  for (int r = 0; r < 40; ++r) rows.push_back({0.6 * data.uniform_unit(), double(r % 2), 0.3 * data.uniform_unit()});
  rows.push_back({1.0, 2, 1.0});  // on the closed upper faces
  const KdSpace space(kTwoNumericOneCategorical, rows);
  for (const double tau : {0.0, 3.0, -2.0}) {  // tau 0 and -2: empty boxes split too
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      SeededTestRandom random(seed);
      KdTreeSettings settings = small_settings(tau);
      settings.list_leaves = true;
      const KdTreeRelease release = release_kd_tree(space.points, settings, random).value();
      const auto& leaves = release.all_leaves;
      REQUIRE(static_cast<double>(leaves.size()) == release.leaves);
      std::map<double, double> volume;  // per category code
      for (const SpaceBin& leaf : leaves) volume[leaf.low[1]] += testing::numeric_volume(space.points.axes, leaf);
      REQUIRE(volume.size() == 3);
      for (const auto& [code, total] : volume) CHECK(total == 1.0);  // dyadic volumes add exactly
      size_t overlaps = 0;
      for (size_t i = 0; i < leaves.size(); ++i) {
        for (size_t j = i + 1; j < leaves.size(); ++j) overlaps += overlap(leaves[i], leaves[j]);
      }
      CHECK(overlaps == 0);
      // The released bins are exactly the leaves with a positive weight.
      std::vector<SpaceBin> positive;
      for (const SpaceBin& leaf : leaves) {
        if (leaf.weight > 0) positive.push_back(leaf);
      }
      REQUIRE(positive.size() == release.bins.size());
      for (size_t i = 0; i < positive.size(); ++i) {
        CHECK(positive[i].low == release.bins[i].low);
        CHECK(positive[i].weight == release.bins[i].weight);
      }
      if (tau == -2.0) CHECK(release.empty_boxes_split > 0);
    }
  }
}

TEST_CASE("the decision levels match a walk of the halving rule and share the split budget", "[kd-tree][space]") {
  struct Case {
    size_t p;
    double s1, s2;
  };
  for (const Case c : {Case{1, 0.5, 0.125}, Case{2, 0.5, 0.125}, Case{2, 1.0, 0.01}, Case{3, 0.3, 0.05},
                       Case{5, 0.25, 1.0 / 32}, Case{4, 0.3, 0.26}, Case{3, 0.7, 0.5}, Case{7, 0.2, 0.001}}) {
    const KdTreeLevels levels = kd_tree_levels(c.p, c.s1, c.s2);
    const auto [h, decisions] = testing::walk_halving_rule(c.p, c.s1, c.s2);
    CHECK(levels.data_independent == h);
    CHECK(levels.decisions == decisions);
    if (decisions == 0) continue;
    // Each decision gets scale >= L / epsilon', so L decisions spend at most epsilon'.
    for (const double epsilon : {0.1, 0.5, 2.0}) {
      const SplitDecision decision = SplitDecision::make(decisions, epsilon, 1.0).value();
      const double per_decision = 1.0 / decision.scale().value();
      CHECK(per_decision <= epsilon / decisions);
      CHECK(decisions * per_decision == Approx(epsilon).epsilon(1e-5));
    }
  }
  CHECK(kd_tree_levels(5, 0.25, 1.0 / 32).decisions == 20);  // the paper's d log2(s1/s2) = 15, see kd_tree_budget.hpp
  CHECK(kd_tree_levels(0, 0.25, 1.0 / 32).decisions == 0);

  // A path never has more than L decisions; with every decision "split" it has exactly L.
  const KdSpace space({{false, 0}, {false, 0}, {false, 0}}, corner_rows(30, 0.4, 3, 3));
  for (const double tau : {-1e9, 2.0}) {
    SeededTestRandom random(11);
    KdTreeSettings settings = small_settings(tau);
    settings.max_edge = 0.3;
    settings.min_edge = 0.2;  // m1 = 2, m2 = 2: h = 6, L = 3
    settings.list_leaves = true;
    const KdTreeRelease release = release_kd_tree(space.points, settings, random).value();
    CHECK(release.data_independent_levels == 6);
    REQUIRE(release.decision_levels == 3);
    for (const SpaceBin& leaf : release.all_leaves) {
      const double depth = -std::log2(testing::numeric_volume(space.points.axes, leaf));
      CHECK(depth >= 6);
      CHECK(depth <= 9);
      if (tau < 0) CHECK(depth == 9);
    }
  }
}

TEST_CASE("an empty box splits with the split rule's probability q", "[kd-tree][space]") {
  for (const double tau : {-1.5, 0.0, 0.7, 2.0}) {
    const SplitDecision decision = SplitDecision::make(3, 2.0, tau).value();  // scale 1.5
    SeededTestRandom random(static_cast<uint64_t>(100 + 10 * tau));
    const int trials = 40000;
    int splits = 0;
    for (int i = 0; i < trials; ++i) splits += decision.splits(0, random);
    const double q = decision.empty_split_probability();
    // Direct: P(0 > tau + Z) summed over the discrete Laplace pmf.
    const double a = std::exp(-1.0 / decision.scale().value());
    double direct = 0;
    for (int z = -200; z <= 200; ++z) {
      if (0 > tau + z) direct += (1 - a) / (1 + a) * std::pow(a, std::abs(z));
    }
    CHECK(q == Approx(direct).epsilon(1e-9));
    CHECK(std::abs(splits - trials * q) < 5 * std::sqrt(trials * q * (1 - q)));
  }
}

TEST_CASE("with Lemma 10's tau no empty box splits; with tau = 0 they do", "[kd-tree][space]") {
  // 2-D data in one corner, h = 4 (16 level-h boxes, 15 empty), L = 10.
  const KdSpace space({{false, 0}, {false, 0}}, corner_rows(200, 0.1, 2, 5));
  KdTreeSettings settings;
  settings.split_epsilon = 1;
  settings.leaf_noise = testing::kd_noise(2.0, 10);
  settings.max_edge = 0.25;
  settings.min_edge = 1.0 / 64;
  const KdTreeLevels levels = kd_tree_levels(2, settings.max_edge, settings.min_edge);
  REQUIRE(levels.data_independent == 4);
  REQUIRE(levels.decisions == 10);
  const double tau = lemma10_tau(levels.decisions, settings.split_epsilon, 16, 1000, 1e-6);
  CHECK(tau == Approx(10 * std::log((16 + 1000 * 10) / 1e-6)).epsilon(1e-5));
  uint64_t split_with_lemma = 0, split_at_zero = 0;
  double leaves_with_lemma = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    SeededTestRandom random(seed);
    settings.tau = tau;
    const KdTreeRelease release = release_kd_tree(space.points, settings, random).value();
    split_with_lemma += release.empty_boxes_split;
    leaves_with_lemma += release.leaves;
    settings.tau = 0;
    split_at_zero += release_kd_tree(space.points, settings, random).value().empty_boxes_split;
  }
  CHECK(split_with_lemma == 0);
  CHECK(split_at_zero > 1000);
  CHECK(leaves_with_lemma / 200 > 16);  // the non-empty box in the corner is still refined
  CHECK(std::isnan(lemma10_tau(3, 1.0, 16, 100, 0)));
  CHECK(lemma10_tau(0, 1.0, 16, 100, 1e-6) == 0);
}

TEST_CASE("without numeric axes the KD-tree's leaves are the category cells", "[kd-tree][space]") {
  const KdSpace space({{true, 3}, {true, 2}}, {{0, 0}, {0, 0}, {2, 1}});
  SeededTestRandom random(4);
  KdTreeSettings settings = small_settings(0);
  settings.leaf_noise = testing::kd_noise(1e-6, 1);  // negligible noise: exactly the non-empty cells
  const KdTreeRelease release = release_kd_tree(space.points, settings, random).value();
  CHECK(release.leaves == 6);
  CHECK(release.decision_levels == 0);
  REQUIRE(release.bins.size() == 2);
  CHECK(release.bins[0].weight == 2);
  CHECK(release.bins[1].low == std::vector<double>{2, 1});
}

TEST_CASE("the KD-tree rejects bad settings and oversized trees", "[kd-tree][space]") {
  const KdSpace space(kTwoNumericOneCategorical, {{0.1, 0, 0.2}, {0.9, 2, 0.5}});
  const auto code_of = [&](const KdTreeSettings& settings) {
    SeededTestRandom random(1);
    return release_kd_tree(space.points, settings, random).status().code();
  };
  KdTreeSettings settings = small_settings(1);
  CHECK(code_of(settings) == ErrorCode::Ok);
  auto with = [&](auto change) {
    KdTreeSettings changed = settings;
    change(changed);
    return code_of(changed);
  };
  CHECK(with([](KdTreeSettings& s) { s.min_edge = 0; }) == ErrorCode::InvalidArgument);
  CHECK(with([](KdTreeSettings& s) { s.min_edge = -0.1; }) == ErrorCode::InvalidArgument);
  CHECK(with([](KdTreeSettings& s) { s.min_edge = s.max_edge; }) == ErrorCode::InvalidArgument);
  CHECK(with([](KdTreeSettings& s) { s.max_edge = 1.5; }) == ErrorCode::InvalidArgument);
  CHECK(with([](KdTreeSettings& s) { s.min_edge = 1e-20; }) == ErrorCode::InvalidArgument);
  CHECK(with([](KdTreeSettings& s) { s.split_epsilon = 0; }) == ErrorCode::InvalidArgument);
  CHECK(with([](KdTreeSettings& s) { s.split_epsilon = NAN; }) == ErrorCode::InvalidArgument);
  CHECK(with([](KdTreeSettings& s) { s.tau = NAN; }) == ErrorCode::InvalidArgument);
  CHECK(with([](KdTreeSettings& s) { s.leaf_noise.threshold = 0; }) == ErrorCode::InvalidArgument);
  // Every box splits (tau = -1e9): 3 x 2^8 leaves, most of them empty, over a limit of 100 splits
  // (the splits are released, so a cap on them may refuse; the empty boxes are not).
  CHECK(with([](KdTreeSettings& s) {
          s.tau = -1e9;
          s.split_limit = 100;
        }) == ErrorCode::DomainTooLarge);
  CHECK(with([](KdTreeSettings& s) {
          s.tau = -1e9;
          s.limit = 100;
        }) == ErrorCode::Ok);
  // Far too many empty leaves would pass a threshold of 1 at huge noise.
  CHECK(with([](KdTreeSettings& s) {
          s.leaf_noise = testing::kd_noise(1e6, 1);
          s.max_edge = 1.0 / 1024;
          s.min_edge = 1.0 / 2048;
          s.limit = 1000;
        }) == ErrorCode::DomainTooLarge);
  CHECK(with([](KdTreeSettings& s) {
          s.list_leaves = true;
          s.max_edge = 1.0 / 1024;
          s.min_edge = 1.0 / 2048;
        }) == ErrorCode::DomainTooLarge);
  const KdSpace outside(kTwoNumericOneCategorical, {{1.2, 0, 0.2}});
  SeededTestRandom random(1);
  CHECK(release_kd_tree(outside.points, settings, random).status().code() == ErrorCode::InvalidData);
}
