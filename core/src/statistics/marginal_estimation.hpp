#pragma once
// Consistent estimates of marginals from noisy measurements (post-processing). Noisy counts are
// unbiased but can be negative and disagree with each other; clipping negatives at 0 biases every
// empty cell upwards by about 0.4 noise std, which on a 100 x 99 table at MST's noise (std ~36 on
// Adult at eps = 1) adds more spurious records than the table holds. Instead:
//   - a column's distribution combines its 1-way measurement with the sums of every measured pair
//     table that holds it, each weighted by its inverse variance;
//   - each table is the Euclidean projection of its noisy counts onto {x >= 0, sum x = n}, which
//     subtracts a common level before clipping (Duchi et al. 2008), so empty cells stay near 0;
//   - then iterative proportional fitting makes each table agree with its columns' estimates, so a
//     tree built from pair tables is one consistent distribution (as private-pgm's estimate).
#include <cstddef>
#include <vector>

#include "statistics/conditional_model.hpp"

namespace privsynth {

// The Euclidean projection of y onto {x >= 0, sum x = total}; total > 0.
std::vector<double> project_to_simplex(const std::vector<double>& y, double total);

struct NoisyMarginalTables {
  std::vector<int> levels;
  std::vector<std::vector<double>> one_way;  // noisy counts per column
  double one_way_variance = 1;               // noise variance of each 1-way cell
  std::vector<MarginalTable> tables;         // noisy tables of two or more columns
  double table_variance = 1;                 // noise variance of each of their cells
};

struct ConsistentMarginals {
  std::vector<std::vector<double>> one_way;  // probabilities per column
  std::vector<MarginalTable> tables;         // joint probabilities, margins equal to one_way
};

// `total` is the (noisy) record count used to scale the projections.
ConsistentMarginals estimate_consistent_marginals(const NoisyMarginalTables& noisy, double total,
                                                  int fitting_rounds = 20);

}  // namespace privsynth
