#pragma once
// The perturbed histogram of Wasserman & Zhou (JASA 2010, §4.2), as a private reference measure
// mu for the reduced-space LP (Bojkovic & Loh, Algorithm 2 and Theorem III.1): noise on every cell
// count of the full encoded domain, clipped at 0 and normalized. Privacy note:
// docs/privacy/perturbed-histogram.md.
//
// Noise scale (docs/spec/algorithms.md §3): the histogram has L1 sensitivity 1 under add/remove-one
// neighbours (2 under replace-one), so each cell gets discrete Laplace noise of scale 1/eps.
// Wasserman & Zhou's density (eps/4) e^{-eps|w|/2} is the replace-one version: scale 2/eps,
// *variance* 8/eps^2 -- not scale 8/eps^2, a misreading found in third-party code.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privacy/accountant.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Default limit on the cells of the full domain (8 bytes each while counting): 4 Mi cells, 32 MiB.
inline constexpr size_t kDefaultHistogramCellLimit = size_t{1} << 22;
inline constexpr size_t kMaxHistogramCellLimit = size_t{1} << 27;

// Number of cells of the full domain (product of the levels), or DomainTooLarge naming the limit
// and the alternatives when it exceeds max_cells.
Result<size_t> full_domain_cells(const std::vector<int>& levels, size_t max_cells);

// Count of records in every cell of the full domain (cells row-major, the last column fastest).
std::vector<int64_t> count_full_domain(const EncodedTable& table, size_t cells);

struct PerturbedHistogram {
  std::vector<int> levels;            // the domain
  std::vector<double> probabilities;  // mu, one entry per cell (row-major, last column fastest)
  RationalScale scale;                // discrete Laplace scale actually used
  double epsilon = 0;
  size_t positive_cells = 0;      // cells with mu > 0
  double clipped_total = 0;       // sum of the clipped noisy counts (mu's normalizer)
  bool uniform_fallback = false;  // every noisy count was <= 0: mu is uniform
};

// The discrete Laplace scale of every cell, 1 / epsilon rounded up to a fraction (the run forecast
// uses it too).
Result<RationalScale> perturbed_histogram_scale(double epsilon);

// Charges `epsilon` to the accountant ("perturbed histogram", sensitivity 1), then adds discrete
// Laplace noise of scale 1/epsilon to each count and clips and normalizes. `counts` has one entry
// per cell of `levels`. disable_noise (tests only) releases the exact empirical distribution.
Result<PerturbedHistogram> release_perturbed_histogram(const std::vector<int>& levels,
                                                       const std::vector<int64_t>& counts, double epsilon,
                                                       Accountant& accountant, RandomSource& random,
                                                       bool disable_noise = false);

// m independent draws from mu (post-processing): a cell with probability mu, then its codes.
Result<EncodedTable> sample_from_histogram(const PerturbedHistogram& histogram, size_t m, RandomSource& random);

}  // namespace privsynth
