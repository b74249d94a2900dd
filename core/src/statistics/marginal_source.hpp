#pragma once
// Where a mechanism reads exact marginal counts: counted from the encoded rows, or given as count
// tables computed elsewhere -- by an SQL engine inside the data owner's perimeter, so that a table
// too large for the device is measured there and released here (docs/scale.md). Either way the
// counts are exact and private; a mechanism adds its noise to them exactly as it does for rows, so
// a seeded release from counts equals the release from the rows the counts were taken from.
//
// A given table is as sensitive as the rows it was counted from.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "data/table.hpp"
#include "graphical_model/factor.hpp"
#include "privsynth/status.hpp"
#include "statistics/domain_compression.hpp"

namespace privsynth {

// The records in each cell of the marginal over `columns` (increasing column indices): cells
// row-major over the columns' levels (the last column fastest), only cells holding a record listed,
// as an SQL GROUP BY returns them.
struct CountTable {
  AttributeSet columns;
  std::vector<std::pair<uint64_t, double>> cells;  // (cell, count)
};

// Count tables of one table whose columns have `levels` (the schema's encoded levels).
struct MarginalCounts {
  std::vector<int> levels;
  std::vector<CountTable> tables;
};

// What is checked of given tables: columns in range and increasing, cells inside the marginal,
// counts whole numbers >= 0, one total n in every table, and every two tables agreeing on the
// marginal over the columns they share. The counts of one table pass; so can tables of no table
// (three pairwise-consistent 2-way tables in a cycle), which the guarantee does not cover
// (docs/scale.md). Errors: InvalidData naming the first inconsistency.
Status check_marginal_counts(const MarginalCounts& counts);

class MarginalSource {
 public:
  // Counts from the rows (kept by reference: the table must outlive the source).
  static MarginalSource from_rows(const EncodedTable& table);
  // Counts from given tables, checked by check_marginal_counts (copied).
  static Result<MarginalSource> from_counts(MarginalCounts counts);

  const std::vector<int>& levels() const { return levels_; }
  // The number of records: the rows', or any given table's total (check_marginal_counts made them agree).
  double records() const;
  bool from_given_counts() const { return counts_ != nullptr; }

  // Whether dense(columns) can answer: always from rows; from given tables, when one holds them.
  bool has(const AttributeSet& columns) const;

  // The dense counts of the marginal over `columns` (increasing), row-major at levels(): counted
  // from the rows, or summed from the smallest given table that holds every column. Errors:
  // InvalidArgument when no given table holds them (naming the columns).
  Result<std::vector<double>> dense(const AttributeSet& columns) const;

  // The same counts with each column's codes mapped by a domain compression (levels() become the
  // compressed ones). From rows, the rows are compressed once; from given tables, cells are mapped.
  MarginalSource compressed(const DomainCompression& compression) const;

 private:
  std::vector<int> levels_;
  const EncodedTable* rows_ = nullptr;
  std::shared_ptr<const EncodedTable> owned_rows_;  // compressed rows
  std::shared_ptr<const MarginalCounts> counts_;    // given tables, at their original levels
  std::vector<std::vector<uint32_t>> code_;         // given tables: original -> compressed code per column
};

// Refuses (InvalidArgument) unless `data` can answer every table of `needed`: what a mechanism that
// reads count tables checks before anything is charged. `names` name the columns in the message.
Status require_count_tables(const MarginalSource& data, const std::vector<AttributeSet>& needed,
                            const std::vector<std::string>& names, const std::string& mechanism);

class MarginalWorkload;
// The concatenated counts of every marginal of `workload` (as MarginalWorkload::count on rows).
Result<std::vector<int64_t>> count_workload(const MarginalSource& data, const MarginalWorkload& workload);

}  // namespace privsynth
