#include "data/encoding.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "base/number_text.hpp"
#include "data/binning.hpp"
#include "data/time_text.hpp"

namespace privsynth {
std::string_view cell_token(std::string_view raw) {
  const char* spaces = " \t\r\n";
  const size_t first = raw.find_first_not_of(spaces);
  if (first == std::string_view::npos) return {};
  return raw.substr(first, raw.find_last_not_of(spaces) - first + 1);
}

namespace {

// Clinger's fast path: a plain decimal (optional sign, digits, optional fraction, no exponent) with
// at most 15 significant digits is m / 10^k with m < 2^53 and 10^k <= 10^22, both exact doubles, so
// one division is correctly rounded: the same double strtod gives, at a fraction of its cost.
bool parse_plain_decimal(std::string_view token, double& out) {
  static constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  size_t i = 0;
  const bool negative = token[0] == '-';
  if (negative || token[0] == '+') ++i;
  uint64_t mantissa = 0;
  int digits = 0, fraction_digits = 0;
  bool seen_point = false, seen_digit = false;
  for (; i < token.size(); ++i) {
    const char c = token[i];
    if (c == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') return false;
    seen_digit = true;
    if (mantissa == 0 && c == '0') {  // leading zeros carry no significant digit
      if (seen_point) ++fraction_digits;
      continue;
    }
    if (++digits > 15) return false;
    mantissa = mantissa * 10 + static_cast<uint64_t>(c - '0');
    if (seen_point) ++fraction_digits;
  }
  if (!seen_digit || fraction_digits > 22) return false;
  const double value = static_cast<double>(mantissa) / kPowersOfTen[fraction_digits];
  out = negative ? -value : value;
  return true;
}

}  // namespace

bool parse_cell_number(std::string_view token, double& out) {
  if (token.empty() || token.size() > 64) return false;
  if (parse_plain_decimal(token, out)) return true;
  // Decimal numbers only: strtod would also read hexadecimal ("0x1p3"), which the count query's
  // grammar (sql/sql_dialect.cpp) does not, and no table means by it.
  if (token.find_first_of("xX") != std::string_view::npos) return false;
  char buffer[65];
  token.copy(buffer, token.size());
  buffer[token.size()] = '\0';
  char* end = nullptr;
  out = std::strtod(buffer, &end);
  return end == buffer + token.size() && std::isfinite(out);
}

bool parse_column_value(std::string_view token, const Column& column, double& out) {
  return column.time ? parse_time_cell(token, *column.time, out) : parse_cell_number(token, out);
}

namespace {

enum class CellOutcome { Ok, Fixed, Unfixable };

// Per-column lookup built once from the schema.
class ColumnEncoder {
 public:
  ColumnEncoder(const Column& column, const std::vector<std::string>& missing_tokens)
      : column_(column), missing_code_(missing_code(column)), missing_tokens_(missing_tokens) {
    auto labels = std::make_shared<std::vector<std::string>>();
    for (const Category& category : column.categories) labels->push_back(category.label);
    label_storage_ = labels;
    for (size_t i = 0; i < column.categories.size(); ++i) {
      labels_.emplace((*label_storage_)[i], static_cast<uint32_t>(i));
      if (column.categories[i].number) numbers_.emplace(*column.categories[i].number, static_cast<uint32_t>(i));
    }
  }

  bool numeric() const { return column_.kind == ColumnKind::Numeric; }

  // Encodes one cell. On Fixed the value was changed by the Clamp policy and `counts` says how;
  // on Unfixable the row cannot be kept. `problem` describes any value outside the domain.
  // `unit` receives a numeric value's position in [min, max] scaled to [0, 1] (NaN if missing).
  CellOutcome encode(std::string_view raw, OutOfDomainPolicy policy, uint32_t& code, double& unit,
                     ColumnEncodingCounts& counts, std::string& problem) const {
    const std::string_view token = cell_token(raw);
    unit = std::numeric_limits<double>::quiet_NaN();
    if (std::find(missing_tokens_.begin(), missing_tokens_.end(), token) != missing_tokens_.end()) {
      if (missing_code_ >= 0) {
        code = static_cast<uint32_t>(missing_code_);
        ++counts.missing;
        return CellOutcome::Ok;
      }
      problem = "a missing value in a column that is not nullable";
      return CellOutcome::Unfixable;
    }
    return column_.kind == ColumnKind::Categorical ? encode_category(token, policy, code, counts, problem)
                                                   : encode_number(token, policy, code, unit, counts, problem);
  }

 private:
  CellOutcome encode_category(std::string_view token, OutOfDomainPolicy policy, uint32_t& code,
                              ColumnEncodingCounts& counts, std::string& problem) const {
    const auto label = labels_.find(token);
    if (label != labels_.end()) {
      code = label->second;
      return CellOutcome::Ok;
    }
    double number = 0;
    if (!numbers_.empty() && parse_cell_number(token, number)) {
      const auto match = numbers_.find(number);
      if (match != numbers_.end()) {
        code = match->second;
        return CellOutcome::Ok;
      }
    }
    problem = "\"" + std::string(token) + "\" is not one of the column's categories";
    return map_to_missing(policy, code, counts);
  }

  CellOutcome encode_number(std::string_view token, OutOfDomainPolicy policy, uint32_t& code, double& unit,
                            ColumnEncodingCounts& counts, std::string& problem) const {
    double value = 0;
    if (!parse_column_value(token, column_, value)) {
      problem =
          "\"" + std::string(token) + "\" is not " +
          (column_.time ? std::string(column_.time->with_time ? "a date-time" : "a date") + " in the column's format"
                        : "a number");
      return map_to_missing(policy, code, counts);
    }
    double fixed = std::fmin(std::fmax(value, column_.min), column_.max);
    if (column_.integer) fixed = std::round(fixed);
    if (fixed != value) {
      problem = std::string(token) + (value < column_.min || value > column_.max
                                          ? " is outside [" + column_value_text(column_, column_.min) + ", " +
                                                column_value_text(column_, column_.max) + "]"
                                          : " is not a whole number");
      if (policy != OutOfDomainPolicy::Clamp) return CellOutcome::Unfixable;
      ++counts.clamped;
      code = static_cast<uint32_t>(numeric_code(column_, fixed));
      unit = to_unit(fixed);
      return CellOutcome::Fixed;
    }
    code = static_cast<uint32_t>(numeric_code(column_, value));
    unit = to_unit(value);
    return CellOutcome::Ok;
  }

  double to_unit(double value) const {
    return std::clamp((value - column_.min) / (column_.max - column_.min), 0.0, 1.0);
  }

  CellOutcome map_to_missing(OutOfDomainPolicy policy, uint32_t& code, ColumnEncodingCounts& counts) const {
    if (policy != OutOfDomainPolicy::Clamp || missing_code_ < 0) return CellOutcome::Unfixable;
    code = static_cast<uint32_t>(missing_code_);
    ++counts.mapped_to_missing;
    return CellOutcome::Fixed;
  }

  Column column_;
  int missing_code_;
  std::vector<std::string> missing_tokens_;
  // Lookups by string_view (no allocation per cell) into label texts kept on the heap, where they
  // stay put when the encoder is copied or moved.
  std::shared_ptr<const std::vector<std::string>> label_storage_;
  std::unordered_map<std::string_view, uint32_t> labels_;
  std::unordered_map<double, uint32_t> numbers_;
};

Status too_large(size_t rows, size_t columns) {
  return Status::error(ErrorCode::DomainTooLarge, "the table has " + std::to_string(rows) + " rows and " +
                                                      std::to_string(columns) + " columns; at most " +
                                                      std::to_string(kMaxInputRows) + " rows and " +
                                                      std::to_string(kMaxInputCells) + " cells are supported");
}

// The offsets of a grid must be increasing and cover its bytes: a clear error, not an out-of-bounds read.
Status check_offsets(const CellGridView& grid) {
  const size_t cells = grid.rows * grid.columns;
  if (cells == 0) return Status::ok();
  if (grid.offsets[0] != 0 || grid.offsets[cells] != grid.byte_count) {
    return Status::error(ErrorCode::InvalidArgument, "cell offsets do not cover the cell bytes");
  }
  for (size_t i = 0; i < cells; ++i) {
    if (grid.offsets[i] > grid.offsets[i + 1]) {
      return Status::error(ErrorCode::InvalidArgument, "cell offsets are not increasing");
    }
  }
  return Status::ok();
}

// Maps each schema column to its position in the CSV header.
Result<std::vector<size_t>> match_header(const Schema& schema, const std::vector<std::string>& header,
                                         EncodingReport& report) {
  std::unordered_map<std::string, size_t> positions;
  for (size_t c = 0; c < header.size(); ++c) {
    const std::string name(cell_token(header[c]));
    if (!positions.emplace(name, c).second) {
      return Status::error(ErrorCode::InvalidData, "the CSV header names column \"" + name + "\" twice");
    }
    if (find_column(schema, name) < 0 && !find_unmeasured(schema, name)) report.ignored_columns.push_back(name);
  }
  std::vector<size_t> source;
  for (const Column& column : schema.columns) {
    const auto found = positions.find(column.name);
    if (found == positions.end()) {
      return Status::error(ErrorCode::InvalidData,
                           "the CSV has no column \"" + column.name + "\" (the schema requires it)");
    }
    source.push_back(found->second);
  }
  return source;
}

}  // namespace

Result<OutOfDomainPolicy> parse_out_of_domain_policy(const std::string& name) {
  for (const Choice<OutOfDomainPolicy>& policy : kOutOfDomainPolicies) {
    if (name == policy.name) return policy.value;
  }
  return Status::error(ErrorCode::InvalidArgument,
                       "outOfDomain must be \"clamp\", \"reject\" or \"error\", not \"" + name + "\"");
}

const char* out_of_domain_policy_name(OutOfDomainPolicy policy) { return choice_name(kOutOfDomainPolicies, policy); }

struct TableEncoder::State {
  std::vector<std::string> names;       // schema column names, for errors
  std::vector<ColumnEncoder> encoders;  // in schema order
  std::vector<size_t> source;           // each schema column's position in the CSV
  size_t width = 0;                     // columns of the CSV
  std::optional<size_t> person_source;  // the privacy unit's position in the CSV
  std::vector<std::string> missing_tokens;
};

Result<TableEncoder> TableEncoder::create(const Schema& schema, const std::vector<std::string>& header,
                                          OutOfDomainPolicy policy, bool keep_unit_values, UnfixableCells unfixable) {
  if (header.empty()) return Status::error(ErrorCode::EmptyData, "the table has no header row");
  TableEncoder encoder;
  encoder.policy_ = policy;
  encoder.unfixable_ = unfixable;
  encoder.keep_unit_values_ = keep_unit_values;
  EncodingReport& report = encoder.data_.report;
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<size_t> source, match_header(schema, header, report));
  auto state = std::make_shared<State>();
  state->source = std::move(source);
  state->width = header.size();
  if (!schema.privacy_unit.empty()) {
    for (size_t c = 0; c < header.size() && !state->person_source; ++c) {
      if (cell_token(header[c]) == schema.privacy_unit) state->person_source = c;
    }
    if (!state->person_source) {
      return Status::error(ErrorCode::InvalidData, "the CSV has no column \"" + schema.privacy_unit +
                                                       "\", which the schema names as its privacyUnit (the column "
                                                       "that identifies a person)");
    }
    state->missing_tokens = schema.missing_tokens;
  }
  std::vector<int> levels;
  for (const Column& column : schema.columns) {
    state->names.push_back(column.name);
    state->encoders.emplace_back(column, schema.missing_tokens);
    levels.push_back(level_count(column));
  }
  const size_t columns = schema.columns.size();
  report.columns.assign(columns, {});
  encoder.data_.table = make_empty_table(levels, 0);
  if (keep_unit_values) encoder.data_.unit_values.resize(columns);
  encoder.state_ = std::move(state);
  return encoder;
}

Status TableEncoder::add_rows(const CellGridView& grid, size_t first_row, const ProgressSink& progress) {
  const State& state = *state_;
  if (grid.rows > 0 && grid.columns != state.width) {
    return Status::error(ErrorCode::InvalidArgument, "a chunk of rows has " + std::to_string(grid.columns) +
                                                         " columns but the header has " + std::to_string(state.width));
  }
  EncodingReport& report = data_.report;
  const size_t new_rows = grid.rows > first_row ? grid.rows - first_row : 0;
  const size_t total = report.input_rows + new_rows;
  if (total > kMaxInputRows || total * state.width > kMaxInputCells) return too_large(total, state.width);
  PRIVSYNTH_RETURN_IF_ERROR(check_offsets(grid));

  const size_t columns = state.encoders.size();
  EncodedTable& table = data_.table;
  // Geometric growth: a stream of small chunks must not reallocate every column at every chunk.
  const auto grow = [&](auto& column) {
    const size_t needed = table.rows + new_rows;
    if (column.capacity() < needed) column.reserve(std::max(needed, 2 * column.capacity()));
  };
  for (size_t c = 0; c < columns; ++c) {
    grow(table.codes[c]);
    if (keep_unit_values_ && state.encoders[c].numeric()) grow(data_.unit_values[c]);
  }
  std::vector<uint32_t> row_codes(columns);
  std::vector<double> row_units(columns);
  std::vector<ColumnEncodingCounts> row_counts(columns);
  std::string problem;
  for (size_t row = first_row; row < grid.rows; ++row) {
    if (row % 8192 == 0 && !keep_going(progress, Phase::Encode, static_cast<double>(row) / grid.rows)) {
      return Status::error(ErrorCode::Cancelled, "cancelled while encoding");
    }
    ++report.input_rows;
    std::string_view person;
    if (state.person_source) {
      // A row with no identifier belongs to no known person: left out and counted (leaving out a
      // row is the same map for every table, so neighbours stay neighbours).
      person = cell_token(grid.cell(row, *state.person_source));
      if (std::find(state.missing_tokens.begin(), state.missing_tokens.end(), person) != state.missing_tokens.end() ||
          person.empty()) {
        ++report.rows_without_person;
        ++report.rejected_rows;
        continue;
      }
    }
    std::fill(row_counts.begin(), row_counts.end(), ColumnEncodingCounts{});
    bool keep = true;
    for (size_t c = 0; c < columns && keep; ++c) {
      const CellOutcome outcome = state.encoders[c].encode(grid.cell(row, state.source[c]), policy_, row_codes[c],
                                                           row_units[c], row_counts[c], problem);
      if (outcome == CellOutcome::Ok) continue;
      if (policy_ == OutOfDomainPolicy::Error) {
        return Status::error(ErrorCode::InvalidData, "row " + std::to_string(report.input_rows) + ", column \"" +
                                                         state.names[c] + "\": " + problem);
      }
      if (outcome == CellOutcome::Unfixable && unfixable_ == UnfixableCells::FirstLevel) {
        row_codes[c] = 0;
        row_units[c] = 0;
        ++row_counts[c].set_to_first_level;
      } else if (outcome == CellOutcome::Unfixable) {
        keep = false;
        ++report.columns[c].rejected;
      }
    }
    if (!keep) {
      ++report.rejected_rows;
      continue;
    }
    for (size_t c = 0; c < columns; ++c) {
      table.codes[c].push_back(row_codes[c]);
      if (keep_unit_values_ && state.encoders[c].numeric()) data_.unit_values[c].push_back(row_units[c]);
      report.columns[c].missing += row_counts[c].missing;
      report.columns[c].clamped += row_counts[c].clamped;
      report.columns[c].mapped_to_missing += row_counts[c].mapped_to_missing;
      report.columns[c].set_to_first_level += row_counts[c].set_to_first_level;
    }
    if (state.person_source) {
      const auto found =
          person_numbers_.emplace(std::string(person), static_cast<uint32_t>(person_numbers_.size())).first;
      data_.person.push_back(found->second);
      data_.persons = person_numbers_.size();
    }
    ++table.rows;
  }
  report.kept_rows = table.rows;
  return Status::ok();
}

EncodedData TableEncoder::finish() {
  EncodedData result = std::move(data_);
  data_ = EncodedData{};
  person_numbers_.clear();
  for (auto& column : result.table.codes) column.shrink_to_fit();
  return result;
}

Result<EncodedData> encode_cells(const Schema& schema, const CellGridView& grid, OutOfDomainPolicy policy,
                                 const ProgressSink& progress, bool keep_unit_values, UnfixableCells unfixable) {
  if (grid.columns == 0 || grid.rows == 0) return Status::error(ErrorCode::EmptyData, "the table has no header row");
  if (grid.rows - 1 > kMaxInputRows || grid.rows * grid.columns > kMaxInputCells)
    return too_large(grid.rows - 1, grid.columns);
  PRIVSYNTH_RETURN_IF_ERROR(check_offsets(grid));
  std::vector<std::string> header;
  for (size_t c = 0; c < grid.columns; ++c) header.emplace_back(grid.cell(0, c));
  PRIVSYNTH_ASSIGN_OR_RETURN(TableEncoder encoder,
                             TableEncoder::create(schema, header, policy, keep_unit_values, unfixable));
  if (!keep_going(progress, Phase::Encode, 0)) return Status::error(ErrorCode::Cancelled, "cancelled while encoding");
  PRIVSYNTH_RETURN_IF_ERROR(encoder.add_rows(grid, 1, progress));
  if (!keep_going(progress, Phase::Encode, 1.0)) return Status::error(ErrorCode::Cancelled, "cancelled while encoding");
  return encoder.finish();
}

}  // namespace privsynth
