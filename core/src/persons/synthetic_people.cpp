#include "persons/synthetic_people.hpp"

#include <algorithm>
#include <map>

namespace privsynth {
namespace {

// A number of rows, 1 .. k, drawn from the distribution.
size_t draw_row_count(const std::vector<double>& distribution, RandomSource& random) {
  double u = random.uniform_unit();
  for (size_t j = 0; j < distribution.size(); ++j) {
    if (u < distribution[j]) return j + 1;
    u -= distribution[j];
  }
  return std::max<size_t>(1, distribution.size());
}

template <typename T>
void permute(std::vector<T>& values, const std::vector<size_t>& order) {
  if (values.empty()) return;
  std::vector<T> arranged(order.size());
  for (size_t i = 0; i < order.size(); ++i) arranged[i] = values[order[i]];
  values = std::move(arranged);
}

}  // namespace

SyntheticPeople assign_synthetic_people(const EncodedTable& synthetic, const std::vector<bool>& per_person,
                                        const std::vector<double>& rows_distribution, RandomSource& random) {
  const size_t rows = synthetic.rows;
  // The pools: rows with the same codes in every perPerson column, each pool's rows shuffled.
  std::map<std::vector<uint32_t>, size_t> pool_of_key;
  std::vector<size_t> pool(rows);
  std::vector<std::vector<size_t>> pools;
  for (size_t row = 0; row < rows; ++row) {
    std::vector<uint32_t> key;
    for (size_t c = 0; c < synthetic.columns(); ++c) {
      if (per_person[c]) key.push_back(synthetic.codes[c][row]);
    }
    const auto found = pool_of_key.emplace(std::move(key), pools.size()).first;
    if (found->second == pools.size()) pools.emplace_back();
    pool[row] = found->second;
    pools[found->second].push_back(row);
  }
  for (std::vector<size_t>& members : pools) {
    for (size_t i = members.size(); i > 1; --i) std::swap(members[i - 1], members[random.uniform_below(i)]);
  }
  // Persons start at rows taken in a uniform random order: a person's pool is then chosen with
  // probability proportional to the rows it has left.
  std::vector<size_t> starts(rows);
  for (size_t i = 0; i < rows; ++i) starts[i] = i;
  for (size_t i = rows; i > 1; --i) std::swap(starts[i - 1], starts[random.uniform_below(i)]);
  std::vector<bool> taken(rows, false);
  std::vector<size_t> next(pools.size(), 0);  // the next member of each pool to look at
  SyntheticPeople people;
  people.order.reserve(rows);
  people.person.reserve(rows);
  for (size_t start : starts) {
    if (taken[start]) continue;
    const double number = double(++people.persons);
    const size_t wanted = draw_row_count(rows_distribution, random);
    taken[start] = true;
    people.order.push_back(start);
    people.person.push_back(number);
    std::vector<size_t>& members = pools[pool[start]];
    size_t& cursor = next[pool[start]];
    for (size_t got = 1; got < wanted && cursor < members.size(); ++cursor) {
      const size_t row = members[cursor];
      if (taken[row]) continue;
      taken[row] = true;
      people.order.push_back(row);
      people.person.push_back(number);
      ++got;
    }
  }
  return people;
}

void arrange_people(std::vector<DecodedColumn>& columns, const std::vector<bool>& per_person,
                    const SyntheticPeople& people) {
  for (size_t c = 0; c < columns.size(); ++c) {
    DecodedColumn& column = columns[c];
    permute(column.categories, people.order);
    permute(column.numbers, people.order);
    if (c >= per_person.size() || !per_person[c]) continue;
    for (size_t row = 1; row < people.order.size(); ++row) {
      if (people.person[row] != people.person[row - 1]) continue;
      if (!column.categories.empty()) column.categories[row] = column.categories[row - 1];
      if (!column.numbers.empty()) column.numbers[row] = column.numbers[row - 1];
    }
  }
}

}  // namespace privsynth
