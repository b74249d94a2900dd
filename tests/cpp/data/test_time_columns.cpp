// "date" and "datetime" columns: cells read as whole steps of the granularity since
// 1970-01-01T00:00 and written back exactly; bounds, formats and time zones checked by the schema;
// encoded into bins like any integer column.
#include <catch2/catch.hpp>

#include "data/encoding.hpp"
#include "data/time_text.hpp"
#include "privsynth/schema.hpp"
#include "privsynth/schema_discovery.hpp"

using namespace privsynth;

namespace {
TimeColumn date(TimeGranularity granularity = TimeGranularity::Day, std::string format = "") {
  return TimeColumn{false, granularity, false, std::move(format)};
}
TimeColumn datetime(TimeGranularity granularity = TimeGranularity::Second, bool utc = false, std::string format = "") {
  return TimeColumn{true, granularity, utc, std::move(format)};
}
double steps_of(std::string_view text, const TimeColumn& time) {
  double steps = -1e300;
  INFO(text);
  REQUIRE(parse_time_cell(text, time, steps));
  return steps;
}
bool reads(std::string_view text, const TimeColumn& time) {
  double steps = 0;
  return parse_time_cell(text, time, steps);
}
}  // namespace

TEST_CASE("dates count days, months or years since 1970 and are written back exactly", "[time]") {
  CHECK(steps_of("1970-01-01", date()) == 0);
  CHECK(steps_of("1970-01-02", date()) == 1);
  CHECK(steps_of("1969-12-31", date()) == -1);
  CHECK(steps_of("2000-03-01", date()) == 11017);  // after 2000-02-29: 30 years of days, 7 leap days, 31 + 29
  CHECK(steps_of("2020-02-29", date()) == 18321);
  CHECK(steps_of("0001-01-01", date()) == -719162);
  CHECK(steps_of("9999-12-31", date()) == 2932896);
  CHECK(steps_of("2020-03", date(TimeGranularity::Month)) == 602);
  CHECK(steps_of("1969-12", date(TimeGranularity::Month)) == -1);
  CHECK(steps_of("2020", date(TimeGranularity::Year)) == 50);
  // Finer parts are dropped: a date-time in a date column is its day; a day in a month column its month.
  CHECK(steps_of("2020-02-29T23:59:59", date()) == 18321);
  CHECK(steps_of("2020-02-29", date(TimeGranularity::Month)) == 601);
  // Every day of four centuries, both ways (leap years, centuries, 2000).
  for (double day = -146097; day <= 146097 + 3000; day += 1) {
    const std::string text = format_time_steps(day, date());
    REQUIRE(steps_of(text, date()) == day);
  }
  for (double month = -23628; month <= 96347; month += 7) {  // 0001-01 to 9999-12 {
    REQUIRE(steps_of(format_time_steps(month, date(TimeGranularity::Month)), date(TimeGranularity::Month)) == month);
  }
  CHECK(format_time_steps(18321, date()) == "2020-02-29");
  CHECK(format_time_steps(18321.9, date()) == "2020-02-29");  // a value is floored to its step
  CHECK(format_time_steps(602, date(TimeGranularity::Month)) == "2020-03");
  CHECK(format_time_steps(-1, date(TimeGranularity::Year)) == "1969");
}

TEST_CASE("invalid dates, and dates short of their granularity, are not read", "[time]") {
  for (const char* text : {"2021-02-29", "1900-02-29", "2020-13-01", "2020-00-10", "2020-04-31", "2020-1-5", "20-01-05",
                           "2020/01/05", "2020-01-05x", " 2020-01-05", "", "2020-01", "2020", "0000-01-01",
                           "2020-01-05T", "2020-01-05T25:00", "2020-01-05T10:60", "2020-01-05T10:00:60"}) {
    INFO(text);
    CHECK_FALSE(reads(text, date()));
  }
  CHECK_FALSE(reads("2020", date(TimeGranularity::Month)));
}

TEST_CASE("date-times count hours, minutes or seconds; a naive column refuses a time zone", "[time]") {
  CHECK(steps_of("1970-01-01T00:00:01", datetime()) == 1);
  CHECK(steps_of("1970-01-01 01:00:00", datetime()) == 3600);
  CHECK(steps_of("1969-12-31T23:59:59", datetime()) == -1);
  CHECK(steps_of("2020-02-29T13:45:30.999", datetime()) == 1582983930);
  CHECK(steps_of("2020-02-29T13:45", datetime()) == 1582983900);
  CHECK(steps_of("2020-02-29", datetime()) == 1582934400);  // a day alone is its midnight
  CHECK(steps_of("2020-02-29T13:45:30", datetime(TimeGranularity::Minute)) == 1582983930 / 60);
  CHECK(steps_of("2020-02-29T13", datetime(TimeGranularity::Hour)) == 1582983930 / 3600);
  CHECK_FALSE(reads("2020-02-29T13:45:30Z", datetime()));
  CHECK_FALSE(reads("2020-02-29T13:45:30+01:00", datetime()));
  // UTC: an offset is applied, none means UTC.
  const TimeColumn utc = datetime(TimeGranularity::Second, true);
  CHECK(steps_of("2020-02-29T13:45:30Z", utc) == 1582983930);
  CHECK(steps_of("2020-02-29T13:45:30", utc) == 1582983930);
  CHECK(steps_of("2020-02-29T14:45:30+01:00", utc) == 1582983930);
  CHECK(steps_of("2020-02-29T08:15:30-0530", utc) == 1582983930);
  CHECK(steps_of("2020-03-01T00:30:00+01:00", utc) == steps_of("2020-02-29T23:30:00Z", utc));
  CHECK(format_time_steps(1582983930, utc) == "2020-02-29T13:45:30Z");
  CHECK(format_time_steps(1582983930, datetime()) == "2020-02-29T13:45:30");
  CHECK(format_time_steps(1582983930 / 60, datetime(TimeGranularity::Minute)) == "2020-02-29T13:45");
  CHECK(format_time_steps(1582983930 / 3600, datetime(TimeGranularity::Hour)) == "2020-02-29T13:00");
  for (double second = -3e9; second < 3e9; second += 86400 * 11 + 3599) {
    REQUIRE(steps_of(format_time_steps(second, datetime()), datetime()) == second);
    REQUIRE(steps_of(format_time_steps(second, utc), utc) == second);
  }
}

TEST_CASE("a pattern reads and writes its own layout", "[time]") {
  const TimeColumn european = date(TimeGranularity::Day, "DD/MM/YYYY");
  CHECK(steps_of("29/02/2020", european) == 18321);
  CHECK(steps_of("9/3/2020", european) == 18330);  // one digit is read
  CHECK(format_time_steps(18330, european) == "09/03/2020");
  CHECK(format_time_steps(18330, european, /*iso=*/true) == "2020-03-09");
  CHECK_FALSE(reads("2020-02-29", european));
  CHECK_FALSE(reads("30/02/2020", european));
  const TimeColumn stamp = datetime(TimeGranularity::Minute, false, "YYYYMMDD HHmm");
  CHECK(steps_of("20200229 1345", stamp) == 1582983900 / 60);
  CHECK(format_time_steps(1582983900 / 60, stamp) == "20200229 1345");
  CHECK(check_time_format(date(TimeGranularity::Day, "MM/YYYY")).value_or("") ==
        "\"format\" \"MM/YYYY\" has no day (YYYY, MM, DD, HH, mm, ss), which a granularity of day needs");
  CHECK(check_time_format(date(TimeGranularity::Day, "YYYY-MM-DD DD")).value_or("") == "\"format\" gives day twice");
  CHECK_FALSE(check_time_format(date(TimeGranularity::Month, "MM/YYYY")));
}

TEST_CASE("date and datetime columns in a schema: bounds in ISO 8601, defaults, round trip", "[time][schema]") {
  const Schema schema = parse_schema_json(R"({"version":1,"name":"t","columns":[
    {"name":"admitted","type":"date","min":"2019-01-01","max":"2020-12-31","bins":24,"nullable":true},
    {"name":"seen","type":"datetime","min":"2020-01-01T00:00","max":"2020-01-31T23:59:59","granularity":"minute",
     "timezone":"utc","format":"DD.MM.YYYY HH:mm"},
    {"name":"month","type":"date","min":"2000-01","max":"2000-06","granularity":"month"}]})")
                            .value();
  const Column& admitted = schema.columns[0];
  CHECK(admitted.kind == ColumnKind::Numeric);
  CHECK(admitted.integer);
  CHECK(admitted.min == 17897);
  CHECK(admitted.max == 18627);
  CHECK(admitted.bins == 24);
  CHECK(schema.columns[1].time->utc);
  CHECK(schema.columns[1].min == 1577836800 / 60);
  CHECK(schema.columns[2].bins == 6);  // one per month when fewer than 16
  const std::string json = schema_to_json(schema);
  CHECK_THAT(json, Catch::Contains(R"("min": "2019-01-01")"));
  CHECK_THAT(json, Catch::Contains(R"("max": "2020-01-31T23:59Z")"));
  CHECK_THAT(json, Catch::Contains(R"("format": "DD.MM.YYYY HH:mm")"));
  CHECK(schema_to_json(parse_schema_json(json).value()) == json);

  const auto error_of = [](const std::string& column) {
    const auto parsed = parse_schema_json(R"({"version":1,"name":"t","columns":[)" + column + "]}");
    REQUIRE_FALSE(parsed.is_ok());
    return parsed.status().message();
  };
  CHECK_THAT(error_of(R"({"name":"d","type":"date","min":"2020-01-01"})"), Catch::Contains("needs \"max\""));
  CHECK_THAT(error_of(R"({"name":"d","type":"date","min":"2020-01-01","max":"2019-01-01"})"),
             Catch::Contains("\"min\" must be before \"max\""));
  CHECK_THAT(error_of(R"({"name":"d","type":"date","min":"2020-02-30","max":"2021-01-01"})"),
             Catch::Contains("\"min\" \"2020-02-30\" is not an ISO 8601 date"));
  CHECK_THAT(error_of(R"({"name":"d","type":"date","min":"2020-01-01","max":"2021-01-01","granularity":"hour"})"),
             Catch::Contains("\"year\", \"month\" or \"day\""));
  CHECK_THAT(error_of(R"({"name":"d","type":"date","min":"2020-01-01","max":"2021-01-01","timezone":"utc"})"),
             Catch::Contains("belongs to a datetime column"));
  CHECK_THAT(error_of(R"({"name":"d","type":"datetime","min":"2020-01-01T00:00Z","max":"2021-01-01"})"),
             Catch::Contains("this column is naive, so no time zone"));
  CHECK_THAT(error_of(R"({"name":"d","type":"date","min":"2020-01-01","max":"2020-01-05","bins":8})"),
             Catch::Contains("8 bins but only 5"));
  CHECK_THAT(error_of(R"({"name":"d","type":"date","min":"2020-01-01","max":"2021-01-01","integer":true})"),
             Catch::Contains("unknown key \"integer\""));
}

TEST_CASE("date cells encode into the bins of their days; unreadable ones follow the policy", "[time][encoding]") {
  const Schema schema = parse_schema_json(R"({"version":1,"name":"t","columns":[
    {"name":"d","type":"date","min":"2020-01-01","max":"2020-01-10","bins":5,"nullable":true}]})")
                            .value();
  CellGrid cells(1);
  for (const char* cell : {"d", "2020-01-01", "2020-01-02", "2020-01-03", "2020-01-10", "2020-01-10T23:00", "",
                           "2019-12-31", "2020-02-30", "tomorrow"}) {
    cells.add_row({cell});
  }
  const EncodedData data = encode_cells(schema, cells.view(), OutOfDomainPolicy::Clamp).value();
  // Bins of two days; a missing cell the last level (5); before min clamped to the first bin; an
  // impossible date or a word mapped to missing.
  CHECK(data.table.codes[0] == std::vector<uint32_t>{0, 0, 1, 4, 4, 5, 0, 5, 5});
  CHECK(data.report.columns[0].clamped == 1);
  CHECK(data.report.columns[0].mapped_to_missing == 2);
  const Result<EncodedData> strict = encode_cells(schema, cells.view(), OutOfDomainPolicy::Error);
  REQUIRE_FALSE(strict.is_ok());
  CHECK_THAT(strict.status().message(), Catch::Contains("2019-12-31 is outside [2020-01-01, 2020-01-10]"));
}

TEST_CASE("the bounds of a date column are discovered privately inside a public rough range", "[time][discovery]") {
  // 20,000 admissions from 2019-01-01 to 2021-12-31, in a pattern the request names (enough records
  // for the 0.5% quantile, 100 of them, to outweigh the 19 empty years of the rough range).
  CellGrid cells(2);
  cells.add_row({"admitted", "seen"});
  for (int i = 0; i < 20000; ++i) {
    const double day = 17897 + (i * 1097) % 1096;  // 2019-01-01 + 0..1095 days
    const std::string seen = format_time_steps(day * 24 + i % 24, TimeColumn{true, TimeGranularity::Hour, true, ""});
    cells.add_row({format_time_steps(day, TimeColumn{false, TimeGranularity::Day, false, "DD/MM/YYYY"}), seen});
  }
  const char* request = R"({"epsilon": 2, "testSeed": 3, "columns": [
    {"name": "admitted", "type": "date", "range": ["2000-01-01", "2030-12-31"], "format": "DD/MM/YYYY", "bins": 12},
    {"name": "seen", "type": "datetime", "range": ["2000-01-01T00:00Z", "2030-12-31T23:00Z"], "granularity": "hour",
     "timezone": "utc"}]})";
  const Result<SchemaDiscoveryOutput> found = discover_schema(request, cells.view());
  INFO(found.status().message());
  REQUIRE(found.is_ok());
  const Schema schema = parse_schema_json(found.value().schema_json).value();
  const Column& admitted = schema.columns[0];
  REQUIRE(admitted.time);
  CHECK(admitted.time->format == "DD/MM/YYYY");
  // The 0.5% and 99.5% quantiles: about 6 days in from each end, on a grid of 11,322 days / 2^20 steps.
  CHECK(admitted.min >= 17897);
  CHECK(admitted.min <= 17897 + 15);
  CHECK(admitted.max >= 18992 - 15);
  CHECK(admitted.max <= 18992);
  CHECK(admitted.bins == 12);
  CHECK(schema.columns[1].time->utc);
  CHECK(schema.columns[1].min >= 17897 * 24);
  CHECK(schema.columns[1].max <= 18993 * 24);
  CHECK_THAT(found.value().receipt_json, Catch::Contains("steps of [2000-01-01, 2030-12-31]"));

  const auto refused = [&](const std::string& column) {
    const auto result = discover_schema(R"({"epsilon": 1, "columns": [)" + column + "]}", cells.view());
    REQUIRE_FALSE(result.is_ok());
    return result.status().message();
  };
  CHECK_THAT(refused(R"({"name": "admitted", "type": "date", "range": [0, 10]})"),
             Catch::Contains("a date column needs a public rough \"range\": [first, last] in ISO 8601"));
  CHECK_THAT(refused(R"({"name": "admitted", "type": "date", "range": ["2000-01-01", "2030-12-31"], "integer": true})"),
             Catch::Contains("unknown key \"integer\""));
  CHECK_THAT(refused(R"({"name": "seen", "type": "datetime", "range": ["2000-01-01T00:00", "2030-12-31"],
                         "granularity": "day"})"),
             Catch::Contains("\"granularity\" must be \"hour\", \"minute\" or \"second\""));
}
