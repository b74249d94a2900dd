#pragma once
// The catalogue of mechanisms: the id the option "mechanism" takes, a label, the kind of privacy
// each gives, and every option a run reads for it (with, for an option that takes a fixed set of
// values, those values), with what each means and its default. It is what the options readers declare when they read an
// empty options object (core/src/base/options.hpp), so it lists exactly what a run accepts. The library exposes it as
// mechanismCatalogue() (docs/api.md).
#include <optional>
#include <string>
#include <vector>

#include "privsynth/status.hpp"

namespace privsynth {

struct OptionInfo {
  std::string name;
  std::string type;                 // "number", "integer", "boolean", "text", "text-list", "choice", "column-sets"
  std::vector<std::string> values;  // "choice": the values it takes, in order
  std::optional<double> minimum, maximum;  // "number" and "integer": inclusive bounds
  bool minimum_excluded = false;           // the value must exceed `minimum`
  bool test_only = false;                  // for tests only: makes the output NOT PRIVATE
  std::string doc;                         // what it means, in one or two sentences
  std::string default_json;                // the default the code keeps, as JSON text ("" when none is stated)
  bool default_computed = false;           // the default is worked out at run time (the doc says how)
  bool required = false;                   // a run refuses to start without it
};

struct MechanismInfo {
  std::string id;
  std::string label;
  std::string neighbours;           // "add-remove" or "replace-one"
  std::string accounting;           // "basic" (pure epsilon-DP) or "zcdp" ((epsilon, delta)-DP through rho-zCDP)
  std::string privacy;              // the two in words
  std::vector<OptionInfo> options;  // its own options, in the order it reads them
};

struct MechanismCatalogue {
  std::vector<OptionInfo> common_options;  // read for every mechanism (epsilon, columns, ...)
  std::vector<MechanismInfo> mechanisms;   // in registry order ("mechanism": "auto", the default, picks one)
};

Result<MechanismCatalogue> mechanism_catalogue();
Result<std::string> mechanism_catalogue_json();

// The ids alone, in registry order.
std::vector<std::string> mechanism_ids();

}  // namespace privsynth
