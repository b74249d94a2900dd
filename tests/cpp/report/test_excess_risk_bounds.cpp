// Zhou et al.'s excess-risk bounds (Theorems 3.1, 3.2; Lemmas 3.3, 3.4) against values computed by
// hand from the formulas in excess_risk_bounds.hpp.
#include <catch2/catch.hpp>
#include <cmath>

#include "report/excess_risk_bounds.hpp"

using namespace privsynth;

namespace {

const double kLn2 = std::log(2.0);

ExcessRiskParameters parameters(int d, double m, double tau, double n, double nu) {
  ExcessRiskParameters p;
  p.degree = d;
  p.dimension = m;
  p.tau = tau;
  p.records = n;
  p.marginal_l1 = nu;
  return p;
}

void check_bound(const Result<ExcessRiskBound>& bound, double approximation, double marginal) {
  REQUIRE(bound.is_ok());
  CHECK(bound.value().approximation == Approx(approximation).epsilon(1e-12));
  CHECK(bound.value().marginal == Approx(marginal).epsilon(1e-12));
  CHECK(bound.value().total == Approx(approximation + marginal).epsilon(1e-12));
}

}  // namespace

TEST_CASE("set A: d = 3, m = 4, tau = 1/2 (tau sqrt(m) = 1, the unit-ball setting), n = 1000, nu = 10",
          "[risk-bound]") {
  const ExcessRiskParameters p = parameters(3, 4, 0.5, 1000, 10);
  // 3.1 stated, K = 1, phi(0) = ln 2: 0.5 sqrt(4/2) = 0.70711; (1 + ln 2)(3*4*1)^2 * 10/1000 = 1.69315 * 1.44
  // = 2.43813.
  check_bound(theorem_3_1_stated(p), 0.5 * std::sqrt(2.0), (1 + kLn2) * 1.44);
  // 3.1 explicit, R = 1: 4 * 1.25 * 2 / sqrt(2) = 7.07107; 2 (ln 2 + 1)(1 + 1)^2 (4*1)^2 * 0.01 = 2.16723.
  check_bound(theorem_3_1_explicit(p), 10 / std::sqrt(2.0), 2 * (kLn2 + 1) * 4 * 16 * 0.01);
  // 3.2 stated: 1/2; 1 * (2*4*1)^2 * 0.01 = 0.64.
  check_bound(theorem_3_2_stated(p), 0.5, 0.64);
  // 3.2 explicit: 4 * 3 * 1 / (4 * 2) = 1.5; same marginal part as 3.1 with K = 1, phi(0) = ln 2.
  check_bound(theorem_3_2_explicit(p), 1.5, 2 * (kLn2 + 1) * 4 * 16 * 0.01);
  CHECK(theorem_3_2_stated(p).value().trivial == Approx(2.0));  // 2 tau sqrt(m)
  CHECK(theorem_3_2_explicit(p).value().total == Approx(3.6672283911).epsilon(1e-10));
}

TEST_CASE("set B: d = 2, m = 9, tau = 0.1 (tau sqrt(m) = 0.3 < 1, so R = 1), n = 500, nu = 5, K = 2, phi(0) = 1",
          "[risk-bound]") {
  const ExcessRiskParameters p = parameters(2, 9, 0.1, 500, 5);
  const LipschitzLoss loss{2.0, 1.0};
  // 3.1 stated: 2 * 0.1 * sqrt(9/1) = 0.6; (2*0.3 + 1)(3*9*1)^1 * 5/500 = 1.6 * 27 * 0.01 = 0.432.
  check_bound(theorem_3_1_stated(p, loss), 0.6, 0.432);
  // 3.1 explicit: 4 * 1.25 * 2 * 2 * 1 / 1 = 20; 2 * (1 + 2*1)(1 + 1)^1 (9*1)^1 * 0.01 = 1.08.
  check_bound(theorem_3_1_explicit(p, loss), 20, 1.08);
  CHECK(theorem_3_1_explicit(p, loss).value().trivial == Approx(2 * 2 * 0.1 * 3));  // 2 K tau sqrt(m)
  // 3.2 stated: 0.3 / 1; 0.3 * (2*9)^1 * 0.01 = 0.054.
  check_bound(theorem_3_2_stated(p), 0.3, 0.054);
  // 3.2 explicit: 4 * 3 / 4 = 3; 2 (ln 2 + 1) * 2 * 9 * 0.01 = 0.60953.
  check_bound(theorem_3_2_explicit(p), 3, 2 * (kLn2 + 1) * 2 * 9 * 0.01);
}

TEST_CASE("set C: d = 3, m = 2, tau = 2 (R = 2 sqrt 2), n = 100, nu = 1; and a one-hot feature norm", "[risk-bound]") {
  ExcessRiskParameters p = parameters(3, 2, 2, 100, 1);
  const double r = 2 * std::sqrt(2.0);
  // 3.1 stated: 2 sqrt(2/2) = 2; (2 sqrt 2 + ln 2)(3*2*2)^2 * 0.01 = 3.52157 * 1.44 = 5.07107.
  check_bound(theorem_3_1_stated(p), 2, (r + kLn2) * 1.44);
  // 3.2 stated: 2 sqrt 2 / 2 = 1.41421; 2 sqrt 2 * (2*2*2)^2 * 0.01 = 1.81019.
  check_bound(theorem_3_2_stated(p), r / 2, r * 0.64);
  // 3.2 explicit: 4 * 3 * 8 / (4 * 2) = 12; 2 (ln 2 + R)(1 + 1/R)^2 (2*2)^2 * 0.01 = 2.06461.
  const double marginal = 2 * (kLn2 + r) * std::pow(1 + 1 / r, 2) * 16 * 0.01;
  check_bound(theorem_3_2_explicit(p), 12, marginal);
  CHECK(marginal == Approx(2.0646080529).epsilon(1e-9));
  // 3.1 explicit: 4 * 1.25 * 2R / sqrt 2 = 20; the same marginal part (K = 1, phi(0) = ln 2).
  check_bound(theorem_3_1_explicit(p), 20, marginal);

  // One-hot rows of 16 columns have ||x|| = 4 whatever m is: R = max(1, 0.25 * 4) = 1.
  p = parameters(4, 100, 0.25, 40000, 400);
  p.feature_norm = 4;
  // 4 * 3 / (4 * 3) = 1; 2 (ln 2 + 1) 2^3 (100 * 1)^3 * 0.01: vacuous (about 2.7e5) for m = 100.
  check_bound(theorem_3_2_explicit(p), 1, 2 * (kLn2 + 1) * 8 * 1e6 * 0.01);
  CHECK(theorem_3_2_explicit(p).value().trivial == Approx(2.0));
}

TEST_CASE("the bounds grow with the marginal error and shrink with the degree's approximation part", "[risk-bound]") {
  const double a2 = theorem_3_2_explicit(parameters(2, 4, 0.5, 1000, 0)).value().approximation;
  const double a5 = theorem_3_2_explicit(parameters(5, 4, 0.5, 1000, 0)).value().approximation;
  CHECK(a5 == Approx(a2 / 4));  // 1/(d-1) for the logistic loss
  const double s2 = theorem_3_1_explicit(parameters(2, 4, 0.5, 1000, 0)).value().approximation;
  const double s5 = theorem_3_1_explicit(parameters(5, 4, 0.5, 1000, 0)).value().approximation;
  CHECK(s5 == Approx(s2 / 2));  // 1/sqrt(d-1) for a Lipschitz loss
  CHECK(theorem_3_2_explicit(parameters(3, 4, 0.5, 1000, 0)).value().marginal == 0);
  CHECK(theorem_3_2_explicit(parameters(3, 4, 0.5, 1000, 20)).value().marginal ==
        Approx(2 * theorem_3_2_explicit(parameters(3, 4, 0.5, 1000, 10)).value().marginal));
}

TEST_CASE("Lemmas 3.3 and 3.4: the Gaussian scale and the marginal L1 error", "[risk-bound]") {
  // sigma = 2 * 4^(2/2) * sqrt(ln(1.25 / 1e-5)) / 1 = 8 sqrt(11.7361) = 27.40636.
  CHECK(lemma_3_3_sigma(4, 2, 0.5, 1e-5).value() == Approx(2 * 27.406357237732344).epsilon(1e-12));
  CHECK(lemma_3_3_sigma(4, 2, 0.999, 1e-5).value() == Approx(27.406357237732344 / 0.999).epsilon(1e-12));
  // nu = 2 * 2^2 * sqrt(2 (ln 2 * 11 + 2 ln 8)) * 1 = 8 sqrt(23.567) = 38.83669.
  CHECK(lemma_3_4_marginal_l1(4, 2, 2, 10, 1).value() == Approx(38.83668709993736).epsilon(1e-12));
  // Linear in sigma; the paper's closed form 4 m^(d/2) l^d sqrt(2 ln(1.25/delta)(ln 2 (1+lambda) + d ln(ml))) / eps.
  const double sigma = lemma_3_3_sigma(3, 3, 0.5, 1e-6).value();
  const double closed = 4 * std::pow(3.0, 1.5) * std::pow(5.0, 3) *
                        std::sqrt(2 * std::log(1.25 / 1e-6) * (kLn2 * 21 + 3 * std::log(15.0))) / 0.5;
  CHECK(lemma_3_4_marginal_l1(3, 5, 3, 20, sigma).value() == Approx(closed).epsilon(1e-12));
}

TEST_CASE("bound parameters outside the theorems' range are errors", "[risk-bound]") {
  CHECK(theorem_3_2_stated(parameters(1, 4, 0.5, 100, 1)).status().code() == ErrorCode::InvalidArgument);
  CHECK(theorem_3_2_explicit(parameters(3, 0, 0.5, 100, 1)).status().code() == ErrorCode::InvalidArgument);
  CHECK(theorem_3_1_stated(parameters(3, 4, 0, 100, 1)).status().code() == ErrorCode::InvalidArgument);
  CHECK(theorem_3_1_explicit(parameters(3, 4, 0.5, 0, 1)).status().code() == ErrorCode::InvalidArgument);
  CHECK(theorem_3_1_explicit(parameters(3, 4, 0.5, 100, -1)).status().code() == ErrorCode::InvalidArgument);
  CHECK(theorem_3_1_explicit(parameters(3, 4, 0.5, 100, 1), LipschitzLoss{-1, 0}).status().code() ==
        ErrorCode::InvalidArgument);
  CHECK(theorem_3_2_explicit(parameters(3, 4, std::nan(""), 100, 1)).status().code() == ErrorCode::InvalidArgument);
  CHECK(lemma_3_3_sigma(4, 2, 1.0, 1e-5).status().code() == ErrorCode::InvalidArgument);  // Theorem 2.6: eps < 1
  CHECK(lemma_3_3_sigma(4, 2, 0.5, 0).status().code() == ErrorCode::InvalidArgument);
  CHECK(lemma_3_4_marginal_l1(4, 2, 2, -1, 1).status().code() == ErrorCode::InvalidArgument);
  CHECK(lemma_3_4_marginal_l1(0, 2, 2, 1, 1).status().code() == ErrorCode::InvalidArgument);
}
