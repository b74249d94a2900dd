// Space partitioning end to end: the grid and the KD-tree, whose released bins' noisy counts are
// the weighted centres; and the mlTarget holdout, whose fixed-size variant must be caught.
#include "audit_support.hpp"
#include "release_paths.hpp"

#include <algorithm>
#include <cmath>

using namespace privsynth;
using namespace privsynth::audit;

namespace {

const char* kOneColumn =
    R"({"version":1,"name":"one","columns":[{"name":"c","type":"categorical","categories":["a","b"]}]})";
const char* kNumber =
    R"({"version":1,"name":"number","columns":[{"name":"x","type":"numeric","min":0,"max":1,"bins":4}]})";

// The split of a fixed size the audit found (issue 16, finding 1): ceil(f n) records held out, so
// that n and n + 1 records keep the same training size and an added record replaces another.
Result<RowSplit> fixed_size_split(size_t rows, double test_fraction, RandomSource& random) {
  const size_t test_rows = static_cast<size_t>(std::ceil(test_fraction * static_cast<double>(rows)));
  std::vector<size_t> order(rows);
  for (size_t i = 0; i < rows; ++i) order[i] = i;
  for (size_t i = 0; i < test_rows && i < rows; ++i) std::swap(order[i], order[i + random.uniform_below(rows - i)]);
  RowSplit split;
  split.test.assign(order.begin(), order.begin() + std::ptrdiff_t(std::min(test_rows, rows)));
  split.train.assign(order.begin() + std::ptrdiff_t(std::min(test_rows, rows)), order.end());
  std::sort(split.test.begin(), split.test.end());
  std::sort(split.train.begin(), split.train.end());
  return split;
}

}  // namespace

TEST_CASE("DP audit: space partitioning with the grid", "[dp-audit][space-partition]") {
  const Rows d = with_header({"c"}, plus(repeated("a", 20), repeated("b", 20)));
  const SynthesisPath path{kOneColumn, d, plus(d, repeated("a", 1)),
                           R"({"epsilon":1,"mechanism":"space-partition","partition":"grid"})"};
  require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)), Claim::pure(1));
}

TEST_CASE("DP audit: space partitioning with the KD-tree", "[dp-audit][space-partition]") {
  Rows values;
  for (int i = 0; i < 30; ++i) values.push_back({std::to_string(0.1 + 0.01 * i)});
  const Rows d = with_header({"x"}, values);
  const SynthesisPath path{
      kNumber, d, plus(d, {{"0.15"}}),
      R"({"epsilon":1,"mechanism":"space-partition","partition":"kd-tree","maxEdge":0.5,"minEdge":0.25,"splitBudgetFraction":0.1})"};
  require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)), Claim::pure(1));
  // An added value outside the public bounds is clamped to them: a record of the domain all the same.
  SynthesisPath clamped = path;
  clamped.d_prime = plus(d, {{"7.5"}});
  require_within_claim(synthesis_release(clamped), Claim::pure(1));
  // An added record that cannot be read is left out: both tables give the same output law.
  SynthesisPath unreadable = path;
  unreadable.d_prime = plus(d, {{"not a number"}});
  require_within_claim(synthesis_release(unreadable), Claim::pure(1));
}

TEST_CASE("DP audit: the mlTarget holdout keeps add/remove neighbours", "[dp-audit][holdout]") {
  // D: 30 records of a; D': one more, of b. A Poisson split leaves the training records of a
  // alike in both; a split of fixed size drops one a whenever b is kept, which the bins' noisy
  // counts (the weighted centres) show together.
  const Rows d = with_header({"c"}, repeated("a", 30));
  const SynthesisPath sound{kOneColumn, d, plus(d, repeated("b", 1)),
                            R"({"epsilon":1,"mechanism":"space-partition","partition":"grid","mlTarget":"c"})"};
  SynthesisPath broken = sound;
  broken.steps.hold_out = fixed_size_split;
  require_sound_and_broken_caught(synthesis_release(sound), synthesis_release(broken), Claim::pure(1));
}

TEST_CASE("DP audit: space partitioning on a nullable numeric column (a presence axis)",
          "[dp-audit][space-partition]") {
  // D: 30 values and 10 missing ones; D': one more missing value, which lands in the bin of the
  // presence axis's "missing" level (data/space_layout.hpp).
  const char* nullable =
      R"({"version":1,"name":"nullable","columns":[{"name":"x","type":"numeric","min":0,"max":1,"nullable":true}]})";
  Rows values;
  for (int i = 0; i < 30; ++i) values.push_back({std::to_string(0.1 + 0.01 * i)});
  const Rows d = with_header({"x"}, plus(values, repeated("", 10)));
  const SynthesisPath path{
      nullable, d, plus(d, repeated("", 1)),
      R"({"epsilon":1,"mechanism":"space-partition","partition":"kd-tree","maxEdge":0.5,"minEdge":0.25,"splitBudgetFraction":0.1})"};
  require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)), Claim::pure(1));
}

TEST_CASE("DP audit: space partitioning with common values, an id and a free-text column",
          "[dp-audit][space-partition]") {
  // x has a common value 0.5 (a level of its own on the special axis); the id and text columns are
  // never read. D: 20 values, 10 of them at 0.5, every record with its own id and text; D' adds one
  // more at 0.5, whose id and text differ from every other.
  const char* schema = R"({"version":1,"name":"kinds","columns":[{"name":"id","type":"id","prefix":"P-"},
    {"name":"x","type":"numeric","min":0,"max":1,"commonValues":[0.5]},{"name":"note","type":"text"}]})";
  Rows values;
  for (int i = 0; i < 20; ++i) {
    values.push_back(
        {"secret-" + std::to_string(i), i % 2 ? "0.5" : std::to_string(0.1 + 0.04 * i), "said " + std::to_string(i)});
  }
  const Rows d = with_header({"id", "x", "note"}, values);
  const SynthesisPath path{
      schema, d, plus(d, {{"the added one", "0.5", "a secret only D' holds"}}),
      R"({"epsilon":1,"mechanism":"space-partition","partition":"kd-tree","maxEdge":0.5,"minEdge":0.25,"splitBudgetFraction":0.1})"};
  require_sound_and_broken_caught(synthesis_release(path), synthesis_release(at_twice_epsilon(path)), Claim::pure(1));
}
