// Piecewise-uniform reference measures: draws stay in their boxes, and the redraw of a chosen point
// stays inside both its box and its statistics' bin on every axis.
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "mechanisms/reduced_space_lp/piecewise_uniform.hpp"

using namespace privsynth;

namespace {

SpaceBin box(std::vector<double> low, std::vector<double> high, double weight) {
  SpaceBin bin;
  bin.low = std::move(low);
  bin.high = std::move(high);
  bin.weight = weight;
  return bin;
}

size_t bin_of(double u, int levels) {
  return std::min<size_t>(levels - 1, static_cast<size_t>(std::floor(u * levels)));
}

}  // namespace

TEST_CASE("draws from boxes follow the boxes' weights and remember their box", "[reference][piecewise-uniform]") {
  SeededTestRandom random(11);
  UniformPieces pieces({box({0, 0}, {0.25, 0.5}, 3), box({0.5, 0.5}, {1, 1}, 1)});
  const std::vector<std::vector<double>> first = pieces.draw(3000, random);
  const std::vector<std::vector<double>> second = pieces.draw(1000, random);
  REQUIRE(pieces.box_of_point.size() == 4000);
  size_t in_first = 0;
  for (size_t i = 0; i < 4000; ++i) {
    const double x = i < 3000 ? first[0][i] : second[0][i - 3000];
    const double y = i < 3000 ? first[1][i] : second[1][i - 3000];
    const SpaceBin& b = pieces.boxes[pieces.box_of_point[i]];
    REQUIRE(x >= b.low[0]);
    REQUIRE(x <= b.high[0]);
    REQUIRE(y >= b.low[1]);
    REQUIRE(y <= b.high[1]);
    in_first += pieces.box_of_point[i] == 0;
  }
  // Binomial(4000, 3/4): mean 3000, sd 27; 5 sd either way.
  CHECK(in_first > 3000 - 137);
  CHECK(in_first < 3000 + 137);
}

TEST_CASE("a redrawn point keeps its bin on every axis and stays in its box", "[reference][piecewise-uniform]") {
  SeededTestRandom random(12);
  // A box straddling bin edges: [0.2, 0.7) x [0.1, 0.35) against 4 bins per axis.
  UniformPieces pieces({box({0.2, 0.1}, {0.7, 0.35}, 1)});
  const std::vector<int> levels = {4, 4};
  const std::vector<std::vector<double>> points = pieces.draw(500, random);
  std::vector<size_t> rows;
  for (size_t i = 0; i < 500; ++i) rows.push_back(i % 50);  // 50 points chosen 10 times each
  const std::vector<std::vector<double>> redrawn = redraw_within_cells(pieces, levels, points, rows, random);
  std::set<std::pair<double, double>> distinct;
  for (size_t i = 0; i < rows.size(); ++i) {
    for (size_t axis = 0; axis < 2; ++axis) {
      const double before = points[axis][rows[i]], after = redrawn[axis][i];
      REQUIRE(bin_of(after, 4) == bin_of(before, 4));
      REQUIRE(after >= pieces.boxes[0].low[axis]);
      REQUIRE(after <= pieces.boxes[0].high[axis]);
    }
    distinct.insert({redrawn[0][i], redrawn[1][i]});
  }
  CHECK(distinct.size() == rows.size());  // continuous draws: every row its own point
  // The whole cube: a redraw is uniform in its bin, so its mean is the bin's midpoint.
  UniformPieces cube = unit_cube_pieces(1);
  const std::vector<std::vector<double>> one = {{0.3}};
  cube.box_of_point = {0};
  const std::vector<std::vector<double>> again =
      redraw_within_cells(cube, {4}, one, std::vector<size_t>(20000, 0), random);
  double sum = 0;
  for (double x : again[0]) {
    REQUIRE(x >= 0.25);
    REQUIRE(x < 0.5);
    sum += x;
  }
  // Uniform on [0.25, 0.5): sd 0.072 / sqrt(20000) = 0.0005; 5 sd.
  CHECK(sum / 20000 == Approx(0.375).margin(0.0026));
}
