#include "mechanisms/reduced_space_lp/reference_release.hpp"

#include <memory>

#include "base/number_text.hpp"
#include "data/space_layout.hpp"
#include "lp/uniform_reference_measure.hpp"
#include "mechanisms/space_partition/space_partition.hpp"
#include "statistics/tree_reference.hpp"

namespace privsynth {

const char* reference_kind_name(ReferenceKind kind) { return choice_name(kReferenceKinds, kind); }

ReferenceKind resolve_reference_kind(ReferenceKind kind, const std::vector<int>& levels, bool continuous) {
  if (kind != ReferenceKind::Auto) return kind;
  if (continuous) return ReferenceKind::KdTree;
  double cells = 1;
  for (int level : levels) cells *= level;
  return cells <= kAutoUniformCells ? ReferenceKind::Uniform : ReferenceKind::Tree;
}

std::string auto_reference_rule() {
  return "auto: uniform while the encoded domain has at most " + format_grouped_like_javascript(kAutoUniformCells) +
         " cells, else tree; kd-tree in the continuous space";
}

double default_reference_budget_fraction(ReferenceKind kind) {
  switch (kind) {
    case ReferenceKind::Uniform:
    case ReferenceKind::Auto: return 0;
    case ReferenceKind::Tree: return 0.3;
    // In the continuous space 0.3 measured closer than 0.5 (docs/measured-defaults.md).
    case ReferenceKind::KdTree: return 0.3;
    case ReferenceKind::Histogram:
    case ReferenceKind::BernsteinKde: return 0.5;
  }
  return 0.5;
}

ReferenceOptions resolve_reference_options(const ReferenceOptions& given, const std::vector<int>& levels,
                                           bool continuous) {
  ReferenceOptions options = given;
  options.kind = resolve_reference_kind(given.kind, levels, continuous);
  if (options.kind == ReferenceKind::Uniform) {
    options.budget_fraction = 0;
  } else if (options.budget_fraction == 0) {
    options.budget_fraction = default_reference_budget_fraction(options.kind);
  }
  return options;
}

ReferenceBudgetSplit split_reference_budget(const ReferenceOptions& options, double epsilon) {
  ReferenceBudgetSplit split;
  split.reference = epsilon * options.budget_fraction;
  split.rest = epsilon - split.reference;
  return split;
}

namespace {

// Draws from a piecewise-uniform mu that remember their boxes (piecewise_uniform.hpp).
void draw_from_pieces(ReferenceDraws& draws, UniformPieces pieces, RandomSource& random) {
  draws.pieces = std::make_shared<UniformPieces>(std::move(pieces));
  draws.unit_points = [&random, shared = draws.pieces](size_t count) { return shared->draw(count, random); };
}

Result<ReferenceDraws> release_discrete(const ReferenceOptions& options, double epsilon,
                                        const MechanismContext& context, const MarginalSource& data,
                                        bool disable_noise) {
  ReferenceDraws draws;
  RandomSource& random = context.random;
  const EncodedTable& table = context.table;
  switch (options.kind) {
    case ReferenceKind::Uniform:
      draws.codes = [&random, levels = table.levels](size_t count) -> Result<EncodedTable> {
        return sample_uniform_points(levels, count, random);
      };
      draws.receipt = {{"kind", "uniform"}, {"description", "uniform on the encoded domain (independent of the data)"}};
      return draws;
    case ReferenceKind::Histogram: {
      if (data.from_given_counts()) {
        return Status::error(ErrorCode::InvalidArgument,
                             "the histogram reference counts the full joint table of the rows; from count tables use "
                             "\"referenceMeasure\": \"tree\" or \"uniform\"");
      }
      PRIVSYNTH_ASSIGN_OR_RETURN(size_t cells, full_domain_cells(table.levels, options.histogram_cell_limit));
      PRIVSYNTH_ASSIGN_OR_RETURN(PerturbedHistogram histogram,
                                 release_perturbed_histogram(table.levels, count_full_domain(table, cells), epsilon,
                                                             context.accountant, random, disable_noise));
      auto shared = std::make_shared<PerturbedHistogram>(std::move(histogram));
      draws.codes = [&random, shared](size_t count) { return sample_from_histogram(*shared, count, random); };
      draws.receipt = {
          {"kind", "histogram"},
          {"description",
           "perturbed histogram of the full encoded domain (Wasserman & Zhou 2010; Bojkovic & Loh, Algorithm 2)"},
          {"epsilon", epsilon},
          {"cells", cells},
          {"cellLimit", options.histogram_cell_limit},
          {"noiseScale", shared->scale.value()},
          {"positiveCells", shared->positive_cells},
          {"uniformFallback", shared->uniform_fallback},
          {"privacyNote", "docs/privacy/perturbed-histogram.md"}};
      return draws;
    }
    case ReferenceKind::Tree: {
      PRIVSYNTH_ASSIGN_OR_RETURN(TreeReference tree,
                                 release_tree_reference(data, epsilon, context.accountant, random, disable_noise));
      auto shared = std::make_shared<TreeReference>(std::move(tree));
      draws.codes = [&random, shared](size_t count) -> Result<EncodedTable> {
        return sample_from_tree(*shared, count, random);
      };
      nlohmann::json edges = nlohmann::json::array();
      for (const TreeEdge& edge : shared->edges) edges.push_back({edge.parent, edge.child});
      draws.receipt = {
          {"kind", "tree"},
          {"description", "Chow-Liu tree of noisy 2-way marginals (all pairs measured)"},
          {"epsilon", epsilon},
          {"measuredCells", shared->measured_cells},
          {"noiseScale", shared->scale.value()},
          {"edges", edges},
          {"edgesNote", "column indices (parent, child) among the chosen columns, chosen from noisy tables"},
          {"privacyNote", "docs/privacy/tree-reference.md"}};
      return draws;
    }
    case ReferenceKind::BernsteinKde:
    case ReferenceKind::KdTree:
    case ReferenceKind::Auto: break;
  }
  return Status::error(ErrorCode::InvalidArgument, std::string("the \"") + reference_kind_name(options.kind) +
                                                       "\" reference measure works on numeric values: set "
                                                       "\"space\": \"continuous\"");
}

// The KD-tree's leaves as mu: Kreačić et al.'s Algorithms 2-3 with all of `epsilon`, n the LP's
// noisy count (of noise scale `count_scale`).
Result<ReferenceDraws> release_kd_tree_reference(double epsilon, double noisy_count, double count_scale,
                                                 const MechanismContext& context, size_t axes) {
  if (!keep_going(context.progress, Phase::Measure, -1, "private KD-tree density")) {
    return Status::error(ErrorCode::Cancelled, "cancelled");
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(PartitionDensity density,
                             release_kd_tree_density(context, epsilon, noisy_count, count_scale));
  ReferenceDraws draws;
  const size_t leaves = density.bins.size();
  // No leaf passed the threshold (few records for this epsilon): mu falls back to uniform, a choice
  // made from the released (empty) set of leaves.
  draw_from_pieces(draws, leaves > 0 ? UniformPieces(std::move(density.bins)) : unit_cube_pieces(axes), context.random);
  draws.receipt = {
      {"kind", "kd-tree"},
      {"description", "the released leaves of a private KD-tree, uniform inside each (Kreačić et al., Algorithms 2-3)"},
      {"epsilon", epsilon},
      {"releasedLeaves", leaves},
      {"uniformFallback", leaves == 0},
      {"partition", std::move(density.parameters)},
      {"privacyNote", "docs/privacy/space-partition.md"}};
  return draws;
}

Result<ReferenceDraws> release_continuous(const ReferenceOptions& options, double epsilon, double noisy_count,
                                          double count_scale, const MechanismContext& context, bool disable_noise) {
  ReferenceDraws draws;
  RandomSource& random = context.random;
  // mu lives on the continuous space's axes: a special axis before each column with special levels.
  const SpaceLayout axes = unit_space_layout(context.table.levels, context.special_levels);
  const size_t p = axes.levels.size();
  if (options.kind == ReferenceKind::Uniform) {
    draw_from_pieces(draws, unit_cube_pieces(p), random);
    draws.receipt = {{"kind", "uniform"}, {"description", "uniform on [0,1]^p (independent of the data)"}};
    return draws;
  }
  if (options.kind == ReferenceKind::KdTree) {
    if (disable_noise) {
      return Status::error(ErrorCode::InvalidArgument, "the \"kd-tree\" reference measure has no noise-free test mode");
    }
    return release_kd_tree_reference(epsilon, noisy_count, count_scale, context, p);
  }
  if (options.kind != ReferenceKind::BernsteinKde) {
    return Status::error(ErrorCode::InvalidArgument,
                         "in the continuous space the reference measure must be \"uniform\", \"bernstein-kde\" or "
                         "\"kd-tree\", not \"" +
                             std::string(reference_kind_name(options.kind)) + "\"");
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(BernsteinParameters parameters,
                             choose_bernstein_parameters(static_cast<int>(p), noisy_count, epsilon, options.bernstein));
  const std::function<bool(double)> keep = [&](double fraction) {
    return keep_going(context.progress, Phase::Measure, fraction, "private kernel density on the Bernstein lattice");
  };
  PRIVSYNTH_ASSIGN_OR_RETURN(
      BernsteinRelease release,
      release_gaussian_kde(unit_space_points(axes, context.table, *context.unit_values), parameters, epsilon,
                           context.accountant, random, keep, disable_noise));
  auto shared = std::make_shared<BernsteinRelease>(std::move(release));
  draws.unit_points = [&random, shared](size_t count) { return sample_release(*shared, count, random); };
  const BernsteinParameters& chosen = shared->parameters;
  draws.receipt = {{"kind", "bernstein-kde"},
                   {"description",
                    "Gaussian kernel density estimate released with the Bernstein mechanism (Alda & Rubinstein 2017; "
                    "Bojkovic & Loh, Algorithm 3)"},
                   {"epsilon", epsilon},
                   {"latticeResolution", chosen.lattice_resolution},
                   {"latticeChoice", chosen.lattice_choice},
                   {"order", chosen.order},
                   {"orderChoice", chosen.order_choice},
                   {"bandwidth", chosen.bandwidth},
                   {"bandwidthChoice", chosen.bandwidth_choice},
                   {"latticePoints", chosen.lattice_points},
                   {"sensitivity", shared->sensitivity},
                   {"noiseScale", shared->noise_scale},
                   {"uniformFallback", shared->uniform_fallback},
                   {"privacyNote", "docs/privacy/bernstein-kde.md"}};
  return draws;
}

}  // namespace

Result<ReferenceDraws> release_reference(const ReferenceOptions& options, double epsilon, bool continuous,
                                         double noisy_count, double count_scale, const MechanismContext& context,
                                         const MarginalSource& data, bool disable_noise) {
  if (continuous) {
    if (!context.unit_values) return Status::error(ErrorCode::Internal, "the continuous space needs numeric values");
    return release_continuous(options, epsilon, noisy_count, count_scale, context, disable_noise);
  }
  return release_discrete(options, epsilon, context, data, disable_noise);
}

}  // namespace privsynth
