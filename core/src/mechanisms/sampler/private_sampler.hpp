#pragma once
// Private samplers (Tasnim, Gilani, Sankar & Kosut, "Differentially private sampling via
// Reveal-or-Obscure"; docs/spec/algorithms.md §1): N records drawn from the public alphabet of the
// chosen columns (the product of their encoded domains: categories, numeric bins, missing levels)
// without perturbing the empirical distribution. Samplers: "ds-roo" (default), "roo",
// "subsampled-rr" (Cheu & Nayak) and the baseline "laplace-histogram" (one noisy histogram, N
// samples from it as post-processing). Pure epsilon-DP with REPLACE-ONE neighbours: n is public.
// N samples compose to N x (epsilon / N) (basic composition). docs/privacy/sampler.md.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/options.hpp"
#include "mechanisms/mechanism.hpp"
#include "mechanisms/mechanism_forecast.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

enum class SamplerKind { DsRoo, Roo, SubsampledRr, LaplaceHistogram };
inline constexpr Choice<SamplerKind> kSamplerKinds[] = {{"ds-roo", SamplerKind::DsRoo},
                                                        {"roo", SamplerKind::Roo},
                                                        {"subsampled-rr", SamplerKind::SubsampledRr},
                                                        {"laplace-histogram", SamplerKind::LaplaceHistogram}};
const char* sampler_name(SamplerKind kind);
// The reveal-or-obscure samplers (all but the Laplace histogram), which spend epsilon / N a sample.
inline bool obscures(SamplerKind kind) { return kind != SamplerKind::LaplaceHistogram; }
// The most samples N a run draws.
inline constexpr uint64_t kMaxSamplerSamples = 10000000;

// The largest joint alphabet: its counts (8 bytes a symbol) stay within 128 MB.
inline constexpr uint64_t kMaxSamplerAlphabet = uint64_t{1} << 24;

struct PrivateSamplerOptions {
  double epsilon = 0;
  SamplerKind sampler = SamplerKind::DsRoo;
  uint64_t samples = 1;
  // The ROO family refuses N when a sample would be obscured with probability above this (its
  // worst case, ROO's gamma at epsilon / N): most of the output would then be uniform noise.
  double max_obscuring = 0.5;
  bool preview = false;  // compute the data owner's comparison only: no sample, nothing charged
};

// sampler_options.cpp
Result<PrivateSamplerOptions> read_private_sampler_options(OptionReader& reader, double epsilon);

// The joint alphabet size, prod of the levels; DomainTooLarge above kMaxSamplerAlphabet.
Result<uint64_t> sampler_alphabet_size(const std::vector<int>& levels);

// Everything that follows from public inputs: n (public under replace-one), k, epsilon, N.
struct SamplerPlan {
  uint64_t records = 0, alphabet = 0, samples = 0;
  double per_sample_epsilon = 0;  // epsilon / N for the ROO family; epsilon for the histogram
  double roo_gamma = 0;           // ROO's obscuring probability at per_sample_epsilon; DS-ROO's g(0)
  double worst_tv = 0;            // ROO's TV to the data's distribution for a point mass, gamma (1 - 1/k)
  double epsilon0 = 0;            // subsampled RR's local epsilon
  uint64_t most_samples = 0;      // the largest N whose per-sample gamma stays <= max_obscuring
  RationalScale histogram_scale;  // the Laplace histogram's (scale 2 / epsilon: replace-one moves 2 counts)
  double histogram_tv_bound = 0;  // E TV(released, data) <= k E|Z| / n (docs/privacy/sampler.md)
};
// EmptyData for n = 0.
Result<SamplerPlan> plan_private_sampler(const PrivateSamplerOptions& options, uint64_t records, uint64_t alphabet);

// Why the run refuses this N (naming the largest sound N), or nothing: the ROO family's per-sample
// gamma exceeds max_obscuring. Preview and the histogram never refuse.
std::optional<std::string> sampler_refusal(const PrivateSamplerOptions& options, const SamplerPlan& plan);

// The public comparison of N samples by ROO at epsilon / N with one histogram at epsilon, as the
// forecast and the receipt state it.
nlohmann::json sampler_plan_json(const PrivateSamplerOptions& options, const SamplerPlan& plan);

Result<MechanismOutput> run_private_sampler(const MechanismContext& context, const PrivateSamplerOptions& options);
Result<MechanismForecast> forecast_private_sampler(const PrivateSamplerOptions& options, const ForecastInputs& inputs);

// The registry entry of "sampler" (sampler/sampler_mechanism.cpp).
const MechanismDescriptor& sampler_mechanism();

}  // namespace privsynth
