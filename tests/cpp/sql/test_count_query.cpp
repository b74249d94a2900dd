// The count query's text (sql/count_query.hpp): what each dialect quotes and how, the two shapes
// of grouping, the policies' outcomes in the column codes, and the refusals. That the query's
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
  CHECK_THAT(query(SqlDialect::DuckDb), Catch::Contains("CASE v0 WHEN 2 THEN 1 ELSE 2 END END END AS k0"));
  CHECK_THAT(query(SqlDialect::DuckDb, SqlGrouping::Sets, OutOfDomainPolicy::Reject),
             Catch::Contains("CASE v0 WHEN 2 THEN 1 ELSE -1 END END END AS k0"));
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
  const Result<std::string> reserved =
      count_query_sql(clash, {}, {{0, 1}}, CountQueryTarget{SqlDialect::DuckDb, "src"});
  REQUIRE_FALSE(reserved.is_ok());
  CHECK_THAT(reserved.status().message(), Catch::Contains("uses for itself"));
  const nlohmann::json empty_from = {{"dialect", "postgres"}, {"from", "  "}};
  OptionReader reader(empty_from);
  CHECK_THAT(read_count_query_target(reader).status().message(), Catch::Contains("needs \"from\""));
  const nlohmann::json bad_dialect = {{"dialect", "oracle"}, {"from", "t"}};
  OptionReader bad(bad_dialect);
  CHECK_FALSE(read_count_query_target(bad).is_ok());
}
