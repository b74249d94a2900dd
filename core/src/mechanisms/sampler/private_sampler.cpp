#include "mechanisms/sampler/private_sampler.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "base/number_text.hpp"
#include "mechanisms/sampler/laplace_histogram.hpp"
#include "mechanisms/sampler/obscuring.hpp"
#include "mechanisms/sampler/reveal_or_obscure.hpp"
#include "mechanisms/sampler/sampler_utility.hpp"
#include "privacy/noise.hpp"
#include "privsynth/progress.hpp"

namespace privsynth {
namespace {

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidArgument, message); }

// What each reveal-or-obscure sample spends: epsilon / N (basic composition).
double obscuring_epsilon(const PrivateSamplerOptions& options) {
  return options.epsilon / static_cast<double>(options.samples);
}

// Each record's joint symbol, mixed radix over the chosen columns' codes (the first column slowest).
std::vector<uint32_t> joint_symbols(const EncodedTable& table) {
  std::vector<uint32_t> symbols(table.rows, 0);
  for (size_t c = 0; c < table.columns(); ++c) {
    const uint32_t radix = static_cast<uint32_t>(table.levels[c]);
    for (size_t r = 0; r < table.rows; ++r) symbols[r] = symbols[r] * radix + table.codes[c][r];
  }
  return symbols;
}

EncodedTable table_of_symbols(const std::vector<uint32_t>& symbols, const std::vector<int>& levels) {
  EncodedTable table = make_empty_table(levels, symbols.size());
  for (size_t r = 0; r < symbols.size(); ++r) {
    uint32_t rest = symbols[r];
    for (size_t c = levels.size(); c-- > 0;) {
      table.codes[c][r] = rest % static_cast<uint32_t>(levels[c]);
      rest /= static_cast<uint32_t>(levels[c]);
    }
  }
  return table;
}

std::vector<uint64_t> symbol_counts(const std::vector<uint32_t>& symbols, uint64_t alphabet) {
  std::vector<uint64_t> counts(alphabet, 0);
  for (uint32_t s : symbols) ++counts[s];
  return counts;
}

Status cancelled() { return Status::error(ErrorCode::Cancelled, "cancelled"); }

const char* paper_of(SamplerKind kind) {
  switch (kind) {
    case SamplerKind::DsRoo:
      return "N. Tasnim, A. Gilani, L. Sankar, O. Kosut. Differentially private sampling via Reveal-or-Obscure, "
             "Algorithm 2 (DS-ROO)";
    case SamplerKind::Roo:
      return "N. Tasnim, A. Gilani, L. Sankar, O. Kosut. Differentially private sampling via Reveal-or-Obscure, "
             "Algorithm 1 (ROO)";
    case SamplerKind::SubsampledRr:
      return "A. Cheu, D. Nayak. Subsampled k-ary randomized response (the ROO paper's baseline)";
    case SamplerKind::LaplaceHistogram:
      return "Laplace histogram projected onto the simplex (after Raskhodnikova et al.; the ROO paper's baseline)";
  }
  return "";
}

// Eq. (9) at the per-sample epsilon for a few TV targets: the records ROO needs so that even a
// point mass is within TV alpha.
nlohmann::json records_for_tv(double per_sample_epsilon, uint64_t alphabet) {
  nlohmann::json targets = nlohmann::json::array();
  for (double alpha : {0.01, 0.05, 0.1}) {
    targets.push_back(
        {{"tv", alpha}, {"records", std::ceil(roo_sample_complexity(alpha, per_sample_epsilon, alphabet))}});
  }
  return targets;
}

std::string ledger_release(SamplerKind kind, uint64_t samples, double per_sample) {
  if (kind == SamplerKind::LaplaceHistogram) {
    return "noisy counts of every symbol of the alphabet (one histogram; its " + std::to_string(samples) +
           " samples are post-processing)";
  }
  return std::to_string(samples) + " " + sampler_name(kind) + " sample" + (samples == 1 ? "" : "s") + ", each " +
         format_rounded(per_sample, 6) + "-DP (basic composition)";
}

}  // namespace

const char* sampler_name(SamplerKind kind) { return choice_name(kSamplerKinds, kind); }

Result<uint64_t> sampler_alphabet_size(const std::vector<int>& levels) {
  if (levels.empty()) return invalid("the sampler needs at least one column");
  double product = 1;
  for (int level : levels) product *= static_cast<double>(std::max(level, 1));
  if (product > static_cast<double>(kMaxSamplerAlphabet)) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the chosen columns' joint alphabet has " + format_number(product) +
                             " symbols, more than the " + format_number(static_cast<double>(kMaxSamplerAlphabet)) +
                             " the sampler can count; choose fewer columns or columns with fewer categories or bins");
  }
  if (product < 2) return invalid("the sampler needs an alphabet of at least 2 symbols");
  return static_cast<uint64_t>(product);
}

Result<SamplerPlan> plan_private_sampler(const PrivateSamplerOptions& options, uint64_t records, uint64_t alphabet) {
  if (records == 0) return Status::error(ErrorCode::EmptyData, "the sampler has no records to sample from");
  SamplerPlan plan;
  plan.records = records;
  plan.alphabet = alphabet;
  plan.samples = options.samples;
  const bool obscuring = obscures(options.sampler);
  const double per_sample = obscuring_epsilon(options);
  plan.per_sample_epsilon = obscuring ? per_sample : options.epsilon;
  plan.roo_gamma = roo_gamma(per_sample, records, alphabet);
  plan.worst_tv = plan.roo_gamma * (1 - 1 / static_cast<double>(alphabet));
  plan.epsilon0 = subsampled_rr_epsilon0(per_sample, records);
  // gamma <= c  <=>  epsilon / N >= ln(1 + k (1 - c) / (c n))  (docs/spec/algorithms.md §1.2).
  const double c = options.max_obscuring;
  const double floor_epsilon = std::log1p(static_cast<double>(alphabet) * (1 - c) / (c * static_cast<double>(records)));
  plan.most_samples =
      floor_epsilon > 0 ? static_cast<uint64_t>(std::floor(options.epsilon / floor_epsilon)) : kMaxSamplerSamples;
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale scale, laplace_histogram_scale(options.epsilon));
  plan.histogram_scale = scale;
  plan.histogram_tv_bound =
      std::min(1.0, static_cast<double>(alphabet) * expected_abs_discrete_laplace(plan.histogram_scale.value()) /
                        static_cast<double>(records));
  return plan;
}

std::optional<std::string> sampler_refusal(const PrivateSamplerOptions& options, const SamplerPlan& plan) {
  const double c = options.max_obscuring;
  if (!obscures(options.sampler) || plan.roo_gamma <= c || options.preview) return std::nullopt;
  const std::string advice = plan.most_samples >= 1
                                 ? "draw at most " + std::to_string(plan.most_samples) + " samples"
                                 : "no number of samples keeps it below " + format_rounded(c) + " at this epsilon";
  return std::to_string(options.samples) + " samples at epsilon " + format_rounded(options.epsilon) +
         " leave each sample epsilon " + format_rounded(obscuring_epsilon(options), 4) + ", and with " +
         std::to_string(plan.records) + " records over " + std::to_string(plan.alphabet) +
         " symbols a sample is then uniform noise with probability " + format_rounded(plan.roo_gamma) +
         " (more than maxObscuring = " + format_rounded(c) + "): " + advice +
         ", raise epsilon, or use \"sampler\": \"laplace-histogram\", whose samples all come from one noisy histogram "
         "(expected TV at most " +
         format_rounded(plan.histogram_tv_bound) + ")";
}

nlohmann::json sampler_plan_json(const PrivateSamplerOptions& options, const SamplerPlan& plan) {
  const bool obscuring = obscures(options.sampler);
  nlohmann::json out = {
      {"sampler", sampler_name(options.sampler)},
      {"samples", plan.samples},
      {"records", plan.records},
      {"recordsNote",
       "replace-one neighbours: the number of records is public (stated here); every record of the file counts, a cell "
       "that does not fit the schema being set to its column's first level"},
      {"alphabet", plan.alphabet},
      {"alphabetNote", "every combination of the chosen columns' categories, bins and missing levels, from the schema"},
      {"epsilonPerSample", obscuring ? nlohmann::json(plan.per_sample_epsilon) : nlohmann::json(nullptr)},
      {"obscuring",
       {{"epsilonPerSample", obscuring_epsilon(options)},
        {"rooGamma", plan.roo_gamma},
        {"worstCaseTv", plan.worst_tv},
        {"mostSamples", plan.most_samples},
        {"maxObscuring", options.max_obscuring},
        {"recordsForTv", records_for_tv(obscuring_epsilon(options), plan.alphabet)},
        {"note",
         "ROO at epsilon / N: gamma = k / (k + n (e^eps - 1)), the probability a sample is uniform noise (DS-ROO's at "
         "most); worstCaseTv = gamma (1 - 1/k), its TV to the data's distribution when all records share one symbol; "
         "mostSamples keeps gamma <= maxObscuring; recordsForTv: the paper's eq. (9), n >= (k (1 - alpha) - 1) / "
         "(alpha (e^eps - 1)) records make worstCaseTv <= alpha"}}},
      {"histogram",
       {{"epsilon", options.epsilon},
        {"scale", plan.histogram_scale.value()},
        {"tvBound", plan.histogram_tv_bound},
        {"note",
         "one Laplace histogram at the whole epsilon, every sample drawn from it: expected TV <= k E|Z| / n for any "
         "N"}}},
      {"betterForTheseSamples", plan.worst_tv <= plan.histogram_tv_bound ? "reveal-or-obscure" : "laplace-histogram"},
      {"betterNote",
       "ROO's worst case against the histogram's bound, from public inputs; the report compares the samplers exactly "
       "on the data"}};
  if (options.sampler == SamplerKind::SubsampledRr) out["epsilon0"] = plan.epsilon0;
  return out;
}

Result<MechanismOutput> run_private_sampler(const MechanismContext& context, const PrivateSamplerOptions& options) {
  // Replace-one: n is public, and the pipeline keeps every record of the file under this relation
  // (encoding.hpp, UnfixableCells::FirstLevel), so the table holds all n of them.
  const std::optional<uint64_t>& public_records = context.accountant.definition().public_records;
  if (!public_records || *public_records != context.table.rows) {
    return Status::error(ErrorCode::Internal, "the sampler needs every record, and their number as the public n");
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(uint64_t alphabet, sampler_alphabet_size(context.table.levels));
  PRIVSYNTH_ASSIGN_OR_RETURN(SamplerPlan planned, plan_private_sampler(options, context.table.rows, alphabet));
  if (std::optional<std::string> refusal = sampler_refusal(options, planned)) return invalid(*refusal);
  const SamplerPlan& plan = planned;
  if (!keep_going(context.progress, Phase::Measure, 0, "counting symbols")) return cancelled();
  const std::vector<uint32_t> symbols = joint_symbols(context.table);
  const std::vector<uint64_t> counts = symbol_counts(symbols, plan.alphabet);
  const uint32_t k = static_cast<uint32_t>(plan.alphabet);

  MechanismOutput output;
  std::vector<uint32_t> drawn;
  std::optional<NoisyHistogram> histogram;
  nlohmann::json parameters = sampler_plan_json(options, plan);
  if (!options.preview) {
    const double per_sample = plan.per_sample_epsilon;
    // Replace-one moves two counts of the histogram by one each: L1 sensitivity 2.
    const Cost cost = obscures(options.sampler) ? Cost{PureCost{options.epsilon}}
                                                : Cost{LaplaceCost{2.0, plan.histogram_scale.value(), options.epsilon}};
    PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
        {ledger_release(options.sampler, plan.samples, per_sample),
         obscures(options.sampler) ? "reveal-or-obscure (no additive noise)" : "discrete Laplace", cost}));
    if (!keep_going(context.progress, Phase::Sample, 0)) return cancelled();
    drawn.reserve(plan.samples);
    switch (options.sampler) {
      case SamplerKind::Roo:
        for (uint64_t i = 0; i < plan.samples; ++i)
          drawn.push_back(draw_reveal_or_obscure(symbols, k, plan.roo_gamma, context.random));
        break;
      case SamplerKind::DsRoo: {
        PRIVSYNTH_ASSIGN_OR_RETURN(DsRooTable table, ds_roo_table(per_sample, plan.records, plan.alphabet));
        // Only the smallest count touches the data (docs/spec/algorithms.md §1.3); the gamma it picks is not released.
        const double gamma = table.at(*std::min_element(counts.begin(), counts.end()));
        for (uint64_t i = 0; i < plan.samples; ++i)
          drawn.push_back(draw_reveal_or_obscure(symbols, k, gamma, context.random));
        parameters["dsRooTable"] = {{"g0", table.at(0)},
                                    {"zeroFrom", table.zero_from()},
                                    {"note",
                                     "g(m) for the smallest count m depends only on n, k and epsilon; when every "
                                     "symbol appears at least zeroFrom times no sample is obscured"}};
        break;
      }
      case SamplerKind::SubsampledRr:
        for (uint64_t i = 0; i < plan.samples; ++i) {
          drawn.push_back(draw_subsampled_randomized_response(symbols, k, plan.epsilon0, context.random));
        }
        break;
      case SamplerKind::LaplaceHistogram:
        histogram = release_laplace_histogram(counts, plan.histogram_scale, context.random);
        for (uint64_t i = 0; i < plan.samples; ++i)
          drawn.push_back(draw_from_distribution(histogram->probabilities, context.random));
        break;
    }
    PRIVSYNTH_RETURN_IF_ERROR(context.random.health());
  }
  output.synthetic = table_of_symbols(drawn, context.table.levels);
  output.description = {{"name", "sampler"},
                        {"title", std::string("Private sampler: ") + sampler_name(options.sampler)},
                        {"paper", paper_of(options.sampler)},
                        {"privacyNote", "docs/privacy/sampler.md"}};
  output.parameters = parameters;
  if (options.preview)
    output.parameters["preview"] = "nothing was sampled or released; the report compares the samplers";
  output.released = {{"samples", drawn.size()}};
  if (histogram && plan.alphabet <= 1024) output.released["noisyCounts"] = histogram->noisy_counts;
  // NOT PRIVATE (the report only): every sampler's exact distance to the data at this epsilon and N.
  if (!context.owner_report && !options.preview) return output;
  SamplerUtilityInputs utility;
  utility.counts = &counts;
  utility.per_sample_epsilon = obscuring_epsilon(options);
  utility.histogram_epsilon = options.epsilon;
  utility.used = sampler_name(options.sampler);
  utility.released = histogram ? &*histogram : nullptr;
  output.owner_report = {{"sampler", sampler_utility_json(utility, context.random)}};
  return output;
}

Result<MechanismForecast> forecast_private_sampler(const PrivateSamplerOptions& options, const ForecastInputs& inputs) {
  PRIVSYNTH_ASSIGN_OR_RETURN(uint64_t alphabet, sampler_alphabet_size(inputs.levels));
  MechanismForecast forecast;
  forecast.epsilon = options.epsilon;
  forecast.fit.kind = "sampler";
  forecast.fit.fits_measurements = false;  // the samples are the output: nothing is fitted
  forecast.synthetic_rows = static_cast<size_t>(options.samples);
  ForecastRelease release;
  release.epsilon = options.epsilon;
  if (obscures(options.sampler)) {
    release.release = "samples";
    release.what = std::to_string(options.samples) + " records drawn by " + sampler_name(options.sampler) +
                   ", each at epsilon / " + std::to_string(options.samples);
    release.noise = ForecastNoise::RevealOrObscure;
    release.values = static_cast<size_t>(options.samples);
    release.values_are_counts = false;
  } else {
    release.release = "symbol counts";
    release.what = "noisy counts of all " + std::to_string(alphabet) +
                   " symbols; the samples are drawn from them (post-processing)";
    release.values = static_cast<size_t>(alphabet);
    release.sensitivity = 2;
    PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale scale, laplace_histogram_scale(options.epsilon));
    release.scale = scale.value();
  }
  if (!inputs.rows) {
    release.notes.push_back("the obscuring probability depends on the number of records: give rows");
    if (obscures(options.sampler)) {
      const double per_sample = obscuring_epsilon(options);
      release.notes.push_back("eq. (9): worst-case TV <= 0.05 needs n >= " +
                              format_number(std::ceil(roo_sample_complexity(0.05, per_sample, alphabet))) +
                              " records at epsilon " + format_rounded(per_sample, 4) + " per sample");
    }
  } else {
    const uint64_t records = static_cast<uint64_t>(std::max(0.0, std::round(*inputs.rows)));
    PRIVSYNTH_ASSIGN_OR_RETURN(SamplerPlan plan, plan_private_sampler(options, records, alphabet));
    nlohmann::json& parameters = forecast.fit.details["parameters"] = sampler_plan_json(options, plan);
    // The run would refuse this N: the forecast says so (and how many would pass) instead of failing.
    if (std::optional<std::string> refusal = sampler_refusal(options, plan)) {
      parameters["refusal"] = *refusal;
      forecast.notes.push_back("the run would refuse: " + *refusal);
    }
  }
  forecast.releases.push_back(release);
  return forecast;
}

}  // namespace privsynth
