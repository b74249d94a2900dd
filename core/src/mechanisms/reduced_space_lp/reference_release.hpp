#pragma once
// The reference measure mu from which the reduced space Omega* is drawn (Algorithm 1, step 1):
// uniform (Boedihardjo et al., independent of the data), or privately estimated from the data with
// its own share of the budget (Bojkovic & Loh): the perturbed histogram (their Algorithm 2), a
// noisy Chow-Liu tree for domains too large for a histogram, or the Bernstein-mechanism KDE on
// [0,1]^p (their Algorithm 3), or the KD-tree's released leaves on [0,1]^p (Kreačić et al.). By
// basic composition the run is (eps_mu + eps_LP)-DP.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/choice.hpp"
#include "mechanisms/mechanism.hpp"
#include "mechanisms/reduced_space_lp/bernstein_kde.hpp"
#include "mechanisms/reduced_space_lp/perturbed_histogram.hpp"
#include "mechanisms/reduced_space_lp/piecewise_uniform.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

enum class ReferenceKind { Auto, Uniform, Histogram, Tree, BernsteinKde, KdTree };
inline constexpr Choice<ReferenceKind> kReferenceKinds[] = {{"auto", ReferenceKind::Auto},
                                                            {"uniform", ReferenceKind::Uniform},
                                                            {"histogram", ReferenceKind::Histogram},
                                                            {"tree", ReferenceKind::Tree},
                                                            {"bernstein-kde", ReferenceKind::BernsteinKde},
                                                            {"kd-tree", ReferenceKind::KdTree}};
const char* reference_kind_name(ReferenceKind kind);

struct ReferenceOptions {
  ReferenceKind kind = ReferenceKind::Auto;
  double budget_fraction = 0;  // share of epsilon spent on mu; 0 picks default_reference_budget_fraction
  size_t histogram_cell_limit = kDefaultHistogramCellLimit;
  BernsteinOptions bernstein;
};

// "auto" keeps the free uniform measure while the encoded domain has at most this many cells (a
// reduced space of up to 100,000 points then covers it well) and uses the tree beyond. In the
// continuous space it is the KD-tree: a uniform mu leaves every point uniform inside its bins, and
// the KD-tree's points follow the data (an order of magnitude closer on Balog's mixtures and
// Adult's numeric columns: docs/measured-defaults.md). The choice reads only the public schema.
inline constexpr double kAutoUniformCells = 1e6;
ReferenceKind resolve_reference_kind(ReferenceKind kind, const std::vector<int>& levels, bool continuous);
// That rule in words, for the receipt ("auto: uniform while ... 1,000,000 cells, else tree").
std::string auto_reference_rule();

// Share of epsilon for mu when the caller gives none: Bojkovic & Loh spend eps on mu and eps on
// the LP (Theorems III.1 and IV.1), so half for the histogram and the KDE; for the tree (which
// measures many more cells than the LP needs to be good) and the KD-tree 0.3 was best on Adult
// (docs/privacy/reference-composition.md).
double default_reference_budget_fraction(ReferenceKind kind);

// The options a run uses: "auto" resolved, the budget share defaulted (0 for the uniform measure).
ReferenceOptions resolve_reference_options(const ReferenceOptions& given, const std::vector<int>& levels,
                                           bool continuous);

// How a run's epsilon is shared by basic composition: `options.budget_fraction` of it for mu (none
// for the uniform measure) and the rest for the mechanism's own measurements. `options` resolved.
struct ReferenceBudgetSplit {
  double reference = 0, rest = 0;
};
ReferenceBudgetSplit split_reference_budget(const ReferenceOptions& options, double epsilon);

// Draws from a released mu: codes of the encoded domain, or (continuous space) points of [0,1]^p,
// one vector per column.
struct ReferenceDraws {
  std::function<Result<EncodedTable>(size_t count)> codes;
  std::function<std::vector<std::vector<double>>(size_t count)> unit_points;
  std::shared_ptr<UniformPieces> pieces;  // continuous space, piecewise-uniform mu: each drawn point's box
  nlohmann::json receipt;                 // kind, epsilon, parameters, privacy note
};

// Releases mu, charging `epsilon` (ignored for the uniform measure). `noisy_count` (already
// released, discrete Laplace of scale `count_scale`) picks the KDE's and the KD-tree's public
// parameters. Continuous space needs context.unit_values. The tree reads its pair tables from
// `data` (rows or given count tables); the histogram needs the rows.
Result<ReferenceDraws> release_reference(const ReferenceOptions& options, double epsilon, bool continuous,
                                         double noisy_count, double count_scale, const MechanismContext& context,
                                         const MarginalSource& data, bool disable_noise);

}  // namespace privsynth
