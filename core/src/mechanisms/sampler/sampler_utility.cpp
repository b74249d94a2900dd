#include "mechanisms/sampler/sampler_utility.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "mechanisms/sampler/obscuring.hpp"
#include "mechanisms/sampler/sampler_distribution.hpp"
#include "privacy/noise.hpp"

namespace privsynth {
namespace {

// The histogram's Monte Carlo draws k noises a replication: beyond this alphabet it would take
// seconds, and the report states the bound k E|Z| / n instead (the forecast's).
constexpr size_t kMonteCarloAlphabet = 1000000;

// About 2e6 noise draws in all; at least 20 replications (a rough standard error).
size_t replications_for(size_t alphabet) {
  return std::clamp<size_t>(2000000 / std::max<size_t>(alphabet, 1), 20, 400);
}

nlohmann::json obscuring_option(const char* name, double gamma, const std::vector<double>& law,
                                const std::vector<double>& empirical) {
  return {{"sampler", name}, {"gamma", gamma}, {"tv", total_variation(law, empirical)}, {"tvMethod", "exact"}};
}

}  // namespace

MonteCarloTv laplace_histogram_expected_tv(const std::vector<uint64_t>& counts, const RationalScale& scale,
                                           size_t replications, RandomSource& random) {
  const std::vector<double> empirical = empirical_distribution(counts);
  double sum = 0, squares = 0;
  for (size_t r = 0; r < replications; ++r) {
    const double tv = total_variation(release_laplace_histogram(counts, scale, random).probabilities, empirical);
    sum += tv;
    squares += tv * tv;
  }
  MonteCarloTv result;
  result.replications = replications;
  result.mean = sum / static_cast<double>(replications);
  if (replications > 1) {
    const double variance = std::max(0.0, squares / static_cast<double>(replications) - result.mean * result.mean);
    result.standard_error = std::sqrt(variance / static_cast<double>(replications - 1));
  }
  return result;
}

nlohmann::json sampler_utility_json(const SamplerUtilityInputs& inputs, RandomSource& random) {
  const std::vector<uint64_t>& counts = *inputs.counts;
  const uint64_t k = counts.size();
  uint64_t n = 0;
  for (uint64_t c : counts) n += c;
  const uint64_t smallest = *std::min_element(counts.begin(), counts.end());
  const std::vector<double> empirical = empirical_distribution(counts);
  const double eps = inputs.per_sample_epsilon;

  nlohmann::json options = nlohmann::json::array();
  const double roo = roo_gamma(eps, n, k);
  options.push_back(obscuring_option("roo", roo, reveal_or_obscure_distribution(counts, roo), empirical));
  const Result<DsRooTable> table = ds_roo_table(eps, n, k);
  if (table.is_ok()) {
    const double gamma = table.value().at(smallest);
    nlohmann::json ds = obscuring_option("ds-roo", gamma, reveal_or_obscure_distribution(counts, gamma), empirical);
    ds["everySymbolAtLeast"] = table.value().zero_from();
    options.push_back(ds);
  }
  const double rr = randomized_response_gamma(subsampled_rr_epsilon0(eps, n), k);
  options.push_back(obscuring_option("subsampled-rr", rr, reveal_or_obscure_distribution(counts, rr), empirical));
  const Result<RationalScale> scale = laplace_histogram_scale(inputs.histogram_epsilon);
  if (scale.is_ok() && k > kMonteCarloAlphabet) {
    options.push_back(
        {{"sampler", "laplace-histogram"},
         {"tv", std::min(1.0, static_cast<double>(k) * expected_abs_discrete_laplace(scale.value().value()) /
                                  static_cast<double>(n))},
         {"tvMethod", "upper bound k E|Z| / n (the alphabet is too large for the Monte Carlo)"}});
  } else if (scale.is_ok()) {
    const MonteCarloTv tv = laplace_histogram_expected_tv(counts, scale.value(), replications_for(k), random);
    options.push_back({{"sampler", "laplace-histogram"},
                       {"tv", tv.mean},
                       {"tvStandardError", tv.standard_error},
                       {"tvMethod", "Monte Carlo over " + std::to_string(tv.replications) + " noisy histograms"}});
  }
  std::string best;
  double best_tv = 2;
  for (const nlohmann::json& option : options) {
    if (option["tv"].get<double>() < best_tv) {
      best_tv = option["tv"].get<double>();
      best = option["sampler"].get<std::string>();
    }
  }
  nlohmann::json out = {{"notice", "NOT PRIVATE: computed from the data, for the data owner only"},
                        {"records", n},
                        {"alphabet", k},
                        {"smallestCount", smallest},
                        {"perSampleEpsilon", eps},
                        {"histogramEpsilon", inputs.histogram_epsilon},
                        {"tvNote",
                         "total variation between the law each sample is drawn from and the data's distribution: exact "
                         "for the reveal-or-obscure family; for the histogram, the mean over its noise (all N samples "
                         "share one released histogram)"},
                        {"options", options},
                        {"best", best},
                        {"used", inputs.used}};
  if (inputs.released) out["releasedHistogramTv"] = total_variation(inputs.released->probabilities, empirical);
  return out;
}

}  // namespace privsynth
