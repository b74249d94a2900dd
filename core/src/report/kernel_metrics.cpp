#include "report/kernel_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <Eigen/Core>

namespace privsynth {
namespace {

constexpr double kTwoPi = 6.283185307179586;
// exp(-gamma r^2) < kNegligibleKernel beyond r^2 = kCutoffExponent / gamma (KDE grid only).
constexpr double kNegligibleKernel = 1e-12;
const double kCutoffExponent = -std::log(kNegligibleKernel);
constexpr double kMaxGridPoints = 1e7;  // 80 MB of grid values

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidArgument, message); }

Status check_gamma(double gamma) {
  if (!(gamma > 0) || !std::isfinite(gamma)) return invalid("kernel gamma must be finite and > 0");
  return Status::ok();
}

// Shape, finiteness and weights of one set; its weights normalized to sum 1.
Result<std::vector<double>> normalized_weights(const WeightedPoints& points, const char* name) {
  const std::string label(name);
  if (points.dimension == 0) return invalid(label + ": dimension must be at least 1");
  if (points.coordinates.size() % points.dimension != 0) {
    return invalid(label + ": " + std::to_string(points.coordinates.size()) +
                   " coordinates are not a multiple of d = " + std::to_string(points.dimension));
  }
  const size_t n = points.size();
  if (n == 0) return Status::error(ErrorCode::EmptyData, label + ": no points");
  if (!points.weights.empty() && points.weights.size() != n) {
    return invalid(label + ": " + std::to_string(points.weights.size()) + " weights for " + std::to_string(n) +
                   " points");
  }
  for (double x : points.coordinates) {
    if (!std::isfinite(x)) return invalid(label + ": a coordinate is not finite");
  }
  std::vector<double> weights(n);
  for (size_t i = 0; i < n; ++i) {
    weights[i] = points.weight(i);
    if (!(weights[i] >= 0) || !std::isfinite(weights[i])) {
      return invalid(label + ": weight " + std::to_string(i) + " is negative or not finite");
    }
  }
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  if (!(total > 0) || !std::isfinite(total)) return invalid(label + ": the weights sum to 0 (or overflow)");
  for (double& w : weights) w /= total;
  return weights;
}

struct CheckedPair {
  std::vector<double> p_weights, q_weights;
};

Result<CheckedPair> check_pair(const WeightedPoints& p, const WeightedPoints& q, double gamma) {
  PRIVSYNTH_RETURN_IF_ERROR(check_gamma(gamma));
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<double> p_weights, normalized_weights(p, "first point set"));
  Result<std::vector<double>> q_weights = normalized_weights(q, "second point set");
  if (!q_weights.is_ok()) return q_weights.status();
  if (p.dimension != q.dimension) {
    return invalid("the point sets have different dimensions (" + std::to_string(p.dimension) + " and " +
                   std::to_string(q.dimension) + ")");
  }
  return CheckedPair{std::move(p_weights), std::move(q_weights).value()};
}

Status check_exact_size(size_t n, size_t m, double max_pair_evaluations) {
  const double pairs = exact_pair_evaluations(n, m);
  if (pairs > max_pair_evaluations) {
    return Status::error(ErrorCode::DomainTooLarge, "exact MMD of " + std::to_string(n) + " and " + std::to_string(m) +
                                                        " points needs " + std::to_string(pairs) +
                                                        " kernel evaluations (limit " +
                                                        std::to_string(max_pair_evaluations) +
                                                        "); use mmd_estimate (random Fourier features) or mmd_auto");
  }
  return Status::ok();
}

// sum_ij w_i v_j exp(-gamma ||p_i - q_j||^2) with weights already normalized.
double weighted_kernel_sum(const WeightedPoints& p, const std::vector<double>& w, const WeightedPoints& q,
                           const std::vector<double>& v, double gamma) {
  const size_t d = p.dimension;
  double total = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const double* x = p.point(i);
    double row = 0;
    for (size_t j = 0; j < q.size(); ++j) {
      const double* y = q.point(j);
      double squared = 0;
      for (size_t k = 0; k < d; ++k) squared += (x[k] - y[k]) * (x[k] - y[k]);
      row += v[j] * std::exp(-gamma * squared);
    }
    total += w[i] * row;
  }
  return total;
}

// The same sum of a set with itself, each unordered pair once: sum_i w_i^2 + 2 sum_{i<j} w_i w_j k.
double weighted_self_kernel_sum(const WeightedPoints& p, const std::vector<double>& w, double gamma) {
  const size_t d = p.dimension;
  double off_diagonal = 0, diagonal = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const double* x = p.point(i);
    double row = 0;
    for (size_t j = i + 1; j < p.size(); ++j) {
      const double* y = p.point(j);
      double squared = 0;
      for (size_t k = 0; k < d; ++k) squared += (x[k] - y[k]) * (x[k] - y[k]);
      row += w[j] * std::exp(-gamma * squared);
    }
    off_diagonal += w[i] * row;
    diagonal += w[i] * w[i];
  }
  return diagonal + 2 * off_diagonal;
}

// Per-axis [min, max] over both sets.
void union_bounds(const WeightedPoints& p, const WeightedPoints& q, std::vector<double>& lower,
                  std::vector<double>& upper) {
  const size_t d = p.dimension;
  lower.assign(d, std::numeric_limits<double>::infinity());
  upper.assign(d, -std::numeric_limits<double>::infinity());
  for (const WeightedPoints* set : {&p, &q}) {
    for (size_t i = 0; i < set->size(); ++i) {
      for (size_t k = 0; k < d; ++k) {
        lower[k] = std::min(lower[k], set->point(i)[k]);
        upper[k] = std::max(upper[k], set->point(i)[k]);
      }
    }
  }
}

// cos(x) for |x| < 2^23 to about 1e-15 absolute (measured: 7e-16), written to vectorize: x reduced to [-pi, pi]
// with 2 pi split in three parts (Cody & Waite; the first two have 30 bits, so k * part is exact),
// then cos x = 2 cos^2(x/2) - 1 with the Taylor series of cos(x/2) to degree 18 (next term < 4e-15).
inline double reduced_cosine(double x) {
  constexpr double kInverseTwoPi = 0.15915494309189535;
  constexpr double kTwoPi1 = 6.283185303211212, kTwoPi2 = 3.9683743166540886e-09, kTwoPi3 = 2.068073192717642e-18;
  constexpr double kRoundToInteger = 6755399441055744.0;  // 1.5 * 2^52
  const double k = (x * kInverseTwoPi + kRoundToInteger) - kRoundToInteger;
  const double half = 0.5 * (((x - k * kTwoPi1) - k * kTwoPi2) - k * kTwoPi3);
  const double u = half * half;
  // cos(h) = sum_n (-1)^n u^n / (2n)!, n = 0..9, by Horner.
  double c = -1.0 / 6402373705728000.0;  // -1/18!
  c = c * u + 1.0 / 20922789888000.0;
  c = c * u - 1.0 / 87178291200.0;
  c = c * u + 1.0 / 479001600.0;
  c = c * u - 1.0 / 3628800.0;
  c = c * u + 1.0 / 40320.0;
  c = c * u - 1.0 / 720.0;
  c = c * u + 1.0 / 24.0;
  c = c * u - 0.5;
  c = c * u + 1.0;
  return 2 * c * c - 1;
}
constexpr double kReducedCosineRange = 8e6;  // < 2^23

// Random features in feature-major blocks: frequency[k][l] = w_l[k], offset[l] = b_l.
struct FourierFeatures {
  std::vector<std::vector<double>> frequency;
  std::vector<double> offset;
};

// Box–Muller: two independent N(0, 1) from two uniforms.
void standard_normal_pair(RandomSource& random, double& first, double& second) {
  const double radius = std::sqrt(-2 * std::log(1 - random.uniform_unit()));  // 1 - u in (0, 1]
  const double angle = kTwoPi * random.uniform_unit();
  first = radius * std::cos(angle);
  second = radius * std::sin(angle);
}

FourierFeatures draw_features(size_t dimension, size_t count, double gamma, RandomSource& random) {
  FourierFeatures features;
  const double scale = std::sqrt(2 * gamma);  // w ~ N(0, 2 gamma I) for exp(-gamma ||x - y||^2)
  features.frequency.assign(dimension, std::vector<double>(count));
  std::vector<double> normals(dimension * count + 1);
  for (size_t i = 0; i + 1 < normals.size(); i += 2) standard_normal_pair(random, normals[i], normals[i + 1]);
  for (size_t k = 0; k < dimension; ++k) {
    for (size_t l = 0; l < count; ++l) features.frequency[k][l] = scale * normals[l * dimension + k];
  }
  features.offset.resize(count);
  for (double& b : features.offset) b = kTwoPi * random.uniform_unit();
  return features;
}

// mean[l] += sign * sum_i w_i cos(w_l . (x_i - centre) + b_l).
template <class Cosine>
void add_feature_means(const WeightedPoints& points, const std::vector<double>& weights,
                       const std::vector<double>& centre, const FourierFeatures& features, double sign, Cosine cosine,
                       std::vector<double>& mean) {
  const size_t count = features.offset.size(), d = points.dimension;
  std::vector<double> argument(count);
  for (size_t i = 0; i < points.size(); ++i) {
    std::copy(features.offset.begin(), features.offset.end(), argument.begin());
    for (size_t k = 0; k < d; ++k) {
      const double x = points.point(i)[k] - centre[k];
      const double* w = features.frequency[k].data();
      for (size_t l = 0; l < count; ++l) argument[l] += w[l] * x;
    }
    const double weight = sign * weights[i];
    for (size_t l = 0; l < count; ++l) mean[l] += weight * cosine(argument[l]);
  }
}

// A grid axis: positions lower + (upper - lower) a / (count - 1); one point when the extent is 0.
struct GridAxis {
  double lower = 0, step = 0;
  size_t count = 1;
  double at(size_t a) const { return lower + step * double(a); }
};

}  // namespace

Result<WeightedPoints> weighted_points_from_rows(const std::vector<std::vector<double>>& rows,
                                                 std::vector<double> weights) {
  if (rows.empty()) return Status::error(ErrorCode::EmptyData, "no rows");
  WeightedPoints points;
  points.dimension = rows.front().size();
  if (points.dimension == 0) return invalid("rows must have at least one coordinate");
  for (const std::vector<double>& row : rows) {
    if (row.size() != points.dimension) return invalid("rows of differing lengths");
    points.coordinates.insert(points.coordinates.end(), row.begin(), row.end());
  }
  if (!weights.empty() && weights.size() != rows.size()) {
    return invalid(std::to_string(weights.size()) + " weights for " + std::to_string(rows.size()) + " rows");
  }
  points.weights = std::move(weights);
  return points;
}

double balog_experiment_gamma(size_t dimension) { return 1e-4 / double(dimension); }

double gamma_for_bandwidth(double sigma) { return 1 / (2 * sigma * sigma); }

double exact_pair_evaluations(size_t n, size_t m) {
  const double a = double(n), b = double(m);
  return a * b + a * a + b * b;
}

const char* mmd_method_name(MmdMethod method) {
  return method == MmdMethod::Exact ? "exact" : "random-fourier-features";
}

Result<double> kernel_mean_inner_product(const WeightedPoints& p, const WeightedPoints& q, double gamma,
                                         double max_pair_evaluations) {
  PRIVSYNTH_ASSIGN_OR_RETURN(CheckedPair checked, check_pair(p, q, gamma));
  if (double(p.size()) * double(q.size()) > max_pair_evaluations) {
    return Status::error(ErrorCode::DomainTooLarge, "kernel_mean_inner_product: " + std::to_string(p.size()) + " x " +
                                                        std::to_string(q.size()) + " pairs exceed the limit");
  }
  return weighted_kernel_sum(p, checked.p_weights, q, checked.q_weights, gamma);
}

Result<double> mmd_exact(const WeightedPoints& p, const WeightedPoints& q, double gamma, double max_pair_evaluations) {
  PRIVSYNTH_ASSIGN_OR_RETURN(CheckedPair checked, check_pair(p, q, gamma));
  PRIVSYNTH_RETURN_IF_ERROR(check_exact_size(p.size(), q.size(), max_pair_evaluations));
  const std::vector<double>& w = checked.p_weights;
  const std::vector<double>& v = checked.q_weights;
  // Kreačić eq. (1); rounding can leave a tiny negative square.
  const double squared = weighted_self_kernel_sum(p, w, gamma) - 2 * weighted_kernel_sum(p, w, q, v, gamma) +
                         weighted_self_kernel_sum(q, v, gamma);
  return std::sqrt(std::max(0.0, squared));
}

Result<MmdResult> mmd_estimate(const WeightedPoints& p, const WeightedPoints& q, double gamma, size_t features,
                               RandomSource& random) {
  PRIVSYNTH_ASSIGN_OR_RETURN(CheckedPair checked, check_pair(p, q, gamma));
  if (features < 2) return invalid("mmd_estimate needs at least 2 random features");
  const size_t d = p.dimension;
  std::vector<double> lower, upper, centre(d);
  union_bounds(p, q, lower, upper);
  for (size_t k = 0; k < d; ++k) centre[k] = 0.5 * (lower[k] + upper[k]);

  const FourierFeatures drawn = draw_features(d, features, gamma, random);
  PRIVSYNTH_RETURN_IF_ERROR(random.health());
  // |w_l . (x - centre) + b_l| <= max_l ||w_l||_1 * max_k half-extent + 2 pi decides the cosine.
  double largest_argument = 0;
  for (size_t l = 0; l < features; ++l) {
    double norm1 = 0;
    for (size_t k = 0; k < d; ++k) norm1 += std::abs(drawn.frequency[k][l]) * 0.5 * (upper[k] - lower[k]);
    largest_argument = std::max(largest_argument, norm1);
  }
  std::vector<double> difference(features, 0.0);  // sum_i w_i cos(...) over P minus the same over Q
  if (largest_argument + kTwoPi < kReducedCosineRange) {
    add_feature_means(p, checked.p_weights, centre, drawn, 1, reduced_cosine, difference);
    add_feature_means(q, checked.q_weights, centre, drawn, -1, reduced_cosine, difference);
  } else {
    const auto cosine = [](double x) { return std::cos(x); };
    add_feature_means(p, checked.p_weights, centre, drawn, 1, cosine, difference);
    add_feature_means(q, checked.q_weights, centre, drawn, -1, cosine, difference);
  }
  // t_l = 2 difference_l^2: i.i.d. with mean MMD^2 (header).
  double mean = 0;
  for (double c : difference) mean += 2 * c * c;
  mean /= double(features);
  double spread = 0;
  for (double c : difference) spread += (2 * c * c - mean) * (2 * c * c - mean);
  MmdResult result;
  result.method = MmdMethod::RandomFourierFeatures;
  result.features = features;
  result.value = std::sqrt(std::max(0.0, mean));
  result.squared_standard_error = std::sqrt(spread / double(features - 1) / double(features));
  result.standard_error = result.value > 0 ? result.squared_standard_error / (2 * result.value) : 0;
  return result;
}

Result<MmdResult> mmd_auto(const WeightedPoints& p, const WeightedPoints& q, double gamma, RandomSource& random,
                           size_t features) {
  if (exact_pair_evaluations(p.size(), q.size()) > kExactPairEvaluationLimit) {
    return mmd_estimate(p, q, gamma, features, random);
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(double exact, mmd_exact(p, q, gamma));
  MmdResult result;
  result.value = exact;
  return result;
}

namespace {

struct GridSetup {
  GridAxis axes[2];
  std::vector<double> lower, upper;
};

// The grid's axes (one point at lower on a degenerate axis; axis 1 a single point when d = 1).
Result<GridSetup> grid_setup(const WeightedPoints& p, const WeightedPoints& q, const KdeGrid& grid,
                             const char* caller) {
  const size_t d = p.dimension;
  if (d > 2) {
    return invalid(std::string(caller) + " evaluates a grid and supports d <= 2 (got d = " + std::to_string(d) +
                   "); use mmd_exact / mmd_estimate in higher dimensions");
  }
  if (grid.points_per_axis < 1) return invalid("KdeGrid.points_per_axis must be at least 1");
  if (std::pow(double(grid.points_per_axis), double(d)) > kMaxGridPoints) {
    return Status::error(ErrorCode::DomainTooLarge, "KdeGrid has more than 1e7 points");
  }
  GridSetup setup;
  setup.lower = grid.lower;
  setup.upper = grid.upper;
  if (setup.lower.empty() && setup.upper.empty()) {
    union_bounds(p, q, setup.lower, setup.upper);
  } else if (setup.lower.size() != d || setup.upper.size() != d) {
    return invalid("KdeGrid bounds must have one entry per dimension (or both be empty)");
  }
  for (size_t k = 0; k < d; ++k) {
    const double lower = setup.lower[k], upper = setup.upper[k];
    if (!std::isfinite(lower) || !std::isfinite(upper) || lower > upper) {
      return invalid("KdeGrid bounds must be finite with lower <= upper");
    }
    setup.axes[k].lower = lower;
    if (upper > lower && grid.points_per_axis > 1) {
      setup.axes[k].count = grid.points_per_axis;
      setup.axes[k].step = (upper - lower) / double(grid.points_per_axis - 1);
    }
  }
  return setup;
}

}  // namespace

Result<double> kde_sup_distance(const WeightedPoints& p, const WeightedPoints& q, double gamma, const KdeGrid& grid) {
  PRIVSYNTH_ASSIGN_OR_RETURN(CheckedPair checked, check_pair(p, q, gamma));
  const size_t d = p.dimension;
  Result<GridSetup> setup = grid_setup(p, q, grid, "kde_sup_distance");
  if (!setup.is_ok()) return setup.status();
  const GridAxis* axes = setup.value().axes;

  // Both sets as one signed measure u (P positive, Q negative), sorted on axis 0.
  struct Mass {
    double x0, x1, u;
  };
  std::vector<Mass> masses;
  masses.reserve(p.size() + q.size());
  for (size_t i = 0; i < p.size(); ++i) {
    masses.push_back({p.point(i)[0], d == 2 ? p.point(i)[1] : 0.0, checked.p_weights[i]});
  }
  for (size_t j = 0; j < q.size(); ++j) {
    masses.push_back({q.point(j)[0], d == 2 ? q.point(j)[1] : 0.0, -checked.q_weights[j]});
  }
  std::sort(masses.begin(), masses.end(), [](const Mass& a, const Mass& b) { return a.x0 < b.x0; });

  // KD_P - KD_Q on the grid = E0 E1^T, E0(a, i) = u_i exp(-gamma (x_a - x0_i)^2), E1(b, i) likewise
  // on axis 1 (a single row at 0 when d = 1, each factor 1). Blocks of points touch only the grid
  // rows within the cutoff radius of their axis-0 range.
  const double radius = std::sqrt(kCutoffExponent / gamma);
  const size_t rows = axes[0].count, columns = axes[1].count;
  Eigen::MatrixXd difference = Eigen::MatrixXd::Zero(Eigen::Index(rows), Eigen::Index(columns));
  constexpr size_t kBlock = 512;
  Eigen::MatrixXd e0, e1;
  for (size_t first = 0; first < masses.size(); first += kBlock) {
    const size_t count = std::min(kBlock, masses.size() - first);
    size_t row_begin = 0, row_end = rows;
    if (rows > 1) {
      const double from = (masses[first].x0 - radius - axes[0].lower) / axes[0].step;
      const double to = (masses[first + count - 1].x0 + radius - axes[0].lower) / axes[0].step;
      row_begin = size_t(std::clamp(std::ceil(from), 0.0, double(rows)));
      row_end = size_t(std::clamp(std::floor(to) + 1, 0.0, double(rows)));
      if (row_begin >= row_end) continue;
    }
    e0.resize(Eigen::Index(row_end - row_begin), Eigen::Index(count));
    e1.resize(Eigen::Index(columns), Eigen::Index(count));
    for (size_t i = 0; i < count; ++i) {
      const Mass& mass = masses[first + i];
      for (size_t a = row_begin; a < row_end; ++a) {
        const double delta = axes[0].at(a) - mass.x0;
        e0(Eigen::Index(a - row_begin), Eigen::Index(i)) = mass.u * std::exp(-gamma * delta * delta);
      }
      for (size_t b = 0; b < columns; ++b) {
        const double delta = d == 2 ? axes[1].at(b) - mass.x1 : 0.0;
        e1(Eigen::Index(b), Eigen::Index(i)) = std::exp(-gamma * delta * delta);
      }
    }
    difference.middleRows(Eigen::Index(row_begin), Eigen::Index(row_end - row_begin)).noalias() += e0 * e1.transpose();
  }
  return difference.cwiseAbs().maxCoeff();
}

Result<BinnedKdeSup> kde_sup_distance_binned(const WeightedPoints& p, const WeightedPoints& q, double gamma,
                                             const KdeGrid& grid, size_t bins_per_axis) {
  PRIVSYNTH_ASSIGN_OR_RETURN(CheckedPair checked, check_pair(p, q, gamma));
  const size_t d = p.dimension;
  Result<GridSetup> setup = grid_setup(p, q, grid, "kde_sup_distance_binned");
  if (!setup.is_ok()) return setup.status();
  if (bins_per_axis < 2) return invalid("kde_sup_distance_binned needs at least 2 bins per axis");
  if (std::pow(double(bins_per_axis), double(d)) > kMaxGridPoints) {
    return Status::error(ErrorCode::DomainTooLarge, "kde_sup_distance_binned: more than 1e7 bins");
  }
  const GridAxis* axes = setup.value().axes;

  // Bin nodes span the points and the grid, so every point lies between two nodes.
  std::vector<double> node_lower, node_upper;
  union_bounds(p, q, node_lower, node_upper);
  GridAxis nodes[2];
  for (size_t k = 0; k < d; ++k) {
    const double lower = std::min(node_lower[k], setup.value().lower[k]);
    const double upper = std::max(node_upper[k], setup.value().upper[k]);
    nodes[k].lower = lower;
    if (upper > lower) {
      nodes[k].count = bins_per_axis;
      nodes[k].step = (upper - lower) / double(bins_per_axis - 1);
    }
  }

  // Linear binning (Wand 1994): a point's signed weight goes to its 2^d surrounding nodes in
  // proportion to the (bi)linear interpolation weights.
  Eigen::MatrixXd mass = Eigen::MatrixXd::Zero(Eigen::Index(nodes[0].count), Eigen::Index(nodes[1].count));
  const auto spread = [&](const WeightedPoints& set, const std::vector<double>& weights, double sign) {
    for (size_t i = 0; i < set.size(); ++i) {
      size_t cell[2] = {0, 0};
      double fraction[2] = {0, 0};
      for (size_t k = 0; k < d; ++k) {
        if (nodes[k].count < 2) continue;
        const double position = (set.point(i)[k] - nodes[k].lower) / nodes[k].step;
        cell[k] = std::min(size_t(std::max(0.0, std::floor(position))), nodes[k].count - 2);
        fraction[k] = std::clamp(position - double(cell[k]), 0.0, 1.0);
      }
      const double u = sign * weights[i];
      for (size_t a = 0; a < 2; ++a) {
        const double wa = a ? fraction[0] : 1 - fraction[0];
        if (wa == 0) continue;
        for (size_t b = 0; b < 2; ++b) {
          const double wb = b ? fraction[1] : 1 - fraction[1];
          if (wb != 0) mass(Eigen::Index(cell[0] + a), Eigen::Index(cell[1] + b)) += u * wa * wb;
        }
      }
    }
  };
  spread(p, checked.p_weights, 1);
  spread(q, checked.q_weights, -1);

  // The kernel factorizes over the axes: grid values = K0 mass K1^T, K_k(a, j) = exp(-gamma (g_a - node_j)^2).
  const auto kernel_matrix = [&](const GridAxis& grid_axis, const GridAxis& node_axis) {
    Eigen::MatrixXd kernel(Eigen::Index(grid_axis.count), Eigen::Index(node_axis.count));
    for (size_t a = 0; a < grid_axis.count; ++a) {
      for (size_t j = 0; j < node_axis.count; ++j) {
        const double delta = grid_axis.at(a) - node_axis.at(j);
        kernel(Eigen::Index(a), Eigen::Index(j)) = std::exp(-gamma * delta * delta);
      }
    }
    return kernel;
  };
  const Eigen::MatrixXd k0 = kernel_matrix(axes[0], nodes[0]);
  const Eigen::MatrixXd k1 = kernel_matrix(axes[1], nodes[1]);
  const Eigen::MatrixXd difference = (k0 * mass) * k1.transpose();

  BinnedKdeSup result;
  result.value = difference.cwiseAbs().maxCoeff();
  // Interpolating exp(-gamma x^2) linearly between nodes h apart errs by at most h^2/8 max|f''| =
  // gamma h^2 / 4 per axis; the product kernel adds the axes' errors; P and Q each carry weight 1.
  double per_point = 0;
  for (size_t k = 0; k < d; ++k) per_point += gamma * nodes[k].step * nodes[k].step / 4;
  result.error_bound = 2 * per_point;
  result.bins_per_axis = bins_per_axis;
  return result;
}

}  // namespace privsynth
