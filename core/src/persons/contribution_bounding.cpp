#include "persons/contribution_bounding.hpp"

#include <algorithm>
#include <cmath>

namespace privsynth {
namespace {

// Each person's rows, in row order.
std::vector<std::vector<size_t>> rows_of_persons(const std::vector<uint32_t>& person, size_t persons) {
  std::vector<std::vector<size_t>> rows(persons);
  for (size_t row = 0; row < person.size(); ++row) rows[person[row]].push_back(row);
  return rows;
}

// The first `count` entries become a uniform draw without replacement (a partial Fisher-Yates).
void draw_first(std::vector<size_t>& items, size_t count, RandomSource& random) {
  for (size_t i = 0; i < count && i + 1 < items.size(); ++i) {
    const size_t j = i + static_cast<size_t>(random.uniform_below(items.size() - i));
    std::swap(items[i], items[j]);
  }
}

bool same_value(const EncodedData& data, size_t column, size_t a, size_t b) {
  if (data.table.codes[column][a] != data.table.codes[column][b]) return false;
  if (data.unit_values.size() <= column || data.unit_values[column].empty()) return true;
  const double x = data.unit_values[column][a], y = data.unit_values[column][b];
  return x == y || (std::isnan(x) && std::isnan(y));
}

}  // namespace

Result<BoundingReport> bound_contributions(EncodedData& data, int rows_per_person, const std::vector<bool>& per_person,
                                           RandomSource& random) {
  if (rows_per_person < 1) return Status::error(ErrorCode::Internal, "rowsPerPerson must be at least 1");
  if (data.person.size() != data.table.rows) {
    return Status::error(ErrorCode::Internal, "contribution bounding needs each row's person");
  }
  const size_t columns = data.table.columns();
  BoundingReport report;
  report.persons = data.persons;
  report.rows_before = data.table.rows;
  report.persons_with_varying_value.assign(columns, 0);
  std::vector<std::vector<size_t>> rows = rows_of_persons(data.person, data.persons);
  std::vector<size_t> kept;
  kept.reserve(std::min(data.table.rows, data.persons * static_cast<size_t>(rows_per_person)));
  for (std::vector<size_t>& own : rows) {
    report.most_rows = std::max(report.most_rows, own.size());
    const size_t keep = std::min(own.size(), static_cast<size_t>(rows_per_person));
    if (own.size() > keep) ++report.persons_over_limit;
    draw_first(own, keep, random);
    own.resize(keep);
    // The first kept row is a uniform draw among the person's rows: its perPerson values become
    // every kept row's.
    for (size_t c = 0; c < columns; ++c) {
      if (!per_person[c] || own.empty()) continue;
      const size_t source = own.front();
      bool varied = false;
      for (size_t row : own) {
        if (same_value(data, c, source, row)) continue;
        varied = true;
        data.table.codes[c][row] = data.table.codes[c][source];
        if (c < data.unit_values.size() && !data.unit_values[c].empty()) {
          data.unit_values[c][row] = data.unit_values[c][source];
        }
      }
      if (varied) ++report.persons_with_varying_value[c];
    }
    kept.insert(kept.end(), own.begin(), own.end());
  }
  std::sort(kept.begin(), kept.end());  // the kept rows in their table order
  for (size_t c = 0; c < columns; ++c) {
    std::vector<uint32_t>& codes = data.table.codes[c];
    for (size_t i = 0; i < kept.size(); ++i) codes[i] = codes[kept[i]];
    codes.resize(kept.size());
    if (c < data.unit_values.size() && !data.unit_values[c].empty()) {
      std::vector<double>& values = data.unit_values[c];
      for (size_t i = 0; i < kept.size(); ++i) values[i] = values[kept[i]];
      values.resize(kept.size());
    }
  }
  for (size_t i = 0; i < kept.size(); ++i) data.person[i] = data.person[kept[i]];
  data.person.resize(kept.size());
  data.table.rows = kept.size();
  report.rows_kept = kept.size();
  return report;
}

std::vector<size_t> persons_by_row_count(const std::vector<uint32_t>& person, size_t persons, int rows_per_person) {
  std::vector<size_t> rows(persons, 0);
  for (uint32_t p : person) ++rows[p];
  std::vector<size_t> counts(static_cast<size_t>(std::max(rows_per_person, 1)), 0);
  for (size_t r : rows) {
    if (r > 0) ++counts[std::min(r, counts.size()) - 1];
  }
  return counts;
}

std::vector<size_t> one_row_per_person(const std::vector<int64_t>& person, size_t persons, RandomSource& random) {
  // Reservoir sampling of one row per person: the j-th row of a person replaces the choice with
  // probability 1 / j, which leaves each of its rows chosen with probability 1 / (its rows).
  std::vector<size_t> chosen(persons, 0), seen(persons, 0);
  for (size_t row = 0; row < person.size(); ++row) {
    if (person[row] < 0) continue;
    const size_t p = static_cast<size_t>(person[row]);
    if (random.uniform_below(++seen[p]) == 0) chosen[p] = row;
  }
  std::vector<size_t> rows;
  for (size_t p = 0; p < persons; ++p) {
    if (seen[p] > 0) rows.push_back(chosen[p]);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace privsynth
