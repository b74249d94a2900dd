// The typed privacy definition and its one accountant: both accountings price charges themselves,
// refuse under-priced, malformed, ill-typed and over-budget charges (recording nothing), and the
// receipt's privacy and ledger sections are rendered from them.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "privacy/accountant.hpp"
#include "privacy/receipt_privacy.hpp"
#include "privacy/zcdp.hpp"

using namespace privsynth;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInfinity = std::numeric_limits<double>::infinity();

Charge laplace(const char* release, double sensitivity, double scale, double epsilon) {
  return {release, "discrete Laplace", LaplaceCost{sensitivity, scale, epsilon}};
}
Charge gaussian(const char* release, double sensitivity, double std) {
  return {release, "discrete Gaussian", GaussianCost{sensitivity, std}};
}
Charge selection(const char* release, double epsilon) {
  return {release, "exponential mechanism", ExponentialCost{1.0, epsilon}};
}
}  // namespace

TEST_CASE("basic composition adds epsilons and refuses overspending", "[accountant]") {
  Accountant accountant = Accountant::pure(1.0).value();
  REQUIRE(accountant.charge(laplace("count", 1, 12.5, 0.08)).is_ok());
  REQUIRE(accountant.charge(laplace("cells", 136, 147.9, 0.92)).is_ok());
  CHECK(accountant.spent() == Approx(1.0));
  CHECK(accountant.epsilon_spent() == Approx(1.0));
  CHECK(accountant.delta_of_guarantee() == 0);
  CHECK(accountant.ledger().size() == 2);
  const Status over = accountant.charge(laplace("more", 1, 100, 0.01));
  CHECK(over.code() == ErrorCode::BudgetExceeded);
  CHECK(accountant.ledger().size() == 2);  // nothing recorded
  CHECK_THAT(over.message(), Catch::Contains("would exceed the budget"));
}

TEST_CASE("a charge is priced from its calibration: under-pricing and malformed costs are refused", "[accountant]") {
  Accountant accountant = Accountant::pure(10.0).value();
  // Laplace of scale 2 on sensitivity 1 costs 0.5: charging 0.25 is a calibration bug.
  CHECK(accountant.charge(laplace("under-priced", 1, 2, 0.25)).code() == ErrorCode::Internal);
  CHECK(accountant.charge(laplace("over-priced is allowed", 1, 2, 0.75)).is_ok());
  CHECK(accountant.charge(laplace("zero epsilon", 1, 1, 0)).code() == ErrorCode::Internal);
  CHECK(accountant.charge(laplace("no sensitivity", 0, 1, 1)).code() == ErrorCode::Internal);
  CHECK(accountant.charge(laplace("NaN scale", 1, kNaN, 1)).code() == ErrorCode::Internal);
  CHECK(accountant.charge({"pure", "reveal-or-obscure", PureCost{-1}}).code() == ErrorCode::Internal);
  // Pure accounting cannot take a Gaussian (it is not pure DP).
  const Status gaussian_under_pure = accountant.charge(gaussian("Gaussian", 1, 5));
  CHECK(gaussian_under_pure.code() == ErrorCode::Internal);
  CHECK_THAT(gaussian_under_pure.message(), Catch::Contains("needs zCDP accounting"));
  CHECK(accountant.ledger().size() == 1);
}

TEST_CASE("the privacy definition is checked", "[accountant]") {
  for (double bad : {0.0, -1.0, kNaN, kInfinity}) {
    CHECK(Accountant::pure(bad).status().code() == ErrorCode::InvalidArgument);
  }
  PrivacyDefinition zcdp{Neighbours::AddRemove, Accounting::Zcdp, 1, 0, std::nullopt};
  CHECK(Accountant::create(zcdp).status().code() == ErrorCode::InvalidArgument);  // zCDP needs a delta
  PrivacyDefinition replace{Neighbours::ReplaceOne, Accounting::Basic, 1, 0, std::nullopt};
  CHECK(Accountant::create(replace).status().code() == ErrorCode::Internal);  // replace-one needs its public n
  replace.public_records = 10;
  CHECK(Accountant::create(replace).is_ok());
  PrivacyDefinition add_remove_with_n{Neighbours::AddRemove, Accounting::Basic, 1, 0, 10};
  CHECK(Accountant::create(add_remove_with_n).status().code() == ErrorCode::Internal);  // n is private there
}

TEST_CASE("zCDP accounting adds rhos and spends MST's budget exactly", "[accountant][zcdp]") {
  // MST at eps = 1, delta = 1e-9 on d = 5 columns: thirds for 1-way, select, 2-way.
  Accountant accountant =
      Accountant::create(PrivacyDefinition{Neighbours::AddRemove, Accounting::Zcdp, 1.0, 1e-9, std::nullopt}).value();
  const double rho = cdp_rho(1.0, 1e-9).value();
  CHECK(accountant.budget() == rho);
  const double sigma = std::sqrt(3 / (2 * rho));
  const int d = 5;
  REQUIRE(accountant.charge(gaussian("1-way marginals", 1.0, sigma)).is_ok());
  const double eps_em = std::sqrt(8 * (rho / 3) / (d - 1));
  for (int round = 0; round < d - 1; ++round) REQUIRE(accountant.charge(selection("tree edge", eps_em)).is_ok());
  REQUIRE(accountant.charge(gaussian("2-way marginals", 1.0, sigma)).is_ok());
  CHECK(accountant.ledger().size() == static_cast<size_t>(d + 1));
  CHECK(accountant.spent() == Approx(rho).epsilon(1e-12));
  CHECK(accountant.remaining() == Approx(0).margin(1e-15));
  CHECK(accountant.epsilon_spent() == Approx(1.0).epsilon(1e-9));
  CHECK(accountant.delta_of_guarantee() == 1e-9);

  const Status over = accountant.charge(selection("one more", 0.01));
  CHECK(over.code() == ErrorCode::BudgetExceeded);
  CHECK_THAT(over.message(), Catch::Contains("would exceed the zCDP budget"));
  CHECK(accountant.ledger().size() == static_cast<size_t>(d + 1));  // nothing recorded
}

TEST_CASE("zCDP accounting prices every kind of cost, and refuses a delta", "[accountant][zcdp]") {
  Accountant accountant = Accountant::zcdp_with_rho(1.0, 1e-6).value();
  REQUIRE(accountant.charge(gaussian("a", 1.0, 5.0)).is_ok());                    // 1 / 50
  REQUIRE(accountant.charge(gaussian("b", 2.0, 10.0)).is_ok());                   // 4 / 200
  REQUIRE(accountant.charge(selection("c", 0.4)).is_ok());                        // 0.16 / 8
  REQUIRE(accountant.charge(laplace("d", 1.0, 5.0, 0.2)).is_ok());                // pure 0.2: 0.04 / 2
  REQUIRE(accountant.charge({"e", "reveal-or-obscure", PureCost{0.2}}).is_ok());  // 0.02
  CHECK(accountant.ledger()[0].rho == Approx(0.02));
  CHECK(accountant.ledger()[2].rho == Approx(0.02));
  CHECK(accountant.ledger()[3].rho == Approx(0.02));
  CHECK(accountant.spent() == Approx(0.1));
  CHECK(accountant.charge({"f", "stability histogram", ApproximateCost{0.1, 1e-9}}).code() == ErrorCode::Internal);
  CHECK(accountant.charge(gaussian("g", 1.0, 0.5)).code() == ErrorCode::BudgetExceeded);  // rho 2
  CHECK(accountant.ledger().size() == 5);
  CHECK(Accountant::zcdp_with_rho(0, 1e-6).status().code() == ErrorCode::InvalidArgument);
  CHECK(Accountant::zcdp_with_rho(1, 0).status().code() == ErrorCode::InvalidArgument);
}

TEST_CASE("basic accounting adds deltas and refuses one over the delta budget", "[accountant]") {
  Accountant accountant =
      Accountant::create(PrivacyDefinition{Neighbours::AddRemove, Accounting::Basic, 1.0, 1e-6, std::nullopt}).value();
  REQUIRE(accountant.charge({"categories", "stability histogram", ApproximateCost{0.5, 6e-7}}).is_ok());
  CHECK(accountant.charge({"more categories", "stability histogram", ApproximateCost{0.25, 6e-7}}).code() ==
        ErrorCode::BudgetExceeded);
  REQUIRE(accountant.charge(selection("a bound", 0.25)).is_ok());
  CHECK(accountant.epsilon_spent() == Approx(0.75));
  CHECK(accountant.delta_of_guarantee() == Approx(6e-7));
}

TEST_CASE("the receipt's privacy and ledger come from the accountant", "[accountant][receipt]") {
  PrivacyDefinition definition{Neighbours::ReplaceOne, Accounting::Basic, 2.0, 0, uint64_t{48842}};
  Accountant sampler = Accountant::create(definition).value();
  REQUIRE(sampler.charge({"100 roo samples", "reveal-or-obscure (no additive noise)", PureCost{2.0}}).is_ok());
  const nlohmann::json privacy = privacy_json(sampler);
  CHECK(privacy["definition"] == "pure epsilon-differential privacy");
  CHECK(privacy["neighbourRelation"] == "replace-one");
  CHECK(privacy["neighbours"] == "replace one record (the number of records, 48842, is public)");
  CHECK(privacy["publicRecords"] == 48842);
  CHECK(privacy["epsilonSpent"] == 2.0);
  CHECK(privacy["delta"] == 0);
  CHECK_FALSE(privacy.contains("rhoBudget"));
  const nlohmann::json ledger = ledger_json(sampler);
  REQUIRE(ledger.size() == 1);
  CHECK(ledger[0]["epsilon"] == 2.0);
  CHECK_FALSE(ledger[0].contains("l1Sensitivity"));  // no additive noise, so no calibration to state

  Accountant marginals = Accountant::zcdp_with_rho(0.1, 1e-9).value();
  REQUIRE(marginals.charge(gaussian("cells", std::sqrt(2.0), 5.0)).is_ok());
  REQUIRE(marginals.charge(selection("edge", 0.2)).is_ok());
  const nlohmann::json zcdp = privacy_json(marginals);
  CHECK(zcdp["neighbourRelation"] == "add-remove");
  CHECK(zcdp["accounting"] == "zcdp");
  CHECK(zcdp["rhoSpent"].get<double>() == Approx(0.045));
  CHECK(zcdp["epsilonSpent"].get<double>() == Approx(cdp_eps(0.045, 1e-9)));
  CHECK_FALSE(zcdp.contains("publicRecords"));
  const nlohmann::json zcdp_ledger = ledger_json(marginals);
  CHECK(zcdp_ledger[0]["noiseStd"] == 5.0);
  CHECK(zcdp_ledger[0]["rho"].get<double>() == Approx(0.04));
  CHECK(zcdp_ledger[1]["scoreSensitivity"] == 1.0);
  CHECK(zcdp_ledger[1]["epsilon"] == 0.2);
  CHECK(zcdp_ledger[1]["rho"].get<double>() == Approx(0.005));
}
