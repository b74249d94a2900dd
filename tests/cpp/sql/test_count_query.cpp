// The count query's text (sql/count_query.hpp): what each dialect quotes and how, the two shapes
// of grouping, the policies' outcomes in the column codes, typed cells and NULLs, and the refusals. That the query's
// counts equal the row encoder's is checked on DuckDB and PostgreSQL themselves
// (tests/js/sql-engines.test.ts, tests/js/duckdb-counts.test.ts).
#include <catch2/catch.hpp>

#include "privsynth/schema.hpp"
#include "sql/count_query.hpp"

using namespace privsynth;

namespace {

std::vector<Column> columns() {
  const char* json = R"({"version": 1, "name": "t", "missing": ["", "NA"], "columns": [
      {"name": "it's", "type": "categorical", "categories": ["a\\b", 2], "nullable": true},
      {"name": "n`x\"", "type": "numeric", "min": -1.5, "max": 2, "bins": 4, "integer": false}]})";
  return parse_schema_json(json).value().columns;
}

// Cases of `sql` between `from` and the next `to`: one column's code, say.
std::string between(const std::string& sql, const std::string& from, const std::string& to) {
  const size_t start = sql.find(from);
  return start == std::string::npos ? "" : sql.substr(start, sql.find(to, start) - start);
}

std::string query(SqlDialect dialect, SqlGrouping grouping = SqlGrouping::Sets,
                  OutOfDomainPolicy policy = OutOfDomainPolicy::Clamp) {
  CountQueryTarget target;
  target.dialect = dialect;
  target.from = "src";
  target.grouping = grouping;
  return count_query_sql(columns(), {{"", "NA"}, policy, UnfixableCells::DropRecord}, {{0, 1}}, target).value();
}

}  // namespace

TEST_CASE("the count query quotes names and texts as each dialect reads them", "[count-query]") {
  const std::string duckdb = query(SqlDialect::DuckDb), postgres = query(SqlDialect::Postgres),
                    spark = query(SqlDialect::Spark);
  CHECK_THAT(duckdb, Catch::Contains(R"("n`x""")"));
  CHECK_THAT(duckdb, Catch::Contains("'a\\b'"));  // no escapes in DuckDB's literals
  CHECK_THAT(spark, Catch::Contains("`n``x\"`"));
  CHECK_THAT(spark, Catch::Contains("'a\\\\b'"));  // Spark reads a backslash as an escape
  CHECK_THAT(postgres, Catch::Contains("CAST('-1.5' AS double precision)"));
  CHECK_THAT(duckdb, Catch::Contains("CAST('-1.5' AS DOUBLE)"));
  CHECK_THAT(postgres, Catch::Contains("FLOOR((v1 - CAST('-1.5' AS double precision)) / (2 - CAST('-1.5' AS "
                                       "double precision)) * 4)"));
  for (const std::string& sql : {duckdb, postgres, spark}) {
    CHECK_THAT(sql, Catch::Contains("AS SENSITIVE AS THE"));
    CHECK_THAT(sql, Catch::Contains("GROUP BY GROUPING SETS"));
    CHECK_THAT(sql, Catch::Contains("(privsynth_kept, k0, k1)"));
  }
}

TEST_CASE("the count query's UNION ALL form has one GROUP BY per table and the totals", "[count-query]") {
  const std::string sql = query(SqlDialect::Postgres, SqlGrouping::UnionAll);
  CHECK_THAT(sql, !Catch::Contains("GROUPING SETS"));
  CHECK_THAT(sql, Catch::Contains("GROUP BY privsynth_kept\nUNION ALL\n"));
  CHECK_THAT(sql, Catch::Contains("GROUP BY privsynth_kept, k0, k1"));
}

TEST_CASE("the count query can compute the tables in passes, the totals with the first", "[count-query]") {
  CountQueryTarget target;
  target.from = "src";
  target.table_count = 1;
  const std::vector<AttributeSet> tables{{0}, {1}, {0, 1}};
  const std::string first = count_query_sql(columns(), {}, tables, target).value();
  CHECK_THAT(first, Catch::Contains("GROUPING SETS (\n  (privsynth_kept),\n  (privsynth_kept, k0)\n)"));
  target.first_table = 2;
  target.table_count = 5;  // past the end: to the last
  const std::string last = count_query_sql(columns(), {}, tables, target).value();
  CHECK_THAT(last, Catch::Contains("GROUPING SETS (\n  (privsynth_kept, k0, k1)\n)"));
  target.first_table = 3;
  CHECK_THAT(count_query_sql(columns(), {}, tables, target).status().message(),
             Catch::Contains("\"firstTable\" is 3 but the run reads 3 tables"));
}

TEST_CASE("the policies decide what an unknown category becomes", "[count-query]") {
  // Clamp: an unknown category of a nullable column is its missing level (2); reject: left out.
  CHECK_THAT(query(SqlDialect::DuckDb), Catch::Contains("CASE v0 WHEN 2 THEN 1 ELSE 2 END END END END AS k0"));
  CHECK_THAT(query(SqlDialect::DuckDb, SqlGrouping::Sets, OutOfDomainPolicy::Reject),
             Catch::Contains("CASE v0 WHEN 2 THEN 1 ELSE -1 END END END END AS k0"));
}

TEST_CASE("the count query refuses what it cannot write", "[count-query]") {
  CountQueryTarget target;
  target.from = "src";
  target.typed_columns = {"it's"};
  const Result<std::string> typed_category = count_query_sql(columns(), {}, {{0, 1}}, target);
  REQUIRE_FALSE(typed_category.is_ok());
  CHECK_THAT(typed_category.status().message(), Catch::Contains("not a chosen numeric column"));
  std::vector<Column> clash = columns();
  clash[0].name = kCountColumn;
  CountQueryTarget untyped_target;  // DuckDB, every column read as text
  untyped_target.from = "src";
  const Result<std::string> reserved = count_query_sql(clash, {}, {{0, 1}}, untyped_target);
  REQUIRE_FALSE(reserved.is_ok());
  CHECK_THAT(reserved.status().message(), Catch::Contains("uses for itself"));
  const nlohmann::json empty_from = {{"dialect", "postgres"}, {"from", "  "}};
  OptionReader reader(empty_from);
  CHECK_THAT(read_count_query_target(reader).status().message(), Catch::Contains("needs \"from\""));
  const nlohmann::json bad_dialect = {{"dialect", "oracle"}, {"from", "t"}};
  OptionReader bad(bad_dialect);
  CHECK_FALSE(read_count_query_target(bad).is_ok());
}

TEST_CASE("a typed cell matches a missing token when the token is how the row path writes its number",
          "[count-query]") {
  CountQueryTarget target;
  target.from = "src";
  target.typed_columns = {"n`x\""};
  const EncodingRules rules{{"", "-999", "-999.0", "-0", "+5", "NaN", "9223372036854775807", "9223372036854776000"},
                            OutOfDomainPolicy::Clamp,
                            UnfixableCells::DropRecord};
  const std::string sql = count_query_sql(columns(), rules, {{0, 1}}, target).value();
  const std::string typed = between(sql, "CASE WHEN c1 IS NULL", " AS k1");
  // String() writes -999 and -999.0 as "-999"; no number as "-999.0", "-0" or "+5".
  CHECK_THAT(typed, Catch::Contains("CASE v1 WHEN -999 THEN -1 ELSE"));
  CHECK_THAT(typed, !Catch::Contains("WHEN 0 THEN") && !Catch::Contains("WHEN 5 THEN"));
  CHECK_THAT(typed, Catch::Contains("CAST(c1 AS DOUBLE) = CAST('NaN' AS DOUBLE) THEN -1"));
  // Past 2^53 an integer column's cell is its digits, any other its double's shortest text.
  const std::string integer = "(typeof(c1) IN ('TINYINT', 'SMALLINT', 'INTEGER', 'BIGINT', 'HUGEINT'";
  CHECK_THAT(typed, Catch::Contains(integer) &&
                        Catch::Contains("AND trim(CAST(c1 AS VARCHAR), ' ' || chr(9) || chr(10) || chr(13)) = "
                                        "'9223372036854775807' THEN -1"));
  CHECK_THAT(typed, Catch::Contains("NOT " + integer));
  CHECK_THAT(typed, Catch::Contains("AND v1 = CAST('9.223372036854776e+18' AS DOUBLE) THEN -1"));
  // A float32 and a decimal are read through their text, an integer and a double directly.
  CHECK_THAT(sql, Catch::Contains("ELSE CASE WHEN isfinite(CAST(CAST(t1 AS VARCHAR) AS DOUBLE))"));
  const std::string postgres = [&] {
    target.dialect = SqlDialect::Postgres;
    return count_query_sql(columns(), rules, {{0, 1}}, target).value();
  }();
  CHECK_THAT(postgres,
             Catch::Contains("(pg_typeof(t1) IN ('smallint'::regtype, 'integer'::regtype, 'bigint'::regtype)) OR "
                             "(pg_typeof(t1) IN ('double precision'::regtype))"));
}

TEST_CASE("a NULL reads as the cell it stands for: the first missing token, else the empty cell", "[count-query]") {
  CountQueryTarget target;
  target.from = "src";
  target.typed_columns = {"n`x\""};
  const auto sql = [&](std::vector<std::string> tokens, SqlNulls nulls) {
    target.nulls = nulls;
    return count_query_sql(columns(), {tokens, OutOfDomainPolicy::Reject, UnfixableCells::DropRecord}, {{0, 1}}, target)
        .value();
  };
  const std::string token = "COALESCE(trim(CAST(\"it's\" AS VARCHAR), ' ' || chr(9) || chr(10) || chr(13)), ";
  CHECK_THAT(sql({"NA", ""}, SqlNulls::Missing), Catch::Contains(token + "'NA') AS t0"));
  CHECK_THAT(sql({" NA ", ""}, SqlNulls::Missing), Catch::Contains(token + "'NA') AS t0"));  // trimmed
  CHECK_THAT(sql({"NA", ""}, SqlNulls::EmptyText), Catch::Contains(token + "'') AS t0"));
  // With no missing token a NULL is the empty cell: not a category of the nullable column, and
  // not a number of the typed one, so under reject both leave the record out.
  const std::string none = sql({}, SqlNulls::Missing);
  CHECK_THAT(none, Catch::Contains(token + "'') AS t0"));
  CHECK_THAT(none, Catch::Contains("CASE t0 WHEN 'a\\b' THEN 0 WHEN '2' THEN 1 ELSE CASE v0 WHEN 2 THEN 1 ELSE -1"));
  CHECK_THAT(none, Catch::Contains("CASE WHEN c1 IS NULL THEN -1 ELSE"));
  // A missing token as the first: the missing level of the nullable column (2).
  CHECK_THAT(sql({"NA"}, SqlNulls::Missing), Catch::Contains("WHEN t0 IN ('NA') THEN 2"));
}

TEST_CASE("a column not named typed is read as a number where the engine holds one", "[count-query]") {
  CountQueryTarget target;
  target.from = "src";
  const EncodingRules rules{{"", "-999"}, OutOfDomainPolicy::Clamp, UnfixableCells::DropRecord};
  const std::string duckdb = count_query_sql(columns(), rules, {{0, 1}}, target).value();
  // DuckDB knows the type when it binds the query; a categorical DOUBLE -999.0, printed "-999.0",
  // is the missing token "-999" as the row path writes it "-999".
  CHECK_THAT(duckdb, Catch::Contains("OR typeof(c0) LIKE 'DECIMAL%') AND c0 IS NOT NULL THEN CASE CASE WHEN"));
  CHECK_THAT(between(duckdb, "CASE WHEN (", " AS k0"), Catch::Contains(" WHEN -999 THEN 2 WHEN 2 THEN 1 ELSE 2 END"));
  target.dialect = SqlDialect::Postgres;
  const std::string postgres = count_query_sql(columns(), rules, {{0, 1}}, target).value();
  // PostgreSQL refuses, when it plans the query, a cast that a boolean or a date does not have:
  // a cell of any type is read through its text.
  CHECK_THAT(postgres, Catch::Contains("'numeric'::regtype))) AND c0 IS NOT NULL THEN"));
  CHECK_THAT(between(postgres, "CASE WHEN (", " AS k0"), Catch::Contains("CAST(CAST(c0 AS text) AS double precision)"));
  CHECK_THAT(between(postgres, "CASE WHEN (", " AS k0"), !Catch::Contains("CAST(c0 AS double precision)"));
}

TEST_CASE("explicit bin edges are coded by the first edge above the value, as the row path does", "[count-query]") {
  const std::vector<Column> edged = parse_schema_json(R"({"version": 1, "name": "t", "columns": [
      {"name": "x", "type": "numeric", "min": 0, "max": 100, "binEdges": [0, 1, 5, 100]}]})")
                                        .value()
                                        .columns;
  CountQueryTarget target;
  target.dialect = SqlDialect::DuckDb;
  target.from = "src";
  const std::string sql =
      count_query_sql(edged, {{""}, OutOfDomainPolicy::Clamp, UnfixableCells::DropRecord}, {{0}}, target).value();
  CHECK_THAT(sql, Catch::Contains("CASE WHEN f0 < 1 THEN 0 WHEN f0 < 5 THEN 1 ELSE 2 END"));
}
