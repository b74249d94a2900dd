// Bojkovic & Loh, Appendix C-C (Figs. 1-2): Algorithm 1 with a uniform reference measure mu
// (Theorem B.1) against a perturbed-histogram mu (Corollary III.1.1). Setting:
//   * X uniform on {0,1}^p;
//   * F = all marginals of degree <= 2;
//   * eps = 0.2, delta = 0.5, gamma = 0.25;
//   * n, k and m at each theorem's lower bound (privsynth's planner, docs/planner.md).
// Timing and accuracy, p by p. Prints one JSON object; bench/reference/comparison.mjs makes the
// tables.
//
// What differs from a literal run, and why:
//  * The data enter only through the full-domain cell counts. The counts are generated directly:
//    n uniform cell draws when n <= directDrawLimit, otherwise an exact multinomial by sequential
//    binomials. No rows are materialized. Corollary III.1.1's n grows like 8|Omega|^3.
//  * The paper's |F| counts conjunctions: 1, x_i and x_i x_j. The workload here has every cell of
//    every 1- and 2-way marginal, a superset with the same information. The theorem sizes use
//    the paper's |F|. The Laplace(sigma) noise of Algorithm 1, step 2, goes on every cell's
//    frequency.
//  * Duplicate points of the reduced space give identical LP columns, so the LP is solved over
//    the distinct points ("dedup"). The weight of a distinct point is the total weight of its
//    copies, so the optimum and the synthetic-data distribution are unchanged. Where the full m
//    fits (rawMaxPoints), the LP over all m points is also solved and timed ("raw").
// Usage: privsynth_reference_comparison ['{"pMin":4,"pMax":12,"seeds":3,...}']
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/random.hpp"
#include "lp/reweighting.hpp"
#include "lp/uniform_reference_measure.hpp"
#include "mechanisms/reduced_space_lp/perturbed_histogram.hpp"
#include "privacy/accountant.hpp"
#include "privacy/noise.hpp"
#include "privsynth/planner.hpp"
#include "statistics/bootstrap.hpp"
#include "statistics/workload.hpp"

using namespace privsynth;
using Clock = std::chrono::steady_clock;

namespace {

struct Settings {
  int p_min = 4, p_max = 12, seeds = 3;
  double epsilon = 0.2, delta = 0.5, gamma = 0.25;
  double direct_draw_limit = 1e8;      // above: multinomial counts
  double raw_max_points = 400'000;     // LP over all m points only up to this m
  double raw_time_limit_seconds = 60;  // per raw LP
  double lp_time_limit_seconds = 120;  // per deduplicated LP
  uint64_t seed = 20240617;
};

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Adapts the seeded test stream to <random>'s URBG concept (for std::binomial_distribution).
struct Urbg {
  RandomSource& random;
  using result_type = uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return UINT64_MAX; }
  result_type operator()() { return random.next_u64(); }
};

// Counts of n records drawn uniformly from `cells` cells. Below the limit each record is drawn.
// Above it the counts come from an exact multinomial: C_j ~ Binomial(n - sum_{i<j} C_i, 1/(cells - j)).
std::vector<int64_t> uniform_counts(double n, size_t cells, double direct_draw_limit, RandomSource& random,
                                    bool& multinomial) {
  std::vector<int64_t> counts(cells, 0);
  const auto records = static_cast<int64_t>(n);
  multinomial = n > direct_draw_limit;
  if (!multinomial) {
    for (int64_t i = 0; i < records; ++i) ++counts[random.uniform_below(cells)];
    return counts;
  }
  Urbg urbg{random};
  int64_t left = records;
  for (size_t j = 0; j + 1 < cells && left > 0; ++j) {
    std::binomial_distribution<int64_t> binomial(left, 1.0 / static_cast<double>(cells - j));
    counts[j] = binomial(urbg);
    left -= counts[j];
  }
  counts[cells - 1] += left;
  return counts;
}

// Cell index (row-major, last column fastest: perturbed_histogram.hpp) of a Boolean point.
inline uint32_t code_of(size_t cell, int p, int column) {
  return static_cast<uint32_t>((cell >> (p - 1 - column)) & 1u);
}

// Frequencies of every workload statistic for a distribution given by weights over full-domain cells.
std::vector<double> statistic_frequencies(const MarginalWorkload& workload, int p,
                                          const std::vector<double>& cell_weights) {
  std::vector<double> frequencies(workload.statistic_count(), 0.0);
  double total = 0;
  for (double w : cell_weights) total += w;
  for (size_t cell = 0; cell < cell_weights.size(); ++cell) {
    if (cell_weights[cell] == 0) continue;
    for (const Marginal& marginal : workload.marginals()) {
      frequencies[marginal.offset + cell_of(marginal, [&](int c) { return code_of(cell, p, c); })] +=
          cell_weights[cell] / total;
    }
  }
  return frequencies;
}

// The statistics that are the paper's conjunctions: x_i = 1 and x_i = x_j = 1.
std::vector<size_t> conjunction_statistics(const MarginalWorkload& workload) {
  std::vector<size_t> indices;
  for (const Marginal& marginal : workload.marginals()) {
    indices.push_back(marginal.offset + cell_of(marginal, [](int) { return 1u; }));
  }
  return indices;
}

double max_error(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

double max_error_on(const std::vector<double>& a, const std::vector<double>& b, const std::vector<size_t>& indices) {
  double worst = 0;
  for (size_t i : indices) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

size_t cell_of_point(const EncodedTable& points, size_t row) {
  size_t cell = 0;
  for (size_t c = 0; c < points.columns(); ++c) cell = cell * 2 + points.codes[c][row];
  return cell;
}

// The distinct cells among the points drawn so far (duplicates are identical LP columns).
struct DistinctCells {
  explicit DistinctCells(size_t cells) : seen(cells, 0) {}
  void add(const EncodedTable& points) {
    for (size_t row = 0; row < points.rows; ++row) seen[cell_of_point(points, row)] = 1;
  }
  std::vector<size_t> cells() const {
    std::vector<size_t> distinct;
    for (size_t cell = 0; cell < seen.size(); ++cell) {
      if (seen[cell]) distinct.push_back(cell);
    }
    return distinct;
  }
  std::vector<char> seen;
};

// Points are drawn in chunks so that a reduced space of millions of points never sits in memory.
constexpr size_t kChunkPoints = size_t{1} << 22;

EncodedTable table_of_cells(const std::vector<size_t>& cells, int p) {
  EncodedTable table = make_empty_table(std::vector<int>(static_cast<size_t>(p), 2), cells.size());
  for (size_t row = 0; row < cells.size(); ++row) {
    for (int c = 0; c < p; ++c) table.codes[static_cast<size_t>(c)][row] = code_of(cells[row], p, c);
  }
  return table;
}

EncodedTable unwrap(Result<EncodedTable> result) {
  if (!result.is_ok()) {
    std::cerr << "sample_from_histogram: " << result.status().message() << "\n";
    std::exit(1);
  }
  return std::move(result).value();
}

struct Sizes {
  double n = 0, k = 0, m = 0, K = 0;
  double sigma = 0;  // delta / log(|F|/gamma)
};

Sizes theorem_sizes(const Settings& settings, double statistics, double omega, PlannerReference reference,
                    const char* id) {
  PlannerInputs inputs;
  inputs.statistics = statistics;
  inputs.epsilon = settings.epsilon;
  inputs.delta = settings.delta;
  inputs.gamma = settings.gamma;
  inputs.domain_size = omega;
  inputs.reference = reference;
  Result<PlannerReport> report = plan_synthesis(inputs);
  if (!report.is_ok()) {
    std::cerr << "planner: " << report.status().message() << "\n";
    std::exit(1);
  }
  for (const TheoremPlan& plan : report.value().theorems) {
    if (plan.id == id) {
      return {*plan.required_n, *plan.required_k, *plan.required_m, *plan.condition_number_bound, report.value().sigma};
    }
  }
  std::cerr << "planner: no theorem " << id << "\n";
  std::exit(1);
}

FitOptions exact_fit(double time_limit_seconds) {
  FitOptions options;
  options.method = FitMethod::RowGeneration;
  options.relative_gap = 0;
  options.simplex.time_limit_ms = static_cast<long long>(time_limit_seconds * 1000);
  return options;
}

nlohmann::json run_one(const Settings& settings, int p, const MarginalWorkload& workload, const Sizes& sizes,
                       bool histogram, uint64_t seed) {
  const size_t cells = size_t{1} << p;
  const std::vector<int> levels(static_cast<size_t>(p), 2);
  SeededTestRandom random(seed);
  nlohmann::json out = {{"seed", seed}};

  // The data, as full-domain counts, and their exact statistic frequencies.
  bool multinomial = false;
  const std::vector<int64_t> counts = uniform_counts(sizes.n, cells, settings.direct_draw_limit, random, multinomial);
  out["countsBy"] = multinomial ? "multinomial" : "draws";
  const std::vector<double> data =
      statistic_frequencies(workload, p, std::vector<double>(counts.begin(), counts.end()));

  // Algorithm 1, step 2: b_f = frequency + Laplace(sigma), sigma = delta / log(|F|/gamma).
  std::vector<double> targets(data.size());
  for (size_t i = 0; i < data.size(); ++i) targets[i] = data[i] + sample_laplace(random, sizes.sigma);

  // Step 1: the reduced space from mu (timed from here on).
  const auto m = static_cast<size_t>(sizes.m);
  const Clock::time_point reference_start = Clock::now();
  const bool keep_all = static_cast<double>(m) <= settings.raw_max_points;  // for the raw LP
  EncodedTable all_points;
  DistinctCells seen(cells);
  auto draw = [&](const auto& sample) {
    for (size_t done = 0; done < m;) {
      const size_t chunk = keep_all ? m : std::min(kChunkPoints, m - done);
      EncodedTable points = sample(chunk);
      seen.add(points);
      if (keep_all) all_points = std::move(points);
      done += chunk;
    }
  };
  if (histogram) {
    Accountant accountant = Accountant::pure(2 * settings.epsilon).value();
    Result<PerturbedHistogram> mu = release_perturbed_histogram(levels, counts, settings.epsilon, accountant, random);
    if (!mu.is_ok()) {
      out["error"] = mu.status().message();
      return out;
    }
    out["histogramPositiveCells"] = mu.value().positive_cells;
    draw([&](size_t count) { return unwrap(sample_from_histogram(mu.value(), count, random)); });
  } else {
    draw([&](size_t count) { return sample_uniform_points(levels, count, random); });
  }
  const std::vector<size_t> distinct = seen.cells();
  const EncodedTable distinct_points = table_of_cells(distinct, p);
  const double reference_seconds = seconds_since(reference_start);

  // Step 3: the LP over the distinct points.
  const Clock::time_point lp_start = Clock::now();
  Result<Reweighting> fit =
      fit_min_max_error(workload, distinct_points, targets, exact_fit(settings.lp_time_limit_seconds));
  const double lp_seconds = seconds_since(lp_start);
  if (!fit.is_ok()) {
    out["error"] = std::string(error_code_name(fit.status().code())) + ": " + fit.status().message();
    return out;
  }

  // Step 4: k synthetic rows.
  const Clock::time_point sample_start = Clock::now();
  Result<std::vector<size_t>> drawn = draw_weighted_indices(fit.value().weights, static_cast<size_t>(sizes.k), random);
  const double sample_seconds = seconds_since(sample_start);
  if (!drawn.is_ok()) {
    out["error"] = drawn.status().message();
    return out;
  }

  std::vector<double> synthetic_cells(cells, 0), solution_cells(cells, 0);
  for (size_t index : drawn.value()) synthetic_cells[distinct[index]] += 1;
  for (size_t i = 0; i < distinct.size(); ++i) solution_cells[distinct[i]] = fit.value().weights[i];
  const std::vector<double> synthetic = statistic_frequencies(workload, p, synthetic_cells);
  const std::vector<double> solution = statistic_frequencies(workload, p, solution_cells);
  const std::vector<size_t> conjunctions = conjunction_statistics(workload);

  out["distinctPoints"] = distinct.size();
  out["seconds"] = {{"reference", reference_seconds},
                    {"lp", lp_seconds},
                    {"sample", sample_seconds},
                    {"total", reference_seconds + lp_seconds + sample_seconds}};
  out["tStar"] = fit.value().lp_objective;
  out["lowerBound"] = fit.value().lower_bound;
  out["lpIterations"] = fit.value().iterations;
  out["maxErrorNoise"] = max_error(targets, data);      // the Laplace noise alone
  out["maxErrorSolution"] = max_error(solution, data);  // h* vs the data, all cells
  out["maxError"] = max_error(synthetic, data);         // k rows vs the data, all cells
  out["maxErrorConjunctions"] = max_error_on(synthetic, data, conjunctions);

  // The LP's second stage (the reduced-space mechanism's default) on the same points and targets:
  // its h and k rows drawn from it, against the data. Its reference weights are uniform over the
  // distinct points (exactly mu's for the uniform measure; for the histogram, its support).
  {
    FitOptions with_stage = exact_fit(settings.lp_time_limit_seconds);
    with_stage.second_stage = SecondStage::MaxEntropy;
    const Clock::time_point stage_start = Clock::now();
    Result<Reweighting> stage = fit_min_max_error(workload, distinct_points, targets, with_stage);
    const double stage_seconds = seconds_since(stage_start);
    Result<std::vector<size_t>> stage_rows =
        stage.is_ok() ? draw_weighted_indices(stage.value().weights, static_cast<size_t>(sizes.k), random)
                      : Result<std::vector<size_t>>(stage.status());
    if (stage_rows.is_ok()) {
      std::vector<double> stage_synthetic(cells, 0), stage_solution(cells, 0);
      for (size_t index : stage_rows.value()) stage_synthetic[distinct[index]] += 1;
      size_t support = 0;
      for (size_t i = 0; i < distinct.size(); ++i) {
        stage_solution[distinct[i]] = stage.value().weights[i];
        support += stage.value().weights[i] > 0;
      }
      out["secondStage"] = {{"seconds", stage_seconds},
                            {"support", support},
                            {"maxErrorSolution", max_error(statistic_frequencies(workload, p, stage_solution), data)},
                            {"maxError", max_error(statistic_frequencies(workload, p, stage_synthetic), data)}};
    } else {
      out["secondStage"] = {{"error", stage_rows.status().message()}};
    }
  }
  size_t vertex_support = 0;
  for (double w : fit.value().weights) vertex_support += w > 0;
  out["support"] = vertex_support;

  // The same LP over all m points, duplicates included, where it fits.
  if (keep_all) {
    const Clock::time_point raw_start = Clock::now();
    Result<Reweighting> raw =
        fit_min_max_error(workload, all_points, targets, exact_fit(settings.raw_time_limit_seconds));
    const double raw_seconds = seconds_since(raw_start);
    if (raw.is_ok()) {
      out["raw"] = {{"seconds", raw_seconds}, {"tStar", raw.value().lp_objective}};
    } else {
      out["raw"] = {{"seconds", raw_seconds}, {"error", error_code_name(raw.status().code())}};
    }
  }
  return out;
}

Settings read_settings(int argc, char** argv) {
  Settings settings;
  if (argc < 2) return settings;
  const nlohmann::json options = nlohmann::json::parse(argv[1], nullptr, false);
  if (options.is_discarded() || !options.is_object()) {
    std::cerr << "options must be a JSON object\n";
    std::exit(2);
  }
  for (auto it = options.begin(); it != options.end(); ++it) {
    const std::string& key = it.key();
    if (!it->is_number()) {
      std::cerr << "option " << key << " must be a number\n";
      std::exit(2);
    }
    const double value = it->get<double>();
    if (key == "pMin") settings.p_min = static_cast<int>(value);
    else if (key == "pMax") settings.p_max = static_cast<int>(value);
    else if (key == "seeds") settings.seeds = static_cast<int>(value);
    else if (key == "directDrawLimit") settings.direct_draw_limit = value;
    else if (key == "rawMaxPoints") settings.raw_max_points = value;
    else if (key == "rawTimeLimitSeconds") settings.raw_time_limit_seconds = value;
    else if (key == "lpTimeLimitSeconds") settings.lp_time_limit_seconds = value;
    else {
      std::cerr << "unknown option " << key << "\n";
      std::exit(2);
    }
  }
  // p <= 16: Corollary III.1.1's n ~ 8 * 2^(3p) must fit in int64 counts.
  if (settings.p_min < 2 || settings.p_max > 16 || settings.p_min > settings.p_max || settings.seeds < 1 ||
      settings.raw_max_points > static_cast<double>(kChunkPoints)) {
    std::cerr << "need 2 <= pMin <= pMax <= 16, seeds >= 1 and rawMaxPoints <= " << kChunkPoints << "\n";
    std::exit(2);
  }
  return settings;
}

}  // namespace

int main(int argc, char** argv) {
  const Settings settings = read_settings(argc, argv);
  nlohmann::json rows = nlohmann::json::array();
  for (int p = settings.p_min; p <= settings.p_max; ++p) {
    const std::vector<int> levels(static_cast<size_t>(p), 2);
    const double omega = std::ldexp(1.0, p);
    const double paper_statistics = 1 + p + p * (p - 1) / 2.0;  // C(p,0) + C(p,1) + C(p,2)
    const MarginalWorkload workload = MarginalWorkload::all_up_to_degree(levels, 2).value();
    for (const bool histogram : {false, true}) {
      const Sizes sizes = histogram
                              ? theorem_sizes(settings, paper_statistics, omega, PlannerReference::Histogram, "III.1.1")
                              : theorem_sizes(settings, paper_statistics, omega, PlannerReference::Uniform, "B.1");
      std::cerr << "p = " << p << ", " << (histogram ? "histogram" : "uniform") << " mu: n = " << sizes.n
                << ", k = " << sizes.k << ", m = " << sizes.m << "\n";
      nlohmann::json runs = nlohmann::json::array();
      for (int s = 0; s < settings.seeds; ++s) {
        runs.push_back(run_one(
            settings, p, workload, sizes, histogram,
            settings.seed + 1000 * static_cast<uint64_t>(p) + 10 * static_cast<uint64_t>(s) + (histogram ? 1 : 0)));
      }
      rows.push_back({{"p", p},
                      {"mu", histogram ? "histogram" : "uniform"},
                      {"theorem", histogram ? "Corollary III.1.1" : "Theorem B.1"},
                      {"domain", omega},
                      {"paperStatistics", paper_statistics},
                      {"workloadStatistics", workload.statistic_count()},
                      {"n", sizes.n},
                      {"k", sizes.k},
                      {"m", sizes.m},
                      {"K", sizes.K},
                      {"runs", runs}});
    }
  }
  const nlohmann::json output = {{"settings",
                                  {{"epsilon", settings.epsilon},
                                   {"delta", settings.delta},
                                   {"gamma", settings.gamma},
                                   {"seeds", settings.seeds},
                                   {"directDrawLimit", settings.direct_draw_limit},
                                   {"rawMaxPoints", settings.raw_max_points},
                                   {"rawTimeLimitSeconds", settings.raw_time_limit_seconds},
                                   {"lpTimeLimitSeconds", settings.lp_time_limit_seconds}}},
                                 {"rows", rows}};
  std::cout << output.dump() << "\n";
  return 0;
}
