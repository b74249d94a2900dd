#pragma once
// The synthetic records of a release too large to hold at once (docs/scale.md): the run has made
// its releases and its receipt, and the records are drawn from the released model and decoded a
// chunk at a time, so memory grows with the chunk, not with the number of records. Drawing them
// is post-processing of the same release: no further privacy cost.
#include <cstddef>
#include <memory>
#include <vector>

#include "privsynth/decoded_column.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

class SyntheticRecordStream {
 public:
  struct State;
  explicit SyntheticRecordStream(std::unique_ptr<State> state);
  SyntheticRecordStream(SyntheticRecordStream&&) noexcept;
  SyntheticRecordStream& operator=(SyntheticRecordStream&&) noexcept;
  ~SyntheticRecordStream();

  size_t rows() const;       // every record of the release
  size_t remaining() const;  // not drawn yet
  // The next min(max_rows, remaining()) records, decoded; columns without rows once all are drawn.
  // Errors: the randomness failed (nothing more is drawn), or the model could not draw.
  Result<std::vector<DecodedColumn>> next(size_t max_rows);

 private:
  std::unique_ptr<State> state_;
};

}  // namespace privsynth
