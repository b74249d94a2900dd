#pragma once
// The space the partitioning mechanisms cut (Kreačić et al., "Differentially private synthetic data
// using KD-trees"): every chosen column is an axis. A numeric column is the unit interval [0, 1],
// its PUBLIC bounds scaled (the paper reads min/max from the data, which is not private; we never
// do); a categorical column is its category codes, each its own bin along that axis (the paper's
// §5 extension to mixed tables).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"

namespace privsynth {

struct SpaceAxis {
  bool categorical = false;
  int levels = 0;  // categorical: number of codes (incl. a missing level); numeric: 0
};

// The private records as points of that space (views, nothing is copied).
struct SpacePoints {
  std::vector<SpaceAxis> axes;
  const EncodedTable* table = nullptr;                     // codes, for categorical axes
  const std::vector<std::vector<double>>* unit = nullptr;  // [axis][row] in [0, 1], for numeric axes
  size_t rows() const { return table ? table->rows : 0; }
  double numeric(size_t row, size_t axis) const { return (*unit)[axis][row]; }
  uint32_t code(size_t row, size_t axis) const { return table->codes[axis][row]; }
};

// A released bin: an axis-aligned box with its noisy count. Numeric axes: [low, high) in unit scale
// (the last bin of an axis includes 1); categorical axes: one code, low = code, high = code + 1.
struct SpaceBin {
  std::vector<double> low, high;
  double weight = 0;  // the noisy count (> 0 after thresholding)
};

// FNV-1a over the entries of an index vector (a grid cell's or a box's coordinates), for hash sets.
struct IndexVectorHash {
  template <class Index>
  size_t operator()(const std::vector<Index>& key) const {
    uint64_t hash = 1469598103934665603ULL;
    for (Index entry : key) {
      hash ^= static_cast<uint64_t>(entry);
      hash *= 1099511628211ULL;
    }
    return static_cast<size_t>(hash);
  }
};

// Puts released bins in a canonical order (by position): the order of a release must not tell which
// bins were non-empty in the data.
void sort_bins(std::vector<SpaceBin>& bins);

// Draws bins with probability proportional to their weights, and points uniform inside them
// (docs/spec/algorithms.md §4, "synthetic data from released cells").
class BinSampler {
 public:
  explicit BinSampler(const std::vector<SpaceBin>& bins);
  size_t draw(RandomSource& random) const;  // a bin's index; the bins must not be empty
  // Along a numeric axis: a value uniform in [low, high), at most 1.
  static double uniform_in(const SpaceBin& bin, size_t axis, RandomSource& random);

 private:
  std::vector<double> cumulative_;  // running sums of the weights
};

}  // namespace privsynth
