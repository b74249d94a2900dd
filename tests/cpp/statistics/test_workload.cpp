#include <catch2/catch.hpp>
#include <numeric>

#include "statistics/workload.hpp"

using namespace privsynth;

namespace {
// Every record of the product domain, as a one-row table.
std::vector<EncodedTable> all_records(const std::vector<int>& levels) {
  std::vector<EncodedTable> records;
  std::vector<uint32_t> codes(levels.size(), 0);
  for (;;) {
    EncodedTable record = make_empty_table(levels, 1);
    for (size_t c = 0; c < levels.size(); ++c) record.codes[c][0] = codes[c];
    records.push_back(record);
    size_t c = 0;
    while (c < levels.size() && ++codes[c] == static_cast<uint32_t>(levels[c])) codes[c++] = 0;
    if (c == levels.size()) break;
  }
  return records;
}
long long binomial(int n, int k) {
  long long result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}
}  // namespace

TEST_CASE("the workload's sensitivity equals the derived value, checked by brute force", "[workload][calibration]") {
  const std::vector<int> levels = {2, 3, 4, 2};
  for (int degree = 1; degree <= 3; ++degree) {
    const MarginalWorkload workload = MarginalWorkload::all_up_to_degree(levels, degree).value();
    long long derived = 0;
    for (int size = 1; size <= degree; ++size) derived += binomial(4, size);
    CHECK(workload.l1_sensitivity_add_remove() == derived);
    // Adding one record to any dataset adds that record's count vector, whose L1 norm is the
    // sensitivity; take the max over every record of the domain.
    double max_l1 = 0;
    for (const EncodedTable& record : all_records(levels)) {
      const std::vector<int64_t> counts = workload.count(record);
      max_l1 = std::max(max_l1, static_cast<double>(std::accumulate(counts.begin(), counts.end(), int64_t{0})));
    }
    CHECK(max_l1 == workload.l1_sensitivity_add_remove());
  }
}

TEST_CASE("marginal cell counts are right on a small table", "[workload]") {
  EncodedTable table = make_empty_table({2, 3}, 4);
  table.codes[0] = {0, 1, 1, 1};
  table.codes[1] = {2, 0, 2, 2};
  const MarginalWorkload workload = MarginalWorkload::all_up_to_degree(table.levels, 2).value();
  REQUIRE(workload.marginals().size() == 3);
  REQUIRE(workload.statistic_count() == 2 + 3 + 6);
  CHECK(workload.count(table) == std::vector<int64_t>{1, 3, /*col 1*/ 1, 0, 3, /*pair*/ 0, 0, 1, 1, 0, 2});
  const std::vector<double> weighted = workload.weighted_sum(table, {0.5, 0.25, 0.25, 0});
  CHECK(weighted[0] == 0.5);
  CHECK(weighted[5 + 2] == 0.5);   // cell (0, 2)
  CHECK(weighted[5 + 3] == 0.25);  // cell (1, 0)
}

TEST_CASE("workload limits and bad degrees are errors", "[workload]") {
  CHECK(MarginalWorkload::all_up_to_degree({2, 2}, 3).status().code() == ErrorCode::InvalidArgument);
  CHECK(MarginalWorkload::all_up_to_degree({2, 2}, 0).status().code() == ErrorCode::InvalidArgument);
  CHECK(MarginalWorkload::all_up_to_degree({2, 2, 2, 2}, 4).status().code() == ErrorCode::InvalidArgument);
  CHECK(MarginalWorkload::all_up_to_degree({}, 1).status().code() == ErrorCode::InvalidArgument);
  const Result<MarginalWorkload> huge = MarginalWorkload::all_up_to_degree({100000, 100000, 100000}, 3);
  CHECK(huge.status().code() == ErrorCode::DomainTooLarge);
  CHECK(column_subsets(4, 2).size() == 6);
  CHECK(column_subsets(5, 3).front() == std::vector<int>{0, 1, 2});
  CHECK(column_subsets(5, 3).back() == std::vector<int>{2, 3, 4});
}
