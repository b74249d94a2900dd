#include "mechanisms/marginal_lp/marginal_lp.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "lp/bootstrap.hpp"
#include "privacy/discrete_gaussian.hpp"
#include "statistics/domain_compression.hpp"
#include "privacy/exponential_mechanism.hpp"
#include "statistics/conditional_model.hpp"
#include "statistics/marginal_estimation.hpp"
#include "reference/reference_measure.hpp"
#include "reference/tree_reference.hpp"
#include "statistics/workload.hpp"
#include "privacy/zcdp.hpp"

namespace privsynth {

namespace {

constexpr Choice<MarginalWorkloadChoice> kWorkloadChoices[] = {{"mst", MarginalWorkloadChoice::Mst},
                                                               {"all", MarginalWorkloadChoice::AllUpToDegree}};
constexpr Choice<MarginalFitChoice> kFitChoices[] = {
    {"auto", MarginalFitChoice::Auto}, {"lp", MarginalFitChoice::Lp}, {"tree", MarginalFitChoice::Tree}};

}  // namespace

Result<MarginalLpOptions> read_marginal_lp_options(OptionReader& reader, double epsilon) {
  MarginalLpOptions options;
  options.epsilon = epsilon;
  // The sum of L1 errors: on Adult it beat the max L1 marginal error of Zhou et al.'s Mechanism 1
  // (still available) on every measure -- private-pgm's Adult at eps = 1: mean 2-way TV 0.084 vs
  // 0.159; all of Adult with income as the target: TSTR accuracy 0.833 vs the real model's 0.862.
  options.fit.objective = FitObjective::SumError;
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("delta", options.delta, 0, 1));
  if (!(options.delta > 0 && options.delta < 1)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"delta\" must be strictly between 0 and 1 (e.g. 1e-9)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("workload", options.workload, kWorkloadChoices));
  long long degree = options.degree, full = static_cast<long long>(options.full_domain_limit);
  if (reader.has("degree") && options.workload == MarginalWorkloadChoice::Mst) {
    return Status::error(ErrorCode::InvalidArgument, "option \"degree\" applies to \"workload\": \"all\"; MST uses 1- and 2-way marginals");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("degree", degree, 1, 3));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("fullDomainLimit", full, 0, static_cast<long long>(kMaxReducedSpaceSize)));
  PRIVSYNTH_RETURN_IF_ERROR(reader.test_only_switch("testOnlyDisableNoise", options.test_only_disable_noise));
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean("compressDomain", options.compress_domain));
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("fit", options.fit_choice, kFitChoices));
  for (const char* key : {"fullDomainLimit", "reducedSpaceSize", "maxReducedSpaceSize", "lpSolver", "lpObjective",
                          "lpRelativeGap", "lpTimeLimitSeconds", "lpIterationLimit", "lpMethod"}) {
    if (!reader.has(key)) continue;
    if (options.fit_choice == MarginalFitChoice::Tree) {
      return Status::error(ErrorCode::InvalidArgument,
                           std::string("option \"") + key + "\" applies to the LP fit, not to \"fit\": \"tree\"");
    }
    options.lp_settings_given = true;
  }
  PRIVSYNTH_RETURN_IF_ERROR(read_lp_fit_settings(reader, options));
  options.degree = static_cast<int>(degree);
  options.full_domain_limit = static_cast<size_t>(full);
  return options;
}

Result<MarginalLpPlan> plan_marginal_lp(const MarginalLpOptions& options, int p, int target) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(options.epsilon, "epsilon"));
  if (p < 1) return Status::error(ErrorCode::InvalidArgument, "choose at least one column");
  PRIVSYNTH_ASSIGN_OR_RETURN(double rho, cdp_rho(options.epsilon, options.delta));
  MarginalLpPlan plan;
  plan.rho = rho;
  plan.mst = options.workload == MarginalWorkloadChoice::Mst && p >= 2;
  plan.select = plan.mst && p >= 3;  // with two columns the only pair needs no selection
  // MST's split: thirds for 1-way, selection and the tree's tables; without selection, halves.
  // (Other splits measured on private-pgm's Adult at eps = 1, 4 seeds: 0.2/0.1/0.7 gave a mean
  // 2-way TV of 0.053, thirds 0.055, 0.1/0.1/0.8 0.057 -- within noise, so MST's thirds stay.)
  plan.rho_one = plan.select ? plan.rho / 3 : plan.mst ? plan.rho / 2 : plan.rho;
  plan.rho_select = plan.select ? plan.rho / 3 : 0;
  plan.rho_tables = plan.rho - plan.rho_one - plan.rho_select;
  if (options.fit_choice == MarginalFitChoice::Tree && !plan.mst) {  // before anything is measured
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"fit\": \"tree\" needs \"workload\": \"mst\" and at least two columns");
  }
  // With a prediction target, the fit by tree becomes a target-augmented tree (see the run).
  plan.lp_asked = options.fit_choice == MarginalFitChoice::Lp ||
                  (options.fit_choice == MarginalFitChoice::Auto && options.lp_settings_given);
  plan.target_tree = plan.mst && target >= 0 && !plan.lp_asked;
  // "auto": a tree (target-augmented with a target) unless an LP setting was given; the LP when
  // asked for, and always for workload "all".
  plan.by_tree = plan.mst && !plan.lp_asked;
  plan.tree_nodes = p - (plan.target_tree ? 1 : 0);
  if (plan.select) plan.selection_epsilon = std::sqrt(8 * plan.rho_select / double(plan.tree_nodes - 1));
  return plan;
}

double marginal_noise_std(size_t marginals, double rho_part) { return std::sqrt(double(marginals) / (2 * rho_part)); }

Result<double> discrete_gaussian_std_used(double noise_std) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalVariance variance, rational_variance_at_least(noise_std * noise_std));
  return std::sqrt(variance.value());
}

namespace {

Status cancelled() { return Status::error(ErrorCode::Cancelled, "cancelled"); }

// Discrete Gaussian noise of standard deviation `noise_std` on every cell of `workload`. The
// concatenated count vector has L2 sensitivity sqrt(#marginals) under add/remove-one neighbours
// (one cell of each marginal moves by 1), so the cost is #marginals / (2 noise_std^2).
Result<std::vector<double>> measure(const EncodedTable& table, const MarginalWorkload& workload, double noise_std,
                                    const std::string& what, Accountant& accountant, RandomSource& random,
                                    bool disable_noise) {
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalVariance variance, rational_variance_at_least(noise_std * noise_std));
  const double used_std = discrete_gaussian_std_used(noise_std).value();  // the same rounding
  const double sensitivity = std::sqrt(double(workload.marginals().size()));
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge({what, "discrete Gaussian", GaussianCost{sensitivity, used_std}}));
  const std::vector<int64_t> counts = workload.count(table);
  std::vector<double> noisy(counts.size());
  for (size_t i = 0; i < counts.size(); ++i) {
    noisy[i] = double(counts[i]) + (disable_noise ? 0.0 : double(sample_discrete_gaussian(random, variance)));
  }
  return noisy;
}

std::vector<double> clipped_distribution(std::vector<double> counts) {
  double total = 0;
  for (double& c : counts) total += c = std::max(c, 0.0);
  for (double& c : counts) c = total > 0 ? c / total : 1.0 / double(counts.size());
  return counts;
}

// Disjoint sets for Kruskal-style tree building.
struct Components {
  explicit Components(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), size_t{0}); }
  size_t find(size_t x) { return parent[x] == x ? x : parent[x] = find(parent[x]); }
  std::vector<size_t> parent;
};

// MST's selection (docs/spec/algorithms.md §6, step 3): d - 1 rounds of the exponential mechanism over the pairs
// that join two components, scored by the L1 distance between the pair's true counts and the
// product of the noisy 1-way marginals (sensitivity 1: one record moves one true count by 1).
// A column `excluded` (>= 0: the prediction target, which every table will hold) is left out.
// Each round is an epsilon_em exponential mechanism (MarginalLpPlan::selection_epsilon).
Result<std::vector<std::vector<int>>> select_tree(const EncodedTable& table, const std::vector<std::vector<double>>& one_way,
                                                  double noisy_count, double epsilon_em, Accountant& accountant,
                                                  RandomSource& random, int excluded) {
  std::vector<std::vector<int>> pairs;
  for (const std::vector<int>& pair : column_subsets(static_cast<int>(table.columns()), 2)) {
    if (pair[0] != excluded && pair[1] != excluded) pairs.push_back(pair);
  }
  const int p = static_cast<int>(table.columns()) - (excluded >= 0 ? 1 : 0);  // the tree's nodes
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalWorkload all_pairs, MarginalWorkload::from_column_sets(table.levels, pairs));
  const std::vector<int64_t> counts = all_pairs.count(table);
  std::vector<double> scores(pairs.size(), 0.0);
  for (size_t e = 0; e < pairs.size(); ++e) {
    const Marginal& marginal = all_pairs.marginals()[e];
    const std::vector<double>& a = one_way[size_t(pairs[e][0])];
    const std::vector<double>& b = one_way[size_t(pairs[e][1])];
    for (size_t i = 0; i < a.size(); ++i) {
      for (size_t j = 0; j < b.size(); ++j) {
        scores[e] += std::fabs(double(counts[marginal.offset + i * b.size() + j]) - noisy_count * a[i] * b[j]);
      }
    }
  }
  Components components(table.columns());
  std::vector<std::vector<int>> chosen;
  for (int round = 1; round < p; ++round) {
    std::vector<size_t> candidates;
    std::vector<double> candidate_scores;
    for (size_t e = 0; e < pairs.size(); ++e) {
      if (components.find(size_t(pairs[e][0])) == components.find(size_t(pairs[e][1]))) continue;
      candidates.push_back(e);
      candidate_scores.push_back(scores[e]);
    }
    PRIVSYNTH_RETURN_IF_ERROR(accountant.charge({"selection of tree edge " + std::to_string(round) + " of " +
                                                     std::to_string(p - 1),
                                                 "exponential mechanism", ExponentialCost{1.0, epsilon_em}}));
    Result<size_t> pick = exponential_mechanism(candidate_scores, epsilon_em, 1.0, random);
    if (!pick.is_ok()) return pick.status();
    const std::vector<int>& edge = pairs[candidates[pick.value()]];
    components.parent[components.find(size_t(edge[0]))] = components.find(size_t(edge[1]));
    chosen.push_back(edge);
  }
  return chosen;
}

// Every cell of the domain once, in row-major order.
EncodedTable full_domain(const std::vector<int>& levels, size_t cells) {
  EncodedTable points = make_empty_table(levels, cells);
  for (size_t row = 0; row < cells; ++row) {
    size_t cell = row;
    for (size_t c = levels.size(); c-- > 0;) {
      points.codes[c][row] = static_cast<uint32_t>(cell % size_t(levels[c]));
      cell /= size_t(levels[c]);
    }
  }
  return points;
}

// The edges of a tree as (parent, child), breadth first from `root`, so parents come first.
std::vector<std::pair<int, int>> orient_tree(const std::vector<std::vector<int>>& edges, int root) {
  std::vector<std::pair<int, int>> oriented;
  std::vector<int> frontier = {root};
  std::vector<bool> used(edges.size(), false);
  for (size_t next = 0; next < frontier.size(); ++next) {
    for (size_t e = 0; e < edges.size(); ++e) {
      if (used[e] || (edges[e][0] != frontier[next] && edges[e][1] != frontier[next])) continue;
      used[e] = true;
      const int child = edges[e][0] == frontier[next] ? edges[e][1] : edges[e][0];
      oriented.push_back({frontier[next], child});
      frontier.push_back(child);
    }
  }
  return oriented;
}

std::vector<int> sorted(std::vector<int> columns) {
  std::sort(columns.begin(), columns.end());
  return columns;
}

// The target-augmented tree (TAN: Friedman, Geiger & Goldszmidt 1997) of consistent tables:
// tables[0] over {target, root}, then one over {target, parent, child} per oriented edge.
ConditionalModel target_tree_model(const std::vector<int>& levels, int target, const std::vector<double>& target_marginal,
                                   int root, const std::vector<std::pair<int, int>>& edges,
                                   const std::vector<MarginalTable>& tables) {
  ConditionalModel model{levels, {{target, {}, target_marginal}}};
  model.nodes.push_back(node_from_table(levels, tables[0], root, {target}));
  for (size_t e = 0; e < edges.size(); ++e) {
    model.nodes.push_back(node_from_table(levels, tables[e + 1], edges[e].second, {target, edges[e].first}));
  }
  return model;
}

// The measured marginals as NoisyMarginals: sets[0..p) are the 1-way marginals (already in
// one_way_counts), the rest tables whose noisy cells follow in `cells`.
NoisyMarginals noisy_tables(const std::vector<int>& levels, const std::vector<std::vector<double>>& one_way_counts,
                            double one_way_std, const std::vector<std::vector<int>>& sets, const std::vector<double>& cells,
                            double table_std) {
  NoisyMarginals noisy{levels, one_way_counts, one_way_std * one_way_std, {}, table_std * table_std};
  size_t offset = 0;
  for (const std::vector<double>& counts : one_way_counts) offset += counts.size();
  for (size_t s = one_way_counts.size(); s < sets.size(); ++s) {
    size_t size = 1;
    for (int column : sets[s]) size *= size_t(levels[size_t(column)]);
    noisy.tables.push_back(
        {sets[s], std::vector<double>(cells.begin() + std::ptrdiff_t(offset), cells.begin() + std::ptrdiff_t(offset + size))});
    offset += size;
  }
  return noisy;
}

}  // namespace

Result<MechanismOutput> run_marginal_lp(const MechanismContext& context, const MarginalLpOptions& options) {
  const EncodedTable& table = context.table;
  const int p = static_cast<int>(table.columns());
  const int target = context.target_column;
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalLpPlan planned, plan_marginal_lp(options, p, target));
  const MarginalLpPlan& plan = planned;
  // The run's accountant is zCDP with rho = cdp_rho(epsilon, delta) (the registry's definition).
  Accountant& accountant = context.accountant;
  if (accountant.definition().accounting != Accounting::Zcdp || std::fabs(accountant.budget() - plan.rho) > 1e-12 * plan.rho) {
    return Status::error(ErrorCode::Internal, "the marginal mechanism needs the run's zCDP budget rho = cdp_rho(epsilon, delta)");
  }
  const bool mst = plan.mst, select = plan.select;
  const double rho_one = plan.rho_one, rho_tables = plan.rho_tables;

  if (!keep_going(context.progress, Phase::Measure, 0)) return cancelled();
  std::vector<std::vector<int>> sets;
  for (int c = 0; c < p; ++c) sets.push_back({c});
  if (!mst && options.workload == MarginalWorkloadChoice::AllUpToDegree) {
    Result<MarginalWorkload> all = MarginalWorkload::all_up_to_degree(table.levels, options.degree);
    if (!all.is_ok()) return all.status();
    sets.clear();
    for (const Marginal& marginal : all.value().marginals()) sets.push_back(marginal.columns);
  }
  // Every release below is a discrete Gaussian of std sqrt(#marginals / (2 rho_part)), so each
  // measurement costs exactly its part.
  const auto std_for = marginal_noise_std;
  Result<MarginalWorkload> first =
      MarginalWorkload::from_column_sets(table.levels, mst ? std::vector<std::vector<int>>(sets.begin(), sets.begin() + p) : sets);
  if (!first.is_ok()) return first.status();
  Result<std::vector<double>> noisy =
      measure(table, first.value(), std_for(first.value().marginals().size(), rho_one),
              mst ? "noisy 1-way marginals of all " + std::to_string(p) + " columns"
                  : "noisy cells of all " + std::to_string(first.value().marginals().size()) + " marginals of degree 1.." +
                        std::to_string(options.degree),
              accountant, context.random, options.test_only_disable_noise);
  if (!noisy.is_ok()) return noisy.status();
  std::vector<double> noisy_cells = std::move(noisy).value();

  // MST's domain compression (post-processing of the noisy 1-way counts): values whose noisy
  // count is below 3 noise standard deviations merge into one value per column.
  std::vector<std::vector<double>> one_way_counts;
  for (int c = 0; c < p; ++c) {
    const Marginal& marginal = first.value().marginals()[size_t(c)];
    one_way_counts.emplace_back(noisy_cells.begin() + std::ptrdiff_t(marginal.offset),
                                noisy_cells.begin() + std::ptrdiff_t(marginal.offset + marginal.cells));
  }
  DomainCompression compression = compress_domain(table.levels, one_way_counts, -INFINITY);  // identity
  if (mst && options.compress_domain) {
    compression = compress_domain(table.levels, one_way_counts, 3 * std_for(size_t(p), rho_one));
    noisy_cells.clear();
    for (int c = 0; c < p; ++c) {
      one_way_counts[size_t(c)] = compression.compress_counts(size_t(c), one_way_counts[size_t(c)]);
      noisy_cells.insert(noisy_cells.end(), one_way_counts[size_t(c)].begin(), one_way_counts[size_t(c)].end());
    }
  }
  const EncodedTable compressed = compression.identity() ? EncodedTable{} : compression.compress(table);
  const EncodedTable& work = compression.identity() ? table : compressed;

  // The record count from the 1-way totals (post-processing): their mean.
  double noisy_count = 0;
  std::vector<std::vector<double>> one_way_distribution;
  for (int c = 0; c < p; ++c) {
    noisy_count += std::accumulate(one_way_counts[size_t(c)].begin(), one_way_counts[size_t(c)].end(), 0.0) / p;
    one_way_distribution.push_back(clipped_distribution(one_way_counts[size_t(c)]));
  }
  noisy_count = std::max(noisy_count, 1.0);

  // With a prediction target, the fit by tree becomes a target-augmented tree: the spanning tree
  // joins the features only, and each edge is measured as the 3-way table (target, parent, child),
  // so that every feature is drawn given the target and its parent.
  const bool target_tree = plan.target_tree;
  std::vector<std::vector<int>> tree;
  std::vector<std::pair<int, int>> oriented;
  int root = 0;
  if (mst) {
    if (select) {
      if (!keep_going(context.progress, Phase::Measure, 0.3, "selecting a spanning tree of 2-way marginals")) return cancelled();
      Result<std::vector<std::vector<int>>> chosen =
          select_tree(work, one_way_distribution, noisy_count, plan.selection_epsilon, accountant, context.random,
                      target_tree ? target : -1);
      if (!chosen.is_ok()) return chosen.status();
      tree = std::move(chosen).value();
    } else if (!target_tree) {
      tree = {{0, 1}};
    }
    std::vector<std::vector<int>> measured;
    if (target_tree) {
      root = target == 0 ? 1 : 0;
      oriented = orient_tree(tree, root);
      measured.push_back(sorted({target, root}));
      for (const auto& [parent, child] : oriented) measured.push_back(sorted({target, parent, child}));
    } else {
      // With a prediction target and the LP, every pair (target, x) is measured too: a classifier
      // of the target needs its joint with each feature, which a spanning tree gives for only a few.
      measured = tree;
      for (int c = 0; target >= 0 && c < p; ++c) {
        if (c == target) continue;
        std::vector<int> pair = sorted({c, target});
        if (std::find(measured.begin(), measured.end(), pair) == measured.end()) measured.push_back(pair);
      }
    }
    Result<MarginalWorkload> tables = MarginalWorkload::from_column_sets(work.levels, measured);
    if (!tables.is_ok()) return tables.status();
    Result<std::vector<double>> noisy_tables_cells =
        measure(work, tables.value(), std_for(measured.size(), rho_tables),
                target_tree ? "noisy cells of the " + std::to_string(measured.size()) +
                                  " tables (target, feature tree edge) of the selected tree"
                            : "noisy cells of the " + std::to_string(measured.size()) + " selected 2-way marginals",
                accountant, context.random, options.test_only_disable_noise);
    if (!noisy_tables_cells.is_ok()) return noisy_tables_cells.status();
    noisy_cells.insert(noisy_cells.end(), noisy_tables_cells.value().begin(), noisy_tables_cells.value().end());
    sets.insert(sets.end(), measured.begin(), measured.end());  // the tree's tables first
  }
  if (!keep_going(context.progress, Phase::Measure, 1)) return cancelled();

  // Everything below is post-processing of the noisy counts.
  Result<MarginalWorkload> workload = MarginalWorkload::from_column_sets(work.levels, sets);
  if (!workload.is_ok()) return workload.status();
  std::vector<double> targets;  // the LP's: consistent estimates (MST), else clamped noisy frequencies
  TreeReference mu;
  ConditionalModel model;
  if (mst) {
    const ConsistentMarginals consistent = estimate_consistent_marginals(
        noisy_tables(work.levels, one_way_counts, std_for(size_t(p), rho_one), sets, noisy_cells, std_for(sets.size() - size_t(p), rho_tables)),
        noisy_count);
    // Consistent estimates as targets gave a lower 2-way error than the clamped noisy frequencies
    // (all of Adult with income as the target, eps = 1).
    for (const std::vector<double>& column : consistent.one_way) targets.insert(targets.end(), column.begin(), column.end());
    for (const MarginalTable& t : consistent.tables) targets.insert(targets.end(), t.counts.begin(), t.counts.end());
    if (target_tree) {
      model = target_tree_model(work.levels, target, consistent.one_way[size_t(target)], root, oriented, consistent.tables);
    } else {
      std::vector<PairTable> pairs;
      for (size_t e = 0; e < tree.size(); ++e) {
        pairs.push_back({consistent.tables[e].columns[0], consistent.tables[e].columns[1], consistent.tables[e].counts});
      }
      mu = tree_from_tables(work.levels, consistent.one_way[0], pairs);
      model = model_of_tree(mu);
    }
  } else {
    for (double cell : noisy_cells) targets.push_back(std::clamp(cell / noisy_count, 0.0, 1.0));
  }
  const bool by_tree = plan.by_tree;

  MechanismOutput output;
  nlohmann::json fit_parameters;
  if (by_tree) {
    if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
    const size_t k = synthetic_row_count(options, noisy_count);
    Result<EncodedTable> rows =
        options.round_to_dataset ? round_from_model(model, k, context.random) : sample_from_model(model, k, context.random);
    if (!rows.is_ok()) return rows.status();
    output.synthetic = std::move(rows).value();
    fit_parameters = {{"fit", target_tree ? "target-tree" : "tree"},
                      {"fitNote", target_tree ? "rows from the target-augmented tree of the consistent estimates of the "
                                                "measured tables: the target, then each feature given the target and "
                                                "its parent feature"
                                              : "rows from the tree distribution of the consistent estimates of the "
                                                "selected marginals"},
                      {"syntheticRows", k},
                      {"syntheticRowsFrom", options.round_to_dataset
                                                ? "rounding k P(x) along the tree to whole rows (largest remainders)"
                                                : "k independent draws from the tree"}};
    output.released = {{"noisyRecordCount", noisy_count}};
  } else {
    double domain = 1;
    for (int level : work.levels) domain *= level;
    const bool whole_domain = domain <= double(options.full_domain_limit);
    const PointSource points = [&](size_t count) -> PointBatch {
      if (mst) return PointBatch(sample_from_tree(mu, count, context.random));
      EncodedTable drawn = make_empty_table(work.levels, count);
      for (int c = 0; c < p; ++c) {
        Result<std::vector<size_t>> codes = draw_weighted_indices(one_way_distribution[size_t(c)], count, context.random);
        for (size_t row = 0; row < count && codes.is_ok(); ++row) drawn.codes[size_t(c)][row] = uint32_t(codes.value()[row]);
      }
      return PointBatch(std::move(drawn));
    };
    ReducedSpaceSchedule schedule = reduced_space_schedule(options, workload.value().statistic_count(), 0);
    if (!keep_going(context.progress, Phase::Solve, -1, "building the LP")) return cancelled();
    Result<Reweighting> fit = whole_domain
                                  ? fit_min_max_error(workload.value(), full_domain(work.levels, size_t(domain)), targets,
                                                      options.fit, lp_progress_sink(context, options))
                                  : fit_min_max_error(workload.value(), points, targets, schedule, options.fit,
                                                      lp_progress_sink(context, options));
    if (!fit.is_ok()) return fit.status();
    if (whole_domain) schedule = ReducedSpaceSchedule{size_t(domain), size_t(domain), 0};

    if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
    Result<std::vector<size_t>> rows = synthetic_row_indices(options, fit.value().weights, noisy_count, context.random);
    if (!rows.is_ok()) return rows.status();
    output.synthetic = select_rows(fit.value().points, rows.value());
    fit_parameters = {{"fit", "lp"},
                      {"reducedSpace", whole_domain ? nlohmann::json{{"size", size_t(domain)}, {"choice", "the full domain"}}
                                                    : reduced_space_json(options, schedule, fit.value())},
                      {"syntheticRows", rows.value().size()},
                      {"syntheticRowsFrom", options.round_to_dataset ? "rounding k h* to whole rows (largest remainders)"
                                                                     : "k independent draws from h*"},
                      {"lp", lp_json(options, fit.value())}};
    output.released = {{"noisyRecordCount", noisy_count},
                       {"lpObjective", fit.value().lp_objective},
                       {"lpLowerBound", fit.value().lower_bound},
                       {"lpMaxError", fit.value().max_error}};
    output.software = lp_software_json();
  }
  if (!compression.identity()) output.synthetic = compression.expand(output.synthetic, context.random);
  output.noise_disabled = options.test_only_disable_noise;
  output.description = {
      {"name", "marginal-lp"},
      {"title", mst ? "Marginal-preserving synthesis with MST-style selection of 2-way marginals"
                    : "Marginal-preserving LP synthesis of all marginals up to degree d"},
      {"paper", "S. Zhou et al. Bounding the excess risk for linear models trained on marginal-preserving, "
                "differentially-private, synthetic data (Mechanism 1); selection as in MST (McKenna, Miklau & Sheldon 2021)"},
      {"privacyNote", "docs/privacy/marginals.md"}};
  nlohmann::json selected = nlohmann::json::array();
  for (const std::vector<int>& edge : tree) selected.push_back(edge);
  output.report_degree = mst ? 2 : options.degree;
  output.parameters = {
      {"workload", mst ? "mst" : "all"},
      {"degree", mst ? 2 : options.degree},
      {"marginals", workload.value().marginals().size()},
      {"statistics", workload.value().statistic_count()},
      {"selectedPairs", selected},
      {"selectedPairsNote", "column indices among the chosen columns, chosen by the exponential mechanism"},
      {"compressedLevels", compression.levels},
      {"compressionNote", "values with a noisy count below 3 noise standard deviations merged into one per column (MST)"},
      {"budgetSplit", select ? std::string("rho/3 1-way marginals, rho/3 selection, rho/3 ") +
                                   (target_tree ? "the tables (target, tree edge)" : "the selected 2-way marginals") + " (as MST)"
                      : mst  ? std::string("rho/2 1-way marginals, rho/2 the one ") + (target_tree ? "table (target, feature)" : "2-way marginal")
                             : std::string("rho on all marginals")}};
  output.parameters.update(fit_parameters);
  if (!keep_going(context.progress, Phase::Sample, 1)) return cancelled();
  return output;
}

}  // namespace privsynth
