#include "pipeline/holdout.hpp"

namespace privsynth {

Result<RowSplit> split_rows(size_t rows, double test_fraction, RandomSource& random) {
  if (!(test_fraction > 0 && test_fraction < 1)) {
    return Status::error(ErrorCode::InvalidArgument, "test_fraction must be strictly between 0 and 1");
  }
  RowSplit split;
  for (size_t row = 0; row < rows; ++row) {
    (random.uniform_unit() < test_fraction ? split.test : split.train).push_back(row);
  }
  if (!random.health().is_ok()) {
    return Status::error(ErrorCode::Internal, "randomness source failed: " + random.health().message());
  }
  return split;
}

}  // namespace privsynth
