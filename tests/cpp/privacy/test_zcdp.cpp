// zCDP conversions against the test vectors of private-pgm's cdp2adp.py (the ledger's composition
// is tested with the accountant, test_accountant.cpp).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "privacy/zcdp.hpp"

using namespace privsynth;

namespace {
struct Vector {
  double eps, delta;
  double rho_table, rho_bun_steinke_table;  // docs/spec/algorithms.md §6, rounded as printed there
  double rho_reference;                     // cdp2adp.py's algorithm run in Python 3 (doubles)
};

const Vector kVectors[] = {
    {1, 1e-9, 0.0149731, 0.0117812, 0.014973057673588523},
    {1, 1e-5, 0.0305566, 0.0208199, 0.03055659519763956},
    {0.1, 1e-9, 1.77138e-4, 1.20347e-4, 0.00017713844718502086},
    {3, 1e-6, 0.18507, 0.147264, 0.18506984065340149},
    {10, 1e-9, 1.09079, 0.98124, 1.0907857043970155},
};
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInfinity = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("cdp_rho reproduces the spec's test vectors", "[zcdp]") {
  for (const Vector& v : kVectors) {
    INFO("eps " << v.eps << ", delta " << v.delta);
    const double rho = cdp_rho(v.eps, v.delta).value();
    CHECK(rho == Approx(v.rho_table).epsilon(1e-5));      // 5 significant digits
    CHECK(rho == Approx(v.rho_reference).epsilon(1e-9));  // the reference implementation
    const double rho_bs = rho_from_eps_delta_bun_steinke(v.eps, v.delta).value();
    CHECK(rho_bs == Approx(v.rho_bun_steinke_table).epsilon(1e-5));
    CHECK(rho_bs < rho);  // the CKS bound is tighter: more budget for the same (eps, delta)
  }
}

TEST_CASE("cdp_rho is the largest rho whose CKS delta is within delta", "[zcdp]") {
  for (const Vector& v : kVectors) {
    INFO("eps " << v.eps << ", delta " << v.delta);
    const double rho = cdp_rho(v.eps, v.delta).value();
    const double delta = cdp_delta(rho, v.eps);
    CHECK(delta <= v.delta);
    CHECK(delta >= v.delta * (1 - 1e-9));
    CHECK(cdp_delta(rho * (1 + 1e-9), v.eps) > v.delta);
    // ... and cdp_eps inverts it: spending rho is (eps, delta)-DP and not much better.
    const double eps = cdp_eps(rho, v.delta);
    CHECK(eps == Approx(v.eps).epsilon(1e-9));
    CHECK(cdp_delta(rho, eps) <= v.delta);
    CHECK(eps < eps_from_rho_bun_steinke(rho, v.delta));
  }
}

TEST_CASE("Bun-Steinke conversions invert each other", "[zcdp]") {
  for (const Vector& v : kVectors) {
    const double rho = rho_from_eps_delta_bun_steinke(v.eps, v.delta).value();
    CHECK(eps_from_rho_bun_steinke(rho, v.delta) == Approx(v.eps).epsilon(1e-12));
    // The Bun-Steinke eps is a valid (looser) bound, so the CKS delta at it is within delta.
    CHECK(cdp_delta(rho, v.eps) <= v.delta);
  }
  CHECK(eps_from_rho_bun_steinke(0.5, 1e-6) == Approx(0.5 + 2 * std::sqrt(0.5 * std::log(1e6))));
}

TEST_CASE("the conversions are monotone", "[zcdp]") {
  double previous = 0;
  for (double eps : {0.01, 0.1, 0.5, 1.0, 2.0, 5.0, 20.0}) {
    const double rho = cdp_rho(eps, 1e-6).value();
    CHECK(rho > previous);  // more eps, more rho
    previous = rho;
  }
  previous = 0;
  for (double delta : {1e-12, 1e-9, 1e-6, 1e-3, 0.1}) {
    const double rho = cdp_rho(1.0, delta).value();
    CHECK(rho > previous);  // more delta, more rho
    previous = rho;
  }
  previous = 1.0;
  for (double eps : {0.0, 0.1, 0.5, 1.0, 2.0, 4.0}) {
    const double delta = cdp_delta(0.1, eps);
    CHECK(delta <= previous);  // delta falls with eps
    CHECK(delta >= 0);
    previous = delta;
  }
  previous = 0;
  for (double rho : {1e-4, 1e-3, 0.01, 0.1, 1.0}) {
    const double eps = cdp_eps(rho, 1e-9);
    CHECK(eps > previous);  // eps grows with rho
    CHECK(cdp_delta(rho, 1.0) >= cdp_delta(rho / 2, 1.0));
    previous = eps;
  }
}

TEST_CASE("conversions reject bad inputs", "[zcdp]") {
  for (double eps : {0.0, -1.0, kNaN, kInfinity}) {
    CHECK(cdp_rho(eps, 1e-9).status().code() == ErrorCode::InvalidArgument);
    CHECK(rho_from_eps_delta_bun_steinke(eps, 1e-9).status().code() == ErrorCode::InvalidArgument);
  }
  for (double delta : {0.0, -1e-9, 1.0, 1.5, kNaN}) {
    CHECK(cdp_rho(1.0, delta).status().code() == ErrorCode::InvalidArgument);
    CHECK(rho_from_eps_delta_bun_steinke(1.0, delta).status().code() == ErrorCode::InvalidArgument);
  }
  CHECK_THAT(cdp_rho(1.0, 1.0).status().message(), Catch::Contains("delta"));
  CHECK(std::isnan(cdp_delta(-0.1, 1.0)));
  CHECK(std::isnan(cdp_delta(0.1, -1.0)));
  CHECK(std::isnan(cdp_delta(kNaN, 1.0)));
  CHECK(std::isnan(cdp_eps(-0.1, 1e-6)));
  CHECK(std::isnan(cdp_eps(0.1, 0.0)));
  CHECK(std::isnan(eps_from_rho_bun_steinke(0.1, 1.0)));
  // The degenerate cases of cdp2adp.py.
  CHECK(cdp_delta(0.0, 1.0) == 0.0);
  CHECK(cdp_eps(0.0, 1e-6) == 0.0);
  CHECK(cdp_eps(0.5, 1.0) == 0.0);
  CHECK(cdp_delta(10.0, 0.0) == 1.0);  // capped at 1
}

TEST_CASE("mechanism costs", "[zcdp]") {
  CHECK(gaussian_zcdp_cost(1.0, 2.0) == Approx(0.125));
  CHECK(gaussian_zcdp_cost(std::sqrt(2.0), 2.0) == Approx(0.25));  // replace-one neighbours
  CHECK(gaussian_noise_std_for_rho(1.0, 0.125) == Approx(2.0));
  CHECK(gaussian_zcdp_cost(3.0, gaussian_noise_std_for_rho(3.0, 0.07)) == Approx(0.07));
  CHECK(exponential_mechanism_zcdp_cost(0.4) == Approx(0.02));
}
