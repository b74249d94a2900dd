#include "mechanisms/reduced_space_lp/bernstein_kde.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "base/number_text.hpp"
#include "math/variates.hpp"
#include "privacy/noise.hpp"

namespace privsynth {
namespace {

constexpr int kDefaultOrder = 2;
constexpr double kQuanta = kBernsteinQuantaPerSensitivity;
// Rounding a value to the quantum can move the difference between neighbours by one more quantum.
constexpr double kQuantaPerSensitivityAfterRounding = kQuanta + 1;
// The KDE sums each record's kernel values as integers in units of 2^-30 (exact, order-free), and
// releases them in quanta of 2^-10 = 1/1024: a record's contribution is at most 2^30 units.
constexpr int kKernelFractionBits = 30;
constexpr double kKernelUnit = static_cast<double>(int64_t{1} << kKernelFractionBits);
constexpr int kUnitsPerQuantumBits = kKernelFractionBits - 10;
static_assert(kBernsteinQuantaPerSensitivity == 1 << 10, "the KDE's fixed point assumes 1024 quanta");
constexpr int64_t kMaxRoundedMagnitude = int64_t{1} << 62;
constexpr double kCancellationCheckOperations = 1e7;

// (k+1)^p, or SIZE_MAX when it does not fit.
size_t lattice_point_count(int k, int p) {
  size_t count = 1;
  for (int j = 0; j < p; ++j) {
    const size_t side = static_cast<size_t>(k) + 1;
    if (count > std::numeric_limits<size_t>::max() / side) return std::numeric_limits<size_t>::max();
    count *= side;
  }
  return count;
}

double noise_scale_in_quanta(size_t lattice_points, double epsilon) {
  return static_cast<double>(lattice_points) * kQuantaPerSensitivityAfterRounding / epsilon;
}

std::string count_text(size_t count) {
  return count == std::numeric_limits<size_t>::max() ? std::string("more than 1.8e19") : std::to_string(count);
}

// Why a lattice of resolution k cannot be used, or ok.
Status check_lattice(int p, int k, double epsilon, size_t max_points) {
  const std::string where = " (p = " + std::to_string(p) + " dimensions, k = " + std::to_string(k) + ")";
  if (k > kMaxBernsteinResolution) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the Bernstein lattice resolution k = " + std::to_string(k) + " exceeds the limit of " +
                             std::to_string(kMaxBernsteinResolution) + ": choose a smaller lattice resolution");
  }
  const size_t points = lattice_point_count(k, p);
  if (points > max_points) {
    return Status::error(
        ErrorCode::DomainTooLarge,
        "the Bernstein lattice {0, 1/k, ..., 1}^p has (k+1)^p = " + count_text(points) + " points" + where +
            ", more than the limit of " + std::to_string(max_points) +
            ": choose a smaller lattice resolution k, fewer continuous columns, or a larger max_lattice_points");
  }
  const double scale = noise_scale_in_quanta(points, epsilon);
  if (!(scale <= kMaxNoiseScale)) {
    return Status::error(ErrorCode::DomainTooLarge,
                         "the Bernstein mechanism's noise scale (k+1)^p * 1025 / epsilon = " + format_number(scale) +
                             " quanta" + where + " exceeds " + format_number(kMaxNoiseScale) + " with (k+1)^p = " +
                             std::to_string(points) + " lattice points and epsilon = " + format_number(epsilon) +
                             ": choose a smaller lattice resolution k or a larger epsilon");
  }
  return Status::ok();
}

Status check_parameters(const BernsteinParameters& parameters) {
  const int p = parameters.dimensions, k = parameters.lattice_resolution, h = parameters.order;
  if (p < 1 || k < 1 || k > kMaxBernsteinResolution || h < 1 || h > kMaxBernsteinOrder ||
      parameters.lattice_points != lattice_point_count(k, p)) {
    return Status::error(
        ErrorCode::InvalidArgument,
        "invalid Bernstein parameters: need p >= 1, 1 <= k <= " + std::to_string(kMaxBernsteinResolution) +
            ", 1 <= h <= " + std::to_string(kMaxBernsteinOrder) + " and (k+1)^p lattice points");
  }
  return Status::ok();
}

// C(h,i) (-1)^(i-1), i = 1..h (index 0 unused): the iterated operator I - (I - B_k)^h.
std::vector<double> iterated_operator_signs(int h) {
  std::vector<double> c(static_cast<size_t>(h) + 1, 0.0);
  double binomial = 1;
  for (int i = 1; i <= h; ++i) {
    binomial = binomial * (h - i + 1) / i;
    c[static_cast<size_t>(i)] = (i % 2 == 1) ? binomial : -binomial;
  }
  return c;
}

// M[mu][v] = b_{v,k}(mu/k).
std::vector<std::vector<double>> bernstein_matrix(int k) {
  std::vector<std::vector<double>> m(static_cast<size_t>(k) + 1);
  for (int mu = 0; mu <= k; ++mu) m[static_cast<size_t>(mu)] = bernstein_basis(k, static_cast<double>(mu) / k);
  return m;
}

// W x = c_1 x + M (c_2 x + M (c_3 x + ...)) (Horner), or W^T x with transpose = true. `r` and
// `next` are scratch space of x's size; the result is left in r.
void apply_w(const std::vector<std::vector<double>>& m, const std::vector<double>& c, const std::vector<double>& x,
             bool transpose, std::vector<double>& r, std::vector<double>& next) {
  const size_t size = x.size();
  const int h = static_cast<int>(c.size()) - 1;
  for (size_t a = 0; a < size; ++a) r[a] = c[static_cast<size_t>(h)] * x[a];
  for (int i = h - 1; i >= 1; --i) {
    const double ci = c[static_cast<size_t>(i)];
    if (transpose) {
      for (size_t a = 0; a < size; ++a) next[a] = ci * x[a];
      for (size_t b = 0; b < size; ++b) {
        const std::vector<double>& row = m[b];
        for (size_t a = 0; a < size; ++a) next[a] += row[a] * r[b];
      }
    } else {
      for (size_t a = 0; a < size; ++a) {
        const std::vector<double>& row = m[a];
        double sum = 0;
        for (size_t b = 0; b < size; ++b) sum += row[b] * r[b];
        next[a] = ci * x[a] + sum;
      }
    }
    r.swap(next);
  }
}

// T' = T x_1 W x_2 W ... x_p W: T'[mu] = sum_v prod_j W[mu_j][v_j] T[v] (docs/spec/algorithms.md §2), axis by axis.
void apply_w_along_axes(std::vector<double>& tensor, int k, int h, int p) {
  if (h == 1) return;  // W = I
  const auto m = bernstein_matrix(k);
  const auto c = iterated_operator_signs(h);
  const size_t side = static_cast<size_t>(k) + 1;
  std::vector<double> fiber(side), mixed(side), scratch(side);
  size_t stride = tensor.size();
  for (int axis = 0; axis < p; ++axis) {
    stride /= side;  // row-major, last axis fastest
    for (size_t outer = 0; outer < tensor.size(); outer += side * stride) {
      for (size_t inner = 0; inner < stride; ++inner) {
        const size_t base = outer + inner;
        for (size_t v = 0; v < side; ++v) fiber[v] = tensor[base + v * stride];
        apply_w(m, c, fiber, false, mixed, scratch);
        for (size_t v = 0; v < side; ++v) tensor[base + v * stride] = mixed[v];
      }
    }
  }
}

// sum_v tensor[v] prod_j weights[j][v_j], contracting the last (fastest) axis first.
double contract(const std::vector<double>& tensor, const std::vector<std::vector<double>>& weights) {
  std::vector<double> current = tensor;
  for (size_t axis = weights.size(); axis-- > 0;) {
    const std::vector<double>& w = weights[axis];
    const size_t side = w.size();
    std::vector<double> reduced(current.size() / side, 0.0);
    for (size_t o = 0; o < reduced.size(); ++o) {
      double sum = 0;
      for (size_t v = 0; v < side; ++v) sum += current[o * side + v] * w[v];
      reduced[o] = sum;
    }
    current.swap(reduced);
  }
  return current.empty() ? 0.0 : current[0];
}

// Transformed coefficients and the clipped, normalised mixture (post-processing, docs/spec/algorithms.md §2).
void finish_release(BernsteinRelease& release) {
  const BernsteinParameters& parameters = release.parameters;
  release.transformed = release.coefficients;
  apply_w_along_axes(release.transformed, parameters.lattice_resolution, parameters.order, parameters.dimensions);
  double total = 0;
  for (double t : release.transformed) total += std::max(t, 0.0);
  release.mixture.clear();
  release.uniform_fallback = !(total > 0);
  if (release.uniform_fallback) return;
  release.mixture.resize(release.transformed.size());
  for (size_t i = 0; i < release.mixture.size(); ++i)
    release.mixture[i] = std::max(release.transformed[i], 0.0) / total;
}

// The discrete Laplace scale in quanta, (k+1)^p * 1025 / eps rounded up, or why it cannot be used.
Result<RationalScale> lattice_noise_scale(const BernsteinParameters& parameters, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(
      check_lattice(parameters.dimensions, parameters.lattice_resolution, epsilon, std::numeric_limits<size_t>::max()));
  const Result<RationalScale> scale =
      rational_scale_at_least(noise_scale_in_quanta(parameters.lattice_points, epsilon));
  if (!scale.is_ok()) return Status::error(ErrorCode::DomainTooLarge, scale.status().message());
  return scale.value();
}

// Releases integer lattice values R_v (multiples of `quantum`, whose difference between neighbours
// is at most 1025 quanta each) as quantum * (R_v + Z_v), Z_v discrete Laplace of scale
// (k+1)^p * 1025 / eps quanta: L1 sensitivity (k+1)^p * 1025 quanta over scale gives eps-DP.
Result<BernsteinRelease> release_rounded(const BernsteinParameters& parameters, const std::vector<int64_t>& rounded,
                                         double quantum, double sensitivity, double epsilon, const std::string& what,
                                         Accountant& accountant, RandomSource& random, bool disable_noise) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const RationalScale scale, lattice_noise_scale(parameters, epsilon));
  BernsteinRelease release;
  release.parameters = parameters;
  release.sensitivity = sensitivity;
  release.epsilon = epsilon;
  release.noise_scale = scale.value() * quantum;
  const std::string points = std::to_string(parameters.lattice_points);
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(Charge{
      what + ": " + points + " lattice values (p = " + std::to_string(parameters.dimensions) +
          ", k = " + std::to_string(parameters.lattice_resolution) + ", h = " + std::to_string(parameters.order) +
          "), each of sensitivity " + format_number(sensitivity) + ", L1 sensitivity " + points + " x " +
          format_number(sensitivity) + " x 1025/1024 after rounding to 1/1024 of it",
      "Bernstein mechanism (discrete Laplace on rounded lattice values)",
      // The ledger holds the L1 sensitivity of the whole released vector, as for every release.
      LaplaceCost{static_cast<double>(parameters.lattice_points) * sensitivity * 1025.0 / 1024.0, release.noise_scale,
                  epsilon}}));
  release.coefficients.resize(rounded.size());
  for (size_t v = 0; v < rounded.size(); ++v) {
    const int64_t noise = disable_noise ? 0 : sample_discrete_laplace(random, scale);
    release.coefficients[v] = quantum * static_cast<double>(rounded[v] + noise);
  }
  finish_release(release);
  return release;
}

Status check_unit_columns(const std::vector<std::vector<double>>& columns, int p) {
  if (static_cast<int>(columns.size()) != p) {
    return Status::error(ErrorCode::InvalidArgument, "the KDE has " + std::to_string(p) + " dimensions but " +
                                                         std::to_string(columns.size()) + " columns were given");
  }
  for (size_t j = 0; j < columns.size(); ++j) {
    if (columns[j].size() != columns[0].size()) {
      return Status::error(ErrorCode::InvalidData, "the KDE's columns have different lengths");
    }
    for (double x : columns[j]) {
      if (!(x >= 0 && x <= 1)) {
        return Status::error(ErrorCode::InvalidData, "column " + std::to_string(j) + " of the KDE has the value " +
                                                         format_number(x) + " outside the unit interval [0, 1]");
      }
    }
  }
  return Status::ok();
}

// Adds records' kernel values exp(-||v/k - x||^2 / (2 sigma^2)), rounded to units of 2^-30, to
// `sums`. Axis factors below 2^-32 are skipped: their products round to 0 anyway, so a record's
// contribution (in [0, 2^30] at every lattice point) depends on that record alone.
class KernelAccumulator {
 public:
  KernelAccumulator(int p, int k, double sigma)
      : p_(p), k_(k), sigma_(sigma), low_(p), high_(p), index_(p), strides_(p), prefix_(p + 1, 1.0), factors_(p) {
    size_t stride = 1;
    for (int j = p - 1; j >= 0; --j, stride *= static_cast<size_t>(k) + 1) strides_[j] = stride;
  }

  // Adds record `row`; returns the number of lattice points touched times p.
  double add(const std::vector<std::vector<double>>& columns, size_t row, std::vector<int64_t>& sums) {
    const double reach = sigma_ * std::sqrt(64.0 * std::log(2.0));  // exp(-reach^2 / (2 sigma^2)) = 2^-32
    double work = p_;
    size_t linear = 0;
    for (int j = 0; j < p_; ++j) {
      const double x = columns[j][row];
      low_[j] = std::max(0, static_cast<int>(std::floor((x - reach) * k_)));
      high_[j] = std::min(k_, static_cast<int>(std::ceil((x + reach) * k_)));
      factors_[j].clear();
      for (int v = low_[j]; v <= high_[j]; ++v) {
        const double d = static_cast<double>(v) / k_ - x;
        factors_[j].push_back(std::exp(-d * d / (2 * sigma_ * sigma_)));
      }
      work *= high_[j] - low_[j] + 1;
      index_[j] = low_[j];
      linear += static_cast<size_t>(low_[j]) * strides_[j];
    }
    // Odometer over the box's other axes with prefix products of their factors; the last axis
    // (contiguous in `sums`) is the inner loop.
    const std::vector<double>& last = factors_[p_ - 1];
    linear -= static_cast<size_t>(low_[p_ - 1]);  // index of (index_[0..p-2], 0)
    int changed = 0;
    for (;;) {
      for (int j = changed; j < p_ - 1; ++j) {
        prefix_[j + 1] = prefix_[j] * factors_[j][static_cast<size_t>(index_[j] - low_[j])];
      }
      const double outer = prefix_[p_ - 1];
      int64_t* row = sums.data() + linear + static_cast<size_t>(low_[p_ - 1]);
      // Round half up to units of 2^-30 (exact: the scaled value is below 2^31).
      for (size_t t = 0; t < last.size(); ++t) row[t] += static_cast<int64_t>(outer * last[t] * kKernelUnit + 0.5);
      int j = p_ - 2;
      for (; j >= 0; --j) {
        ++index_[j];
        linear += strides_[j];
        if (index_[j] <= high_[j]) break;
        linear -= static_cast<size_t>(high_[j] - low_[j] + 1) * strides_[j];
        index_[j] = low_[j];
      }
      if (j < 0) return work;
      changed = j;
    }
  }

 private:
  int p_, k_;
  double sigma_;
  std::vector<int> low_, high_, index_;
  std::vector<size_t> strides_;
  std::vector<double> prefix_;
  std::vector<std::vector<double>> factors_;
};

}  // namespace

Result<BernsteinParameters> choose_bernstein_parameters(int dimensions, double noisy_count, double epsilon,
                                                        const BernsteinOptions& options) {
  if (dimensions < 1) {
    return Status::error(ErrorCode::InvalidArgument, "the Bernstein mechanism needs at least one continuous dimension");
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the Bernstein mechanism's epsilon"));
  if (!std::isfinite(noisy_count))
    return Status::error(ErrorCode::InvalidArgument, "the noisy record count is not finite");
  if (options.lattice_resolution < 0) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the Bernstein lattice resolution k must be >= 1 (or 0 to choose)");
  }
  if (options.order < 0 || options.order > kMaxBernsteinOrder) {
    return Status::error(ErrorCode::InvalidArgument, "the iterated Bernstein order h must be in 1.." +
                                                         std::to_string(kMaxBernsteinOrder) + " (or 0 to choose)");
  }
  if (!(options.bandwidth >= 0 && options.bandwidth <= 1)) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the KDE bandwidth must be in (0, 1] unit-cube units (or 0 to choose)");
  }
  if (!(options.bandwidth_constant > 0 && std::isfinite(options.bandwidth_constant))) {
    return Status::error(ErrorCode::InvalidArgument, "the KDE bandwidth constant C must be positive and finite");
  }
  BernsteinParameters parameters;
  const int p = parameters.dimensions = dimensions;
  const double n = std::max(noisy_count, 2.0);

  parameters.order = options.order > 0 ? options.order : kDefaultOrder;
  parameters.order_choice = options.order > 0 ? "fixed by the caller"
                                              : "default h = 2: the iterated Bernstein operator 2B - B^2 (Micchelli "
                                                "1973) has error O(k^-2) on smooth targets and amplifies noise little";
  if (options.bandwidth > 0) {
    parameters.bandwidth = options.bandwidth;
    parameters.bandwidth_choice = "fixed by the caller";
  } else {
    // Bojkovic & Loh, Theorem IV.1: h = C' (log n / n)^(1/p), with the noisy count for n.
    const double rule = options.bandwidth_constant * std::pow(std::log(n) / n, 1.0 / p);
    parameters.bandwidth = std::min(1.0, rule);
    parameters.bandwidth_choice = "sigma = C (ln n / n)^(1/p) = " + format_number(rule) + " (Bojkovic & Loh, Thm IV.1" +
                                  std::string(rule > 1 ? "; capped at 1)" : ")");
  }

  if (options.lattice_resolution > 0) {
    PRIVSYNTH_RETURN_IF_ERROR(check_lattice(p, options.lattice_resolution, epsilon, options.max_lattice_points));
    parameters.lattice_resolution = options.lattice_resolution;
    parameters.lattice_choice = "fixed by the caller";
  } else {
    PRIVSYNTH_RETURN_IF_ERROR(check_lattice(p, 1, epsilon, options.max_lattice_points));
    int cap = 1;
    while (cap < kMaxBernsteinResolution && check_lattice(p, cap + 1, epsilon, options.max_lattice_points).is_ok())
      ++cap;
    // Spec §2 balancing rule for a target of sensitivity 1/n: k ~ (eps n)^(1/(p+h)).
    const double balanced = std::pow(epsilon * n, 1.0 / (p + parameters.order));
    const int k = static_cast<int>(std::clamp(std::round(balanced), 1.0, static_cast<double>(cap)));
    parameters.lattice_resolution = k;
    parameters.lattice_choice =
        "k = round((eps n)^(1/(p+h))) = round(" + format_number(balanced) + ")" +
        (k == cap && balanced > cap + 0.5 ? ", capped at " + std::to_string(cap) +
                                                " by the lattice size, the resolution limit or the noise-scale limit"
                                          : std::string()) +
        " (docs/spec/algorithms.md §2 balancing rule)";
  }
  parameters.lattice_points = lattice_point_count(parameters.lattice_resolution, p);
  return parameters;
}

std::vector<double> bernstein_basis(int k, double y) {
  if (k < 1 || !(y >= 0 && y <= 1)) return {};
  std::vector<double> b(static_cast<size_t>(k) + 1, 0.0);
  if (y == 0 || y == 1) {
    b[y == 0 ? 0 : static_cast<size_t>(k)] = 1;
    return b;
  }
  // Binomial(k, y) pmf from its mode by the ratios b_{v+1}/b_v = (k-v)/(v+1) * y/(1-y), then
  // normalised: no overflow or underflow of C(k,v) or y^v, and no libm calls.
  const int mode = std::min(k, static_cast<int>(std::floor((k + 1) * y)));
  const double odds = y / (1 - y);
  b[static_cast<size_t>(mode)] = 1;
  for (int v = mode; v < k; ++v) b[v + 1] = b[v] * (static_cast<double>(k - v) / (v + 1)) * odds;
  for (int v = mode; v > 0; --v) b[v - 1] = b[v] * (static_cast<double>(v) / (k - v + 1)) / odds;
  double total = 0;
  for (double value : b) total += value;
  for (double& value : b) value /= total;
  return b;
}

std::vector<std::vector<double>> iterated_bernstein_weights(int k, int h) {
  if (k < 1 || h < 1) return {};
  const size_t side = static_cast<size_t>(k) + 1;
  const auto m = bernstein_matrix(k);
  const auto c = iterated_operator_signs(h);
  std::vector<std::vector<double>> w(side, std::vector<double>(side, 0.0));
  std::vector<std::vector<double>> power(side, std::vector<double>(side, 0.0));  // M^(i-1)
  for (size_t a = 0; a < side; ++a) power[a][a] = 1;
  for (int i = 1; i <= h; ++i) {
    for (size_t a = 0; a < side; ++a) {
      for (size_t b = 0; b < side; ++b) w[a][b] += c[static_cast<size_t>(i)] * power[a][b];
    }
    if (i == h) break;
    std::vector<std::vector<double>> next(side, std::vector<double>(side, 0.0));
    for (size_t a = 0; a < side; ++a) {
      for (size_t t = 0; t < side; ++t) {
        for (size_t b = 0; b < side; ++b) next[a][b] += power[a][t] * m[t][b];
      }
    }
    power.swap(next);
  }
  return w;
}

std::vector<double> iterated_bernstein_basis(int k, int h, double y) {
  const std::vector<double> b = bernstein_basis(k, y);
  if (b.empty() || h < 1) return {};
  std::vector<double> result(b.size()), scratch(b.size());
  apply_w(bernstein_matrix(k), iterated_operator_signs(h), b, true, result, scratch);  // b^(h)(y) = W^T b(y)
  return result;
}

Result<BernsteinRelease> release_lattice_function(const BernsteinParameters& parameters,
                                                  const std::vector<double>& lattice_values,
                                                  double sensitivity_per_value, double epsilon, const std::string& what,
                                                  Accountant& accountant, RandomSource& random, bool disable_noise) {
  PRIVSYNTH_RETURN_IF_ERROR(check_parameters(parameters));
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the Bernstein mechanism's epsilon"));
  if (!(sensitivity_per_value > 0 && std::isfinite(sensitivity_per_value))) {
    return Status::error(ErrorCode::InvalidArgument, "the sensitivity of a lattice value must be positive and finite");
  }
  if (lattice_values.size() != parameters.lattice_points) {
    return Status::error(ErrorCode::InvalidArgument, "expected " + std::to_string(parameters.lattice_points) +
                                                         " lattice values, got " +
                                                         std::to_string(lattice_values.size()));
  }
  const double quantum = sensitivity_per_value / kQuanta;
  std::vector<int64_t> rounded(lattice_values.size());
  for (size_t v = 0; v < rounded.size(); ++v) {
    const double in_quanta = std::round(lattice_values[v] / quantum);
    if (!(std::fabs(in_quanta) < static_cast<double>(kMaxRoundedMagnitude))) {
      return Status::error(ErrorCode::InvalidArgument, "lattice value " + format_number(lattice_values[v]) +
                                                           " is not finite or too large for its sensitivity");
    }
    rounded[v] = static_cast<int64_t>(in_quanta);
  }
  return release_rounded(parameters, rounded, quantum, sensitivity_per_value, epsilon, what, accountant, random,
                         disable_noise);
}

Result<BernsteinRelease> release_gaussian_kde(const std::vector<std::vector<double>>& unit_columns,
                                              const BernsteinParameters& parameters, double epsilon,
                                              Accountant& accountant, RandomSource& random,
                                              const std::function<bool(double)>& keep_going, bool disable_noise) {
  PRIVSYNTH_RETURN_IF_ERROR(check_parameters(parameters));
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the Bernstein mechanism's epsilon"));
  if (!(parameters.bandwidth > 0 && parameters.bandwidth <= 1)) {
    return Status::error(ErrorCode::InvalidArgument, "the KDE bandwidth must be in (0, 1] unit-cube units");
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_unit_columns(unit_columns, parameters.dimensions));
  // Fail on an unrepresentable noise scale before the long evaluation.
  PRIVSYNTH_RETURN_IF_ERROR(
      check_lattice(parameters.dimensions, parameters.lattice_resolution, epsilon, std::numeric_limits<size_t>::max()));

  // F_D(v/k) = sum_i exp(-||v/k - x_i||^2 / (2 sigma^2)) in units of 2^-30, summed exactly as
  // integers: one record changes every value by an integer in [0, 2^30], i.e. by at most 1.
  const size_t rows = unit_columns.empty() ? 0 : unit_columns[0].size();
  std::vector<int64_t> sums(parameters.lattice_points, 0);
  KernelAccumulator accumulator(parameters.dimensions, parameters.lattice_resolution, parameters.bandwidth);
  double work_since_check = 0;
  for (size_t row = 0; row < rows; ++row) {
    work_since_check += accumulator.add(unit_columns, row, sums);
    if (work_since_check >= kCancellationCheckOperations) {
      work_since_check = 0;
      if (keep_going && !keep_going(static_cast<double>(row + 1) / static_cast<double>(rows))) {
        return Status::error(ErrorCode::Cancelled, "the private KDE was cancelled");
      }
    }
  }
  // Round to quanta of 1/1024 (half up); neighbours' rounded values differ by at most 1025 quanta.
  std::vector<int64_t> rounded(sums.size());
  const int64_t half = int64_t{1} << (kUnitsPerQuantumBits - 1);
  for (size_t v = 0; v < sums.size(); ++v) rounded[v] = (sums[v] + half) >> kUnitsPerQuantumBits;
  return release_rounded(
      parameters, rounded, 1.0 / kQuanta, 1.0, epsilon,
      "private Gaussian KDE, unnormalised kernel sum, sigma = " + format_number(parameters.bandwidth), accountant,
      random, disable_noise);
}

Result<double> gaussian_kde_noise_scale(const BernsteinParameters& parameters, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the Bernstein mechanism's epsilon"));
  PRIVSYNTH_ASSIGN_OR_RETURN(const RationalScale scale, lattice_noise_scale(parameters, epsilon));
  return scale.value() / kQuanta;  // release_gaussian_kde's quantum is 1/1024 of Delta = 1
}

double evaluate_release(const BernsteinRelease& release, const double* y) {
  const BernsteinParameters& parameters = release.parameters;
  std::vector<std::vector<double>> weights(static_cast<size_t>(parameters.dimensions));
  for (int j = 0; j < parameters.dimensions; ++j) {
    weights[j] = bernstein_basis(parameters.lattice_resolution, y[j]);
    if (weights[j].empty()) return std::numeric_limits<double>::quiet_NaN();
  }
  return contract(release.transformed, weights);
}

std::vector<std::vector<double>> sample_release(const BernsteinRelease& release, size_t count, RandomSource& random) {
  const int p = release.parameters.dimensions, k = release.parameters.lattice_resolution;
  std::vector<std::vector<double>> columns(static_cast<size_t>(p), std::vector<double>(count));
  if (release.uniform_fallback || release.mixture.empty()) {
    for (size_t i = 0; i < count; ++i) {
      for (auto& column : columns) column[i] = random.uniform_unit();
    }
    return columns;
  }
  std::vector<double> cumulative(release.mixture.size());
  double total = 0;
  for (size_t i = 0; i < cumulative.size(); ++i) cumulative[i] = total += release.mixture[i];
  const size_t side = static_cast<size_t>(k) + 1;
  for (size_t i = 0; i < count; ++i) {
    const double u = random.uniform_unit() * total;
    size_t cell = static_cast<size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin());
    if (cell >= cumulative.size()) cell = cumulative.size() - 1;
    while (release.mixture[cell] == 0 && cell > 0) --cell;  // only if u rounded up to the total
    for (int j = p - 1; j >= 0; --j, cell /= side) {
      const double mu = static_cast<double>(cell % side);
      columns[j][i] = sample_beta(random, mu + 1, k - mu + 1);
    }
  }
  return columns;
}

double mixture_density(const BernsteinRelease& release, const double* y) {
  const int p = release.parameters.dimensions, k = release.parameters.lattice_resolution;
  for (int j = 0; j < p; ++j) {
    if (!(y[j] >= 0 && y[j] <= 1)) return 0;
  }
  if (release.uniform_fallback || release.mixture.empty()) return 1;
  std::vector<std::vector<double>> weights(static_cast<size_t>(p));
  for (int j = 0; j < p; ++j) {
    weights[j] = bernstein_basis(k, y[j]);
    for (double& w : weights[j]) w *= k + 1;  // Beta(mu+1, k-mu+1) pdf = (k+1) b_{mu,k}
  }
  return contract(release.mixture, weights);
}

}  // namespace privsynth
