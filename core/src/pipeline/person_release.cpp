#include "pipeline/person_release.hpp"

#include <cmath>

#include "privacy/receipt_privacy.hpp"

namespace privsynth {

namespace {

// The person-level ledger at the run's person budget, and the perPerson flags of the chosen columns.
Result<PersonRelease> open_person_release(const RunSetup& setup, const Schema& chosen) {
  const PersonBudget& budget = *setup.person;
  const PrivacyModel model{setup.mechanism.privacy.neighbours, setup.mechanism.privacy.accounting};
  PRIVSYNTH_ASSIGN_OR_RETURN(Accountant ledger, Accountant::create(model.with_budget(budget.epsilon, budget.delta)));
  PersonRelease release{std::move(ledger),       budget.rows_per_person, {}, {}, 0, {}, false,
                        budget.chosen_privately, budget.quantile};
  for (const Column& column : chosen.columns) release.per_person.push_back(column.per_person);
  return release;
}

}  // namespace

Result<PersonStart> begin_person_release(const RunSetup& setup, const Schema& chosen, EncodedData& data,
                                         RandomSource& random, const BoundingStep& bound,
                                         const RowsChoiceStep& choose) {
  PRIVSYNTH_ASSIGN_OR_RETURN(PersonRelease release, open_person_release(setup, chosen));
  std::optional<RunSetup> replanned;
  if (setup.person->chosen_privately) {
    PRIVSYNTH_ASSIGN_OR_RETURN(const int k, choose(data.person, data.persons, setup.person->quantile,
                                                   setup.person->choice_epsilon, release.ledger, random));
    replanned = setup;
    PRIVSYNTH_RETURN_IF_ERROR(replan_person_level(*replanned, k));
    release.rows_per_person = k;
  }
  release.rows_without_person = data.report.rows_without_person;
  PRIVSYNTH_ASSIGN_OR_RETURN(release.bounding, bound(data, release.rows_per_person, release.per_person, random));
  const std::vector<size_t> counts = persons_by_row_count(data.person, data.persons, release.rows_per_person);
  const double histogram_epsilon = (replanned ? *replanned : setup).person->histogram_epsilon;
  PRIVSYNTH_ASSIGN_OR_RETURN(release.rows, release_rows_per_person(counts, histogram_epsilon, release.ledger, random));
  return PersonStart{std::move(release), std::move(replanned)};
}

Result<PersonRelease> begin_person_release_from_counts(const RunSetup& setup, const Schema& chosen,
                                                       const std::vector<size_t>& counts, RandomSource& random) {
  PRIVSYNTH_ASSIGN_OR_RETURN(PersonRelease release, open_person_release(setup, chosen));
  release.bounding.persons_with_varying_value.assign(chosen.columns.size(), 0);
  for (size_t j = 0; j < counts.size(); ++j) {
    release.bounding.persons += counts[j];
    release.bounding.rows_kept += (j + 1) * counts[j];
  }
  release.bounding.rows_before = release.bounding.rows_kept;  // what SQL left out is in its own counts
  PRIVSYNTH_ASSIGN_OR_RETURN(release.rows,
                             release_rows_per_person(counts, setup.person->histogram_epsilon, release.ledger, random));
  return release;
}

Result<std::vector<size_t>> parse_rows_per_person_json(std::string_view counts_json, int rows_per_person) {
  const nlohmann::json root = nlohmann::json::parse(counts_json.begin(), counts_json.end(), nullptr, false);
  if (root.is_discarded() || !root.is_object() || !root.contains("rowsPerPerson")) {
    return Status::error(ErrorCode::InvalidArgument,
                         "count tables of a run with a privacy unit need \"rowsPerPerson\": the persons' numbers of "
                         "kept records, which the query's rowsPerPersonSql computes");
  }
  const auto bad = [](const std::string& what) {
    return Status::error(ErrorCode::InvalidArgument, "\"rowsPerPerson\": " + what);
  };
  const nlohmann::json& list = root["rowsPerPerson"];
  if (!list.is_array()) return bad("must be a list of [records, persons] pairs");
  std::vector<size_t> counts(static_cast<size_t>(rows_per_person), 0);
  for (const nlohmann::json& pair : list) {
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_integer() || !pair[1].is_number_integer()) {
      return bad("each entry must be [records, persons], two whole numbers");
    }
    const long long records = pair[0].get<long long>(), persons = pair[1].get<long long>();
    if (records < 1 || records > rows_per_person || persons < 0) {
      return bad("records must be 1 to rowsPerPerson (" + std::to_string(rows_per_person) +
                 ") and persons >= 0; got [" + std::to_string(records) + ", " + std::to_string(persons) + "]");
    }
    counts[size_t(records - 1)] += size_t(persons);
  }
  return counts;
}

Status charge_mechanism_to_person(PersonRelease& release, const Accountant& row_ledger) {
  if (release.mechanism_charged || row_ledger.ledger().empty()) return Status::ok();
  GroupCost cost{release.rows_per_person, 0, 0, 0};
  if (row_ledger.definition().accounting == Accounting::Zcdp) {
    cost.row_rho = row_ledger.spent();
  } else {
    cost.row_epsilon = row_ledger.spent();
    cost.row_delta = row_ledger.delta_spent();
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      release.ledger.charge(Charge{"the mechanism's releases on at most " + std::to_string(release.rows_per_person) +
                                       " rows per person (privacy.privacyUnit.rowLevelLedger)",
                                   "group privacy over a person's rows", cost}));
  release.mechanism_charged = true;
  return Status::ok();
}

std::string protected_unit_text(const std::string& privacy_unit, int rows_per_person) {
  if (privacy_unit.empty()) {
    return "one row: each row is taken to be a different person, so a person with several rows is protected less "
           "(name the column that identifies a person as the schema's privacyUnit)";
  }
  return "one person: every row with the same \"" + privacy_unit + "\", at most " + std::to_string(rows_per_person) +
         " of them kept per person";
}

nlohmann::json privacy_unit_json(const PersonRelease& release, const Accountant& row_ledger,
                                 const std::string& column) {
  return {
      {"column", column},
      {"rowsPerPerson", release.rows_per_person},
      {"rowsPerPersonChosen", release.chosen_privately ? "privately: the exponential mechanism chose it near the " +
                                                             std::to_string(int(std::round(release.quantile * 100))) +
                                                             "th percentile of rows per person (ledger)"
                                                       : std::string("by the run's option rowsPerPerson")},
      {"bounding",
       "each person kept at most rowsPerPerson of their rows, drawn at random; a row without an identifier was "
       "left out; the perPerson columns took, in all of a person's rows, the values of one of them"},
      {"rowLevel", privacy_json(row_ledger)},
      {"rowLevelLedger", ledger_json(row_ledger)},
      {"note",
       "the mechanism ran on the bounded rows at the row-level budget of privacy.privacyUnit.rowLevel; by group "
       "privacy over rowsPerPerson rows that is the person-level cost in the ledger (docs/privacy/"
       "privacy-unit.md). The synthetic people take their numbers of rows from the released distribution of "
       "rows per person"}};
}

nlohmann::json persons_report_json(const PersonRelease& release, const Schema& chosen) {
  const BoundingReport& bounding = release.bounding;
  nlohmann::json varying = nlohmann::json::object();
  for (size_t c = 0; c < chosen.columns.size(); ++c) {
    if (release.per_person[c]) varying[chosen.columns[c].name] = bounding.persons_with_varying_value[c];
  }
  nlohmann::json noisy = nlohmann::json::array();
  for (double count : release.rows.noisy_counts) noisy.push_back(count);
  return {{"privacyUnit", chosen.privacy_unit},
          {"rowsPerPerson", release.rows_per_person},
          {"persons", bounding.persons},
          {"rowsRead", bounding.rows_before},
          {"rowsKept", bounding.rows_kept},
          {"rowsWithoutPerson", release.rows_without_person},
          {"personsOverLimit", bounding.persons_over_limit},
          {"mostRowsOfAPerson", bounding.most_rows},
          {"personsWithVaryingPerPersonValue", varying},
          {"noisyPersonsByRowCount", noisy},
          {"note",
           "persons over the limit kept rowsPerPerson of their rows, drawn at random. A person whose perPerson "
           "column varied took the value of one of their rows, drawn at random. For your eyes only."}};
}

}  // namespace privsynth
