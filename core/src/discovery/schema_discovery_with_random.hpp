#pragma once
// Schema discovery with a given randomness source: the seeded runs of tests and the DP audit.
#include "base/random.hpp"
#include "privsynth/schema_discovery.hpp"

namespace privsynth {

// The same with a given randomness source instead of the request's (for tests: a failing source,
// to check that discovery fails closed; a seeded one makes the result not private).
Result<SchemaDiscoveryOutput> discover_schema_with_random(std::string_view request_json, const CellGridView& grid,
                                                          RandomSource& random);

}  // namespace privsynth
