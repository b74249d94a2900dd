#pragma once
// Real-valued test functions on [0,1]^p for the continuous reduced-space LP: the means z_i and the
// second moments z_i z_j (i <= j), so that the synthetic data keep the covariance matrix
// (Bojkovic & Loh, §V-A(b)). Each maps [0,1]^p into [0,1], inside Algorithm 1's [-1,1] bound.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/random.hpp"
#include "privacy/accountant.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct MomentTerm {
  int first = 0;
  int second = -1;  // -1 for the mean z_first
};

// Order 0 (none), 1 (means) or 2 (means and all second moments): p + p(p+1)/2 functions.
std::vector<MomentTerm> moment_terms(int dimensions, int order);

// Values of every term at rows [first, first + count) of `columns` (one vector per dimension):
// result[term][row - first]. A missing value (NaN) counts as 0.
std::vector<std::vector<double>> evaluate_moments(const std::vector<MomentTerm>& terms,
                                                  const std::vector<std::vector<double>>& columns, size_t first,
                                                  size_t count);

struct NoisyMoments {
  std::vector<double> noisy_sums;  // sum over records of each term, plus noise
  double epsilon = 0;
  double sensitivity = 0;  // L1, in value units, of the vector of rounded sums: T
  double noise_scale = 0;  // effective Laplace scale per sum, in value units
};

// Quantum of the released sums: 1/1024 in value units.
inline constexpr double kMomentQuanta = 1024;

// A value in [0, 1] (clamped) as a whole number of quanta: round(value 1024), 0 to 1024.
int64_t moment_quanta(double value);

// The calibration of measure_moments from public inputs only (the run forecast uses it too).
struct MomentNoise {
  double sensitivity = 0;  // L1, in value units: T
  RationalScale scale;     // discrete Laplace scale in quanta of 1/1024
  double noise_scale = 0;  // the same in value units
};
Result<MomentNoise> moment_noise(size_t terms, double epsilon);

// Releases the sums of every term over the records with pure epsilon-DP under add/remove-one
// neighbours: each record's value is rounded to whole quanta of 1/1024 (moment_quanta), the sums
// are exact integers, and each gets discrete Laplace noise. One record moves each sum by at most
// 1024 quanta, whatever the order of the records; the L1 sensitivity is T 1024 quanta for T terms
// and the scale T 1024 / eps quanta: Laplace noise's T / eps.
Result<NoisyMoments> measure_moments(const std::vector<MomentTerm>& terms,
                                     const std::vector<std::vector<double>>& columns, size_t rows, double epsilon,
                                     Accountant& accountant, RandomSource& random, bool disable_noise = false);

// "x0", "x0*x1", ... for receipts.
std::string moment_term_name(const MomentTerm& term, const std::vector<std::string>& names);

}  // namespace privsynth
