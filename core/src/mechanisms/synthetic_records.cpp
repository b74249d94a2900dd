#include "mechanisms/synthetic_records.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

namespace privsynth {

size_t synthetic_record_count(double noisy_count, bool streamed) {
  const double most = double(streamed ? kMaxStreamedRows : kMaxSyntheticRows);
  return static_cast<size_t>(std::clamp(std::round(noisy_count), 1.0, most));
}

Result<SyntheticRecords> draw_or_defer(bool defer, RecordDraw draw, size_t rows, const std::vector<int>& levels,
                                       RandomSource& random) {
  SyntheticRecords records;
  records.rows = rows;
  if (defer) {
    records.table = make_empty_table(levels, 0);
    records.draw = std::move(draw);
  } else {
    PRIVSYNTH_ASSIGN_OR_RETURN(records.table, draw(rows, random));
  }
  return records;
}

SyntheticRecords expand_records(SyntheticRecords records, const DomainCompression& compression, RandomSource& random) {
  records.table = compression.expand(records.table, random);
  if (records.draw) {
    records.draw = [draw = std::move(records.draw), compression](size_t rows,
                                                                 RandomSource& source) -> Result<EncodedTable> {
      PRIVSYNTH_ASSIGN_OR_RETURN(const EncodedTable drawn, draw(rows, source));
      return compression.expand(drawn, source);
    };
  }
  return records;
}

}  // namespace privsynth
