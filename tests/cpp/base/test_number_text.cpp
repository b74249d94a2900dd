// Numbers written as JavaScript writes them, for the sentences the core composes for the page (the
// run advice's reasons). Every expected text is what Node 20 (V8) prints for the same double.
#include <catch2/catch.hpp>

#include "base/number_text.hpp"

using namespace privsynth;

TEST_CASE("format_like_javascript writes String(x)", "[number_text][advice]") {
  CHECK(format_like_javascript(1) == "1");
  CHECK(format_like_javascript(0.5) == "0.5");
  CHECK(format_like_javascript(0.1 + 0.2) == "0.30000000000000004");
  CHECK(format_like_javascript(1e-7) == "1e-7");
  CHECK(format_like_javascript(0.000001) == "0.000001");
  CHECK(format_like_javascript(0.00001) == "0.00001");
  CHECK(format_like_javascript(0.0000015) == "0.0000015");
  CHECK(format_like_javascript(1e21) == "1e+21");
  CHECK(format_like_javascript(123456789012345680000.0) == "123456789012345680000");
  CHECK(format_like_javascript(1.5e300) == "1.5e+300");
  CHECK(format_like_javascript(-2.5) == "-2.5");
  CHECK(format_like_javascript(5e-324) == "5e-324");
  CHECK(format_like_javascript(1.0 / 3) == "0.3333333333333333");
  CHECK(format_like_javascript(100) == "100");
  CHECK(format_like_javascript(0) == "0");
}

TEST_CASE("format_precision_like_javascript writes x.toPrecision(p) from the exact double", "[number_text][advice]") {
  CHECK(format_precision_like_javascript(1.264, 2) == "1.3");
  CHECK(format_precision_like_javascript(0.125, 2) == "0.13");  // an exact tie: the larger
  CHECK(format_precision_like_javascript(1.25, 2) == "1.3");
  CHECK(format_precision_like_javascript(0.0525, 2) == "0.052");  // 0.05249999... as a double
  CHECK(format_precision_like_javascript(123, 2) == "1.2e+2");
  CHECK(format_precision_like_javascript(99.5, 2) == "1.0e+2");
  CHECK(format_precision_like_javascript(9.95, 2) == "9.9");
  CHECK(format_precision_like_javascript(1.234e-7, 2) == "1.2e-7");
  CHECK(format_precision_like_javascript(0.000001234, 2) == "0.0000012");
  CHECK(format_precision_like_javascript(12, 2) == "12");
  CHECK(format_precision_like_javascript(0.05000001, 2) == "0.050");
  CHECK(format_precision_like_javascript(999.6, 2) == "1.0e+3");
  CHECK(format_precision_like_javascript(0.99999, 2) == "1.0");
  CHECK(format_precision_like_javascript(1.0005, 4) == "1.000");
  CHECK(format_precision_like_javascript(2.0005, 4) == "2.001");
}

TEST_CASE("format_grouped_like_javascript writes x.toLocaleString('en-US') from the shortest digits",
          "[number_text][advice]") {
  CHECK(format_grouped_like_javascript(903) == "903");
  CHECK(format_grouped_like_javascript(21280) == "21,280");
  CHECK(format_grouped_like_javascript(48842) == "48,842");
  CHECK(format_grouped_like_javascript(1264200000) == "1,264,200,000");
  CHECK(format_grouped_like_javascript(1e21) == "1,000,000,000,000,000,000,000");
  CHECK(format_grouped_like_javascript(1234.5678) == "1,234.568");
  CHECK(format_grouped_like_javascript(1234567.0005) == "1,234,567.001");
  CHECK(format_grouped_like_javascript(1.0005) == "1.001");  // toPrecision would give 1.000
  CHECK(format_grouped_like_javascript(1.0045) == "1.005");
  CHECK(format_grouped_like_javascript(0.0005) == "0.001");
  CHECK(format_grouped_like_javascript(0.0625) == "0.063");
  CHECK(format_grouped_like_javascript(0.1) == "0.1");
  CHECK(format_grouped_like_javascript(0.0001) == "0");
  CHECK(format_grouped_like_javascript(999.9996) == "1,000");
  CHECK(format_grouped_like_javascript(2.5) == "2.5");
  CHECK(format_grouped_like_javascript(0) == "0");
}
