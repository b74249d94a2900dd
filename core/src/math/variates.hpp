#pragma once
// Normal, Gamma and Beta variates driven only by RandomSource::uniform_unit(), so a seeded run
// takes the same path natively and in wasm (<random>'s distributions are implementation-defined).
// Used to sample from the product-Beta mixture released by the Bernstein mechanism.
#include "base/random.hpp"

namespace privsynth {

// Standard normal N(0, 1) by Marsaglia's polar method (one of the pair is discarded).
double sample_standard_normal(RandomSource& random);

// Gamma(shape, 1): Marsaglia & Tsang, "A simple method for generating gamma variables" (ACM TOMS
// 26(3), 2000) for shape >= 1, and their boost Gamma(a) = Gamma(a + 1) * U^(1/a) for shape < 1.
// Returns NaN unless 0 < shape < infinity.
double sample_gamma(RandomSource& random, double shape);

// Beta(a, b) = X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b) independent; computed in log space when
// a shape is below 1 so that tiny gamma variates cannot underflow to 0/0. Returns NaN unless both
// shapes are positive and finite.
double sample_beta(RandomSource& random, double a, double b);

}  // namespace privsynth
