#pragma once
// A mechanism's synthetic records, drawn from what it released (a model, weighted points): drawn at
// once, or -- when the caller writes a release of any size in chunks (MechanismContext::
// defer_sampling, pipeline/record_stream.hpp) -- left to a draw the caller makes chunk by chunk.
// Drawing is post-processing of the release.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <limits>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privsynth/status.hpp"
#include "statistics/domain_compression.hpp"

namespace privsynth {

// Records a release holds in memory at most, and draws in chunks at most (a streamed release,
// MechanismContext::defer_sampling: memory does not grow with them): 10^12, or the most a size_t
// counts where 10^12 does not fit in it (wasm32's 32 bits, where the constant wrapped to
// 3,567,587,328).
inline constexpr size_t kMaxSyntheticRows = 20'000'000;
inline constexpr size_t kMaxStreamedRows =
    std::min<unsigned long long>(1'000'000'000'000ULL, std::numeric_limits<size_t>::max());

// The number of records to draw for a noisy record count: rounded, at least 1, at most the limit.
size_t synthetic_record_count(double noisy_count, bool streamed);

// Draws `rows` records from a release.
using RecordDraw = std::function<Result<EncodedTable>(size_t rows, RandomSource& random)>;

struct SyntheticRecords {
  EncodedTable table;  // the records drawn; without rows when deferred
  RecordDraw draw;     // set only when deferred
  size_t rows = 0;     // the number of records, drawn or to draw
};

// `rows` records from `draw` now, or deferred (`levels`: the columns', for the empty table).
Result<SyntheticRecords> draw_or_defer(bool defer, RecordDraw draw, size_t rows, const std::vector<int>& levels,
                                       RandomSource& random);

// Records drawn in a compressed domain, back in the original codes (now, or as each chunk is drawn).
SyntheticRecords expand_records(SyntheticRecords records, const DomainCompression& compression, RandomSource& random);

}  // namespace privsynth
