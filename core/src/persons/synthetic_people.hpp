#pragma once
// Synthetic people (docs/privacy/privacy-unit.md): the synthetic rows, grouped into persons. Rows
// are pooled by their codes in the "perPerson" columns; each synthetic person draws a number of
// rows from the released rows-per-person distribution and takes them from one pool, chosen with
// probability proportional to the rows it has left. So every person's perPerson columns agree
// across their rows, and a person's rows follow the synthetic table's distribution given those
// columns. It reads only the synthetic table and released figures: post-processing.
#include <cstdint>
#include <vector>

#include "base/random.hpp"
#include "data/table.hpp"
#include "privsynth/decoded_column.hpp"

namespace privsynth {

struct SyntheticPeople {
  std::vector<size_t> order;   // the synthetic rows in output order: person 1's rows, then person 2's, ...
  std::vector<double> person;  // per output row: its person's number, 1, 2, ...
  size_t persons = 0;
};

// `rows_distribution[j - 1]`: the share of persons with j rows.
SyntheticPeople assign_synthetic_people(const EncodedTable& synthetic, const std::vector<bool>& per_person,
                                        const std::vector<double>& rows_distribution, RandomSource& random);

// Puts decoded columns in the people's order; every row of a person takes its first row's value in
// the columns `per_person` marks (a numeric value drawn within its bin would differ otherwise).
void arrange_people(std::vector<DecodedColumn>& columns, const std::vector<bool>& per_person,
                    const SyntheticPeople& people);

}  // namespace privsynth
