#pragma once
// One private sample from a public alphabet of k symbols (Tasnim, Gilani, Sankar & Kosut,
// "Differentially private sampling via Reveal-or-Obscure", Algorithms 1-2; docs/spec/algorithms.md §1),
// given the records' symbols. Replace-one neighbours: n = symbols.size() is public.
//   ROO / DS-ROO: with probability gamma a uniform symbol, else the symbol of a uniformly chosen record
//                 (gamma from obscuring.hpp: roo_gamma, or DsRooTable::at(the smallest count)).
//   Subsampled RR (Cheu & Nayak): a uniformly chosen record's symbol through k-ary randomized
//                 response at a local epsilon0 (the same output distribution as ROO with
//                 gamma = randomized_response_gamma(epsilon0, k), drawn by a different route).
#include <cstdint>
#include <vector>

#include "base/random.hpp"

namespace privsynth {

// True with probability ceil(p 2^53) / 2^53 >= p, exactly: rounding up only adds obscuring, and
// ROO's privacy loss ln(1 + k (1 - gamma) / (n gamma)) falls as gamma grows. p in [0, 1].
bool draw_at_least(double p, RandomSource& random);

// symbols: each record's symbol, < k; not empty; k >= 2. gamma in [0, 1].
uint32_t draw_reveal_or_obscure(const std::vector<uint32_t>& symbols, uint32_t k, double gamma, RandomSource& random);

// k-ary randomized response of a uniformly chosen record: its symbol with probability
// e^eps0 / (e^eps0 + k - 1), else one of the other k - 1 symbols uniformly. epsilon0 > 0.
uint32_t draw_subsampled_randomized_response(const std::vector<uint32_t>& symbols, uint32_t k, double epsilon0,
                                             RandomSource& random);

}  // namespace privsynth
