#include "statistics/domain_compression.hpp"

#include <map>

namespace privsynth {

DomainCompression compress_domain(const std::vector<int>& levels, const std::vector<std::vector<double>>& noisy_counts,
                                  double threshold, const std::vector<std::vector<uint32_t>>& groups) {
  DomainCompression compression;
  compression.original_levels = levels;
  for (size_t c = 0; c < levels.size(); ++c) {
    const bool grouped = c < groups.size() && !groups[c].empty();
    std::map<uint32_t, std::vector<uint32_t>> rare;  // by group (one group without a grouping)
    for (size_t v = 0; v < size_t(levels[c]); ++v) {
      if (noisy_counts[c][v] < threshold) rare[grouped ? groups[c][v] : 0].push_back(uint32_t(v));
    }
    std::vector<bool> merged(size_t(levels[c]), false);
    for (const auto& [group, values] : rare) {
      if (values.size() < 2) continue;  // merging one value changes nothing
      for (uint32_t v : values) merged[v] = true;
    }
    // Kept values first, in their original order (the identity when nothing merges), then one
    // merged value per group that has two or more rare values.
    std::vector<uint32_t> code(static_cast<size_t>(levels[c]));
    std::vector<std::vector<uint32_t>> members;
    for (uint32_t v = 0; v < uint32_t(levels[c]); ++v) {
      if (merged[v]) continue;
      code[v] = uint32_t(members.size());
      members.push_back({v});
    }
    for (const auto& [group, values] : rare) {
      if (values.size() < 2) continue;
      for (uint32_t v : values) code[v] = uint32_t(members.size());
      members.push_back(values);
    }
    compression.levels.push_back(int(members.size()));
    compression.code.push_back(std::move(code));
    compression.members.push_back(std::move(members));
  }
  return compression;
}

EncodedTable DomainCompression::compress(const EncodedTable& table) const {
  EncodedTable compressed = make_empty_table(levels, table.rows);
  for (size_t c = 0; c < levels.size(); ++c) {
    for (size_t row = 0; row < table.rows; ++row) compressed.codes[c][row] = code[c][table.codes[c][row]];
  }
  return compressed;
}

std::vector<double> DomainCompression::compress_counts(size_t column, const std::vector<double>& counts) const {
  std::vector<double> compressed(size_t(levels[column]), 0.0);
  for (size_t v = 0; v < counts.size(); ++v) compressed[code[column][v]] += counts[v];
  return compressed;
}

EncodedTable DomainCompression::expand(const EncodedTable& compressed, RandomSource& random) const {
  EncodedTable table = make_empty_table(original_levels, compressed.rows);
  for (size_t c = 0; c < levels.size(); ++c) {
    for (size_t row = 0; row < compressed.rows; ++row) {
      const std::vector<uint32_t>& group = members[c][compressed.codes[c][row]];
      table.codes[c][row] = group.size() == 1 ? group[0] : group[random.uniform_below(group.size())];
    }
  }
  return table;
}

}  // namespace privsynth
