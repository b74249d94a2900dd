#pragma once
// The public domain of a table (docs/architecture.md §2, schema JSON v1). Nothing here is read from private data:
// a schema comes from the user, a bundled file, or an inference that is labelled "not private".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "privsynth/status.hpp"

namespace privsynth {

enum class ColumnKind { Categorical, Numeric };

// A category is written in JSON as a string or a number. A numeric category matches every token
// that parses to the same number ("1", "1.0", "1e0" all match the category 1).
struct Category {
  std::string label;             // how it is written back out
  std::optional<double> number;  // set when the schema gave a JSON number
};

// The steps a date or date-time column counts in, coarsest first.
enum class TimeGranularity { Year, Month, Day, Hour, Minute, Second };

// A "date" or "datetime" column (docs/schema.md): numeric, its values whole steps of its
// granularity since 1970-01-01T00:00 (naive, or UTC), read and written as text in its format.
struct TimeColumn {
  bool with_time = false;  // "datetime" (else "date")
  TimeGranularity granularity = TimeGranularity::Day;
  bool utc = false;    // datetime: "timezone": "utc" (else "naive": no time zone, none allowed in cells)
  std::string format;  // a pattern of YYYY, MM, DD, HH, mm, ss and literal text; empty: ISO 8601
};

// A level of a categorical column's public hierarchy (docs/schema.md, "hierarchy"): each label of
// the level below (the categories, for the first level) belongs to one of this level's groups.
struct HierarchyLevel {
  std::string name;
  std::vector<std::string> groups;  // the groups' labels
  std::vector<int> group_of;        // per label of the level below: the index of its group
};

struct Column {
  std::string name;
  ColumnKind kind = ColumnKind::Categorical;
  std::vector<Category> categories;       // categorical only
  std::vector<HierarchyLevel> hierarchy;  // categorical only: coarser levels, finest first
  double min = 0, max = 0;                // numeric only: public bounds
  bool integer = false;                   // numeric only: values are whole numbers
  int bins = 0;                           // numeric only: bins of [min, max], equal-width unless bin_edges
  // numeric only: public explicit bin edges ("binEdges", docs/schema.md), bins + 1 of them, strictly
  // increasing from min to max (whole numbers in an integer column); bin i is [edge i, edge i+1),
  // the last one closed. Empty: equal-width bins.
  std::vector<double> bin_edges;
  // numeric only: public values each with a level of its own after the bins ("commonValues",
  // docs/schema.md), ascending; a cell equal to one is coded there, never in its bin.
  std::vector<double> common_values;
  bool nullable = false;           // has an extra "missing" level
  std::optional<TimeColumn> time;  // numeric only: a date or date-time column (integer, in its steps)
  // "perPerson": the column holds one value per person of the schema's privacy unit (sex, birth
  // year): every row of a person, real after bounding and synthetic, carries the same value
  // (docs/privacy/privacy-unit.md).
  bool per_person = false;
};

// A column that is not synthesized as data (docs/schema.md): nothing is read or measured from it,
// and the synthetic table gets fresh identifiers ("id") or a stated placeholder ("text") in its
// place. Mechanisms never see it; the receipt lists it.
enum class UnmeasuredKind { Id, Text };
struct UnmeasuredColumn {
  std::string name;
  UnmeasuredKind kind = UnmeasuredKind::Id;
  std::string text;     // id: the identifiers' prefix; text: the placeholder every row gets
  size_t position = 0;  // its place among all the schema's columns, kept by schema_to_json
};

// What a privately discovered domain cost (docs/privacy/domain-discovery.md): a schema with
// "provenance": "dp-discovered" states it, and every receipt of a synthesis with that schema adds it.
struct DiscoveryCost {
  double epsilon = 0;  // its (epsilon, delta)-DP guarantee on its own
  double delta = 0;
  // Why the discovery itself was not private (a fixed test seed): every receipt built on this
  // schema is then not private either, and says why.
  std::vector<std::string> not_private_reasons;
  // Set when it was discovered as the first part of one release ("rho", "selectionDelta"): its
  // zCDP cost, and the delta of its partition selections (delta - selection_delta converted rho
  // into epsilon above). A run with this schema spends the rest of that release's budget
  // (privacy/shared_release.hpp).
  std::optional<double> rho;
  double selection_delta = 0;
  // "privacyUnit": the person column the discovery read one row of each person by (its guarantee is
  // then per person); empty: it read every row (per row). A run's privacyUnit must be the same.
  std::string privacy_unit;
};

// A public rule every record must obey (docs/schema.md, "Rules"): what a domain expert knows
// without the data ("alive means no cause of death", "admitted <= discharged"). A condition holds
// when its column's value is one of `values` (categories by their index, numbers exactly) or, with
// `missing`, when the cell is missing.
struct RuleCondition {
  std::string column;
  std::vector<int> categories;      // categorical: the category indices that satisfy it
  std::vector<double> numbers;      // numeric: the values that satisfy it
  bool missing = false;             // the missing value satisfies it
  std::vector<std::string> labels;  // the values as written ("missing" for null), for messages
};
enum class RuleKind {
  Implies,          // "if" all hold, then all of "then" hold
  Never,            // "never": the conditions never all hold together (a structural zero)
  MissingTogether,  // "missingTogether": the columns are missing in the same rows
  Nested,           // "nested": each value of the child column has one value of the parent column
  Order,            // "order": left op right + plus, op one of <, <=, =
};
struct Rule {
  RuleKind kind = RuleKind::Implies;
  std::string name;                       // the user's name, or the rule in words
  std::vector<RuleCondition> when, then;  // Implies: when => then; Never: when
  std::vector<std::string> columns;       // MissingTogether; Nested: child, parent; Order: left, right
  std::string op;                         // Order: "<", "<=" or "="
  double plus = 0;                        // Order: the right side's offset
  std::string json;                       // the rule as given, written back by schema_to_json
};

struct Schema {
  int version = 1;
  std::string name;
  std::string source;                        // free-text provenance of the domains
  std::vector<Column> columns;               // the columns synthesized as data
  std::vector<UnmeasuredColumn> unmeasured;  // "id" and "text" columns, in schema order
  std::vector<std::string> missing_tokens;   // cell texts that mean "missing"
  bool inferred_from_data = false;           // "provenance": "inferred-from-data": NOT PRIVATE
  std::optional<DiscoveryCost> discovered;   // "provenance": "dp-discovered", with "discovery": {epsilon, delta}
  // "privacyUnit": the "id" column that names a person. Empty: each row is its own person. Set: the
  // guarantee is for adding or removing one person with all their rows (docs/privacy/privacy-unit.md).
  std::string privacy_unit;
  // "rules": public rules every record must obey; checked on the synthetic table (the report's
  // "rules"), not yet enforced by the mechanisms.
  std::vector<Rule> rules;
};

// Number of encoded levels of a column: categories, or bins and then the common values, plus one
// "missing" level (the last code) when the column is nullable.
int level_count(const Column& column);
// Code of the missing level, or -1 when the column is not nullable.
int missing_code(const Column& column);

// Limits that keep every later allocation bounded.
inline constexpr int kMaxCategories = 100000;
inline constexpr int kMaxBins = 100000;
inline constexpr int kMaxColumns = 1000;
inline constexpr int kDefaultBins = 16;
inline constexpr int kMaxCommonValues = 1000;

// Parses and validates schema JSON v1. Errors name the column and the problem.
Result<Schema> parse_schema_json(std::string_view json);
// Serializes back to schema JSON v1 (round-trips through parse_schema_json).
std::string schema_to_json(const Schema& schema);

// Index of the (measured) column with this name, or -1.
int find_column(const Schema& schema, std::string_view name);
// The "id" or "text" column with this name, or null.
const UnmeasuredColumn* find_unmeasured(const Schema& schema, std::string_view name);

}  // namespace privsynth
