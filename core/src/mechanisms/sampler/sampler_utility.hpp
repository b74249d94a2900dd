#pragma once
// NOT PRIVATE, for the data owner's eyes only: how far each sampler's output law is from the
// data's empirical distribution, exactly (ROO family: sampler_distribution.hpp) or by Monte Carlo
// (the Laplace histogram), at the user's epsilon and N. Shown before a run (the "preview" option)
// and in the run's report; never in the receipt.
#include <cstdint>
#include <optional>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/random.hpp"
#include "mechanisms/sampler/laplace_histogram.hpp"

namespace privsynth {

struct SamplerUtilityInputs {
  const std::vector<uint64_t>* counts = nullptr;  // the data's, one per symbol
  double per_sample_epsilon = 0;                  // the ROO family's epsilon / N
  double histogram_epsilon = 0;                   // the whole budget, for one histogram
  const char* used = "";                          // the sampler of this run
  const NoisyHistogram* released = nullptr;       // the histogram this run released, if any
};

// E TV(proj(c + Z), c / n) over the discrete Laplace noise Z, with its standard error: the law all
// N samples share once the histogram is released. `replications` noisy histograms.
struct MonteCarloTv {
  double mean = 0, standard_error = 0;
  size_t replications = 0;
};
MonteCarloTv laplace_histogram_expected_tv(const std::vector<uint64_t>& counts, const RationalScale& scale,
                                           size_t replications, RandomSource& random);

nlohmann::json sampler_utility_json(const SamplerUtilityInputs& inputs, RandomSource& random);

}  // namespace privsynth
