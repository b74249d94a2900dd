#pragma once
// The kind of each column, decided privately (docs/privacy/domain-discovery.md, "Kinds"): one
// Gaussian release of the number of records and, per column, of how many cells are missing, read
// as numbers, as numbers that are not whole, as ISO 8601 dates and as date-times (and of those, the
// ones with a time zone). The kinds are
// then read off those noisy counts (post-processing).
//
// Neighbours: add/remove one record. It adds 1 to the number of records and, in each column, to at
// most two counts (a missing cell; or a number and maybe "not whole"; or a date; or a date-time and
// maybe "with a time zone"), so
// the vector's L2 sensitivity is sqrt(1 + 2 p) for p columns.
#include <set>
#include <string>
#include <vector>

#include "base/random.hpp"
#include "privacy/accountant.hpp"
#include "privsynth/cell_grid.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct NoisyKindCounts {
  double missing = 0, numbers = 0, not_whole = 0, dates = 0, date_times = 0, utc_date_times = 0;
  // The noisy number of filled cells, given the noisy number of records.
  double filled(double rows) const { return rows - missing; }
};

struct KindSurvey {
  double rows = 0;       // the noisy number of records
  double noise_std = 0;  // of every count
  std::vector<NoisyKindCounts> columns;
};

// Charges `rho` to `accountant` (one Gaussian release) and draws the counts of `columns` of `grid`
// (row 0 is the header).
Result<KindSurvey> survey_column_kinds(const CellGridView& grid, const std::vector<size_t>& columns,
                                       const std::set<std::string>& missing, double rho, Accountant& accountant,
                                       RandomSource& random);

enum class FoundKind { Empty, Number, Date, DateTime, Text };

struct KindDecision {
  FoundKind kind = FoundKind::Text;
  bool integer = false;      // Number: whole numbers only
  bool utc = false;          // DateTime: with a time zone (read as UTC)
  bool has_missing = false;  // missing cells, or cells of another kind, clearly present
  std::string reason;        // in plain words, from the noisy counts only
};

// The kind of a column from its noisy counts: Empty when its filled cells are indistinguishable
// from noise; Number, Date or DateTime when at least 90% of its filled cells read so (numbers are
// whole when the noisy count of others is below 1% plus 2 noise deviations; shares are read with a
// margin of 3 deviations); else Text
// (categories or free text: partition selection decides).
KindDecision decide_kind(const NoisyKindCounts& counts, const KindSurvey& survey);

}  // namespace privsynth
