#include "discovery/column_kinds.hpp"

#include <algorithm>
#include <cmath>

#include "data/encoding.hpp"
#include "data/time_text.hpp"
#include "privacy/discrete_gaussian.hpp"

namespace privsynth {
namespace {

constexpr double kKindShare = 0.9;  // of the filled cells, to call a column numbers or dates

const TimeColumn kIsoDate{false, TimeGranularity::Day, false, ""};
const TimeColumn kIsoDateTime{true, TimeGranularity::Minute, false, ""};
const TimeColumn kIsoUtcDateTime{true, TimeGranularity::Minute, true, ""};
constexpr size_t kCounts = 6;  // per column: missing, numbers, not whole, dates, date-times, of which with a time zone

// Which counts one cell adds to (at most two).
void count_cell(std::string_view token, const std::set<std::string>& missing, std::vector<int64_t>& counts, size_t at) {
  double value = 0;
  if (missing.count(std::string(token))) {
    ++counts[at];
  } else if (parse_cell_number(token, value)) {
    ++counts[at + 1];
    if (value != std::floor(value)) ++counts[at + 2];
  } else if (token.size() <= 10 && parse_time_cell(token, kIsoDate, value)) {
    ++counts[at + 3];
  } else if (token.size() > 10 && parse_time_cell(token, kIsoDateTime, value)) {
    ++counts[at + 4];
  } else if (token.size() > 10 && parse_time_cell(token, kIsoUtcDateTime, value)) {
    ++counts[at + 4];
    ++counts[at + 5];
  }
}

std::string percent(double share) { return std::to_string(std::lround(100 * std::clamp(share, 0.0, 1.0))) + "%"; }

}  // namespace

Result<KindSurvey> survey_column_kinds(const CellGridView& grid, const std::vector<size_t>& columns,
                                       const std::set<std::string>& missing, double rho, Accountant& accountant,
                                       RandomSource& random) {
  const double sensitivity = std::sqrt(1.0 + 2.0 * double(columns.size()));
  PRIVSYNTH_ASSIGN_OR_RETURN(const RationalVariance variance, variance_for_rho(sensitivity, rho));
  const double std = std::sqrt(variance.value());
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
      {"the number of records, and per column the cells missing, read as numbers (and not whole), as dates and as "
       "date-times (and those with a time zone)",
       "discrete Gaussian noise", GaussianCost{sensitivity, std}}));
  std::vector<int64_t> counts(1 + kCounts * columns.size(), 0);
  counts[0] = static_cast<int64_t>(grid.rows > 0 ? grid.rows - 1 : 0);
  for (size_t row = 1; row < grid.rows; ++row) {
    for (size_t i = 0; i < columns.size(); ++i)
      count_cell(cell_token(grid.cell(row, columns[i])), missing, counts, 1 + kCounts * i);
  }
  KindSurvey survey;
  survey.noise_std = std;
  const auto noisy = [&](size_t i) { return double(counts[i] + sample_discrete_gaussian(random, variance)); };
  survey.rows = noisy(0);
  for (size_t i = 0; i < columns.size(); ++i) {
    const size_t at = 1 + kCounts * i;
    survey.columns.push_back({noisy(at), noisy(at + 1), noisy(at + 2), noisy(at + 3), noisy(at + 4), noisy(at + 5)});
  }
  return survey;
}

KindDecision decide_kind(const NoisyKindCounts& counts, const KindSurvey& survey) {
  KindDecision decision;
  const double sd = survey.noise_std;
  const double filled = counts.filled(survey.rows);
  // A difference of two noisy counts has sqrt(2) times their deviation.
  if (!(filled > 3 * std::sqrt(2.0) * sd)) {
    decision.kind = FoundKind::Empty;
    decision.reason = "nearly every cell is empty (or the table is too small to tell privately)";
    return decision;
  }
  const auto share = [&](double count) { return count / filled; };
  decision.has_missing = counts.missing > 3 * sd;
  // A share is a ratio of noisy counts: it is read with a margin of 3 deviations of the difference.
  const double margin = 3 * std::sqrt(3.0) * sd;
  const auto mostly = [&](double count) { return count >= kKindShare * filled - margin; };
  if (mostly(counts.numbers)) {
    decision.kind = FoundKind::Number;
    decision.integer = counts.not_whole < 0.01 * counts.numbers + 2 * sd;
    decision.has_missing = decision.has_missing || filled - counts.numbers > 3 * std::sqrt(2.0) * sd;
    decision.reason = std::string("about ") + percent(share(counts.numbers)) + " of its filled cells are " +
                      (decision.integer ? "whole numbers" : "numbers");
  } else if (mostly(counts.dates) || mostly(counts.date_times)) {
    const bool with_time = counts.date_times > counts.dates;
    decision.kind = with_time ? FoundKind::DateTime : FoundKind::Date;
    decision.utc = with_time && counts.utc_date_times > counts.date_times / 2;
    const double dated = with_time ? counts.date_times : counts.dates;
    decision.has_missing = decision.has_missing || filled - dated > 3 * std::sqrt(2.0) * sd;
    decision.reason = "about " + percent(share(dated)) + " of its filled cells are ISO 8601 " +
                      (with_time ? "date-times (2020-02-29T13:45)" : "dates (2020-02-29)");
  } else {
    decision.kind = FoundKind::Text;
    const double read = std::max({counts.numbers, counts.dates, counts.date_times});
    decision.reason = read > 0.1 * filled ? "a mix: about " + percent(share(read)) +
                                                " of its filled cells read as numbers or dates, the rest do not"
                                          : "words or codes";
  }
  return decision;
}

}  // namespace privsynth
