// The report's kernel distances (core/src/report/kernel_report.cpp): present only when every column
// has unit values on both sides, zero for identical tables, the stated kernel and sample sizes.
#include <catch2/catch.hpp>
#include <cmath>

#include "report/kernel_metrics.hpp"
#include "report/kernel_report.hpp"

using namespace privsynth;

namespace {

std::vector<std::vector<double>> uniform_columns(size_t columns, size_t rows, RandomSource& random) {
  std::vector<std::vector<double>> values(columns, std::vector<double>(rows));
  for (auto& column : values) {
    for (double& value : column) value = random.uniform_unit();
  }
  return values;
}

}  // namespace

TEST_CASE("the kernel report needs unit values for every column on both sides", "[kernel-report]") {
  SeededTestRandom random(1);
  const auto real = uniform_columns(2, 50, random);
  CHECK_FALSE(kernel_report_json(real, {}, random).has_value());
  CHECK_FALSE(kernel_report_json(real, {real[0], {}}, random).has_value());  // a categorical column
  CHECK_FALSE(kernel_report_json({}, {}, random).has_value());
  CHECK(kernel_report_json(real, real, random).has_value());
}

TEST_CASE("the kernel report: zero for identical tables, the exact MMD of small ones, sup distance for d <= 2",
          "[kernel-report]") {
  SeededTestRandom random(2);
  const auto real = uniform_columns(2, 400, random);
  const auto synthetic = uniform_columns(2, 300, random);
  const nlohmann::json same = *kernel_report_json(real, real, random);
  CHECK(same["mmd"].get<double>() == Approx(0).margin(1e-7));
  CHECK(same["kdeSupDistance"].get<double>() == Approx(0).margin(1e-12));
  CHECK(same["gamma"] == 25.0);
  CHECK(same["mmdMethod"] == "exact");

  const nlohmann::json other = *kernel_report_json(real, synthetic, random);
  std::vector<std::vector<double>> real_rows(400), synthetic_rows(300);
  for (size_t i = 0; i < 400; ++i) real_rows[i] = {real[0][i], real[1][i]};
  for (size_t i = 0; i < 300; ++i) synthetic_rows[i] = {synthetic[0][i], synthetic[1][i]};
  const double expected =
      mmd_exact(weighted_points_from_rows(real_rows).value(), weighted_points_from_rows(synthetic_rows).value(), 25.0)
          .value();
  CHECK(other["mmd"].get<double>() == Approx(expected).epsilon(1e-12));
  CHECK(other["realPoints"] == 400);
  CHECK(other["syntheticPoints"] == 300);
}

TEST_CASE("the kernel report samples at most its limit of rows, without replacement, with random features",
          "[kernel-report]") {
  SeededTestRandom random(3);
  // 5 columns: no sup distance; more than kKernelReportPoints synthetic rows: a sample of them.
  const auto real = uniform_columns(5, 30000, random);
  const auto synthetic = uniform_columns(5, kKernelReportPoints + 5000, random);
  const nlohmann::json report = *kernel_report_json(real, synthetic, random);
  CHECK(report["realPoints"] == 30000);
  CHECK(report["syntheticPoints"] == kKernelReportPoints);
  CHECK(report["gamma"] == 10.0);
  CHECK_FALSE(report.contains("kdeSupDistance"));
  CHECK(report["mmdMethod"] == "random-fourier-features");
  CHECK(report["randomFeatures"] == kKernelReportFeatures);
  // Two samples of the same uniform distribution: only sampling noise (V-statistic floor
  // sqrt((1/n + 1/m)(1 - kappa)) < 0.007) and the features' error.
  CHECK(report["mmd"].get<double>() < 0.01);
}
