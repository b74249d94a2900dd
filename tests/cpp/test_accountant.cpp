#include <catch2/catch.hpp>
#include <cmath>

#include "privsynth/accountant.hpp"

using namespace privsynth;

TEST_CASE("sequential composition adds epsilons and refuses overspending", "[accountant]") {
  PureDpAccountant accountant = PureDpAccountant::with_budget(1.0).value();
  REQUIRE(accountant.charge({"count", "discrete Laplace", 0.08, 1, 12.5}).is_ok());
  REQUIRE(accountant.charge({"cells", "discrete Laplace", 0.92, 136, 147.8}).is_ok());
  CHECK(accountant.spent() == Approx(1.0));
  CHECK(accountant.entries().size() == 2);
  const Status over = accountant.charge({"more", "discrete Laplace", 0.01, 1, 100});
  CHECK(over.code() == ErrorCode::BudgetExceeded);
  CHECK(accountant.entries().size() == 2);  // nothing recorded
  CHECK_THAT(over.message(), Catch::Contains("would exceed the budget"));
}

TEST_CASE("epsilon must be finite and positive", "[accountant]") {
  for (double bad : {0.0, -1.0, double(NAN), double(INFINITY)}) {
    CHECK(PureDpAccountant::with_budget(bad).status().code() == ErrorCode::InvalidArgument);
  }
  PureDpAccountant accountant = PureDpAccountant::with_budget(1.0).value();
  CHECK(accountant.charge({"zero", "none", 0.0, 1, 1}).code() == ErrorCode::InvalidArgument);
}
