// Logistic regression for TSTR (Zhou et al. §2.2): known optima, stationarity, the norm-constrained
// KKT point, and the documented behaviour on separable or single-class data.
#include <catch2/catch.hpp>
#include <cmath>

#include "base/random.hpp"
#include "report/logistic_regression.hpp"

using namespace privsynth;

namespace {

double sigmoid(double t) { return 1.0 / (1.0 + std::exp(-t)); }

// Gradient of (1/n) sum log(1 + exp(-y_i <w, x_i>)) + (lambda/2)||w||^2, written independently
// of the library (no intercept).
Eigen::VectorXd penalised_gradient(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& w,
                                   double lambda) {
  Eigen::VectorXd g = lambda * w;
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    const double margin = y[i] * x.row(i).dot(w);
    g -= (y[i] * sigmoid(-margin) / static_cast<double>(x.rows())) * x.row(i).transpose();
  }
  return g;
}

double penalised_objective(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& w,
                           double lambda) {
  double total = 0;
  for (Eigen::Index i = 0; i < x.rows(); ++i) total += std::log1p(std::exp(-y[i] * x.row(i).dot(w)));
  return total / static_cast<double>(x.rows()) + 0.5 * lambda * w.squaredNorm();
}

double standard_normal(RandomSource& random) {  // Box–Muller; test data only
  const double u = 1.0 - random.uniform_unit(), v = random.uniform_unit();
  const double pi = std::acos(-1.0);
  return std::sqrt(-2 * std::log(u)) * std::cos(2 * pi * v);
}

struct Problem {
  Eigen::MatrixXd x;
  Eigen::VectorXd y;
};

// n rows of m standard-normal features with labels from a logistic model with weights `truth`:
// overlapping classes, so the unpenalised minimiser exists.
Problem random_problem(size_t n, const Eigen::VectorXd& truth, uint64_t seed) {
  SeededTestRandom random(seed);
  Problem p{Eigen::MatrixXd(static_cast<Eigen::Index>(n), truth.size()), Eigen::VectorXd(static_cast<Eigen::Index>(n))};
  for (Eigen::Index i = 0; i < p.x.rows(); ++i) {
    for (Eigen::Index j = 0; j < p.x.cols(); ++j) p.x(i, j) = standard_normal(random);
    p.y[i] = random.uniform_unit() < sigmoid(p.x.row(i).dot(truth)) ? 1.0 : -1.0;
  }
  return p;
}

// Groups of a single binary feature: x = 0 has 3 positives and 7 negatives, x = 1 has 6 and 2.
Problem grouped_problem() {
  Problem p{Eigen::MatrixXd::Zero(18, 1), Eigen::VectorXd(18)};
  for (int i = 0; i < 18; ++i) {
    const bool second = i >= 10;
    p.x(i, 0) = second ? 1.0 : 0.0;
    p.y[i] = second ? (i < 16 ? 1.0 : -1.0) : (i < 3 ? 1.0 : -1.0);
  }
  return p;
}

}  // namespace

TEST_CASE("log1p_exp is exact at the extremes and the loss averages it", "[logistic]") {
  CHECK(log1p_exp(0) == Approx(std::log(2.0)).epsilon(1e-15));
  CHECK(log1p_exp(800) == 800);                                     // exp(800) would overflow
  CHECK(log1p_exp(-40) == Approx(std::exp(-40.0)).epsilon(1e-14));  // log(1 + tiny) without cancellation
  CHECK(log1p_exp(-800) >= 0);
  CHECK(log1p_exp(-800) < 1e-300);
  const Eigen::VectorXd scores = (Eigen::VectorXd(2) << 0, 2).finished(), y = (Eigen::VectorXd(2) << 1, -1).finished();
  CHECK(logistic_loss(scores, y) == Approx((std::log(2.0) + std::log1p(std::exp(2.0))) / 2));
}

TEST_CASE("one binary feature plus intercept: the MLE is the logit of the group frequencies", "[logistic]") {
  const Problem p = grouped_problem();
  LogisticRegressionOptions options;
  options.fit_intercept = true;
  const Result<LogisticFit> fit = fit_logistic_regression(p.x, p.y, options);
  REQUIRE(fit.is_ok());
  CHECK(fit.value().converged);
  // P(y=1 | x=0) = 3/10, P(y=1 | x=1) = 6/8: intercept = logit(0.3) = ln(3/7), slope = logit(0.75) - logit(0.3) = ln 7.
  CHECK(fit.value().intercept == Approx(std::log(3.0 / 7.0)).epsilon(1e-9));
  CHECK(fit.value().weights[0] == Approx(std::log(7.0)).epsilon(1e-9));
  const double loss = -(3 * std::log(0.3) + 7 * std::log(0.7) + 6 * std::log(0.75) + 2 * std::log(0.25)) / 18;
  CHECK(fit.value().loss == Approx(loss).epsilon(1e-12));
  CHECK(fit.value().multiplier == 0);
  CHECK_FALSE(fit.value().constraint_active);
  // The intercept is an ordinary weight inside the ball: ||(w, b)|| = 1 < ||(ln 7, ln 3/7)|| = 2.12.
  options.max_norm = 1;
  const Result<LogisticFit> bounded = fit_logistic_regression(p.x, p.y, options);
  REQUIRE(bounded.is_ok());
  CHECK(bounded.value().constraint_active);
  CHECK(std::hypot(bounded.value().weights[0], bounded.value().intercept) == Approx(1).epsilon(1e-9));
  CHECK(bounded.value().loss > fit.value().loss);

  // The same model as a one-hot design (x = 0 -> column 0, x = 1 -> column 1), no intercept:
  // each weight is its group's logit.
  OneHotDesign design;
  design.rows = 18;
  design.dimension = 2;
  design.active_per_row = 1;
  for (int i = 0; i < 18; ++i) design.active.push_back(p.x(i, 0) > 0 ? 1u : 0u);
  const Result<LogisticFit> one_hot = fit_logistic_regression(design, p.y);
  REQUIRE(one_hot.is_ok());
  CHECK(one_hot.value().weights[0] == Approx(std::log(3.0 / 7.0)).epsilon(1e-9));
  CHECK(one_hot.value().weights[1] == Approx(std::log(3.0)).epsilon(1e-9));
  CHECK(one_hot.value().loss == Approx(loss).epsilon(1e-12));
}

TEST_CASE("the gradient vanishes at the returned weights on random data", "[logistic]") {
  const Eigen::VectorXd truth = (Eigen::VectorXd(5) << 1.0, -0.5, 0.25, 0.0, 2.0).finished();
  const Problem p = random_problem(500, truth, 41);
  for (double lambda : {0.0, 1e-3, 0.1}) {
    LogisticRegressionOptions options;
    options.l2_penalty = lambda;
    const Result<LogisticFit> fit = fit_logistic_regression(p.x, p.y, options);
    REQUIRE(fit.is_ok());
    INFO("lambda " << lambda << ", iterations " << fit.value().iterations);
    CHECK(fit.value().converged);
    CHECK(fit.value().iterations < 15);
    const Eigen::VectorXd g = penalised_gradient(p.x, p.y, fit.value().weights, lambda);
    CHECK(g.cwiseAbs().maxCoeff() < 1e-9);
    CHECK(fit.value().optimality_residual < 1e-9);
    CHECK(fit.value().objective == Approx(penalised_objective(p.x, p.y, fit.value().weights, lambda)).epsilon(1e-12));
    // A larger penalty shrinks the weights.
    if (lambda == 0.1) CHECK(fit.value().weights.norm() < truth.norm());
  }
}

TEST_CASE("dense and one-hot designs give the same fit", "[logistic]") {
  SeededTestRandom random(7);
  OneHotDesign design;
  design.rows = 400;
  design.dimension = 5;  // columns of 2 and 3 levels
  design.active_per_row = 2;
  design.value = 1 / std::sqrt(2.0);
  Eigen::VectorXd y(400);
  for (size_t i = 0; i < design.rows; ++i) {
    const uint32_t a = static_cast<uint32_t>(random.uniform_below(2)),
                   b = 2 + static_cast<uint32_t>(random.uniform_below(3));
    design.active.push_back(a);
    design.active.push_back(b);
    y[static_cast<Eigen::Index>(i)] = random.uniform_unit() < sigmoid(0.8 * a - 0.6 * (b - 2)) ? 1.0 : -1.0;
  }
  const Eigen::MatrixXd dense = to_dense(design);
  CHECK(dense.rowwise().norm().maxCoeff() == Approx(1.0));
  for (double lambda : {0.0, 0.01}) {
    LogisticRegressionOptions options;
    options.l2_penalty = lambda;
    const Result<LogisticFit> a = fit_logistic_regression(design, y, options),
                              b = fit_logistic_regression(dense, y, options);
    REQUIRE(a.is_ok());
    REQUIRE(b.is_ok());
    CHECK(a.value().converged);
    CHECK(b.value().converged);
    CHECK(a.value().loss == Approx(b.value().loss).epsilon(1e-12));
    CHECK(penalised_gradient(dense, y, a.value().weights, lambda).cwiseAbs().maxCoeff() < 1e-9);
    // Scores agree even where the weights are not unique (all levels kept, lambda = 0).
    CHECK((decision_scores(a.value(), design) - decision_scores(b.value(), dense)).cwiseAbs().maxCoeff() < 1e-7);
    if (lambda > 0) CHECK((a.value().weights - b.value().weights).cwiseAbs().maxCoeff() < 1e-8);
  }
}

TEST_CASE("the norm-constrained solution lies on the sphere and is a projected-gradient fixed point", "[logistic]") {
  const Eigen::VectorXd truth = (Eigen::VectorXd(4) << 1.5, -1.0, 0.5, 1.0).finished();
  const Problem p = random_problem(300, truth, 5);
  for (double lambda : {0.0, 0.05}) {
    LogisticRegressionOptions options;
    options.l2_penalty = lambda;
    const Result<LogisticFit> free_fit = fit_logistic_regression(p.x, p.y, options);
    REQUIRE(free_fit.is_ok());
    const double tau = 0.5 * free_fit.value().weights.norm();
    options.max_norm = tau;
    const Result<LogisticFit> fit = fit_logistic_regression(p.x, p.y, options);
    REQUIRE(fit.is_ok());
    const LogisticFit& f = fit.value();
    INFO("lambda " << lambda << ", tau " << tau << ", mu " << f.multiplier << ", solves " << f.multiplier_updates
                   << ", iterations " << f.iterations);
    CHECK(f.converged);
    CHECK(f.constraint_active);
    CHECK(f.weights.norm() <= tau);
    CHECK(f.weights.norm() == Approx(tau).epsilon(1e-8));
    CHECK(f.multiplier > 0);
    CHECK(f.multiplier_updates < 20);
    // KKT: grad F(w) = -mu w with mu >= 0, i.e. w = P_tau(w - eta grad F(w)) for every step eta > 0.
    const Eigen::VectorXd g = penalised_gradient(p.x, p.y, f.weights, lambda);
    CHECK((g + f.multiplier * f.weights).cwiseAbs().maxCoeff() < 1e-8);
    for (double eta : {0.1, 1.0, 10.0}) {
      Eigen::VectorXd moved = f.weights - eta * g;
      if (moved.norm() > tau) moved *= tau / moved.norm();
      CHECK((moved - f.weights).cwiseAbs().maxCoeff() < 1e-8);
    }
    // No feasible point nearby does better.
    SeededTestRandom random(99);
    const double best = penalised_objective(p.x, p.y, f.weights, lambda);
    for (int trial = 0; trial < 50; ++trial) {
      Eigen::VectorXd other = f.weights;
      for (Eigen::Index j = 0; j < other.size(); ++j) other[j] += 0.05 * standard_normal(random);
      if (other.norm() > tau) other *= tau / other.norm();
      CHECK(penalised_objective(p.x, p.y, other, lambda) >= best - 1e-12);
    }
  }
}

TEST_CASE("in one dimension the constrained optimum is the clipped unconstrained one", "[logistic]") {
  // A constant feature with 6 positives and 2 negatives: argmin is ln 3 = 1.0986.
  const Eigen::MatrixXd x = Eigen::MatrixXd::Ones(8, 1);
  const Eigen::VectorXd y = (Eigen::VectorXd(8) << 1, 1, 1, 1, 1, 1, -1, -1).finished();
  LogisticRegressionOptions options;
  options.max_norm = 0.5;
  Result<LogisticFit> fit = fit_logistic_regression(x, y, options);
  REQUIRE(fit.is_ok());
  CHECK(fit.value().converged);
  CHECK(fit.value().constraint_active);
  CHECK(fit.value().weights[0] == Approx(0.5).epsilon(1e-9));
  // mu = -L'(0.5) / 0.5 with L'(w) = -(6/8) sigmoid(-w) + (2/8) sigmoid(w).
  CHECK(fit.value().multiplier == Approx((0.75 * sigmoid(-0.5) - 0.25 * sigmoid(0.5)) / 0.5).epsilon(1e-6));
  options.max_norm = 2;  // the ball does not bind
  fit = fit_logistic_regression(x, y, options);
  REQUIRE(fit.is_ok());
  CHECK(fit.value().converged);
  CHECK_FALSE(fit.value().constraint_active);
  CHECK(fit.value().multiplier == 0);
  CHECK(fit.value().weights[0] == Approx(std::log(3.0)).epsilon(1e-9));
}

TEST_CASE("separable data: an error without penalty or norm bound, a finite fit with either", "[logistic]") {
  // y = sign(x): perfectly separable, the loss tends to 0 as w -> infinity.
  const Eigen::MatrixXd x = (Eigen::MatrixXd(6, 1) << -3, -2, -1, 1, 2, 3).finished();
  const Eigen::VectorXd y = (Eigen::VectorXd(6) << -1, -1, -1, 1, 1, 1).finished();
  const Result<LogisticFit> none = fit_logistic_regression(x, y);
  REQUIRE_FALSE(none.is_ok());
  CHECK(none.status().code() == ErrorCode::InvalidData);
  CHECK_THAT(none.status().message(), Catch::Contains("separable"));

  LogisticRegressionOptions penalised;
  penalised.l2_penalty = 1e-3;
  const Result<LogisticFit> ridge = fit_logistic_regression(x, y, penalised);
  REQUIRE(ridge.is_ok());
  CHECK(ridge.value().converged);
  CHECK(ridge.value().weights[0] > 1);
  CHECK(std::isfinite(ridge.value().weights[0]));
  CHECK(penalised_gradient(x, y, ridge.value().weights, 1e-3).cwiseAbs().maxCoeff() < 1e-9);

  LogisticRegressionOptions ball;
  ball.max_norm = 3;  // the infimum over the ball is attained on its boundary
  const Result<LogisticFit> bounded = fit_logistic_regression(x, y, ball);
  REQUIRE(bounded.is_ok());
  CHECK(bounded.value().converged);
  CHECK(bounded.value().constraint_active);
  CHECK(bounded.value().weights[0] == Approx(3).epsilon(1e-9));

  // Quasi-separation: one level of a one-hot column occurs only with positive labels.
  OneHotDesign design;
  design.rows = 6;
  design.dimension = 3;
  design.active_per_row = 1;
  design.active = {0, 0, 1, 1, 2, 2};
  const Eigen::VectorXd mixed = (Eigen::VectorXd(6) << 1, -1, 1, -1, 1, 1).finished();
  const Result<LogisticFit> quasi = fit_logistic_regression(design, mixed);
  REQUIRE_FALSE(quasi.is_ok());
  CHECK_THAT(quasi.status().message(), Catch::Contains("separable"));
}

TEST_CASE("a single class is an error only when the minimiser cannot exist", "[logistic]") {
  const Eigen::MatrixXd x = (Eigen::MatrixXd(3, 2) << 1, 0, 0, 1, 1, 1).finished();
  const Eigen::VectorXd y = Eigen::VectorXd::Ones(3);
  const Result<LogisticFit> none = fit_logistic_regression(x, y);
  REQUIRE_FALSE(none.is_ok());
  CHECK(none.status().code() == ErrorCode::InvalidData);
  CHECK_THAT(none.status().message(), Catch::Contains("same class"));
  LogisticRegressionOptions options;
  options.l2_penalty = 0.1;
  const Result<LogisticFit> ridge = fit_logistic_regression(x, y, options);
  REQUIRE(ridge.is_ok());
  CHECK(ridge.value().converged);
  CHECK((decision_scores(ridge.value(), x).array() > 0).all());
  options.l2_penalty = 0;
  options.max_norm = 1;
  const Result<LogisticFit> ball = fit_logistic_regression(x, y, options);
  REQUIRE(ball.is_ok());
  CHECK(ball.value().weights.norm() == Approx(1).epsilon(1e-9));
}

TEST_CASE("bad input is a clear error", "[logistic]") {
  const Eigen::MatrixXd x = Eigen::MatrixXd::Ones(2, 1);
  const Eigen::VectorXd y = (Eigen::VectorXd(2) << 1, -1).finished();
  CHECK(fit_logistic_regression(Eigen::MatrixXd(0, 1), Eigen::VectorXd(0)).status().code() == ErrorCode::EmptyData);
  CHECK(fit_logistic_regression(x, Eigen::VectorXd::Ones(3)).status().code() == ErrorCode::InvalidArgument);
  Eigen::MatrixXd nan = x;
  nan(1, 0) = std::nan("");
  CHECK(fit_logistic_regression(nan, y).status().code() == ErrorCode::InvalidData);
  CHECK(fit_logistic_regression(x, (Eigen::VectorXd(2) << 1, 0).finished()).status().code() == ErrorCode::InvalidData);
  CHECK(fit_logistic_regression(x, (Eigen::VectorXd(2) << 1, std::nan("")).finished()).status().code() ==
        ErrorCode::InvalidData);
  CHECK(fit_logistic_regression(Eigen::MatrixXd(2, 0), y).status().code() == ErrorCode::InvalidArgument);
  LogisticRegressionOptions bad;
  bad.l2_penalty = -1;
  CHECK(fit_logistic_regression(x, y, bad).status().code() == ErrorCode::InvalidArgument);
  bad = {};
  bad.max_norm = 0;
  CHECK(fit_logistic_regression(x, y, bad).status().code() == ErrorCode::InvalidArgument);
  bad = {};
  bad.max_iterations = 0;
  CHECK(fit_logistic_regression(x, y, bad).status().code() == ErrorCode::InvalidArgument);
  OneHotDesign design;
  design.rows = 2;
  design.dimension = 1;
  design.active_per_row = 1;
  design.active = {0, 1};  // column 1 does not exist
  CHECK(fit_logistic_regression(design, y).status().code() == ErrorCode::InvalidArgument);
  design.dimension = kMaxOneHotLogisticFeatures;  // even the sparse Hessian's factor would be too large
  CHECK(fit_logistic_regression(design, y).status().code() == ErrorCode::DomainTooLarge);
  OneHotDesign dense_rows;  // 600 features, 1,000 columns a row: 10^9 Hessian entries to accumulate
  dense_rows.rows = 1000;
  dense_rows.dimension = 600;
  dense_rows.active_per_row = 1000;
  dense_rows.active.assign(dense_rows.rows * dense_rows.active_per_row, 0);
  const Result<LogisticFit> crowded = fit_logistic_regression(dense_rows, Eigen::VectorXd::Ones(1000));
  CHECK(crowded.status().code() == ErrorCode::DomainTooLarge);
  CHECK_THAT(crowded.status().message(), Catch::Contains("sparse Hessian"));
  CHECK(fit_logistic_regression(Eigen::MatrixXd::Ones(2, kMaxLogisticFeatures), y).status().code() ==
        ErrorCode::DomainTooLarge);
}

TEST_CASE("a wide one-hot design is solved with the sparse Hessian to the dense solution", "[logistic]") {
  // Two columns: one of 700 levels (an identifier-like column, each level in a few rows) and one of
  // 3 levels that carries the signal; 700 + 3 = 703 features, past kSparseLogisticFeatures.
  SeededTestRandom random(8);
  const size_t rows = 3000;
  OneHotDesign x;
  x.rows = rows;
  x.dimension = 703;
  x.active_per_row = 2;
  Eigen::VectorXd y(Eigen::Index(rows), 1);
  for (size_t i = 0; i < rows; ++i) {
    const auto wide = uint32_t(random.uniform_below(700)), signal = uint32_t(random.uniform_below(3));
    x.active.insert(x.active.end(), {wide, 700 + signal});
    y[Eigen::Index(i)] = random.uniform_below(10) < (signal == 0 ? 8 : 3) ? 1.0 : -1.0;
  }
  REQUIRE(x.dimension >= kSparseLogisticFeatures);
  LogisticRegressionOptions options;
  options.l2_penalty = 1.0 / rows;
  options.fit_intercept = true;
  const LogisticFit sparse = fit_logistic_regression(x, y, options).value();
  const LogisticFit dense = fit_logistic_regression(to_dense(x), y, options).value();
  CHECK(sparse.converged);
  CHECK(dense.converged);
  CHECK((sparse.weights - dense.weights).cwiseAbs().maxCoeff() < 1e-7);
  CHECK(sparse.intercept == Approx(dense.intercept).margin(1e-7));
  CHECK(sparse.objective == Approx(dense.objective).epsilon(1e-12));
  // The ball constraint takes the same path (the multiplier's Newton steps solve with the Hessian).
  options.max_norm = 1;
  const LogisticFit sparse_ball = fit_logistic_regression(x, y, options).value();
  const LogisticFit dense_ball = fit_logistic_regression(to_dense(x), y, options).value();
  CHECK(sparse_ball.constraint_active);
  CHECK(sparse_ball.multiplier == Approx(dense_ball.multiplier).epsilon(1e-6));
  CHECK((sparse_ball.weights - dense_ball.weights).cwiseAbs().maxCoeff() < 1e-7);
}
