// What the synthetic table and the models trained directly under DP cost published together
// (privacy/joint_release.hpp): zCDP rho's added where both are zCDP, basic composition where it is
// smaller, replace-one neighbours with the models at 4 rho, a discovery counted once. Exact figures
// from the conversions of privacy/zcdp.hpp.
#include <catch2/catch.hpp>
#include <cmath>

#include "privacy/joint_release.hpp"
#include "privacy/zcdp.hpp"

using namespace privsynth;

namespace {

const double kModelsRho = cdp_rho(1, 1e-9).value();

Accountant spent_zcdp(double rho, double delta) {
  Accountant accountant = Accountant::zcdp_with_rho(rho, delta).value();
  REQUIRE(accountant.charge({"cells", "discrete Gaussian", GaussianCost{1, 1 / std::sqrt(2 * rho)}}).is_ok());
  return accountant;
}

Accountant spent_pure(double epsilon, Neighbours neighbours) {
  Accountant accountant =
      Accountant::create(
          PrivacyDefinition{neighbours, Accounting::Basic, epsilon, 0,
                            neighbours == Neighbours::ReplaceOne ? std::optional<uint64_t>(100) : std::nullopt})
          .value();
  REQUIRE(accountant.charge({"a sample", "reveal-or-obscure", PureCost{epsilon}}).is_ok());
  return accountant;
}

}  // namespace

TEST_CASE("a zCDP table and the models: their rho add, converted at the sum of the deltas", "[joint-release]") {
  const Accountant table = spent_zcdp(kModelsRho, 1e-9);
  const nlohmann::json joint = table_and_models_json(table, kModelsRho, 1e-9, Schema{});
  CHECK(joint["rho"].get<double>() == Approx(2 * kModelsRho).epsilon(1e-12));
  CHECK(joint["delta"].get<double>() == Approx(2e-9).epsilon(1e-12));
  CHECK(joint["epsilon"].get<double>() == Approx(cdp_eps(2 * kModelsRho, 2e-9)).epsilon(1e-12));
  CHECK(joint["epsilon"].get<double>() < 1.5);  // against 2 by basic composition
  CHECK_THAT(joint["composition"].get<std::string>(), Catch::StartsWith("zCDP"));
}

TEST_CASE("a pure table and the models: basic composition when it is smaller", "[joint-release]") {
  // As zCDP the table is 1/2-zCDP, which converts to far more than 1 + 1 at delta 1e-9.
  const Accountant table = spent_pure(1, Neighbours::AddRemove);
  const nlohmann::json joint = table_and_models_json(table, kModelsRho, 1e-9, Schema{});
  CHECK_FALSE(joint.contains("rho"));
  CHECK(joint["epsilon"].get<double>() == Approx(1 + cdp_eps(kModelsRho, 1e-9)).epsilon(1e-12));
  CHECK(joint["epsilon"].get<double>() == Approx(2).epsilon(1e-6));
  CHECK(joint["delta"].get<double>() == 1e-9);
}

TEST_CASE("under replace-one neighbours the models count 4 rho, and a discovery is added once", "[joint-release]") {
  Schema discovered;
  discovered.discovered = DiscoveryCost{0.5, 1e-7, {}, std::nullopt, 0};
  const Accountant sampler = spent_pure(1, Neighbours::ReplaceOne);
  const nlohmann::json joint = table_and_models_json(sampler, kModelsRho, 1e-9, discovered);
  // The discovery, add/remove, stated for replace-one: (2 eps, (1 + e^eps) delta).
  CHECK(joint["epsilon"].get<double>() == Approx(1 + cdp_eps(4 * kModelsRho, 1e-9) + 1).epsilon(1e-12));
  CHECK(joint["delta"].get<double>() == Approx(1e-9 + (1 + std::exp(0.5)) * 1e-7).epsilon(1e-12));
  CHECK_THAT(joint["composition"].get<std::string>(), Catch::Contains("4 times"));
  CHECK_THAT(joint["composition"].get<std::string>(), Catch::Contains("discovery"));
  // Add/remove: the discovery as it is.
  const nlohmann::json add_remove = table_and_models_json(spent_zcdp(kModelsRho, 1e-9), kModelsRho, 1e-9, discovered);
  CHECK_FALSE(add_remove.contains("rho"));  // not a zCDP statement once the discovery's delta is in
  CHECK(add_remove["epsilon"].get<double>() == Approx(cdp_eps(2 * kModelsRho, 2e-9) + 0.5).epsilon(1e-12));
  CHECK(add_remove["delta"].get<double>() == Approx(2e-9 + 1e-7).epsilon(1e-12));
}
