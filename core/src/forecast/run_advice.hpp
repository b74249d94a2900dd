#pragma once
// The run advice (privsynth/run_advice.hpp): the run's own rules applied to public inputs. Each
// answer comes from the function the run calls: level_count (schema.hpp), resolve_columns and
// check_ml_target (run_setup.hpp), the reduced-space LP's option reader and fits_continuous_space
// (mechanisms/reduced_space_lp/reduced_space_lp.hpp), resolve_reference_options and
// split_reference_budget (reference_release.hpp); the recommendation from recommendation.hpp.
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include <nlohmann/json.hpp>

#include "mechanisms/reduced_space_lp/reference_release.hpp"
#include "pipeline/recommendation.hpp"
#include "privsynth/run_advice.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct ColumnAdvice {
  std::string name;
  ColumnKind kind = ColumnKind::Categorical;
  int levels = 0;             // level_count: categories or bins, plus the missing level
  bool ml_target_ok = false;  // can_be_ml_target
};

struct ReferenceAdvice {
  ReferenceKind choice = ReferenceKind::Auto;
  ReferenceKind measure = ReferenceKind::Uniform;  // "auto" resolved
  bool continuous = false;                         // the "space" the options give
  double budget_fraction = 0;                      // of epsilon, for mu (0: uniform)
  double default_budget_fraction = 0;              // the share used when none is given
  std::optional<double> epsilon, lp_epsilon;       // with epsilon given
};

struct RunAdvice {
  std::vector<ColumnAdvice> columns;  // the chosen columns, in the order asked
  double domain_cells = 1;            // product of their levels (the full encoded domain)
  bool continuous_space_possible = false;
  ReferenceAdvice reference;
  Recommendation recommendation;
};

Result<RunAdvice> advise_run(std::string_view schema_json, std::string_view request_json);
nlohmann::json run_advice_json(const RunAdvice& advice);

}  // namespace privsynth
