// reduced-space-lp's options, read and checked before any data is touched.
#include <string>

#include "mechanisms/reduced_space_lp/perturbed_histogram.hpp"
#include "mechanisms/reduced_space_lp/reduced_space_lp.hpp"

namespace privsynth {
namespace {

// The reference measure, its budget share and the space it lives in.
Status read_reference_options(OptionReader& reader, ReducedSpaceLpOptions& options) {
  ReferenceOptions& reference = options.reference;
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice(
      "referenceMeasure", reference.kind, kReferenceKinds,
      {"The measure mu the reduced space is drawn from (Bojkovic & Loh): \"uniform\" is free; \"histogram\" (small "
       "domains), \"tree\" (wide tables), \"bernstein-kde\" and \"kd-tree\" (continuous space) spend a share of "
       "epsilon on the data. \"auto\" picks one from the domain (adviseRun() states which)."}));
  std::optional<ReducedSpace> space;
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("space", space, kReducedSpaces,
                    {"\"encoded\": records are codes (categories and bins); \"continuous\": every column numeric, "
                     "records are points of [0,1]^p scaled by the public bounds, output unbinned. By default "
                     "continuous with the \"bernstein-kde\" and \"kd-tree\" references, else encoded.",
                     OptionDefault::Computed}));
  const bool continuous_measure =
      reference.kind == ReferenceKind::BernsteinKde || reference.kind == ReferenceKind::KdTree;
  options.space = space.value_or(continuous_measure ? ReducedSpace::Continuous : ReducedSpace::Encoded);
  if (continuous_measure && options.space != ReducedSpace::Continuous) {
    return Status::error(ErrorCode::InvalidArgument, std::string("the \"") + reference_kind_name(reference.kind) +
                                                         "\" reference measure needs \"space\": \"continuous\"");
  }
  if (options.space == ReducedSpace::Continuous &&
      (reference.kind == ReferenceKind::Histogram || reference.kind == ReferenceKind::Tree)) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "in the continuous space the reference measure must be \"uniform\", \"bernstein-kde\" or \"kd-tree\"");
  }
  if (reader.has("redrawWithinCells") && options.space != ReducedSpace::Continuous) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"redrawWithinCells\" applies only to \"space\": \"continuous\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.boolean("redrawWithinCells", options.redraw_within_cells,
                     {"Continuous space with a uniform or KD-tree mu: draw each row's point again inside its cell, so "
                      "that every row is its own point; false keeps the reduced space's points."}));
  long long moments = options.space == ReducedSpace::Continuous ? 2 : 0;
  if (reader.has("moments") && options.space != ReducedSpace::Continuous) {
    return Status::error(ErrorCode::InvalidArgument, "option \"moments\" applies only to \"space\": \"continuous\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer(
      "moments", moments, 0, 2,
      {"Continuous space: also preserve the means (1) or the means and second moments (2, the default there).",
       OptionDefault::Computed}));
  options.moments = static_cast<int>(moments);

  if (reader.has("referenceBudgetFraction") && reference.kind == ReferenceKind::Uniform) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "option \"referenceBudgetFraction\" needs a private reference measure; the uniform one is free");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("referenceBudgetFraction", reference.budget_fraction, 0, 1,
                    {"The share of epsilon spent on a private mu, the LP getting the rest; by default 0.5 for the "
                     "histogram and the KDE, 0.3 for the tree and the KD-tree.",
                     OptionDefault::Computed}));
  if (reader.has("referenceBudgetFraction") && !(reference.budget_fraction > 0 && reference.budget_fraction < 1)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"referenceBudgetFraction\" must be strictly between 0 and 1");
  }

  const auto only_for = [&](const char* key, ReferenceKind needed) -> Status {
    if (reader.has(key) && reference.kind != needed) {
      return Status::error(ErrorCode::InvalidArgument, std::string("option \"") + key + "\" applies only to the \"" +
                                                           reference_kind_name(needed) + "\" reference measure");
    }
    return Status::ok();
  };
  long long cell_limit = static_cast<long long>(reference.histogram_cell_limit);
  PRIVSYNTH_RETURN_IF_ERROR(only_for("histogramCellLimit", ReferenceKind::Histogram));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("histogramCellLimit", cell_limit, 1,
                                           static_cast<long long>(kMaxHistogramCellLimit),
                                           {"The largest full domain, in cells, that the histogram reference accepts; "
                                            "a larger one is refused before anything is spent."}));
  reference.histogram_cell_limit = static_cast<size_t>(cell_limit);
  for (const char* key : {"bernsteinLattice", "bernsteinOrder", "kdeBandwidth", "kdeBandwidthConstant"}) {
    PRIVSYNTH_RETURN_IF_ERROR(only_for(key, ReferenceKind::BernsteinKde));
  }
  long long lattice = 0, order = 0;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer(
      "bernsteinLattice", lattice, 1, 1000,
      {"The Bernstein lattice resolution k (the lattice {0, 1/k, ..., 1}^p); by default from n, p and epsilon.",
       OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer(
      "bernsteinOrder", order, 1, 8, {"The iterated Bernstein order h; 2 unless given.", OptionDefault::Computed}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.number(
      "kdeBandwidth", reference.bernstein.bandwidth, 0, 1,
      {"The KDE's bandwidth in units of the scaled [0, 1] range; by default C (ln n / n)^(1/p) with the noisy count n.",
       OptionDefault::Computed}));
  if (reader.has("kdeBandwidth") && !(reference.bernstein.bandwidth > 0)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "option \"kdeBandwidth\" must be in (0, 1] (units of the scaled [0,1] range)");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.positive_number("kdeBandwidthConstant", reference.bernstein.bandwidth_constant,
                             {"The constant C of the default KDE bandwidth (Bojkovic & Loh, Theorem IV.1)."}));
  reference.bernstein.lattice_resolution = static_cast<int>(lattice);
  reference.bernstein.order = static_cast<int>(order);
  return Status::ok();
}

}  // namespace

Result<ReducedSpaceLpOptions> read_reduced_space_lp_options(OptionReader& reader, double epsilon) {
  ReducedSpaceLpOptions options;
  options.epsilon = epsilon;
  long long degree = options.degree;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("degree", degree, 1, 3, {"Preserve every marginal up to this degree."}));
  options.degree = static_cast<int>(degree);
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("countBudgetFraction", options.count_budget_fraction, 0, 1,
                    {"The share of epsilon spent on the record count; by default 1 / (1 + sqrt(number of marginals)).",
                     OptionDefault::Computed}));
  if (reader.has("countBudgetFraction") && (options.count_budget_fraction <= 0 || options.count_budget_fraction >= 1)) {
    return Status::error(ErrorCode::InvalidArgument, "option \"countBudgetFraction\" must be strictly between 0 and 1");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.test_only_switch("testOnlyDisableNoise", options.test_only_disable_noise,
                              {"Tests only: exact statistics without noise. The output is not private."}));
  // The second stage by default: on Adult's 6 demo columns at eps = 1 (5 seeds) it takes the mean
  // 2-way TV from 0.029 to 0.014 and the worst pair from 0.11 to 0.057, for 1.35x the LP's time natively
  // (1.8x in Chromium).
  options.fit.second_stage = SecondStage::MaxEntropy;
  PRIVSYNTH_RETURN_IF_ERROR(read_lp_fit_settings(reader, options));
  PRIVSYNTH_RETURN_IF_ERROR(read_reference_options(reader, options));
  return options;
}

}  // namespace privsynth
