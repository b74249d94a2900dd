#pragma once
// MST's domain compression (McKenna, Miklau & Sheldon 2021; docs/spec/algorithms.md §6, step 2): the values of a
// column whose noisy count is below a threshold are merged into one new value, so that later
// marginals do not spread their noise over cells that hold almost nobody. The decision reads only
// released noisy counts (post-processing), and the mapping is applied record by record, so
// neighbouring tables stay neighbouring.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"

namespace privsynth {

struct DomainCompression {
  std::vector<int> original_levels, levels;
  std::vector<std::vector<uint32_t>> code;                  // code[c][original] = compressed code
  std::vector<std::vector<std::vector<uint32_t>>> members;  // members[c][compressed] = original codes it stands for

  bool identity() const { return original_levels == levels; }
  // The records in compressed codes.
  EncodedTable compress(const EncodedTable& table) const;
  // Compressed counts of a column: the kept values' counts, then the merged value's sum.
  std::vector<double> compress_counts(size_t column, const std::vector<double>& counts) const;
  // Back to original codes; a merged value becomes one of its members uniformly at random.
  EncodedTable expand(const EncodedTable& compressed, RandomSource& random) const;
};

// Keeps, in each column, the values whose noisy count is at least `threshold`, in their order; the
// others (if there are two or more) become one merged value after them. noisy_counts[c][v] per
// value. With `groups` (per column, each value's group in a public hierarchy; empty: none), the
// rare values merge within their group: one merged value per group with two or more of them.
DomainCompression compress_domain(const std::vector<int>& levels, const std::vector<std::vector<double>>& noisy_counts,
                                  double threshold, const std::vector<std::vector<uint32_t>>& groups = {});

}  // namespace privsynth
