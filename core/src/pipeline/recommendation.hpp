#pragma once
// The mechanism recommended for a run, with its reason in one sentence, from public inputs only:
// the chosen columns of the schema, epsilon, the number of records n the user states as public,
// and the mlTarget. Never the data's own row count or anything else read from the data, since a
// recommendation that is taken becomes an option of the run. Part of the run advice
// (forecast/run_advice.hpp) and what "mechanism": "auto" runs; the rule and the measurements
// behind it are in recommendation.cpp.
#include <optional>
#include <string>
#include <vector>

#include "privsynth/schema.hpp"

namespace privsynth {

struct Recommendation {
  std::string mechanism;  // a registry id
  std::string reason;     // one sentence (two without n), shown as it is
};

// `columns`: the chosen columns, in order. `epsilon` and `rows` may be absent; an empty
// `ml_target` means none. Never where the data come from (rows, or count tables from DuckDB or a
// warehouse): the engine that reads a file must not change what "auto" releases.
Recommendation recommend_mechanism(const std::vector<Column>& columns, std::optional<double> epsilon,
                                   std::optional<double> rows, const std::string& ml_target);

}  // namespace privsynth
