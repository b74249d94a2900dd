#pragma once
// The Bernstein mechanism (Aldà & Rubinstein, "The Bernstein Mechanism: Function Release under
// Differential Privacy", AAAI 2017; Algorithm 3 of Bojkovic & Loh) and the private Gaussian kernel
// density estimate that Bojkovic & Loh (§IV, eq. (2), Theorem IV.1) use as a reference measure mu
// on [0,1]^p. Formulas: docs/spec/algorithms.md §2. Privacy note: docs/privacy/bernstein-kde.md.
//
// A function F_D on [0,1]^p is evaluated on the lattice {0, 1/k, ..., 1}^p, each of the (k+1)^p
// values gets Laplace-type noise of scale Delta (k+1)^p / eps (the text of Bojkovic & Loh's
// Algorithm 3 lost the exponent p), and the noisy values T_v are the coefficients of the iterated
// Bernstein polynomial F~(y) = sum_v T_v prod_j b^(h)_{v_j,k}(y_j). Noise is exact discrete Laplace
// on values rounded to multiples of q = Delta / 1024 (no floating-point Laplace).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "base/random.hpp"
#include "privacy/accountant.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

// Hard limit on k: the (k+1) x (k+1) Bernstein matrix is built once per axis transform (8 MiB at 1024).
inline constexpr int kMaxBernsteinResolution = 1024;
// Hard limit on the iterated order h; higher orders approach interpolation and amplify the noise.
inline constexpr int kMaxBernsteinOrder = 8;
// Each lattice value is released in quanta of Delta / kBernsteinQuantaPerSensitivity.
inline constexpr int kBernsteinQuantaPerSensitivity = 1024;

// Public parameters of the release, chosen from public inputs only.
struct BernsteinOptions {
  int lattice_resolution = 0;                   // k (lattice {0,1/k,...,1}^p); 0 = choose
  int order = 0;                                // h (iterated Bernstein order); 0 = choose (2)
  double bandwidth = 0;                         // Gaussian kernel sigma in unit-cube units; 0 = rule below
  double bandwidth_constant = 1;                // C in sigma = C (log n / n)^(1/p) (Bojkovic-Loh Thm IV.1)
  size_t max_lattice_points = size_t{1} << 21;  // refuse larger lattices
};

struct BernsteinParameters {
  int dimensions = 0, lattice_resolution = 0, order = 0;
  double bandwidth = 0;
  size_t lattice_points = 0;                                   // (k+1)^p
  std::string lattice_choice, order_choice, bandwidth_choice;  // "fixed by the caller" or the rule used
};

// Chooses (k, h, sigma) from (p, a noisy record count, epsilon, options) only: no private data.
//   h = 2 unless fixed;  sigma = min(1, C (ln n / n)^(1/p)) with n = max(noisy_count, 2) unless fixed;
//   k = round((eps n)^(1/(p+h))) (docs/spec/algorithms.md §2 balancing rule for a target with sensitivity 1/n), at
//   least 1, capped so that (k+1)^p <= max_lattice_points, k <= kMaxBernsteinResolution and the
//   noise scale (k+1)^p * 1025 / eps quanta stays representable (<= 1e9).
// InvalidArgument for bad options (k < 0, h < 0 or > kMaxBernsteinOrder, bandwidth outside (0, 1],
// C <= 0, p < 1, eps <= 0); DomainTooLarge when a fixed k (or k = 1) exceeds one of the caps.
Result<BernsteinParameters> choose_bernstein_parameters(int dimensions, double noisy_count, double epsilon,
                                                        const BernsteinOptions& options);

// b_{v,k}(y) = C(k,v) y^v (1-y)^(k-v), v = 0..k (empty unless k >= 1 and 0 <= y <= 1).
std::vector<double> bernstein_basis(int k, double y);

// W = sum_{i=1}^h C(h,i) (-1)^(i-1) M^(i-1), M[mu][v] = b_{v,k}(mu/k), as W[mu][v]; then
// b^(h)_{v,k}(y) = sum_mu W[mu][v] b_{mu,k}(y) (docs/spec/algorithms.md §2). Empty unless k >= 1 and h >= 1.
std::vector<std::vector<double>> iterated_bernstein_weights(int k, int h);

// b^(h)_{v,k}(y), v = 0..k (Micchelli 1973; Bojkovic & Loh, Appendix D-A).
std::vector<double> iterated_bernstein_basis(int k, int h, double y);

struct BernsteinRelease {
  BernsteinParameters parameters;
  double sensitivity = 0;  // sensitivity Delta of one lattice value (sup over neighbours)
  double noise_scale = 0;  // effective Laplace scale per coefficient, in the function's units
  double epsilon = 0;
  std::vector<double>
      coefficients;                 // the released noisy lattice values T_v, row-major over {0..k}^p, last axis fastest
  std::vector<double> transformed;  // T' = T x_1 W ... x_p W: coefficients in the ordinary Bernstein basis
  std::vector<double> mixture;      // max(T', 0) normalized to sum 1 (weights of the product-Beta mixture), or empty
  bool uniform_fallback = false;    // every transformed coefficient <= 0: sample uniformly
};

// Generic Bernstein mechanism: releases a function given by its exact values on the lattice, each
// of which changes by at most `sensitivity_per_value` between neighbouring datasets. Charges
// `epsilon` to the accountant before drawing noise. disable_noise (tests only) releases the values
// rounded to the quantum.
Result<BernsteinRelease> release_lattice_function(const BernsteinParameters& parameters,
                                                  const std::vector<double>& lattice_values,
                                                  double sensitivity_per_value, double epsilon, const std::string& what,
                                                  Accountant& accountant, RandomSource& random,
                                                  bool disable_noise = false);

// The noise scale per lattice value of release_gaussian_kde, in the kernel sum's units (Delta = 1):
// (k+1)^p * 1025 / eps quanta of 1/1024, rounded up to a fraction; fails as the release would (the
// run forecast uses it).
Result<double> gaussian_kde_noise_scale(const BernsteinParameters& parameters, double epsilon);

// The Gaussian KDE of Bojkovic & Loh eq. (2) with H0 = I, released with the Bernstein mechanism.
// The target is the UNNORMALISED kernel sum F_D(y) = sum_i exp(-||y - x_i||^2 / (2 sigma^2)):
// adding or removing one record changes every lattice value by at most 1, so Delta = 1 needs no
// public n. Eq. (2)'s factor (2 pi sigma^2)^(-p/2) / n is post-processing (the mixture is
// normalised anyway). unit_columns: p columns of n values in [0, 1]. keep_going(fraction) is asked
// every ~1e7 operations; false ends with Cancelled before anything is charged or released.
Result<BernsteinRelease> release_gaussian_kde(const std::vector<std::vector<double>>& unit_columns,
                                              const BernsteinParameters& parameters, double epsilon,
                                              Accountant& accountant, RandomSource& random,
                                              const std::function<bool(double)>& keep_going = {},
                                              bool disable_noise = false);

// F~(y) = sum_v T_v prod_j b^(h)_{v_j,k}(y_j) = sum_mu T'_mu prod_j b_{mu_j,k}(y_j), y in [0,1]^p
// (post-processing).
double evaluate_release(const BernsteinRelease& release, const double* y);

// Exact draws from the clipped mixture: mu with probability mixture[mu], then y_j ~ Beta(mu_j + 1,
// k - mu_j + 1) independently (docs/spec/algorithms.md §2: b_{v,k} = Beta(v+1, k-v+1) pdf / (k+1)); uniform on
// [0,1]^p on fallback. Returns p columns of `count` values in [0, 1].
std::vector<std::vector<double>> sample_release(const BernsteinRelease& release, size_t count, RandomSource& random);

// Density at y of the distribution sample_release draws from:
// sum_mu mixture[mu] prod_j (k+1) b_{mu_j,k}(y_j), or 1 on fallback.
double mixture_density(const BernsteinRelease& release, const double* y);

}  // namespace privsynth
