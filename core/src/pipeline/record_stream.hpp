#pragma once
// Builds the SyntheticRecordStream (privsynth/record_stream.hpp) of a run from the mechanism's
// deferred draws (MechanismOutput::draw_records).
#include <memory>
#include <vector>

#include "base/random.hpp"
#include "mechanisms/mechanism.hpp"
#include "privsynth/record_stream.hpp"
#include "privsynth/schema.hpp"

namespace privsynth {

// `output` gives its draws up; `random` continues the run's randomness. Errors (Internal): the
// mechanism drew its records at once.
Result<SyntheticRecordStream> make_record_stream(const std::vector<Column>& columns, MechanismOutput& output,
                                                 std::unique_ptr<RandomSource> random);

}  // namespace privsynth
