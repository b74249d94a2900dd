// Writes the ladder of reweighting-LP instances for `npm run bench -- lp` into a folder: synthetic
// Boolean tables (all <= 2-way marginals of p binary columns, the shapes measured in issue #3 and
// docs/architecture.md §5) and Adult's real workloads. Targets are noisy frequencies at epsilon = 1 (discrete
// Laplace, as the mechanism measures them); points are uniform on the domain. Everything is
// seeded, so the ladder is the same on every run. Usage: privsynth_lp_instances <out-dir>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <string>

#include "base/random.hpp"
#include "csv_file.hpp"
#include "data/encoding.hpp"
#include "instance.hpp"
#include "lp/uniform_reference_measure.hpp"
#include "privsynth/schema.hpp"
#include "statistics/marginal_measurement.hpp"

using namespace privsynth;
using privsynth::bench::LpInstance;

namespace {

constexpr uint64_t kSeed = 20221121;

EncodedTable project(const EncodedTable& table, const std::vector<int>& columns) {
  EncodedTable projected;
  projected.rows = table.rows;
  for (int c : columns) {
    projected.levels.push_back(table.levels[static_cast<size_t>(c)]);
    projected.codes.push_back(table.codes[static_cast<size_t>(c)]);
  }
  return projected;
}

std::vector<std::vector<int>> all_sets_up_to(int columns, int degree) {
  std::vector<std::vector<int>> sets;
  for (int size = 1; size <= degree; ++size) {
    for (auto& set : column_subsets(columns, size)) sets.push_back(set);
  }
  return sets;
}

// 1-way marginals plus the maximum spanning tree of pairwise mutual information, read from the
// data without privacy: the shape of MST's workload (McKenna et al. 2021), for timing only.
std::vector<std::vector<int>> mst_style_sets(const EncodedTable& table) {
  const int p = static_cast<int>(table.columns());
  struct Edge {
    double information;
    int a, b;
  };
  std::vector<Edge> edges;
  for (const auto& pair : column_subsets(p, 2)) {
    const int la = table.levels[pair[0]], lb = table.levels[pair[1]];
    std::vector<double> joint(static_cast<size_t>(la) * lb, 0), pa(la, 0), pb(lb, 0);
    for (size_t r = 0; r < table.rows; ++r) {
      const uint32_t x = table.codes[pair[0]][r], y = table.codes[pair[1]][r];
      joint[x * lb + y] += 1;
      pa[x] += 1;
      pb[y] += 1;
    }
    double information = 0;
    const double n = static_cast<double>(table.rows);
    for (int x = 0; x < la; ++x) {
      for (int y = 0; y < lb; ++y) {
        const double j = joint[static_cast<size_t>(x) * lb + y];
        if (j > 0) information += j / n * std::log(j * n / (pa[x] * pb[y]));
      }
    }
    edges.push_back({information, pair[0], pair[1]});
  }
  std::sort(edges.begin(), edges.end(), [](const Edge& l, const Edge& r) { return l.information > r.information; });
  std::vector<int> component(p);
  std::iota(component.begin(), component.end(), 0);
  auto root = [&](int c) {
    while (component[c] != c) c = component[c] = component[component[c]];
    return c;
  };
  std::vector<std::vector<int>> sets = all_sets_up_to(p, 1);
  for (const Edge& edge : edges) {
    const int ra = root(edge.a), rb = root(edge.b);
    if (ra == rb) continue;
    component[ra] = rb;
    sets.push_back({edge.a, edge.b});
  }
  return sets;
}

// A latent-class model: 3 classes, each column Bernoulli with a class-specific probability.
EncodedTable boolean_table(int p, size_t n, RandomSource& random) {
  EncodedTable table = make_empty_table(std::vector<int>(static_cast<size_t>(p), 2), n);
  std::vector<std::vector<double>> probability(3, std::vector<double>(static_cast<size_t>(p)));
  for (auto& row : probability) {
    for (double& q : row) q = 0.1 + 0.8 * random.uniform_unit();
  }
  for (size_t r = 0; r < n; ++r) {
    const size_t latent = random.uniform_below(3);
    for (int c = 0; c < p; ++c) table.codes[static_cast<size_t>(c)][r] = random.uniform_unit() < probability[latent][c];
  }
  return table;
}

bool write_instance(const std::string& folder, const EncodedTable& data, LpInstance instance, size_t points,
                    RandomSource& random) {
  instance.levels = data.levels;
  Result<MarginalWorkload> workload = MarginalWorkload::from_column_sets(data.levels, instance.column_sets);
  Result<Accountant> accountant = Accountant::pure(1.0);
  if (!workload.is_ok() || !accountant.is_ok()) return false;
  const double count_fraction = 1.0 / (1.0 + std::sqrt(double(workload.value().marginals().size())));
  Result<NoisyMarginals> noisy =
      measure_marginals(data, workload.value(), 1.0, count_fraction, accountant.value(), random);
  if (!noisy.is_ok()) {
    std::fprintf(stderr, "%s: %s\n", instance.name.c_str(), noisy.status().message().c_str());
    return false;
  }
  instance.targets = noisy_frequencies(noisy.value());
  instance.points = sample_uniform_points(data.levels, points, random);
  std::ofstream out(folder + "/" + instance.name + ".json");
  out << bench::instance_to_json(instance);
  std::fprintf(stderr, "wrote %s: %zu statistics, %zu points\n", instance.name.c_str(),
               workload.value().statistic_count(), points);
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <out-dir>\n", argv[0]);
    return 2;
  }
  const std::string folder = argv[1];
  SeededTestRandom random(kSeed);
  bool ok = true;

  struct BooleanShape {
    int p;
    size_t points;
  };
  for (const BooleanShape shape : {BooleanShape{20, 2000}, {20, 8000}, {30, 5000}, {40, 10000}, {50, 20000}}) {
    const EncodedTable data = boolean_table(shape.p, 10000, random);
    LpInstance instance;
    instance.name = "bool-p" + std::to_string(shape.p) + "-m" + std::to_string(shape.points);
    instance.description = std::to_string(shape.p) + " binary columns, n = 10,000, all <= 2-way marginals";
    instance.column_sets = all_sets_up_to(shape.p, 2);
    ok = write_instance(folder, data, instance, shape.points, random) && ok;
  }

  const auto schema_text = testing::read_text_file(testing::data_path("adult/adult.schema.json"));
  const auto cells = testing::read_csv_file(testing::data_path("adult/adult.csv"));
  if (!schema_text || !cells) {
    std::fprintf(stderr, "cannot read data/adult\n");
    return 1;
  }
  const Result<Schema> schema = parse_schema_json(*schema_text);
  if (!schema.is_ok()) return 1;
  const Result<EncodedData> encoded = encode_cells(schema.value(), cells->view(), OutOfDomainPolicy::Clamp);
  if (!encoded.is_ok()) return 1;
  const EncodedTable& adult = encoded.value().table;
  auto columns_named = [&](const std::vector<std::string>& names) {
    std::vector<int> columns;
    for (const auto& name : names) columns.push_back(find_column(schema.value(), name));
    return columns;
  };
  const EncodedTable demo = project(adult, columns_named({"age", "workclass", "education", "sex", "race", "income"}));
  const EncodedTable ten =
      project(adult, columns_named({"age", "workclass", "education", "marital-status", "occupation", "relationship",
                                    "race", "sex", "hours-per-week", "income"}));
  const int p = static_cast<int>(adult.columns());
  struct AdultShape {
    const char* name;
    const char* description;
    const EncodedTable* data;
    std::vector<std::vector<int>> sets;
    size_t points;
  };
  const std::vector<AdultShape> shapes = {
      {"adult-all-d1", "Adult, all 16 columns, 1-way marginals", &adult, all_sets_up_to(p, 1), 7000},
      {"adult-6col-d2", "Adult, 6 demo columns, <= 2-way marginals", &demo, all_sets_up_to(6, 2), 30000},
      {"adult-mst", "Adult, 16 columns, 1-way + MST-style tree of 2-way marginals", &adult, mst_style_sets(adult),
       20000},
      {"adult-10col-d2", "Adult, 10 columns, <= 2-way marginals", &ten, all_sets_up_to(10, 2), 20000},
      {"adult-all-d2", "Adult, all 16 columns, <= 2-way marginals", &adult, all_sets_up_to(p, 2), 20000},
      {"adult-all-d2-m100k", "Adult, all 16 columns, <= 2-way marginals", &adult, all_sets_up_to(p, 2), 100000},
  };
  for (const AdultShape& shape : shapes) {
    LpInstance instance;
    instance.name = shape.name;
    instance.description = shape.description;
    instance.column_sets = shape.sets;
    ok = write_instance(folder, *shape.data, instance, shape.points, random) && ok;
  }
  return ok ? 0 : 1;
}
