#pragma once
// Kernel distances between two weighted point sets in R^d under the Gaussian kernel
// k(x, y) = exp(-gamma ||x - y||^2), the utility measures of the space-partitioning mechanism
// (Kreačić et al., "Differentially private synthetic data using KD-trees", §1.3.1 and §4) and of
// Balog, Tolstikhin & Schölkopf (ICML 2018), whose experiments use gamma = 1e-4 / D on the raw data:
//   MMD(P, Q)        = sqrt(kappa(P,P) - 2 kappa(P,Q) + kappa(Q,Q)),  kappa(P,Q) = sum_ij w_i v_j k(p_i, q_j)
//                      (Kreačić eq. (1); the RKHS distance of the kernel mean embeddings, a V-statistic)
//   ||KD_P - KD_Q||_inf with KD_P(x) = sum_i w_i k(x, p_i)   (Kreačić §1.3.1)
// Weights are normalized to sum 1 inside every metric.
//
// Evaluation code, not a mechanism: the real side is exact data, so every number here is FOR THE
// DATA OWNER'S EYES ONLY. The random source only draws random features; it protects nothing.
#include <cstddef>
#include <vector>

#include "base/random.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// n points of R^d with non-negative weights (e.g. real records, or a release's bin centres with
// their noisy counts).
struct WeightedPoints {
  size_t dimension = 0;
  std::vector<double> coordinates;  // row-major: point i is coordinates[i * dimension, (i + 1) * dimension)
  std::vector<double> weights;      // one per point; empty = every point weighs 1

  size_t size() const { return dimension == 0 ? 0 : coordinates.size() / dimension; }
  const double* point(size_t i) const { return coordinates.data() + i * dimension; }
  double weight(size_t i) const { return weights.empty() ? 1.0 : weights[i]; }
};

// Points from equally long rows; weights empty (all 1) or one per row. InvalidArgument otherwise.
Result<WeightedPoints> weighted_points_from_rows(const std::vector<std::vector<double>>& rows,
                                                 std::vector<double> weights = {});

// Balog et al.'s experiment kernel: gamma = 1e-4 / D (docs/spec/algorithms.md §5).
double balog_experiment_gamma(size_t dimension);
// Kreačić §1.3.1 writes k(x, p) = exp(-||x - p||^2 / (2 sigma^2)): gamma = 1 / (2 sigma^2).
double gamma_for_bandwidth(double sigma);

// Pair evaluations charged to an exact MMD: n m + n^2 + m^2.
double exact_pair_evaluations(size_t n, size_t m);
constexpr double kExactPairEvaluationLimit = 4e8;  // about 2 s on one core

// kappa(P, Q) = <mu_P, mu_Q>_H exactly (normalized weights); with Q = P the squared norm of the
// kernel mean embedding ("kernel_mean" in Balog et al.'s data sidecars). O(n m d).
Result<double> kernel_mean_inner_product(const WeightedPoints& p, const WeightedPoints& q, double gamma,
                                         double max_pair_evaluations = kExactPairEvaluationLimit);

// The exact (biased, V-statistic) MMD above. Refuses (DomainTooLarge) when
// exact_pair_evaluations(n, m) > max_pair_evaluations: use mmd_estimate or mmd_auto instead.
Result<double> mmd_exact(const WeightedPoints& p, const WeightedPoints& q, double gamma,
                         double max_pair_evaluations = kExactPairEvaluationLimit);

enum class MmdMethod { Exact, RandomFourierFeatures };
const char* mmd_method_name(MmdMethod method);  // "exact" or "random-fourier-features"

struct MmdResult {
  double value = 0;  // the MMD (not squared)
  MmdMethod method = MmdMethod::Exact;
  size_t features = 0;                // random features drawn; 0 when exact
  double squared_standard_error = 0;  // standard error of value^2 over the feature draw; 0 when exact
  double standard_error = 0;          // delta method, squared_standard_error / (2 value); 0 when exact
};

// Random Fourier features (Rahimi & Recht 2007): D features with omega_l ~ N(0, 2 gamma I) and
// b_l ~ U[0, 2 pi), phi_l(x) = sqrt(2 / D) cos(omega_l . x + b_l), so E[phi(x) . phi(y)] = k(x, y).
//   MMD_rff^2 = ||sum_i w_i phi(p_i) - sum_j v_j phi(q_j)||^2 = (1 / D) sum_l t_l,
//   t_l = 2 (sum_i w_i cos(omega_l . p_i + b_l) - sum_j v_j cos(omega_l . q_j + b_l))^2.
// The t_l are i.i.d. given the data with mean exactly MMD^2 (the exact V-statistic above), so
// MMD_rff^2 is unbiased for it with standard error sd(t) / sqrt(D), reported from the sample sd;
// the MMD itself is sqrt(max(0, MMD_rff^2)) (biased slightly low by Jensen). The relative error of
// the MMD is about 1 / sqrt(2 D) whatever its size. O((n + m) d D) time, O(D d) memory.
// Coordinates are centred on the union bounding box first (the MMD is translation invariant).
// The default keeps the report's MMD to about a second on 100,000 points a side
// (docs/measured-defaults.md).
constexpr size_t kDefaultRandomFeatures = 2048;
Result<MmdResult> mmd_estimate(const WeightedPoints& p, const WeightedPoints& q, double gamma, size_t features,
                               RandomSource& random);

// mmd_exact when exact_pair_evaluations(n, m) <= kExactPairEvaluationLimit, else mmd_estimate.
Result<MmdResult> mmd_auto(const WeightedPoints& p, const WeightedPoints& q, double gamma, RandomSource& random,
                           size_t features = kDefaultRandomFeatures);

// A regular grid: points_per_axis points on each axis from lower to upper, both included.
// Empty bounds: the union bounding box of the two sets. At most 1e7 grid points (DomainTooLarge).
struct KdeGrid {
  size_t points_per_axis = 200;
  std::vector<double> lower, upper;
};

// max over the grid of |KD_P(x) - KD_Q(x)| for d <= 2 (InvalidArgument above): a lower bound on
// Kreačić's sup over R^d, approaching it as the grid refines. Exact up to 2e-12: the Gaussian
// factorizes over the axes, so the grid values are a matrix product sum_i u_i e0(x_a, i) e1(y_b, i),
// skipping factors below 1e-12 (points sorted on axis 0, each block meeting only grid rows within the
// cutoff radius). O(G^2 (n + m)) multiply-adds for G points per axis, less for narrow kernels.
// Its time on 100,000 points a side: docs/measured-defaults.md.
Result<double> kde_sup_distance(const WeightedPoints& p, const WeightedPoints& q, double gamma,
                                const KdeGrid& grid = {});

// kde_sup_distance after linear binning (Wand 1994) of both sets onto bins_per_axis nodes per axis
// spanning the points and the grid: O(G B^d + n + m) instead of O(G^2 (n + m)). The binned value
// differs from kde_sup_distance by at most error_bound = sum over axes of gamma h_k^2 / 2 (h_k the
// node spacing; from the interpolation error h^2/8 max|f''| of exp(-gamma x^2), twice for P and Q).
struct BinnedKdeSup {
  double value = 0;
  double error_bound = 0;
  size_t bins_per_axis = 0;
};
Result<BinnedKdeSup> kde_sup_distance_binned(const WeightedPoints& p, const WeightedPoints& q, double gamma,
                                             const KdeGrid& grid, size_t bins_per_axis);

}  // namespace privsynth
