// adaptive-marginals' run: the 1-way measurements, AIM's rounds of selection and measurement on a
// graphical model refitted after each, the final fit and the records drawn from it.
#include "mechanisms/adaptive_marginals/adaptive_marginals.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "base/number_text.hpp"
#include "graphical_model/estimation.hpp"
#include "graphical_model/graphical_model.hpp"
#include "graphical_model/junction_tree.hpp"
#include "graphical_model/model_sampling.hpp"
#include "privacy/discrete_gaussian.hpp"
#include "privacy/exponential_mechanism.hpp"
#include "privacy/zcdp.hpp"
#include "report/marginal_report.hpp"
#include "statistics/domain_compression.hpp"
#include "statistics/workload.hpp"

namespace privsynth {
namespace {

const double kExpectedAbsNormal = std::sqrt(2 / M_PI);  // E|N(0, 1)|

Status cancelled() { return Status::error(ErrorCode::Cancelled, "cancelled"); }

std::vector<double> data_counts(const EncodedTable& table, const AttributeSet& columns) {
  return MarginalSource::from_rows(table).dense(columns).value();  // rows hold every marginal
}

double l1_distance(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (size_t i = 0; i < a.size(); ++i) sum += std::abs(a[i] - b[i]);
  return sum;
}

std::string column_list(const AttributeSet& columns, const std::vector<std::string>& names) {
  std::string text;
  for (int c : columns) text += (text.empty() ? "" : " × ") + names[size_t(c)];
  return text;
}

constexpr int kCoarseGroups = 12;

// A way to measure a column coarsely: each code's group, and the grouping in words.
struct Coarsening {
  std::string name;
  std::vector<uint32_t> group_of;
  uint32_t groups() const { return group_of.empty() ? 0 : *std::max_element(group_of.begin(), group_of.end()) + 1; }
};

// Runs of adjacent codes of about equal noisy mass, kCoarseGroups of them (post-processing of the
// noisy 1-way counts), keeping at least one level for each later run.
Coarsening noisy_mass_runs(const std::vector<double>& counts) {
  double total = 0;
  for (double v : counts) total += std::max(v, 0.0);
  Coarsening runs{std::to_string(kCoarseGroups) + " runs of adjacent levels", {}};
  double cumulative = 0;
  uint32_t current = 0;
  const size_t levels = counts.size();
  for (size_t v = 0; v < levels; ++v) {
    runs.group_of.push_back(current);
    cumulative += std::max(counts[v], 0.0);
    const bool share_reached = total > 0 && cumulative >= total * double(current + 1) / kCoarseGroups;
    const bool must_close = levels - v - 1 <= size_t(kCoarseGroups - 1 - int(current));
    if (current + 1 < uint32_t(kCoarseGroups) && (share_reached || must_close)) ++current;
  }
  return runs;
}

// Each column's coarse versions, coarsest last. A column with a public hierarchy (schema) is
// measured at each of its levels that has fewer groups than the column has levels, and at no
// other; another column with more than `above` levels in noisy-mass runs; the others not at all.
// Domain compression merges only within a hierarchy's finest groups, so a merged value has its
// members' group.
std::vector<std::vector<Coarsening>> coarse_columns(const std::vector<NoisyMarginal>& one_way,
                                                    const std::vector<std::vector<LevelGrouping>>& hierarchies,
                                                    const DomainCompression& compression, int above) {
  std::vector<std::vector<Coarsening>> coarse(one_way.size());
  for (size_t c = 0; c < one_way.size(); ++c) {
    const size_t levels = one_way[c].values.size();
    for (size_t l = 0; c < hierarchies.size() && l < hierarchies[c].size(); ++l) {
      const LevelGrouping& level = hierarchies[c][l];
      if (size_t(level.groups) >= levels) continue;
      Coarsening by_level{"by " + level.name, level.group_of};
      if (!compression.identity()) {
        by_level.group_of.clear();
        for (const std::vector<uint32_t>& members : compression.members[c]) {
          by_level.group_of.push_back(level.group_of[members.front()]);
        }
      }
      coarse[c].push_back(std::move(by_level));
    }
    const bool hierarchy = c < hierarchies.size() && !hierarchies[c].empty();
    if (!hierarchy && above > 0 && levels > size_t(above)) coarse[c].push_back(noisy_mass_runs(one_way[c].values));
  }
  return coarse;
}

// The coarse cell of every fine cell of `columns` (row-major): maps[i] groups the i-th column's
// codes (null: each code its own group).
std::vector<uint32_t> coarse_cells(const AttributeSet& columns, const std::vector<int>& levels,
                                   const std::vector<const Coarsening*>& maps, size_t& coarse_count) {
  const Factor fine = make_factor(columns, levels);
  std::vector<size_t> sizes;
  for (size_t i = 0; i < columns.size(); ++i) {
    sizes.push_back(maps[i] ? size_t(maps[i]->groups()) : size_t(levels[size_t(columns[i])]));
  }
  coarse_count = 1;
  for (size_t size : sizes) coarse_count *= size;
  std::vector<uint32_t> groups(fine.cells());
  std::vector<size_t> digit(columns.size(), 0);
  for (size_t cell = 0; cell < fine.cells(); ++cell) {
    size_t index = 0;
    for (size_t i = 0; i < columns.size(); ++i) {
      index = index * sizes[i] + (maps[i] ? maps[i]->group_of[digit[i]] : digit[i]);
    }
    groups[cell] = uint32_t(index);
    for (size_t i = columns.size(); i-- > 0;) {
      if (++digit[i] < size_t(fine.sizes[i])) break;
      digit[i] = 0;
    }
  }
  return groups;
}

// A candidate as the rounds query it: its columns, weight, and grouping (empty: every cell).
struct Query {
  AttributeSet columns;
  double weight = 0;
  std::vector<uint32_t> groups;
  size_t cells = 0;      // measured cells: groups when coarse
  std::string grouping;  // coarse: how, in words ("job_code by occupation")
};

// The coarse versions of a candidate: the v-th takes each column's v-th coarse version (its
// coarsest when it has fewer). A single column only by its hierarchy, whose coarse totals are
// not implied by its fine noisy counts' scale; pairs and larger by any.
std::vector<Query> coarse_queries(const Query& fine, const std::vector<int>& levels,
                                  const std::vector<std::vector<Coarsening>>& coarse,
                                  const std::vector<std::vector<LevelGrouping>>& hierarchies,
                                  const std::vector<std::string>& names) {
  size_t variants = 0;
  for (int c : fine.columns) variants = std::max(variants, coarse[size_t(c)].size());
  if (fine.columns.size() == 1) {
    const auto c = size_t(fine.columns[0]);
    if (c >= hierarchies.size() || hierarchies[c].empty()) variants = 0;
  }
  std::vector<Query> queries;
  for (size_t v = 0; v < variants; ++v) {
    std::vector<const Coarsening*> maps;
    Query query{fine.columns, fine.weight, {}, 0, ""};
    for (int c : fine.columns) {
      const std::vector<Coarsening>& versions = coarse[size_t(c)];
      maps.push_back(versions.empty() ? nullptr : &versions[std::min(v, versions.size() - 1)]);
      if (!maps.back()) continue;
      query.grouping += (query.grouping.empty() ? "" : ", ") + names[size_t(c)] + " " + maps.back()->name;
    }
    query.groups = coarse_cells(fine.columns, levels, maps, query.cells);
    queries.push_back(std::move(query));
  }
  return queries;
}

// Discrete Gaussian noise of (at least) `noise_std` on every cell (or group of cells) of each
// query's counts, charged first as one release of L2 sensitivity sqrt(#queries): a record is in
// one cell, hence one group, of each.
Result<std::vector<NoisyMarginal>> measure(const MechanismContext& context, const MarginalSource& data,
                                           const std::vector<Query>& queries, double noise_std, const std::string& what,
                                           bool disable_noise) {
  // Every count first, so that a missing given table refuses the run before anything is charged.
  std::vector<std::vector<double>> counts;
  for (const Query& query : queries) {
    PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<double> dense, data.dense(query.columns));
    counts.push_back(std::move(dense));
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalVariance variance, rational_variance_at_least(noise_std * noise_std));
  const double used_std = std::sqrt(variance.value());
  PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
      {what, "discrete Gaussian", GaussianCost{std::sqrt(double(queries.size())), used_std}}));
  std::vector<NoisyMarginal> measured;
  for (size_t q = 0; q < queries.size(); ++q) {
    const Query& query = queries[q];
    NoisyMarginal m{query.columns, std::vector<double>(query.cells), used_std, query.groups};
    m.values = grouped(m, counts[q]);
    if (!disable_noise) {
      for (double& v : m.values) v += double(sample_discrete_gaussian(context.random, variance));
    }
    measured.push_back(std::move(m));
  }
  return measured;
}

// The current model's marginals for scoring, each column set computed once: exact from a clique
// that holds it, else counted in records drawn from the model (the exact cross-clique elimination
// costs |clique| x |levels| per step and dominated the run's time). Either way a function of the
// model alone, so the scores stay data + post-processing.
class ModelMarginals {
 public:
  ModelMarginals(const GraphicalModel& model, double total, size_t sample_rows, RandomSource& random)
      : model_(model), total_(total), sample_rows_(sample_rows), random_(random) {}

  const std::vector<double>& of(const AttributeSet& columns) {
    auto found = cache_.find(columns);
    if (found != cache_.end()) return found->second;
    std::vector<double> values;
    if (sample_rows_ == 0 || model_.tree().clique_containing(columns) >= 0) {
      values = model_.marginal(columns).values;
    } else {
      if (sample_.rows == 0) sample_ = sample_model_records(model_, sample_rows_, random_);
      values = data_counts(sample_, columns);
      for (double& v : values) v *= total_ / double(sample_rows_);
    }
    return cache_.emplace(columns, std::move(values)).first->second;
  }

 private:
  const GraphicalModel& model_;
  double total_;
  size_t sample_rows_;
  RandomSource& random_;
  EncodedTable sample_;
  std::map<AttributeSet, std::vector<double>> cache_;
};

struct Round {
  AttributeSet selected;
  std::string grouping;  // coarse: how
  double noise_std = 0, selection_epsilon = 0;
  size_t candidates = 0;  // under the size limit
  bool annealed = false;
};

}  // namespace

Result<MechanismOutput> run_adaptive_marginals(const MechanismContext& context,
                                               const AdaptiveMarginalsOptions& options) {
  const MarginalSource original =
      context.given_counts ? *context.given_counts : MarginalSource::from_rows(context.table);
  const size_t p = original.levels().size();
  std::vector<std::string> names = context.column_names;
  for (size_t c = names.size(); c < p; ++c) names.push_back("column " + std::to_string(c));
  // AIM's 90% of each round measuring, unless the DP audit moves it (SelectionCalibration).
  const double measure_share = context.selection.share > 0 ? 1 - context.selection.share : kAimMeasureShare;
  PRIVSYNTH_ASSIGN_OR_RETURN(AdaptivePlan plan, plan_adaptive_marginals(options, p, measure_share));
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<Candidate> candidates,
                             adaptive_candidates(options, names, context.target_column));
  const bool no_noise = options.test_only_disable_noise;
  // Given count tables must hold every table the run may read, checked before anything is charged.
  if (context.given_counts) {
    PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<AttributeSet> needed,
                               adaptive_count_tables(options, names, context.target_column));
    PRIVSYNTH_RETURN_IF_ERROR(require_count_tables(original, needed, names, "adaptive-marginals"));
  }

  // 1. Every 1-way marginal at sigma.
  if (!keep_going(context.progress, Phase::Measure, 0, "1-way marginals")) return cancelled();
  std::vector<AttributeSet> singles;
  std::vector<Query> single_queries;
  for (size_t c = 0; c < p; ++c) {
    singles.push_back({int(c)});
    single_queries.push_back({{int(c)}, 0, {}, size_t(original.levels()[c]), ""});
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<NoisyMarginal> measurements,
                             measure(context, original, single_queries, plan.noise_std,
                                     "noisy 1-way marginals of all " + std::to_string(p) + " columns", no_noise));

  // Domain compression (MST's rule, post-processing of the 1-way counts), by default of the columns
  // with a public hierarchy only, within its groups: a single merged value of all of a column's rare
  // levels made the 2-way TV worse on a 720-level column (docs/schema.md). A column left alone
  // counts as never rare.
  DomainCompression compression;
  compression.original_levels = compression.levels = original.levels();
  std::optional<MarginalSource> compressed;
  if (options.compress_domain.value_or(true)) {
    const bool every_column = options.compress_domain.value_or(false);
    std::vector<std::vector<double>> one_way;
    for (size_t c = 0; c < p; ++c) {
      const std::vector<double>& values = measurements[c].values;
      const bool grouped = c < context.column_hierarchies.size() && !context.column_hierarchies[c].empty();
      one_way.push_back(every_column || grouped ? values : std::vector<double>(values.size(), INFINITY));
    }
    compression = compress_domain(original.levels(), one_way, 3 * measurements[0].noise_std,
                                  finest_groups(context.column_hierarchies));
    if (!compression.identity()) {
      compressed = original.compressed(compression);
      for (size_t c = 0; c < p; ++c) measurements[c].values = compression.compress_counts(c, measurements[c].values);
    }
  }
  const MarginalSource& data = compressed ? *compressed : original;
  const std::vector<int>& levels = data.levels();

  // The model may always hold the 1-way marginals; beyond them it grows up to maxModelCells.
  const double one_way_cells = junction_tree_cells(levels, singles);
  if (one_way_cells > kLargestModelCells) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the chosen columns have " + format_grouped_like_javascript(one_way_cells) +
                             " levels in all: even a model of their 1-way marginals would hold more than " +
                             format_grouped_like_javascript(kLargestModelCells) +
                             " cells; choose fewer columns, or give their schema fewer categories or bins");
  }
  const double model_cap = std::max(options.max_model_cells, one_way_cells);

  // The queries: every candidate, and a coarse version of those with a many-level column. A
  // candidate with more cells than the model may ever hold can never be chosen (the model would
  // need its clique), so neither it nor its coarse version is counted: on Zhou et al.'s Law table the
  // 4-way marginals reach 10^9 cells, whose dense counts took the run past 24 GB.
  const std::vector<std::vector<Coarsening>> coarse =
      coarse_columns(measurements, context.column_hierarchies, compression, options.coarsen_above);
  std::vector<Query> queries;
  for (const Candidate& candidate : candidates) {
    const double cells = cell_count(candidate.columns, levels);
    if (cells > model_cap) continue;
    queries.push_back({candidate.columns, candidate.weight, {}, size_t(cells), ""});
    for (Query& coarsened : coarse_queries(queries.back(), levels, coarse, context.column_hierarchies, names)) {
      queries.push_back(std::move(coarsened));
    }
  }
  // The data's answer to every query (never released: only their distances to the model, through the scores).
  std::vector<std::vector<double>> answers;
  for (const Query& query : queries) {
    NoisyMarginal shape{query.columns, std::vector<double>(query.cells), 1, query.groups};
    PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<double> counts, data.dense(query.columns));
    answers.push_back(grouped(shape, counts));
  }

  FitSettings fit;
  fit.iterations = options.round_iterations;
  fit.keep_going = [&](int, int) { return keep_going(context.progress, Phase::Measure, -1); };
  double total = estimated_total(measurements);
  std::vector<AttributeSet> measured_sets = singles;
  PRIVSYNTH_ASSIGN_OR_RETURN(GraphicalModel model, GraphicalModel::create(levels, measured_sets, model_cap));
  PRIVSYNTH_ASSIGN_OR_RETURN(FitResult fitted, fit_model(model, measurements, total, fit));

  // 2. The rounds.
  double sigma = plan.noise_std, selection_epsilon = plan.selection_epsilon;
  std::vector<Round> rounds;
  for (bool last = false; !last;) {
    const double remaining = context.accountant.remaining();
    if (remaining < 2 * (1 / (2 * sigma * sigma) + selection_epsilon * selection_epsilon / 8)) {
      sigma = std::sqrt(1 / (2 * measure_share * remaining));
      selection_epsilon = std::sqrt(8 * (1 - measure_share) * remaining);
      last = true;
    }
    const double spent_after =
        context.accountant.spent() + 1 / (2 * sigma * sigma) + selection_epsilon * selection_epsilon / 8;
    const double size_limit = std::max(one_way_cells, model_cap * std::min(1.0, spent_after / plan.rho));
    // Candidates whose model stays under the size limit, or that a measured set already holds
    // (public: the limit, the measured sets and the candidates; each column set checked once).
    std::vector<size_t> allowed;
    std::map<AttributeSet, bool> fits;
    for (size_t i = 0; i < queries.size(); ++i) {
      const AttributeSet& r = queries[i].columns;
      auto known = fits.find(r);
      if (known == fits.end()) {
        bool free = false;
        for (const AttributeSet& set : measured_sets) free = free || is_subset(r, set);
        std::vector<AttributeSet> with = measured_sets;
        with.push_back(r);
        known = fits.emplace(r, free || junction_tree_cells(levels, with) <= size_limit).first;
      }
      if (known->second) allowed.push_back(i);
    }
    std::vector<double> scores;
    double sensitivity = 0;
    ModelMarginals model_marginals(model, total, scoring_rows(options, total, allowed.size()), context.random);
    for (size_t i : allowed) {
      const Query& query = queries[i];
      const NoisyMarginal shape{query.columns, std::vector<double>(query.cells), 1, query.groups};
      const std::vector<double> estimate = grouped(shape, model_marginals.of(query.columns));
      const double bias = kExpectedAbsNormal * sigma * double(query.cells);
      scores.push_back(query.weight * (l1_distance(answers[i], estimate) - bias));
      sensitivity = std::max(sensitivity, std::abs(query.weight));
    }
    PRIVSYNTH_RETURN_IF_ERROR(
        context.accountant.charge({"choice of the round's marginal among " + std::to_string(allowed.size()),
                                   "exponential mechanism", ExponentialCost{sensitivity, selection_epsilon}}));
    // The DP audit's broken variant scales the sensitivity here only, not in the charge above.
    PRIVSYNTH_ASSIGN_OR_RETURN(
        size_t chosen, exponential_mechanism(scores, selection_epsilon,
                                             sensitivity * context.selection.sensitivity_scale, context.random));
    const Query& query = queries[allowed[chosen]];
    const AttributeSet selected = query.columns;
    PRIVSYNTH_ASSIGN_OR_RETURN(
        std::vector<NoisyMarginal> measured,
        measure(context, data, {query}, sigma,
                std::string(query.groups.empty() ? "noisy marginal " : "noisy coarse marginal ") +
                    column_list(selected, names) + (query.grouping.empty() ? "" : " (" + query.grouping + ")"),
                no_noise));
    measurements.push_back(std::move(measured[0]));
    const std::vector<double> before = grouped(measurements.back(), model.marginal(selected).values);
    // The round's "current error": the model's total variation distance on the selected marginal
    // before the refit, estimated from the new noisy measurement less its expected noise
    // (post-processing of released values only, so it may be shown).
    const double noise_l1 = kExpectedAbsNormal * sigma * double(query.cells);
    const double error_before =
        std::max(0.0, l1_distance(before, measurements.back().values) - noise_l1) / (2 * std::max(total, 1.0));
    if (std::find(measured_sets.begin(), measured_sets.end(), selected) == measured_sets.end()) {
      measured_sets.push_back(selected);
      PRIVSYNTH_ASSIGN_OR_RETURN(model, model.with_sets({selected}, model_cap));
    }
    total = estimated_total(measurements);
    fit.step = fitted.step;
    PRIVSYNTH_ASSIGN_OR_RETURN(fitted, fit_model(model, measurements, total, fit));
    Round round{selected, query.grouping, sigma, selection_epsilon, allowed.size(), false};
    const std::vector<double> after = grouped(measurements.back(), model.marginal(selected).values);
    // Annealing: a measurement that moved the model less than its own expected noise halves sigma.
    if (!last && l1_distance(after, before) <= noise_l1) {
      sigma /= 2;
      selection_epsilon *= 2;
      round.annealed = true;
    }
    rounds.push_back(round);
    const double fraction = std::min(1.0, context.accountant.spent() / plan.rho);
    if (!keep_going(context.progress, Phase::Measure, fraction,
                    "round " + std::to_string(rounds.size()) + ": " + column_list(selected, names) +
                        " (the model was off by about " + format_rounded(error_before, 2) + " in TV on it), " +
                        std::to_string(std::llround(100 * fraction)) + "% of the budget spent")) {
      return cancelled();
    }
  }

  // 3. The final fit and the records.
  fit.iterations = options.final_iterations;
  fit.step = fitted.step;
  fit.keep_going = [&](int done, int all) { return keep_going(context.progress, Phase::Fit, double(done) / all); };
  PRIVSYNTH_ASSIGN_OR_RETURN(fitted, fit_model(model, measurements, total, fit));
  if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
  const size_t rows = options.synthetic_rows > 0 ? size_t(options.synthetic_rows)
                                                 : synthetic_record_count(total, context.defer_sampling);
  const size_t model_cells = model.tree().cells;
  MechanismOutput output;
  // The records: systematic samples of the model, in compressed codes, then expanded.
  const RecordDraw draw = [model = std::make_shared<const GraphicalModel>(std::move(model))](
                              size_t count, RandomSource& random) -> Result<EncodedTable> {
    return sample_model_records(*model, count, random);
  };
  PRIVSYNTH_ASSIGN_OR_RETURN(SyntheticRecords records,
                             draw_or_defer(context.defer_sampling, draw, rows, compression.levels, context.random));
  if (!compression.identity()) records = expand_records(std::move(records), compression, context.random);
  output.take_records(std::move(records));
  PRIVSYNTH_RETURN_IF_ERROR(context.random.health());

  output.noise_disabled = no_noise;
  output.description = {{"name", "adaptive-marginals"},
                        {"title", "Adaptive marginals on a graphical model (AIM)"},
                        {"paper",
                         "R. McKenna, B. Mullins, D. Sheldon, G. Miklau. AIM: an adaptive and iterative mechanism for "
                         "differentially private synthetic data. VLDB 2022; estimation: R. McKenna, D. Sheldon, G. "
                         "Miklau. Graphical-model based estimation and inference for differential privacy. ICML 2019"},
                        {"neighbours", "add/remove one record"},
                        {"privacyNote", "docs/privacy/adaptive-marginals.md"}};
  nlohmann::json selected = nlohmann::json::array();
  for (const Round& round : rounds) {
    nlohmann::json columns = nlohmann::json::array();
    for (int c : round.selected) columns.push_back(names[size_t(c)]);
    selected.push_back({{"columns", columns},
                        {"coarse", !round.grouping.empty()},
                        {"noiseStd", round.noise_std},
                        {"selectionEpsilon", round.selection_epsilon},
                        {"candidates", round.candidates},
                        {"annealed", round.annealed}});
    if (!round.grouping.empty()) selected.back()["grouping"] = round.grouping;
  }
  output.parameters = {{"rho", plan.rho},
                       {"delta", options.delta},
                       {"roundsPlanned", plan.rounds},
                       {"rounds", rounds.size()},
                       {"candidates", candidates.size()},
                       {"firstNoiseStd", plan.noise_std},
                       {"firstSelectionEpsilon", plan.selection_epsilon},
                       {"maxModelCells", options.max_model_cells},
                       {"modelCells", model_cells},
                       {"roundIterations", options.round_iterations},
                       {"finalIterations", options.final_iterations},
                       {"compressDomain", options.compress_domain ? nlohmann::json(*options.compress_domain)
                                                                  : nlohmann::json("columns with a hierarchy")},
                       {"syntheticRows", rows},
                       {"selected", selected}};
  output.released = {{"noisyRecordCount", total}};
  if (context.owner_report && !context.given_counts && !context.defer_sampling) {  // the report compares rows
    PRIVSYNTH_ASSIGN_OR_RETURN(const auto workload, adaptive_workload(options, names, context.target_column));
    std::vector<std::vector<int>> marginals;
    for (const auto& [set, weight] : workload) marginals.push_back(set);
    const WorkloadError error = workload_error(context.table, output.synthetic, marginals);
    output.owner_report["workloadError"] = {
        {"marginals", error.marginals},
        {"skippedOverCells", error.skipped},
        {"meanNormalizedL1", error.mean_l1},
        {"worstNormalizedL1", error.worst_l1},
        {"note",
         "the workload's marginals of at most 10^6 cells, each ||real - synthetic||_1 of its frequencies (2 x TV; "
         "Zhou et al.'s Fig. 2), against the real rows the mechanism saw"}};
  }
  return output;
}

}  // namespace privsynth
