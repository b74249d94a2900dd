#pragma once
// A schema discovery request (docs/api.md, discoverSchema), read and checked before any data is
// touched: the budget, the missing-value tokens and, per column, its kind and, for a numeric one,
// its public rough range.
#include <string>
#include <string_view>
#include <vector>

#include "discovery/automatic_discovery.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct DiscoveryColumnRequest {
  Column column;                // name, kind, integer, bins, nullable
  double lower = 0, upper = 0;  // numeric: the public rough range
};

struct DiscoveryRequest {
  double epsilon = 0;
  double delta = 0;                 // categorical columns: the whole delta; 0 without them
  std::string name = "discovered";  // the schema's
  std::vector<std::string> missing = {""};
  std::vector<DiscoveryColumnRequest> columns;
  size_t categorical = 0;  // columns among them that are categorical

  // Each column's share: the budget split evenly (delta among the categorical columns only).
  double column_epsilon() const { return epsilon / double(columns.size()); }
  double column_delta() const { return categorical > 0 ? delta / double(categorical) : 0; }
};

// Errors: InvalidArgument ("schema discovery: ..."), naming the key or column at fault.
Result<DiscoveryRequest> read_discovery_request(std::string_view request_json);

// A request with "share": the discovery as the first part of one release (automatic_discovery.hpp):
// {"epsilon", "delta"? (the release's, default kDefaultDelta), "share" in (0, 1), "bins"?, "name"?, "missing"?,
//  "testSeed"?, "schema"?: a partial schema whose columns are used as given, "columns"?: the names of
//  the only columns to find}.
bool is_automatic_discovery_request(std::string_view request_json);
Result<AutomaticDiscoveryRequest> read_automatic_discovery_request(std::string_view request_json);

}  // namespace privsynth
