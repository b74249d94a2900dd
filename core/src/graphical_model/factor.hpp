#pragma once
// A factor of a discrete graphical model: one non-negative (or log-domain) value per cell of the
// product of some attributes' domains. Attributes are column indices, kept in increasing order;
// cells are row-major (the last attribute varies fastest), as the marginal workload lays out a
// marginal's cells (statistics/workload.hpp), so a model's marginal and a measured marginal of the
// same columns line up cell for cell.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace privsynth {

// Increasing, distinct column indices.
using AttributeSet = std::vector<int>;

bool is_subset(const AttributeSet& inner, const AttributeSet& outer);
AttributeSet set_union(const AttributeSet& a, const AttributeSet& b);
AttributeSet set_intersection(const AttributeSet& a, const AttributeSet& b);
AttributeSet set_difference(const AttributeSet& a, const AttributeSet& b);
// The number of cells of the attributes' product domain, as a double (it may exceed size_t).
double cell_count(const AttributeSet& attributes, const std::vector<int>& levels);

struct Factor {
  AttributeSet attributes;
  std::vector<int> sizes;  // levels of each attribute, in the same order
  std::vector<double> values;

  size_t cells() const { return values.size(); }
};

// A factor over `attributes` (levels from the whole domain's `levels`) with every value `fill`.
Factor make_factor(const AttributeSet& attributes, const std::vector<int>& levels, double fill = 0.0);

// For `sub` ⊆ `big.attributes`: the index of the cell of `sub` that each cell of `big` falls in.
// Every operation between a factor and one of its sub-factors is one pass over this map.
std::vector<uint32_t> sub_cell_index(const Factor& big, const AttributeSet& sub);

// out[index[i]] += big[i] (out zeroed first): the sum of `big` onto the sub-factor `out`.
void sum_onto(const Factor& big, const std::vector<uint32_t>& index, Factor& out);
// The sum of `factor` onto `keep` ⊆ its attributes.
Factor marginalize(const Factor& factor, const AttributeSet& keep);

// The product of two factors over the union of their attributes.
Factor multiply(const Factor& a, const Factor& b);
// a / b cell by cell for b over a subset of a's attributes, with x / 0 = 0 (a conditional
// probability table where the condition has no mass).
Factor divide(const Factor& a, const Factor& b);

}  // namespace privsynth
