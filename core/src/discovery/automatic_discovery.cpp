#include "discovery/automatic_discovery.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <nlohmann/json.hpp>

#include "base/json_text.hpp"
#include "base/number_text.hpp"
#include "data/binning.hpp"
#include "data/encoding.hpp"
#include "data/time_text.hpp"
#include "discovery/column_kinds.hpp"
#include "discovery/discovery_receipt.hpp"
#include "discovery/natural_order.hpp"
#include "discovery/numeric_domain.hpp"
#include "discovery/partition_selection.hpp"
#include "privacy/accountant.hpp"
#include "privacy/discrete_gaussian.hpp"
#include "privacy/receipt_privacy.hpp"
#include "privacy/shared_release.hpp"
#include "privsynth/version.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

// How the discovery's rho is spent (chosen by measurement: `npm run bench -- own-table`): a tenth
// on the kinds of all columns, the rest split evenly over the columns that hold data; inside a
// number column, a fifth on its common values and the rest on its range and edges.
constexpr double kKindsShare = 0.1;
constexpr double kCommonValuesShare = 0.2;
constexpr NumericDomainBudget kNumericShares{0.35, 0.2, 0.45};
// A released value is a common value of a number column when it holds at least 3% of the records
// (a spike: every age of an adult population holds less).
constexpr double kCommonValueMass = 0.03;
constexpr size_t kMaxCommonValuesFound = 20;
// A text column whose released values cover less than this share of its filled cells is free
// text or an identifier; below kCoveredWhole, its other values become missing.
constexpr double kCategoricalCoverage = 0.3, kCoveredWhole = 0.97;
constexpr size_t kMaxCategoriesFound = 10'000;

struct FoundColumn {
  std::optional<Column> measured;
  std::optional<UnmeasuredColumn> unmeasured;
  std::string found;  // "numbers", "categories", ...
  std::string note;
};

bool looks_like_identifier(const std::string& name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto ends_with = [&](const std::string& tail) {
    return lower.size() >= tail.size() && lower.compare(lower.size() - tail.size(), tail.size(), tail) == 0;
  };
  return lower == "id" || ends_with("_id") || ends_with(" id") || ends_with("-id") || ends_with(".id") ||
         (name.size() > 2 && ends_with("id") && std::isupper(static_cast<unsigned char>(name[name.size() - 2])));
}

struct Context {
  const CellGridView& grid;
  const std::set<std::string>& missing;
  const KindSurvey& survey;
  Accountant& accountant;
  RandomSource& random;
  double column_rho = 0;
  double column_delta = 0;
  int bins = kDefaultBins;
  bool selection_noise = true;
};

FoundColumn unmeasured(const std::string& name, size_t position, bool identifier, std::string found, std::string note) {
  FoundColumn column;
  column.unmeasured = UnmeasuredColumn{name, identifier ? UnmeasuredKind::Id : UnmeasuredKind::Text, "", position};
  column.found = std::move(found);
  column.note = std::move(note);
  return column;
}

// The values of one column (one per record) whose noisy count clears the threshold, charged as
// `what` of the column at `rho` (partition_selection.hpp).
Result<PartitionSelection> charged_selection(const std::string& what, const std::string& name,
                                             const std::vector<std::string>& values, double rho, Context& context) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const RationalVariance variance, variance_for_rho(1, rho));
  PRIVSYNTH_RETURN_IF_ERROR(context.accountant.charge(
      {what + " of \"" + name + "\": values whose noisy count clears a threshold (delta " +
           format_number(context.column_delta) + ")",
       "discrete Gaussian noise on counts, partition selection", GaussianCost{1, std::sqrt(variance.value())}}));
  return select_frequent_values(values, variance, context.column_delta, context.random, kMaxCategoriesFound,
                                context.selection_noise);
}

// A text column: its categories, or free text / an identifier.
Result<FoundColumn> find_categories(const std::string& name, size_t index, const KindDecision& kind,
                                    const NoisyKindCounts& counts, Context& context) {
  std::vector<std::string> values;
  for (size_t row = 1; row < context.grid.rows; ++row) {
    std::string token(cell_token(context.grid.cell(row, index)));
    if (!context.missing.count(token)) values.push_back(std::move(token));
  }
  Result<PartitionSelection> selection = charged_selection("categories", name, values, context.column_rho, context);
  const bool too_many = !selection.is_ok() && selection.status().code() == ErrorCode::DomainTooLarge;
  if (!selection.is_ok() && !too_many) return selection.status();
  double covered = 0;
  if (!too_many) {
    for (const SelectedValue& value : selection.value().selected) covered += double(value.noisy_count);
  }
  const double filled = counts.filled(context.survey.rows);
  const double coverage = filled > 0 ? covered / filled : 0;
  const std::string threshold = too_many ? "" : std::to_string(selection.value().threshold);
  if (too_many || selection.value().selected.empty() || coverage < kCategoricalCoverage) {
    const bool identifier = looks_like_identifier(name);
    return unmeasured(name, index, identifier, identifier ? "an identifier" : "free text",
                      "few of its values repeat often enough to be released privately (each needs about " +
                          (threshold.empty() ? std::string("many") : threshold) +
                          " records), so it is not synthesized: the output gets " +
                          (identifier ? "fresh identifiers" : "an empty column"));
  }
  Column column;
  column.name = name;
  column.kind = ColumnKind::Categorical;
  std::vector<std::string> labels;
  for (const SelectedValue& value : selection.value().selected) labels.push_back(value.value);
  std::sort(labels.begin(), labels.end(),
            [](const std::string& a, const std::string& b) { return natural_less(a, b); });
  for (const std::string& label : labels) column.categories.push_back({label, std::nullopt});
  column.nullable = kind.has_missing || coverage < kCoveredWhole;
  FoundColumn found;
  found.found = "categories";
  found.note = std::to_string(labels.size()) + " categories (" + kind.reason + "); values held by fewer than about " +
               threshold + " records are not released" + (coverage < kCoveredWhole ? " and become missing" : "");
  found.measured = std::move(column);
  return found;
}

// A bound as people read it: a date as ISO 8601 text, a number to 6 significant digits.
std::string readable(const Column& column, double value) {
  return column.time || std::fabs(value) >= 1e6 ? column_value_text(column, value) : format_rounded(value, 6);
}

// An integer column's common value whose bin holds no other whole number has a bin of its own already.
void drop_common_values_alone_in_their_bin(Column& column) {
  if (!column.integer) return;
  std::vector<double> kept;
  for (double value : column.common_values) {
    const WholeNumberRange range = whole_numbers_in_bin(column, numeric_bin(column, value));
    if (common_values_in(column, range) < static_cast<size_t>(range.last - range.first + 1)) kept.push_back(value);
  }
  column.common_values = kept;
}

// A whole-number column with at most `bins` numbers in its range, as the categories they are.
FoundColumn codes_found(Column column, const std::string& reason) {
  const std::string range = format_number(column.min) + " to " + format_number(column.max);
  for (double value = column.min; value <= column.max; value += 1) {
    column.categories.push_back({format_number(value), value});
  }
  column.kind = ColumnKind::Categorical;
  column.integer = false;
  column.bins = 0;
  column.min = column.max = 0;
  column.common_values.clear();
  FoundColumn found;
  found.found = "codes";
  found.note = reason + "; whole numbers " + range + " found privately, each a category";
  found.measured = std::move(column);
  return found;
}

// A number, date or date-time column: its common values (numbers only), range and bin edges.
Result<FoundColumn> find_numeric_domain(const std::string& name, size_t index, const KindDecision& kind,
                                        const NoisyKindCounts& counts, Context& context) {
  Column column;
  column.name = name;
  column.kind = ColumnKind::Numeric;
  column.nullable = kind.has_missing;
  if (kind.kind == FoundKind::Date || kind.kind == FoundKind::DateTime) {
    const bool with_time = kind.kind == FoundKind::DateTime;
    column.time = TimeColumn{with_time, with_time ? TimeGranularity::Minute : TimeGranularity::Day, kind.utc, ""};
  }
  column.integer = column.time.has_value() || kind.integer;
  std::vector<double> values;
  for (size_t row = 1; row < context.grid.rows; ++row) {
    const std::string_view token = cell_token(context.grid.cell(row, index));
    double value = 0;
    if (context.missing.count(std::string(token)) || !parse_column_value(token, column, value)) continue;
    values.push_back(column.integer && !column.time ? std::round(value) : value);
  }
  double domain_rho = context.column_rho;
  std::vector<double> common;
  double common_mass = 0;  // the common values' share of the filled cells, by their noisy counts
  if (!column.time) {
    const double common_rho = kCommonValuesShare * context.column_rho;
    domain_rho -= common_rho;
    std::vector<std::string> texts;
    for (double value : values) texts.push_back(format_number(value));
    PRIVSYNTH_ASSIGN_OR_RETURN(const PartitionSelection selection,
                               charged_selection("common values", name, texts, common_rho, context));
    std::vector<std::pair<long long, double>> heavy;
    const double filled = counts.filled(context.survey.rows);
    for (const SelectedValue& selected : selection.selected) {
      double value = 0;
      if (parse_cell_number(selected.value, value) && double(selected.noisy_count) >= kCommonValueMass * filled) {
        heavy.push_back({selected.noisy_count, value});
      }
    }
    std::sort(heavy.rbegin(), heavy.rend());  // the heaviest first (post-processing of noisy counts)
    for (size_t i = 0; i < heavy.size() && i < kMaxCommonValuesFound; ++i) {
      common.push_back(heavy[i].second);
      common_mass += double(heavy[i].first) / filled;
    }
    std::sort(common.begin(), common.end());
  }
  std::vector<double> spread;  // the values that are not common: the bins describe them
  for (double value : values) {
    if (!std::binary_search(common.begin(), common.end(), value)) spread.push_back(value);
  }
  const NumericDomainBudget budget{kNumericShares.bounds_rho * domain_rho, kNumericShares.narrowing_rho * domain_rho,
                                   kNumericShares.edges_rho * domain_rho};
  Result<NumericDomain> domain =
      discover_numeric_domain(spread, column.integer, context.bins, budget, name, context.accountant, context.random);
  if (!domain.is_ok() && (domain.status().code() != ErrorCode::EmptyData || common.empty())) {
    if (domain.status().code() != ErrorCode::EmptyData) return domain.status();
    return unmeasured(name, index, false, "too few values",
                      "its numbers are too few to find a range privately, so it is not synthesized: the output gets "
                      "an empty column");
  }
  if (domain.is_ok()) {
    column.min = domain.value().min;
    column.max = domain.value().max;
    column.bins = domain.value().bins;
    column.bin_edges = domain.value().edges;
  } else {  // nearly every value is a common one (a 0/1 flag): the range spans them (bins below)
    column.min = common.front();
    column.max = common.size() > 1 ? common.back() : common.front() + 1;
    column.bins = 1;
  }
  if (!common.empty()) {  // the common values lie inside the range: widen its ends to them
    column.min = std::min(column.min, common.front());
    column.max = std::max(column.max, common.back());
    if (!column.bin_edges.empty()) {
      column.bin_edges.front() = column.min;
      column.bin_edges.back() = column.max;
    } else if (column.integer) {
      column.bins = static_cast<int>(std::min<double>(column.max - column.min + 1, context.bins));
    }
  }
  column.common_values = common;
  drop_common_values_alone_in_their_bin(column);
  // A few whole numbers (a 0/1 flag, codes 1 to 9): categories in their order, each number exact.
  // Their range was found (or is spanned by common values that hold nearly every cell), and a
  // number outside it becomes missing rather than a neighbour's code.
  const bool spanned = !domain.is_ok() && common.size() >= 2 && common_mass >= kCoveredWhole;
  if (column.integer && !column.time && column.bin_edges.empty() && column.max - column.min + 1 <= context.bins &&
      (domain.is_ok() || spanned)) {
    column.nullable = column.nullable || !spanned;
    return codes_found(std::move(column), kind.reason);
  }
  FoundColumn found;
  found.found = column.time ? (column.time->with_time ? "date-times" : "dates") : "numbers";
  const std::string bins = !column.bin_edges.empty() ? std::to_string(column.bins) + " bins at private quantiles"
                           : column.integer && column.max - column.min + 1 == column.bins
                               ? std::string("one bin per whole number")
                               : std::to_string(column.bins) + " equal bins";
  found.note = kind.reason + "; range " + readable(column, column.min) + " to " + readable(column, column.max) +
               " found privately" + (domain.is_ok() ? "" : " (spanning its common values)") + ", " + bins;
  if (!column.common_values.empty()) {
    found.note += "; common values kept exact:";
    for (double value : column.common_values) found.note += " " + format_number(value);
  }
  found.measured = std::move(column);
  return found;
}

std::string discovery_receipt(const AutomaticDiscoveryRequest& request, const Schema& schema,
                              const Accountant& accountant,
                              const std::vector<std::pair<std::string, FoundColumn>>& found, bool seeded) {
  Json privacy = privacy_json(accountant);
  privacy["release"] = {{"epsilon", request.epsilon},
                        {"delta", request.delta},
                        {"share", request.share},
                        {"note",
                         "this discovery is the first part of one release of this epsilon and delta; the "
                         "run with its schema spends the rest, and its receipt states the whole"}};
  privacy["partitionSelectionDelta"] = schema.discovered->selection_delta;
  Json columns = Json::array();
  for (const auto& [name, column] : found) {
    columns.push_back({{"name", name}, {"found", column.found}, {"note", column.note}});
  }
  Json receipt = discovery_receipt_json(schema, accountant, seeded, privacy);
  receipt["columns"] = columns;
  return to_json_text(receipt, 1);
}

}  // namespace

Result<SchemaDiscoveryOutput> discover_schema_automatically(const AutomaticDiscoveryRequest& request,
                                                            const CellGridView& grid, RandomSource& random) {
  if (grid.rows == 0 || grid.columns == 0) return Status::error(ErrorCode::EmptyData, "the CSV has no header row");
  std::vector<std::string> header;
  for (size_t c = 0; c < grid.columns; ++c) {
    header.emplace_back(cell_token(grid.cell(0, c)));
    if (header.back().empty()) {
      return Status::error(ErrorCode::InvalidData,
                           "column " + std::to_string(c + 1) + " of the CSV has no name in the header row; name it");
    }
    if (std::count(header.begin(), header.end() - 1, header.back()) > 0) {
      return Status::error(ErrorCode::InvalidData,
                           "the CSV has two columns named \"" + header.back() + "\"; rename one");
    }
  }
  std::set<std::string> given;
  if (request.given) {
    for (const Column& column : request.given->columns) given.insert(column.name);
    for (const UnmeasuredColumn& column : request.given->unmeasured) given.insert(column.name);
    for (const std::string& name : given) {
      if (std::find(header.begin(), header.end(), name) == header.end()) {
        return Status::error(ErrorCode::InvalidData,
                             "the schema describes a column \"" + name + "\" that the CSV's header does not have");
      }
    }
  }
  for (const std::string& name : request.only) {
    if (std::find(header.begin(), header.end(), name) == header.end()) {
      return Status::error(ErrorCode::InvalidArgument, "the CSV has no column \"" + name + "\" to synthesize");
    }
  }
  const auto chosen = [&](const std::string& name) {
    return request.only.empty() || std::find(request.only.begin(), request.only.end(), name) != request.only.end();
  };
  std::vector<size_t> to_find;  // only the chosen columns: the others are not read, and cost nothing
  for (size_t c = 0; c < header.size(); ++c) {
    if (!given.count(header[c]) && chosen(header[c])) to_find.push_back(c);
  }
  if (to_find.empty()) {
    return Status::error(ErrorCode::InvalidArgument,
                         "the schema already describes every column of the CSV: there is nothing to discover");
  }
  PRIVSYNTH_ASSIGN_OR_RETURN(const ReleaseSplit split, split_release(request.epsilon, request.delta, request.share));
  PRIVSYNTH_ASSIGN_OR_RETURN(Accountant accountant,
                             Accountant::zcdp_with_rho(split.discovery_rho, split.conversion_delta));
  const std::set<std::string> missing(request.missing.begin(), request.missing.end());
  PRIVSYNTH_ASSIGN_OR_RETURN(
      const KindSurvey survey,
      survey_column_kinds(grid, to_find, missing, kKindsShare * split.discovery_rho, accountant, random));
  std::vector<KindDecision> kinds;
  size_t holding_data = 0;
  for (const NoisyKindCounts& counts : survey.columns) {
    kinds.push_back(decide_kind(counts, survey));
    holding_data += kinds.back().kind == FoundKind::Empty ? 0 : 1;
  }
  Context context{grid, missing, survey, accountant, random};
  context.column_rho = holding_data > 0 ? (1 - kKindsShare) * split.discovery_rho / double(holding_data) : 0;
  context.column_delta = split.selection_delta / double(to_find.size());
  context.bins = request.bins;
  context.selection_noise = request.selection_noise;

  std::map<size_t, FoundColumn> found_at;
  for (size_t i = 0; i < to_find.size(); ++i) {
    const size_t index = to_find[i];
    const std::string& name = header[index];
    Result<FoundColumn> found = Status::ok();
    switch (kinds[i].kind) {
      case FoundKind::Empty:
        found = unmeasured(name, index, false, "empty", kinds[i].reason + ": the output gets an empty column");
        break;
      case FoundKind::Text: found = find_categories(name, index, kinds[i], survey.columns[i], context); break;
      default: found = find_numeric_domain(name, index, kinds[i], survey.columns[i], context);
    }
    if (!found.is_ok()) return found.status();
    found_at.emplace(index, std::move(found.value()));
  }
  PRIVSYNTH_RETURN_IF_ERROR(random.health());  // fail closed (random.hpp)

  Schema schema;
  schema.name = request.name;
  schema.source = std::string("found privately in the data (privsynth ") + version() + ")";
  schema.missing_tokens = request.missing;
  std::vector<std::pair<std::string, FoundColumn>> receipt_columns;
  const auto add_unmeasured = [&](UnmeasuredColumn column) {
    column.position = schema.columns.size() + schema.unmeasured.size();  // its place in the schema's columns
    schema.unmeasured.push_back(std::move(column));
  };
  for (size_t c = 0; c < header.size(); ++c) {
    if (given.count(header[c])) {
      if (const int at = find_column(*request.given, header[c]); at >= 0) {
        schema.columns.push_back(request.given->columns[size_t(at)]);
      } else {
        add_unmeasured(*find_unmeasured(*request.given, header[c]));
      }
      continue;
    }
    if (!found_at.count(c)) continue;  // not chosen
    FoundColumn& found = found_at.at(c);
    if (found.measured) schema.columns.push_back(*found.measured);
    if (found.unmeasured) add_unmeasured(*found.unmeasured);
    receipt_columns.push_back({header[c], found});
  }
  // Columns lost to the noise (empty, or too few values for a range): when they are most of the
  // table, what is left would be a release of a few columns that says little; refuse it clearly.
  size_t lost = 0;
  for (const auto& [name, found] : receipt_columns) lost += found.found == "empty" || found.found == "too few values";
  if (schema.columns.empty() || 2 * lost > receipt_columns.size()) {
    return Status::error(
        ErrorCode::EmptyData,
        (schema.columns.empty() ? std::string("no column could be described privately")
                                : std::to_string(lost) + " of " + std::to_string(receipt_columns.size()) +
                                      " columns could not be described privately") +
            ": the table is too small for this epsilon (each column needs its values to repeat well "
            "above the noise); raise epsilon, give a schema, or use a larger table");
  }
  const bool seeded = random.is_test_seeded();
  schema.discovered = discovery_cost_in_release(split, accountant.spent());
  if (seeded)
    schema.discovered->not_private_reasons.push_back("a fixed test seed replaced the secure random number generator");
  SchemaDiscoveryOutput output;
  output.schema_json = schema_to_json(schema);
  // What is handed on must be a valid schema: a failure here is a defect of the discovery.
  const Result<Schema> check = parse_schema_json(output.schema_json);
  if (!check.is_ok()) {
    return Status::error(ErrorCode::Internal, "the discovered schema is not valid: " + check.status().message());
  }
  output.receipt_json = discovery_receipt(request, schema, accountant, receipt_columns, seeded);
  return output;
}

}  // namespace privsynth
