#pragma once
// Boxes of the KD-tree (kd_tree_partition.hpp) and their geometry. A box is its key, one entry per
// axis (categorical: the code; numeric: the cell index at the box's resolution along that axis),
// and its depth, the numeric cuts so far. Numeric axes are cut cyclically in their order in the
// space, so at depth k the j-th numeric axis has been cut floor(k/p) + (j < k mod p) times.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data/space_points.hpp"

namespace privsynth {

using KdKey = std::vector<uint64_t>;

using KdKeyHash = IndexVectorHash;

struct KdBox {
  KdKey key;
  size_t depth = 0;
};

class KdGeometry {
 public:
  explicit KdGeometry(const std::vector<SpaceAxis>& axes) : axes_(axes) {
    for (size_t axis = 0; axis < axes.size(); ++axis) {
      if (!axes[axis].categorical) numeric_.push_back(axis);
    }
  }
  size_t numeric_axes() const { return numeric_.size(); }
  // The axis a box of this depth is halved along (Algorithm 3, "curr-axis").
  size_t axis_to_cut(size_t depth) const { return numeric_[depth % numeric_.size()]; }
  // Left child: the lower half [low, mid); right child: [mid, high).
  KdBox child(const KdBox& box, bool right) const {
    KdBox child{box.key, box.depth + 1};
    uint64_t& index = child.key[axis_to_cut(box.depth)];
    index = 2 * index + (right ? 1 : 0);
    return child;
  }
  double midpoint(const KdBox& box) const {
    const size_t axis = axis_to_cut(box.depth);
    return std::ldexp(static_cast<double>(2 * box.key[axis] + 1), -static_cast<int>(cuts(box.depth, axis) + 1));
  }
  SpaceBin bin(const KdBox& box, double weight) const {
    SpaceBin bin;
    bin.weight = weight;
    for (size_t axis = 0; axis < axes_.size(); ++axis) {
      const double index = static_cast<double>(box.key[axis]);
      if (axes_[axis].categorical) {
        bin.low.push_back(index);
        bin.high.push_back(index + 1);
      } else {
        const int c = static_cast<int>(cuts(box.depth, axis));
        bin.low.push_back(std::ldexp(index, -c));
        bin.high.push_back(std::ldexp(index + 1, -c));
      }
    }
    return bin;
  }

 private:
  size_t cuts(size_t depth, size_t axis) const {
    size_t ordinal = 0;
    while (numeric_[ordinal] != axis) ++ordinal;
    return depth / numeric_.size() + (ordinal < depth % numeric_.size() ? 1 : 0);
  }
  const std::vector<SpaceAxis>& axes_;
  std::vector<size_t> numeric_;
};

}  // namespace privsynth
