#include "report/logistic_regression.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>
#include <Eigen/Cholesky>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>

namespace privsynth {
namespace {

// Without penalty or norm bound, a margin |<w, x_i>| >= 23 (a fitted probability within 1e-10 of 0 or
// 1) is taken as (quasi-)separation. Newton's iterates on separable data reach it: each step adds
// about 1 to the separated margins until their curvature falls to the solver's ridge (1e-14 of the
// largest curvature), and then creeps on; a minimiser of data that are not separable has it only
// with badly scaled features (the paper assumes x in [-1, 1]^m).
constexpr double kSeparationMargin = 23.0;
constexpr int kMaxMultiplierUpdates = 100;
constexpr double kNormTolerance = 1e-9;  // relative, for ||w(mu)|| = tau
constexpr double kArmijo = 1e-4;
constexpr int kMaxHalvings = 60;
constexpr double kFullStepDecrement = 1e-12;  // relative to |F|; F's sums round at ~1e-16 n^(1/2)

double sigmoid(double t) {
  if (t >= 0) return 1.0 / (1.0 + std::exp(-t));
  const double e = std::exp(t);
  return e / (1.0 + e);
}

// The feature matrix as the solver sees it: products with w and with residuals, and the
// weighted Gram matrix X^T diag(d) X.
class DenseDesign {
 public:
  explicit DenseDesign(const Eigen::MatrixXd& x) : x_(x) {}
  Eigen::Index rows() const { return x_.rows(); }
  Eigen::Index cols() const { return x_.cols(); }
  Eigen::VectorXd multiply(const Eigen::VectorXd& w) const { return x_ * w; }
  Eigen::VectorXd transpose_multiply(const Eigen::VectorXd& r) const { return x_.transpose() * r; }
  Eigen::MatrixXd weighted_gram(const Eigen::VectorXd& d) const { return x_.transpose() * (d.asDiagonal() * x_); }

 private:
  const Eigen::MatrixXd& x_;
};

class OneHotView {
 public:
  explicit OneHotView(const OneHotDesign& x) : x_(x) {}
  Eigen::Index rows() const { return static_cast<Eigen::Index>(x_.rows); }
  Eigen::Index cols() const { return static_cast<Eigen::Index>(x_.dimension); }
  Eigen::VectorXd multiply(const Eigen::VectorXd& w) const {
    Eigen::VectorXd z(rows());
    for (size_t i = 0; i < x_.rows; ++i) {
      double sum = 0;
      for (size_t k = 0; k < x_.active_per_row; ++k) sum += w[x_.active[i * x_.active_per_row + k]];
      z[static_cast<Eigen::Index>(i)] = x_.value * sum;
    }
    return z;
  }
  Eigen::VectorXd transpose_multiply(const Eigen::VectorXd& r) const {
    Eigen::VectorXd g = Eigen::VectorXd::Zero(cols());
    for (size_t i = 0; i < x_.rows; ++i) {
      const double ri = x_.value * r[static_cast<Eigen::Index>(i)];
      for (size_t k = 0; k < x_.active_per_row; ++k) g[x_.active[i * x_.active_per_row + k]] += ri;
    }
    return g;
  }
  // Every row adds d_i * value^2 at each pair of its active columns: O(n p^2), not O(n m^2).
  Eigen::MatrixXd weighted_gram(const Eigen::VectorXd& d) const {
    Eigen::MatrixXd h = Eigen::MatrixXd::Zero(cols(), cols());
    const double v2 = x_.value * x_.value;
    for (size_t i = 0; i < x_.rows; ++i) {
      const double di = v2 * d[static_cast<Eigen::Index>(i)];
      const uint32_t* a = &x_.active[i * x_.active_per_row];
      for (size_t k = 0; k < x_.active_per_row; ++k) {
        for (size_t l = 0; l < x_.active_per_row; ++l) h(a[k], a[l]) += di;
      }
    }
    return h;
  }

 protected:
  const OneHotDesign& x_;
};

using SparseGram = Eigen::SparseMatrix<double>;

// A wide one-hot design: the same products, and the weighted Gram matrix stored sparse. Every
// diagonal entry is stored (levels no row holds get an explicit 0), so a ridge can be added in place.
class SparseOneHotView : public OneHotView {
 public:
  explicit SparseOneHotView(const OneHotDesign& x) : OneHotView(x) {}
  SparseGram weighted_gram(const Eigen::VectorXd& d) const {
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(x_.rows * x_.active_per_row * x_.active_per_row + x_.dimension);
    for (size_t j = 0; j < x_.dimension; ++j) entries.emplace_back(Eigen::Index(j), Eigen::Index(j), 0.0);
    const double v2 = x_.value * x_.value;
    for (size_t i = 0; i < x_.rows; ++i) {
      const double di = v2 * d[static_cast<Eigen::Index>(i)];
      const uint32_t* a = &x_.active[i * x_.active_per_row];
      for (size_t k = 0; k < x_.active_per_row; ++k) {
        for (size_t l = 0; l < x_.active_per_row; ++l) entries.emplace_back(a[k], a[l], di);
      }
    }
    SparseGram h(cols(), cols());
    h.setFromTriplets(entries.begin(), entries.end());  // duplicates are summed
    return h;
  }
};

void add_to_diagonal(Eigen::MatrixXd& h, double value) { h.diagonal().array() += value; }
void add_to_diagonal(SparseGram& h, double value) {
  for (Eigen::Index j = 0; j < h.cols(); ++j) h.coeffRef(j, j) += value;  // stored: no insertion
}
double largest_diagonal(const Eigen::MatrixXd& h) { return h.diagonal().cwiseAbs().maxCoeff(); }
double largest_diagonal(const SparseGram& h) {
  double largest = 0;
  for (Eigen::Index j = 0; j < h.cols(); ++j) largest = std::max(largest, std::fabs(h.coeff(j, j)));
  return largest;
}

// Appends a constant-1 column to another design.
template <class Design>
class WithIntercept {
 public:
  explicit WithIntercept(const Design& x) : x_(x) {}
  Eigen::Index rows() const { return x_.rows(); }
  Eigen::Index cols() const { return x_.cols() + 1; }
  Eigen::VectorXd multiply(const Eigen::VectorXd& w) const {
    return (x_.multiply(w.head(x_.cols())).array() + w[x_.cols()]).matrix();
  }
  Eigen::VectorXd transpose_multiply(const Eigen::VectorXd& r) const {
    Eigen::VectorXd g(cols());
    g.head(x_.cols()) = x_.transpose_multiply(r);
    g[x_.cols()] = r.sum();
    return g;
  }
  auto weighted_gram(const Eigen::VectorXd& d) const {
    const Eigen::Index m = x_.cols();
    const Eigen::VectorXd cross = x_.transpose_multiply(d);
    if constexpr (std::is_same_v<decltype(x_.weighted_gram(d)), SparseGram>) {
      const SparseGram inner = x_.weighted_gram(d);
      std::vector<Eigen::Triplet<double>> entries;
      entries.reserve(size_t(inner.nonZeros() + 2 * m + 1));
      for (Eigen::Index k = 0; k < inner.outerSize(); ++k) {
        for (SparseGram::InnerIterator it(inner, k); it; ++it) entries.emplace_back(it.row(), it.col(), it.value());
      }
      for (Eigen::Index j = 0; j < m; ++j) {
        entries.emplace_back(j, m, cross[j]);
        entries.emplace_back(m, j, cross[j]);
      }
      entries.emplace_back(m, m, d.sum());
      SparseGram h(m + 1, m + 1);
      h.setFromTriplets(entries.begin(), entries.end());
      return h;
    } else {
      Eigen::MatrixXd h(m + 1, m + 1);
      h.topLeftCorner(m, m) = x_.weighted_gram(d);
      h.col(m).head(m) = cross;
      h.row(m).head(m) = cross.transpose();
      h(m, m) = d.sum();
      return h;
    }
  }

 private:
  const Design& x_;
};

// Average loss, gradient and curvature of L at scores z = Xw.
struct LossTerms {
  double loss = 0;
  Eigen::VectorXd residual;   // dL/dz_i = -y_i sigmoid(-y_i z_i) / n
  Eigen::VectorXd curvature;  // d2L/dz_i^2 = sigmoid(z_i) sigmoid(-z_i) / n
};

LossTerms loss_terms(const Eigen::VectorXd& z, const Eigen::VectorXd& y) {
  const Eigen::Index n = z.size();
  LossTerms t;
  t.residual.resize(n);
  t.curvature.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double margin = y[i] * z[i];
    t.loss += log1p_exp(-margin);
    t.residual[i] = -y[i] * sigmoid(-margin);
    t.curvature[i] = sigmoid(margin) * sigmoid(-margin);
  }
  const double inv_n = 1.0 / static_cast<double>(n);
  t.loss *= inv_n;
  t.residual *= inv_n;
  t.curvature *= inv_n;
  return t;
}

// Solves (H + delta I) p = rhs for the symmetric positive semi-definite H. A tiny ridge delta keeps
// rank-deficient designs (one-hot columns that keep every level are collinear) solvable; it is
// raised if the factorisation fails or the solution is not finite. Empty result: no usable solution.
// Dense matrices are factored by Eigen's LDLT, sparse ones by its simplicial LDLT (with a
// fill-reducing ordering).
template <class Matrix>
Eigen::VectorXd solve_psd(Matrix h, const Eigen::VectorXd& rhs, bool already_definite) {
  const double scale = std::max(largest_diagonal(h), 1e-300);
  double delta = already_definite ? 0.0 : 1e-14 * scale, added = 0;
  std::conditional_t<std::is_same_v<Matrix, SparseGram>, Eigen::SimplicialLDLT<SparseGram>,
                     Eigen::LDLT<Eigen::MatrixXd>>
      ldlt;
  for (int attempt = 0; attempt < 6; ++attempt) {
    add_to_diagonal(h, delta - added);
    added = delta;
    ldlt.compute(h);
    if (ldlt.info() == Eigen::Success) {
      Eigen::VectorXd p = ldlt.solve(rhs);
      if (p.allFinite()) return p;
    }
    delta = std::max(delta * 100.0, 1e-12 * scale);
  }
  return Eigen::VectorXd();
}

struct NewtonResult {
  Eigen::VectorXd w, z, gradient;
  double loss = 0, objective = 0;
  bool converged = false;
  int iterations = 0;
};

double max_abs(const Eigen::VectorXd& v) { return v.size() == 0 ? 0.0 : v.cwiseAbs().maxCoeff(); }

struct NewtonControl {
  int min_steps = 0;                // steps taken before convergence is tested (polishes warm starts)
  bool stop_on_separation = false;  // give up once a margin reaches kSeparationMargin (rho = 0 only)
};

// Minimises L(w) + (rho/2)||w||^2 from w by Newton's method with Armijo backtracking.
template <class Design>
NewtonResult newton_minimise(const Design& x, const Eigen::VectorXd& y, double rho, Eigen::VectorXd w,
                             const LogisticRegressionOptions& options, NewtonControl control = {}) {
  NewtonResult out;
  Eigen::VectorXd z = x.multiply(w);
  for (int iteration = 0;; ++iteration) {
    if (control.stop_on_separation && max_abs(z) >= kSeparationMargin) {
      out.w = w;
      out.z = z;
      out.iterations = iteration;
      return out;  // not converged: the minimiser does not exist
    }
    const LossTerms terms = loss_terms(z, y);
    const Eigen::VectorXd gradient = x.transpose_multiply(terms.residual) + rho * w;
    const double objective = terms.loss + 0.5 * rho * w.squaredNorm();
    out.w = w;
    out.z = z;
    out.gradient = gradient;
    out.loss = terms.loss;
    out.objective = objective;
    out.iterations = iteration;
    if (!std::isfinite(objective) || !gradient.allFinite() || iteration >= options.max_iterations) return out;

    auto hessian = x.weighted_gram(terms.curvature);
    add_to_diagonal(hessian, rho);
    Eigen::VectorXd step = solve_psd(std::move(hessian), -gradient, rho > 0);
    const double gradient_norm = max_abs(gradient);
    if (step.size() == 0) step = -gradient;
    double slope = gradient.dot(step);
    bool newton_step = true;
    if (!(slope < 0)) {  // not a descent direction (numerical trouble): steepest descent instead
      step = -gradient;
      slope = -gradient.squaredNorm();
      newton_step = false;
    }
    const Eigen::VectorXd z_step = x.multiply(step);
    // The step is measured by how much it moves the scores: directions in the null space of X
    // (collinear one-hot levels) do not matter, while a separating direction keeps moving them.
    if (iteration >= control.min_steps && gradient_norm <= options.gradient_tolerance &&
        max_abs(z_step) <= options.step_tolerance * (1.0 + max_abs(z))) {
      out.converged = true;
      return out;
    }
    // Rounding makes F flat within a few ulps near the optimum; such steps are accepted. Once the
    // predicted decrease (the squared Newton decrement, -slope) is below F's rounding level, the
    // full Newton step is taken without comparing values of F: its local quadratic rate polishes
    // w, which a comparison of rounded sums could not.
    const double slack = 8 * std::numeric_limits<double>::epsilon() * std::fabs(objective);
    bool accepted = false;
    double t = 1.0;
    if (newton_step && -slope <= kFullStepDecrement * (1.0 + std::fabs(objective))) {
      w += step;
      accepted = true;
    }
    for (int halving = 0; halving < kMaxHalvings && !accepted; ++halving, t *= 0.5) {
      const Eigen::VectorXd w_trial = w + t * step;
      const double trial = loss_terms(z + t * z_step, y).loss + 0.5 * rho * w_trial.squaredNorm();
      if (std::isfinite(trial) && trial <= objective + kArmijo * t * slope + slack) {
        w = w_trial;
        accepted = true;
      }
    }
    if (!accepted) {  // no decrease is representable: stationary up to rounding
      out.converged = gradient_norm <= options.gradient_tolerance;
      return out;
    }
    z = x.multiply(w);
  }
}

template <class Design>
auto penalised_hessian(const Design& x, const Eigen::VectorXd& y, const Eigen::VectorXd& z, double rho) {
  auto hessian = x.weighted_gram(loss_terms(z, y).curvature);
  add_to_diagonal(hessian, rho);
  return hessian;
}

Status check_options(const LogisticRegressionOptions& options) {
  if (!(options.l2_penalty >= 0) || !std::isfinite(options.l2_penalty)) {
    return Status::error(ErrorCode::InvalidArgument, "l2_penalty must be finite and >= 0");
  }
  if (!(options.max_norm > 0)) {
    return Status::error(ErrorCode::InvalidArgument, "max_norm (tau) must be > 0 (infinity = unconstrained)");
  }
  if (!(options.gradient_tolerance > 0) || !(options.step_tolerance > 0)) {
    return Status::error(ErrorCode::InvalidArgument, "gradient_tolerance and step_tolerance must be > 0");
  }
  if (options.max_iterations < 1) return Status::error(ErrorCode::InvalidArgument, "max_iterations must be >= 1");
  return Status::ok();
}

Status check_labels(const Eigen::VectorXd& y, const LogisticRegressionOptions& options) {
  bool positive = false, negative = false;
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    if (y[i] == 1.0) {
      positive = true;
    } else if (y[i] == -1.0) {
      negative = true;
    } else {
      return Status::error(ErrorCode::InvalidData,
                           "label " + std::to_string(i) + " is not -1 or +1 (the paper's convention, y in {-1, 1})");
    }
  }
  if (!(positive && negative) && options.l2_penalty == 0 && std::isinf(options.max_norm)) {
    return Status::error(ErrorCode::InvalidData,
                         "every label is the same class: with l2_penalty = 0 and no max_norm the logistic loss has no "
                         "minimiser (it decreases forever); set l2_penalty > 0 or max_norm");
  }
  return Status::ok();
}

LogisticFit make_fit(const NewtonResult& r, Eigen::Index features, bool intercept) {
  LogisticFit fit;
  fit.weights = r.w.head(features);
  fit.intercept = intercept ? r.w[features] : 0.0;
  fit.loss = r.loss;
  fit.objective = r.objective;
  fit.optimality_residual = max_abs(r.gradient);
  fit.converged = r.converged;
  fit.iterations = r.iterations;
  return fit;
}

// w scaled into the ball ||w|| <= tau, guarding against the last bit of rounding.
Eigen::VectorXd projected(Eigen::VectorXd w, double tau) {
  const double norm = w.norm();
  if (norm <= tau) return w;
  w *= tau / norm;
  for (int i = 0; i < 4 && w.norm() > tau; ++i) w *= 1 - 2 * std::numeric_limits<double>::epsilon();
  return w;
}

void project_onto_ball(LogisticFit& fit, double tau) {
  Eigen::VectorXd w(fit.weights.size() + 1);
  w << fit.weights, fit.intercept;
  w = projected(std::move(w), tau);
  fit.weights = w.head(fit.weights.size());
  fit.intercept = w[fit.weights.size()];
}

Status separation_error() {
  return Status::error(
      ErrorCode::InvalidData,
      "the classes are (quasi-)separable: fitted probabilities reach 0 or 1 and the unpenalised, unconstrained "
      "logistic loss has no minimiser (weights grow forever); set l2_penalty > 0 or max_norm");
}

// argmin L + (lambda/2)||w||^2 over ||w|| <= tau via the multiplier mu of the ball (see header).
template <class Design>
Result<LogisticFit> fit_design(const Design& x, const Eigen::VectorXd& y, const LogisticRegressionOptions& options,
                               Eigen::Index features) {
  const double lambda = options.l2_penalty, tau = options.max_norm;
  const Eigen::Index dimension = x.cols();
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(dimension);

  // ||w(mu)|| <= ||grad L(0)|| / (lambda + mu) by (lambda + mu)-strong convexity, so the ball is
  // inactive once lambda + mu >= ||grad L(0)|| / tau.
  const double initial_gradient = x.transpose_multiply(loss_terms(Eigen::VectorXd::Zero(x.rows()), y).residual).norm();
  const double mu_high = std::isinf(tau) ? 0.0 : std::max(0.0, initial_gradient / tau - lambda);

  if (mu_high == 0) {
    const bool unbounded = lambda == 0 && std::isinf(tau);
    const NewtonResult r = newton_minimise(x, y, lambda, zero, options, {0, unbounded});
    if (unbounded && max_abs(r.z) >= kSeparationMargin) return separation_error();
    LogisticFit fit = make_fit(r, features, options.fit_intercept);
    if (!std::isinf(tau)) project_onto_ball(fit, tau);  // a no-op but for rounding
    return fit;
  }

  // Safeguarded Newton on psi(mu) = 1/||w(mu)|| - 1/tau, increasing in mu, root bracketed in [low, high].
  double low = 0, high = mu_high, mu = mu_high;
  bool psi_low_negative = false;  // known once psi(0) < 0 (or w(0) does not exist)
  Eigen::VectorXd warm = zero;
  int iterations = 0, solves = 0;
  bool solved = false;
  NewtonResult last;
  double last_mu = mu;
  while (solves < kMaxMultiplierUpdates) {
    // Every solve takes at least one step: a warm start that already meets the gradient tolerance
    // is still polished (Newton's quadratic rate), so ||w(mu)|| is accurate enough to locate mu.
    const NewtonResult r = newton_minimise(x, y, lambda + mu, warm, options, {1, lambda + mu == 0});
    ++solves;
    iterations += r.iterations;
    const double norm = r.w.norm();
    if (mu == 0) {
      if (r.converged && norm <= tau * (1 + kNormTolerance)) {  // the ball is inactive
        LogisticFit fit = make_fit(r, features, options.fit_intercept);
        fit.iterations = iterations;
        fit.multiplier_updates = solves;
        project_onto_ball(fit, tau);
        return fit;
      }
      psi_low_negative = true;  // w(0) is outside the ball or does not exist
      mu = high / 10;
      continue;
    }
    last = r;
    last_mu = mu;
    warm = r.w;
    if (!r.converged) break;
    if (std::fabs(norm - tau) <= kNormTolerance * tau || high - low <= 1e-15 * high) {
      solved = true;
      break;
    }
    const double psi = norm > 0 ? 1.0 / norm - 1.0 / tau : std::numeric_limits<double>::infinity();
    if (psi > 0) {
      high = mu;
    } else {
      low = mu;
      psi_low_negative = true;
    }
    // psi'(mu) = w^T (Hessian + (lambda + mu) I)^{-1} w / ||w||^3, from w'(mu) = -(...)^{-1} w.
    double next = std::numeric_limits<double>::quiet_NaN();
    if (norm > 0) {
      const Eigen::VectorXd v = solve_psd(penalised_hessian(x, y, r.z, lambda + mu), r.w, true);
      if (v.size() != 0) next = mu - psi / (r.w.dot(v) / (norm * norm * norm));
    }
    if (!(next > low && next < high)) {  // outside the bracket: try mu = 0 once, then bisect (log scale)
      if (low == 0) {
        next = psi_low_negative ? high / 10 : 0.0;
      } else {
        next = std::sqrt(low * high);
      }
    }
    if (std::fabs(next - mu) <= 1e-15 * mu) {  // mu cannot move: as close to the root as doubles get
      solved = true;
      break;
    }
    mu = next;
  }

  // Project onto the ball (a relative change <= 1e-9) so the returned w is feasible.
  const Eigen::VectorXd w = projected(last.w, tau);
  const Eigen::VectorXd z = x.multiply(w);
  const LossTerms terms = loss_terms(z, y);
  LogisticFit fit;
  fit.weights = w.head(features);
  fit.intercept = options.fit_intercept ? w[features] : 0.0;
  fit.loss = terms.loss;
  fit.objective = terms.loss + 0.5 * lambda * w.squaredNorm();
  fit.multiplier = last_mu;
  fit.optimality_residual = max_abs(x.transpose_multiply(terms.residual) + (lambda + last_mu) * w);
  fit.constraint_active = true;
  fit.converged = solved;
  fit.iterations = iterations;
  fit.multiplier_updates = solves;
  return fit;
}

template <class Design>
Result<LogisticFit> fit_checked(const Design& x, const Eigen::VectorXd& y, const LogisticRegressionOptions& options) {
  if (options.fit_intercept) {
    const WithIntercept<Design> augmented(x);
    return fit_design(augmented, y, options, x.cols());
  }
  return fit_design(x, y, options, x.cols());
}

Status too_many_features(size_t features, size_t limit) {
  return Status::error(ErrorCode::DomainTooLarge,
                       std::to_string(features) +
                           " features: the Newton solver holds a features x features matrix and accepts fewer than " +
                           std::to_string(limit));
}

}  // namespace

double log1p_exp(double t) { return t > 0 ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t)); }

double logistic_loss(const Eigen::VectorXd& scores, const Eigen::VectorXd& y) {
  if (scores.size() == 0) return 0;
  double total = 0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) total += log1p_exp(-y[i] * scores[i]);
  return total / static_cast<double>(scores.size());
}

Eigen::MatrixXd to_dense(const OneHotDesign& design) {
  Eigen::MatrixXd x =
      Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(design.rows), static_cast<Eigen::Index>(design.dimension));
  for (size_t i = 0; i < design.rows; ++i) {
    for (size_t k = 0; k < design.active_per_row; ++k) {
      const uint32_t column = design.active[i * design.active_per_row + k];
      if (column < design.dimension) x(static_cast<Eigen::Index>(i), column) += design.value;
    }
  }
  return x;
}

Result<LogisticFit> fit_logistic_regression(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
                                            const LogisticRegressionOptions& options) {
  PRIVSYNTH_RETURN_IF_ERROR(check_options(options));
  if (x.rows() != y.size()) {
    return Status::error(ErrorCode::InvalidArgument, "features have " + std::to_string(x.rows()) +
                                                         " rows but there are " + std::to_string(y.size()) + " labels");
  }
  if (x.rows() == 0) return Status::error(ErrorCode::EmptyData, "no rows to fit a logistic regression to");
  if (x.cols() == 0 && !options.fit_intercept) {
    return Status::error(ErrorCode::InvalidArgument, "no features (and no intercept) to fit");
  }
  if (static_cast<size_t>(x.cols()) >= kMaxLogisticFeatures) {
    return too_many_features(static_cast<size_t>(x.cols()), kMaxLogisticFeatures);
  }
  if (!x.allFinite()) return Status::error(ErrorCode::InvalidData, "features contain NaN or infinity");
  PRIVSYNTH_RETURN_IF_ERROR(check_labels(y, options));
  const DenseDesign design(x);
  return fit_checked(design, y, options);
}

Result<LogisticFit> fit_logistic_regression(const OneHotDesign& x, const Eigen::VectorXd& y,
                                            const LogisticRegressionOptions& options) {
  PRIVSYNTH_RETURN_IF_ERROR(check_options(options));
  if (x.active.size() != x.rows * x.active_per_row) {
    return Status::error(ErrorCode::InvalidArgument, "one-hot design: active has the wrong length");
  }
  if (static_cast<size_t>(y.size()) != x.rows) {
    return Status::error(ErrorCode::InvalidArgument, "one-hot design has " + std::to_string(x.rows) +
                                                         " rows but there are " + std::to_string(y.size()) + " labels");
  }
  if (x.rows == 0) return Status::error(ErrorCode::EmptyData, "no rows to fit a logistic regression to");
  if (x.dimension == 0 && !options.fit_intercept) {
    return Status::error(ErrorCode::InvalidArgument, "no features (and no intercept) to fit");
  }
  if (x.dimension >= kMaxOneHotLogisticFeatures) return too_many_features(x.dimension, kMaxOneHotLogisticFeatures);
  const double entries = double(x.rows) * double(x.active_per_row) * double(x.active_per_row);
  if (x.dimension >= kSparseLogisticFeatures && entries > kMaxOneHotHessianEntries) {
    return Status::error(ErrorCode::DomainTooLarge,
                         std::to_string(x.dimension) + " one-hot features over " + std::to_string(x.rows) +
                             " rows of " + std::to_string(x.active_per_row) +
                             " columns: the sparse Hessian would accumulate more than " +
                             std::to_string(static_cast<long long>(kMaxOneHotHessianEntries)) + " entries");
  }
  if (!std::isfinite(x.value)) return Status::error(ErrorCode::InvalidData, "one-hot design: value is not finite");
  for (uint32_t column : x.active) {
    if (column >= x.dimension) return Status::error(ErrorCode::InvalidArgument, "one-hot design: column out of range");
  }
  PRIVSYNTH_RETURN_IF_ERROR(check_labels(y, options));
  if (x.dimension >= kSparseLogisticFeatures) return fit_checked(SparseOneHotView(x), y, options);
  return fit_checked(OneHotView(x), y, options);
}

Eigen::VectorXd decision_scores(const LogisticFit& fit, const Eigen::MatrixXd& x) {
  return ((x * fit.weights).array() + fit.intercept).matrix();
}

Eigen::VectorXd decision_scores(const LogisticFit& fit, const OneHotDesign& x) {
  return (OneHotView(x).multiply(fit.weights).array() + fit.intercept).matrix();
}

}  // namespace privsynth
