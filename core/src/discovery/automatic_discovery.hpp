#pragma once
// A schema found privately in a table nobody described (docs/privacy/domain-discovery.md, "One
// release, no schema"): as the first part of one release of budget (epsilon, delta), it spends a
// share of that budget's rho (privacy/shared_release.hpp) on
//  - each column's kind (column_kinds.hpp): number, date, date-time, empty, or text;
//  - a text column's categories, by partition selection (partition_selection.hpp), listed in
//    natural order; a column whose released values cover too little of it is free text or an
//    identifier, kept out of every measurement;
//  - a number column's common values (partition selection on its values), then its range and its
//    bin edges at private quantiles (numeric_domain.hpp); a date column's range and edges the same way.
// Columns a partial schema describes are used as given. The header's names are public.
#include <optional>
#include <string>
#include <vector>

#include "base/random.hpp"
#include "privsynth/cell_grid.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/schema_discovery.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct AutomaticDiscoveryRequest {
  double epsilon = 0;  // the whole release's
  double delta = 0;
  double share = 0;  // the discovery's share of the release's rho
  int bins = kDefaultBins;
  std::string name = "discovered";
  std::vector<std::string> missing = {""};
  std::optional<Schema> given;    // columns used as given (a partial schema)
  std::vector<std::string> only;  // the columns to find (the run's "columns"); empty: every other one
  // Tests only, never read from a request: the DP audit's broken variant (a threshold without noise).
  bool selection_noise = true;
};

Result<SchemaDiscoveryOutput> discover_schema_automatically(const AutomaticDiscoveryRequest& request,
                                                            const CellGridView& grid, RandomSource& random);

}  // namespace privsynth
