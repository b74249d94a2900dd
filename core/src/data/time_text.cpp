#include "data/time_text.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include "base/number_text.hpp"

namespace privsynth {
namespace {

using Part = TimeGranularity;  // the parts of a date and time, in the granularities' order

struct CivilTime {
  int64_t year = 1970;
  int month = 1, day = 1, hour = 0, minute = 0, second = 0;
};

int64_t floor_divide(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// Days since 1970-01-01 of a proleptic Gregorian date, and back: the "days from civil" algorithm
// over 400-year eras of 146,097 days, with March as the first month so that a leap day ends a year.
int64_t days_from_civil(int64_t year, int month, int day) {
  year -= month <= 2;
  const int64_t era = floor_divide(year, 400);
  const int64_t year_of_era = year - era * 400;
  const int64_t day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
  const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

CivilTime civil_from_days(int64_t days) {
  days += 719468;
  const int64_t era = floor_divide(days, 146097);
  const int64_t day_of_era = days - era * 146097;
  const int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const int64_t shifted_month = (5 * day_of_year + 2) / 153;
  CivilTime civil;
  civil.day = static_cast<int>(day_of_year - (153 * shifted_month + 2) / 5 + 1);
  civil.month = static_cast<int>(shifted_month < 10 ? shifted_month + 3 : shifted_month - 9);
  civil.year = year_of_era + era * 400 + (civil.month <= 2);
  return civil;
}

bool is_leap(int64_t year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int64_t year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && is_leap(year) ? 29 : kDays[month - 1];
}

bool valid(const CivilTime& t) {
  return t.year >= 1 && t.year <= 9999 && t.month >= 1 && t.month <= 12 && t.day >= 1 &&
         t.day <= days_in_month(t.year, t.month) && t.hour >= 0 && t.hour <= 23 && t.minute >= 0 && t.minute <= 59 &&
         t.second >= 0 && t.second <= 59;
}

int64_t seconds_of(const CivilTime& t) {
  return ((days_from_civil(t.year, t.month, t.day) * 24 + t.hour) * 60 + t.minute) * 60 + t.second;
}

CivilTime civil_from_seconds(int64_t seconds) {
  const int64_t days = floor_divide(seconds, 86400);
  CivilTime civil = civil_from_days(days);
  const int64_t rest = seconds - days * 86400;
  civil.hour = static_cast<int>(rest / 3600);
  civil.minute = static_cast<int>(rest / 60 % 60);
  civil.second = static_cast<int>(rest % 60);
  return civil;
}

int64_t steps_of(const CivilTime& t, TimeGranularity granularity) {
  switch (granularity) {
    case TimeGranularity::Year: return t.year - 1970;
    case TimeGranularity::Month: return (t.year - 1970) * 12 + (t.month - 1);
    case TimeGranularity::Day: return days_from_civil(t.year, t.month, t.day);
    case TimeGranularity::Hour: return days_from_civil(t.year, t.month, t.day) * 24 + t.hour;
    case TimeGranularity::Minute: return (days_from_civil(t.year, t.month, t.day) * 24 + t.hour) * 60 + t.minute;
    case TimeGranularity::Second: return seconds_of(t);
  }
  return 0;
}

CivilTime civil_of(int64_t steps, TimeGranularity granularity) {
  CivilTime civil;
  switch (granularity) {
    case TimeGranularity::Year: civil.year = 1970 + steps; return civil;
    case TimeGranularity::Month:
      civil.year = 1970 + floor_divide(steps, 12);
      civil.month = static_cast<int>(steps - floor_divide(steps, 12) * 12) + 1;
      return civil;
    case TimeGranularity::Day: return civil_from_days(steps);
    case TimeGranularity::Hour: return civil_from_seconds(steps * 3600);
    case TimeGranularity::Minute: return civil_from_seconds(steps * 60);
    case TimeGranularity::Second: return civil_from_seconds(steps);
  }
  return civil;
}

// A left-to-right reader of a cell's characters.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}
  bool at_end() const { return at_ == text_.size(); }
  bool next_is(char c) const { return at_ < text_.size() && text_[at_] == c; }
  bool literal(std::string_view expected) {
    if (text_.substr(at_, expected.size()) != expected) return false;
    at_ += expected.size();
    return true;
  }
  bool skip_one_of(std::string_view choices) {
    if (at_ >= text_.size() || choices.find(text_[at_]) == std::string_view::npos) return false;
    ++at_;
    return true;
  }
  // Between `fewest` and `most` decimal digits as a number.
  bool digits(int fewest, int most, int64_t& out) {
    int count = 0;
    out = 0;
    while (count < most && at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
      out = out * 10 + (text_[at_++] - '0');
      ++count;
    }
    return count >= fewest;
  }

 private:
  std::string_view text_;
  size_t at_ = 0;
};

struct ReadTime {
  CivilTime civil;
  Part deepest = Part::Year;              // the finest part the text gave
  std::optional<int64_t> offset_minutes;  // a time zone offset ("Z" is 0)
};

bool read_two(Reader& reader, int& out) {
  int64_t value = 0;
  if (!reader.digits(2, 2, value)) return false;
  out = static_cast<int>(value);
  return true;
}

// ISO 8601: YYYY[-MM[-DD[(T| )HH[:mm[:ss[.fraction]]][Z|(+|-)HH[:]MM]]]].
bool read_iso(std::string_view text, ReadTime& read) {
  Reader reader(text);
  CivilTime& t = read.civil;
  if (!reader.digits(4, 4, t.year)) return false;
  if (reader.literal("-")) {
    if (!read_two(reader, t.month)) return false;
    read.deepest = Part::Month;
    if (reader.literal("-")) {
      if (!read_two(reader, t.day)) return false;
      read.deepest = Part::Day;
      if (reader.skip_one_of("T ")) {
        if (!read_two(reader, t.hour)) return false;
        read.deepest = Part::Hour;
        if (reader.literal(":")) {
          if (!read_two(reader, t.minute)) return false;
          read.deepest = Part::Minute;
          if (reader.literal(":")) {
            if (!read_two(reader, t.second)) return false;
            read.deepest = Part::Second;
            int64_t fraction = 0;
            if (reader.literal(".") && !reader.digits(1, 18, fraction)) return false;
          }
        }
        if (reader.literal("Z")) {
          read.offset_minutes = 0;
        } else if (reader.next_is('+') || reader.next_is('-')) {
          const int64_t sign = reader.next_is('-') ? -1 : 1;
          reader.skip_one_of("+-");
          int hours = 0, minutes = 0;
          if (!read_two(reader, hours)) return false;
          reader.literal(":");
          if (!read_two(reader, minutes) || hours > 23 || minutes > 59) return false;
          read.offset_minutes = sign * (hours * 60 + minutes);
        }
      }
    }
  }
  return reader.at_end();
}

// A pattern as its parts and literal texts, in order.
struct PatternPiece {
  std::optional<Part> part;
  std::string literal;
};

std::vector<PatternPiece> pattern_pieces(std::string_view pattern) {
  static const std::pair<std::string_view, Part> kTokens[] = {{"YYYY", Part::Year}, {"MM", Part::Month},
                                                              {"DD", Part::Day},    {"HH", Part::Hour},
                                                              {"mm", Part::Minute}, {"ss", Part::Second}};
  std::vector<PatternPiece> pieces;
  for (size_t at = 0; at < pattern.size();) {
    bool matched = false;
    for (const auto& [token, part] : kTokens) {
      if (pattern.substr(at, token.size()) == token) {
        pieces.push_back({part, {}});
        at += token.size();
        matched = true;
        break;
      }
    }
    if (matched) continue;
    if (pieces.empty() || pieces.back().part) pieces.push_back({std::nullopt, {}});
    pieces.back().literal += pattern[at++];
  }
  return pieces;
}

int* field_of(CivilTime& t, Part part) {
  switch (part) {
    case Part::Month: return &t.month;
    case Part::Day: return &t.day;
    case Part::Hour: return &t.hour;
    case Part::Minute: return &t.minute;
    case Part::Second: return &t.second;
    case Part::Year: break;
  }
  return nullptr;
}

bool read_pattern(std::string_view text, std::string_view pattern, ReadTime& read) {
  Reader reader(text);
  for (const PatternPiece& piece : pattern_pieces(pattern)) {
    if (!piece.part) {
      if (!reader.literal(piece.literal)) return false;
      continue;
    }
    int64_t value = 0;
    if (!reader.digits(*piece.part == Part::Year ? 4 : 1, *piece.part == Part::Year ? 4 : 2, value)) return false;
    if (*piece.part == Part::Year) read.civil.year = value;
    else *field_of(read.civil, *piece.part) = static_cast<int>(value);
    if (*piece.part > read.deepest) read.deepest = *piece.part;
  }
  return reader.at_end();
}

// The read text as steps: a valid date, deep enough (a date down to its granularity, a date-time
// down to its day), its offset allowed only in a UTC column.
bool steps_of_read(const ReadTime& read, const TimeColumn& time, double& steps) {
  if (!valid(read.civil)) return false;
  const Part needed = time.with_time ? Part::Day : time.granularity;
  if (read.deepest < needed) return false;
  if (read.offset_minutes && !time.utc) return false;
  CivilTime civil = read.civil;
  if (read.offset_minutes) {
    civil = civil_from_seconds(seconds_of(civil) - *read.offset_minutes * 60);
    if (civil.year < 1 || civil.year > 9999) return false;
  }
  steps = static_cast<double>(steps_of(civil, time.granularity));
  return true;
}

std::string padded(int64_t value, int width) {
  std::string text = std::to_string(value);
  return text.size() >= static_cast<size_t>(width) ? text : std::string(width - text.size(), '0') + text;
}

int64_t value_of(CivilTime t, Part part) { return part == Part::Year ? t.year : *field_of(t, part); }

std::string iso_pattern(const TimeColumn& time) {
  if (!time.with_time) {
    return time.granularity == Part::Year ? "YYYY" : time.granularity == Part::Month ? "YYYY-MM" : "YYYY-MM-DD";
  }
  const std::string pattern = time.granularity == Part::Second ? "YYYY-MM-DDTHH:mm:ss" : "YYYY-MM-DDTHH:mm";
  return time.utc ? pattern + "Z" : pattern;
}

}  // namespace

bool parse_time_cell(std::string_view token, const TimeColumn& time, double& steps) {
  ReadTime read;
  const bool ok = time.format.empty() ? read_iso(token, read) : read_pattern(token, time.format, read);
  return ok && steps_of_read(read, time, steps);
}

bool parse_time_bound(std::string_view text, const TimeColumn& time, double& steps) {
  ReadTime read;
  return read_iso(text, read) && steps_of_read(read, time, steps);
}

std::string format_time_steps(double steps, const TimeColumn& time, bool iso) {
  const CivilTime civil = civil_of(static_cast<int64_t>(std::floor(steps)), time.granularity);
  std::string text;
  for (const PatternPiece& piece : pattern_pieces(iso || time.format.empty() ? iso_pattern(time) : time.format)) {
    if (!piece.part) text += piece.literal;
    else text += padded(value_of(civil, *piece.part), *piece.part == Part::Year ? 4 : 2);
  }
  return text;
}

std::string column_value_text(const Column& column, double value) {
  return column.time ? format_time_steps(value, *column.time, /*iso=*/true) : format_number(value);
}

std::optional<std::string> check_time_format(const TimeColumn& time) {
  if (time.format.empty()) return std::nullopt;
  std::vector<bool> seen(6, false);
  for (const PatternPiece& piece : pattern_pieces(time.format)) {
    if (!piece.part) continue;
    const auto index = static_cast<size_t>(*piece.part);
    if (seen[index]) return "\"format\" gives " + std::string(granularity_name(*piece.part)) + " twice";
    seen[index] = true;
  }
  for (size_t part = 0; part <= static_cast<size_t>(time.granularity); ++part) {
    if (!seen[part]) {
      return "\"format\" \"" + time.format + "\" has no " + granularity_name(static_cast<Part>(part)) +
             " (YYYY, MM, DD, HH, mm, ss), which a granularity of " + granularity_name(time.granularity) + " needs";
    }
  }
  return std::nullopt;
}

const char* granularity_name(TimeGranularity granularity) {
  switch (granularity) {
    case TimeGranularity::Year: return "year";
    case TimeGranularity::Month: return "month";
    case TimeGranularity::Day: return "day";
    case TimeGranularity::Hour: return "hour";
    case TimeGranularity::Minute: return "minute";
    case TimeGranularity::Second: return "second";
  }
  return "";
}

std::optional<TimeGranularity> granularity_from_name(std::string_view name) {
  for (int part = 0; part < 6; ++part) {
    if (name == granularity_name(static_cast<TimeGranularity>(part))) return static_cast<TimeGranularity>(part);
  }
  return std::nullopt;
}

}  // namespace privsynth
