#pragma once
// A release whose privacy unit is a person (docs/privacy/privacy-unit.md): the person-level ledger
// around a mechanism that runs on each person's bounded rows. Before the mechanism: the rows are
// bounded to k per person, the perPerson columns made constant, and the rows-per-person
// distribution released (charged to the person-level ledger). After it: everything the mechanism
// charged at row level is charged once more at person level, by group privacy over k rows, and the
// synthetic rows are grouped into synthetic people.
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/random.hpp"
#include "data/encoding.hpp"
#include "persons/contribution_bounding.hpp"
#include "persons/rows_per_person.hpp"
#include "persons/rows_per_person_choice.hpp"
#include "persons/synthetic_people.hpp"
#include "pipeline/run_setup.hpp"
#include "privacy/accountant.hpp"

namespace privsynth {

// The bounding as a replaceable step (the DP audit's broken variant skips it).
using BoundingStep = std::function<Result<BoundingReport>(EncodedData& data, int rows_per_person,
                                                          const std::vector<bool>& per_person, RandomSource& random)>;

// The private choice of k as a replaceable step (the DP audit's broken variant takes the exact quantile).
using RowsChoiceStep = std::function<Result<int>(const std::vector<uint32_t>& person, size_t persons, double quantile,
                                                 double epsilon, Accountant& ledger, RandomSource& random)>;

struct PersonRelease {
  Accountant ledger;  // person-level
  int rows_per_person = 1;
  std::vector<bool> per_person;  // per chosen column: declared perPerson
  BoundingReport bounding;
  size_t rows_without_person = 0;
  RowsPerPersonRelease rows;
  bool mechanism_charged = false;
  bool chosen_privately = false;  // k chosen by the exponential mechanism (else the run's option)
  double quantile = 0;            // and the quantile it aimed at
};

// A person-level release begun, and the run's setup replanned when k was chosen privately.
struct PersonStart {
  PersonRelease release;
  std::optional<RunSetup> replanned;
};

// Chooses k privately when the run did not set it (charged, and the setup replanned), bounds `data`
// and releases its rows-per-person distribution. Needs setup.person.
Result<PersonStart> begin_person_release(const RunSetup& setup, const Schema& chosen, EncodedData& data,
                                         RandomSource& random, const BoundingStep& bound, const RowsChoiceStep& choose);

// The same for count tables counted with the bounding in SQL (sql/count_query.hpp): no rows to
// bound; `counts[j - 1]` persons kept j records (the counts JSON's "rowsPerPerson").
Result<PersonRelease> begin_person_release_from_counts(const RunSetup& setup, const Schema& chosen,
                                                       const std::vector<size_t>& counts, RandomSource& random);

// The counts JSON's "rowsPerPerson": [[j, persons], ...], 1 <= j <= k, as counts per j. Errors name
// what is wrong; absent, it says which query gives it.
Result<std::vector<size_t>> parse_rows_per_person_json(std::string_view counts_json, int rows_per_person);

// Charges what the mechanism spent (its row-level ledger) to the person-level ledger, once.
Status charge_mechanism_to_person(PersonRelease& release, const Accountant& row_ledger);

// The receipt's privacy.privacyUnit: the unit, k, the split and the row-level ledger.
nlohmann::json privacy_unit_json(const PersonRelease& release, const Accountant& row_ledger, const std::string& column);

// The owner-only report's "persons" section: what the bounding did.
nlohmann::json persons_report_json(const PersonRelease& release, const Schema& chosen);

// The protected unit in words, for every receipt: one row, or one person with all their rows.
std::string protected_unit_text(const std::string& privacy_unit, int rows_per_person);

}  // namespace privsynth
