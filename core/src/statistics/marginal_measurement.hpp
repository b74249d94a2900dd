#pragma once
// Pure-DP measurement of a marginal workload: the record count and every cell count of every
// marginal, each with discrete Laplace noise calibrated to the exact L1 sensitivity under
// add/remove-one neighbours. Adding or removing one record changes the count by 1 and exactly one
// cell of each of the M marginals by 1, so the cell vector has L1 sensitivity M (not the generic
// 2|F|/n bound of Boedihardjo et al., Lemma 3.1 and eq. (3.5)).
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privacy/accountant.hpp"
#include "privacy/noise.hpp"
#include "privsynth/status.hpp"
#include "statistics/marginal_source.hpp"
#include "statistics/workload.hpp"

namespace privsynth {

struct NoisyMarginals {
  double noisy_count = 0;           // n + Lap_Z(1 / count_epsilon)
  std::vector<double> noisy_cells;  // c_f + Lap_Z(M / cell_epsilon), unclipped
  RationalScale count_scale, cell_scale;
  double count_epsilon = 0, cell_epsilon = 0;
};

// The calibration of measure_marginals from public inputs only (the run forecast uses it too):
// count_fraction * epsilon for the count (scale 1 / eps_count), the rest for the cells of the
// `marginals` marginals (L1 sensitivity M, scale M / eps_cells), each scale rounded up to a fraction.
struct MarginalNoise {
  double count_epsilon = 0, cell_epsilon = 0;
  double sensitivity = 0;  // M
  RationalScale count_scale, cell_scale;
};
Result<MarginalNoise> marginal_noise(size_t marginals, double epsilon, double count_fraction);

// Spends count_fraction * epsilon on the count and the rest on the cells, charging both to the
// accountant before drawing any noise. `disable_noise` (tests only) releases exact values.
Result<NoisyMarginals> measure_marginals(const EncodedTable& table, const MarginalWorkload& workload, double epsilon,
                                         double count_fraction, Accountant& accountant, RandomSource& random,
                                         bool disable_noise = false);
// The same from rows or from given count tables (statistics/marginal_source.hpp): the count is
// data.records(), the cells count_workload(data, workload); the same draws in the same order.
Result<NoisyMarginals> measure_marginals(const MarginalSource& data, const MarginalWorkload& workload, double epsilon,
                                         double count_fraction, Accountant& accountant, RandomSource& random,
                                         bool disable_noise = false);

// Noisy frequencies for fitting: clip(noisy cell / max(1, noisy count), 0, 1). Post-processing;
// the clipping removes trivial lower bounds on the LP's t (docs/architecture.md §5).
std::vector<double> noisy_frequencies(const NoisyMarginals& measurement);

}  // namespace privsynth
