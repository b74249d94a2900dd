#pragma once
// Builds the SyntheticRecordStream (privsynth/record_stream.hpp) of a run from the mechanism's
// deferred draws (MechanismOutput::draw_records).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/random.hpp"
#include "mechanisms/mechanism.hpp"
#include "privsynth/record_stream.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

// With a privacy unit: the records of each chunk are grouped into synthetic people
// (persons/synthetic_people.hpp), numbered on from the chunks before, in a last column `unit`.
struct StreamedPeople {
  std::string unit;
  std::vector<bool> per_person;
  std::vector<double> rows_distribution;
};

// `output` gives its draws up; `random` continues the run's randomness. Errors (Internal): the
// mechanism drew its records at once.
Result<SyntheticRecordStream> make_record_stream(const std::vector<Column>& columns, MechanismOutput& output,
                                                 std::unique_ptr<RandomSource> random,
                                                 std::optional<StreamedPeople> people = std::nullopt);

}  // namespace privsynth
