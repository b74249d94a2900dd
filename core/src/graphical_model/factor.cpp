#include "graphical_model/factor.hpp"

#include <algorithm>
#include <iterator>

namespace privsynth {
namespace {

// Strides of `attributes` inside the row-major layout of `layout` (0 where absent).
std::vector<size_t> strides_within(const AttributeSet& attributes, const Factor& layout) {
  std::vector<size_t> strides(attributes.size(), 0);
  size_t stride = 1;
  for (size_t i = layout.attributes.size(); i-- > 0;) {
    const auto at = std::lower_bound(attributes.begin(), attributes.end(), layout.attributes[i]);
    if (at != attributes.end() && *at == layout.attributes[i]) strides[size_t(at - attributes.begin())] = stride;
    stride *= size_t(layout.sizes[i]);
  }
  return strides;
}

// Calls visit(cell of `over`, matching cell of `target`) for every cell of `over` (a factor whose
// attributes include every attribute of `target`), in order.
template <class Visit>
void for_each_cell(const Factor& over, const Factor& target, Visit&& visit) {
  const std::vector<size_t> strides = strides_within(over.attributes, target);
  std::vector<int> digit(over.attributes.size(), 0);
  const size_t cells = over.cells();
  size_t at = 0;
  for (size_t cell = 0; cell < cells; ++cell) {
    visit(cell, at);
    // Odometer over `over`'s cells, last attribute fastest.
    for (size_t i = over.attributes.size(); i-- > 0;) {
      at += strides[i];
      if (++digit[i] < over.sizes[i]) break;
      at -= strides[i] * size_t(over.sizes[i]);
      digit[i] = 0;
    }
  }
}

std::vector<uint32_t> cell_map(const Factor& over, const Factor& target) {
  std::vector<uint32_t> index(over.cells());
  for_each_cell(over, target, [&](size_t cell, size_t at) { index[cell] = static_cast<uint32_t>(at); });
  return index;
}

}  // namespace

bool is_subset(const AttributeSet& inner, const AttributeSet& outer) {
  return std::includes(outer.begin(), outer.end(), inner.begin(), inner.end());
}

AttributeSet set_union(const AttributeSet& a, const AttributeSet& b) {
  AttributeSet out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

AttributeSet set_intersection(const AttributeSet& a, const AttributeSet& b) {
  AttributeSet out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

AttributeSet set_difference(const AttributeSet& a, const AttributeSet& b) {
  AttributeSet out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

double cell_count(const AttributeSet& attributes, const std::vector<int>& levels) {
  double cells = 1;
  for (int a : attributes) cells *= levels[size_t(a)];
  return cells;
}

Factor make_factor(const AttributeSet& attributes, const std::vector<int>& levels, double fill) {
  Factor factor;
  factor.attributes = attributes;
  for (int a : attributes) factor.sizes.push_back(levels[size_t(a)]);
  factor.values.assign(static_cast<size_t>(cell_count(attributes, levels)), fill);
  return factor;
}

std::vector<uint32_t> sub_cell_index(const Factor& big, const AttributeSet& sub) {
  Factor target;
  target.attributes = sub;
  for (int a : sub) {
    const size_t i = size_t(std::lower_bound(big.attributes.begin(), big.attributes.end(), a) - big.attributes.begin());
    target.sizes.push_back(big.sizes[i]);
  }
  return cell_map(big, target);
}

void sum_onto(const Factor& big, const std::vector<uint32_t>& index, Factor& out) {
  std::fill(out.values.begin(), out.values.end(), 0.0);
  for (size_t i = 0; i < big.values.size(); ++i) out.values[index[i]] += big.values[i];
}

Factor marginalize(const Factor& factor, const AttributeSet& keep) {
  Factor out;
  out.attributes = keep;
  size_t cells = 1;
  for (int a : keep) {
    const size_t i =
        size_t(std::lower_bound(factor.attributes.begin(), factor.attributes.end(), a) - factor.attributes.begin());
    out.sizes.push_back(factor.sizes[i]);
    cells *= size_t(factor.sizes[i]);
  }
  out.values.assign(cells, 0.0);
  for_each_cell(factor, out, [&](size_t cell, size_t at) { out.values[at] += factor.values[cell]; });
  return out;
}

Factor multiply(const Factor& a, const Factor& b) {
  Factor out;
  out.attributes = set_union(a.attributes, b.attributes);
  size_t cells = 1;
  for (int attribute : out.attributes) {
    const auto in_a = std::lower_bound(a.attributes.begin(), a.attributes.end(), attribute);
    const int size = (in_a != a.attributes.end() && *in_a == attribute)
                         ? a.sizes[size_t(in_a - a.attributes.begin())]
                         : b.sizes[size_t(std::lower_bound(b.attributes.begin(), b.attributes.end(), attribute) -
                                          b.attributes.begin())];
    out.sizes.push_back(size);
    cells *= size_t(size);
  }
  out.values.assign(cells, 0.0);
  for_each_cell(out, a, [&](size_t cell, size_t at) { out.values[cell] = a.values[at]; });
  for_each_cell(out, b, [&](size_t cell, size_t at) { out.values[cell] *= b.values[at]; });
  return out;
}

Factor divide(const Factor& a, const Factor& b) {
  Factor out = a;
  for_each_cell(a, b, [&](size_t cell, size_t at) {
    const double d = b.values[at];
    out.values[cell] = d > 0 ? out.values[cell] / d : 0.0;
  });
  return out;
}

}  // namespace privsynth
