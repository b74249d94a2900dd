#include "sql/count_query.hpp"

#include <algorithm>

namespace privsynth {
namespace {

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidArgument, message); }

std::string code_name(size_t c) { return "k" + std::to_string(c); }
std::string token_name(size_t c) { return "t" + std::to_string(c); }
std::string number_name(size_t c) { return "v" + std::to_string(c); }
std::string fixed_name(size_t c) { return "f" + std::to_string(c); }
std::string cell_name(size_t c) { return "c" + std::to_string(c); }

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

bool is_typed(const Column& column, const CountQueryTarget& target) {
  return column.kind == ColumnKind::Numeric &&
         std::find(target.typed_columns.begin(), target.typed_columns.end(), column.name) != target.typed_columns.end();
}

// Steps, each a SELECT over the one before, so no expression repeats a long one: the cells and
// their tokens, the tokens read as numbers, numbers as the clamp policy fixes them, the codes.
constexpr const char* kPersonColumn = "privsynth_person";

// The person's token (a NULL reads as the cell it stands for), carried through every step.
std::string person_token(const PersonBoundingSql& persons, const EncodingRules& rules, const CountQueryTarget& target) {
  const SqlDialect d = target.dialect;
  const std::string null_text = null_cell_text(rules, target.nulls == SqlNulls::Missing);
  return "COALESCE(" + sql_token(d, sql_identifier(d, persons.unit)) + ", " +
         sql_text(d, std::string(cell_token(null_text))) + ") AS " + kPersonColumn;
}

// True for a record with an identifier: not empty, not a missing token (as the row encoder reads it).
std::string has_person(const EncodingRules& rules, SqlDialect d) {
  std::vector<std::string> missing{sql_text(d, "")};
  for (const std::string& token : rules.missing_tokens) missing.push_back(sql_text(d, std::string(cell_token(token))));
  return std::string(kPersonColumn) + " NOT IN (" + joined(missing, ", ") + ")";
}

// With a privacy unit: the encodable records with an identifier are ranked within their person by a
// random draw; the first k are kept, and the perPerson columns take the first one's codes.
// Each record's place in its person's random order: a keyed MD5 of its person and codes (records
// with the same codes are interchangeable for the counts), or random() without a key.
std::string draw_of(const std::vector<Column>& columns, SqlDialect d, const std::string& key) {
  if (key.empty()) return sql_random(d);
  std::string text = sql_text(d, key + "|") + " || " + kPersonColumn;
  for (size_t c = 0; c < columns.size(); ++c) text += " || '|' || " + sql_cast_text(d, code_name(c));
  return sql_md5(d, text);
}

std::string bounded_encoding(const std::vector<Column>& columns, const EncodingRules& rules, SqlDialect d,
                             const PersonBoundingSql& persons, const std::string& all_kept, const std::string& key) {
  std::vector<std::string> code_names, ranked, kept;
  for (size_t c = 0; c < columns.size(); ++c) code_names.push_back(code_name(c));
  const std::string window =
      "(PARTITION BY privsynth_usable, " + std::string(kPersonColumn) + " ORDER BY privsynth_draw)";
  for (size_t c = 0; c < columns.size(); ++c) {
    ranked.push_back(columns[c].per_person ? "FIRST_VALUE(" + code_name(c) + ") OVER " + window + " AS " + code_name(c)
                                           : code_name(c));
  }
  // privsynth_usable: 1 for a record to rank, 0 for one the encoding leaves out, 3 for one without
  // an identifier; privsynth_kept adds 2 for a record beyond its person's k (sql/count_query.hpp).
  return ",\nprivsynth_drawn AS (\n  SELECT " + joined(code_names, ", ") + ", " + kPersonColumn + ", CASE WHEN " +
         has_person(rules, d) + " THEN CASE WHEN " + all_kept + " THEN 1 ELSE 0 END ELSE 3 END AS privsynth_usable, " +
         draw_of(columns, d, key) + " AS privsynth_draw\n  FROM privsynth_codes\n),\nprivsynth_ranked AS (\n  SELECT " +
         joined(ranked, ", ") + ", privsynth_usable, ROW_NUMBER() OVER " + window +
         " AS privsynth_rank\n  FROM privsynth_drawn\n),\n" +
         "privsynth_encoded AS (\n  SELECT CASE WHEN privsynth_usable <> 1 THEN privsynth_usable WHEN privsynth_rank "
         "<= " +
         std::to_string(persons.rows_per_person) + " THEN 1 ELSE 2 END AS " + kKeptColumn + ", " +
         joined(code_names, ", ") + "\n  FROM privsynth_ranked\n)";
}

std::string encoded_rows(const std::vector<Column>& columns, const EncodingRules& rules, const CountQueryTarget& target,
                         const PersonBoundingSql* persons = nullptr) {
  const SqlDialect d = target.dialect;
  std::vector<std::string> tokens, numbers, fixed, codes;
  if (persons) {
    tokens.push_back(person_token(*persons, rules, target));
    for (auto* step : {&numbers, &fixed, &codes}) step->push_back(kPersonColumn);
  }
  for (size_t c = 0; c < columns.size(); ++c) {
    const Column& column = columns[c];
    const std::string source = sql_identifier(d, column.name);
    const bool typed = is_typed(column, target);
    // A NULL reads as the cell it stands for (null_cell_text), trimmed as any token.
    const std::string null_text = null_cell_text(rules, target.nulls == SqlNulls::Missing);
    const std::string token =
        typed ? source
              : "COALESCE(" + sql_token(d, source) + ", " + sql_text(d, std::string(cell_token(null_text))) + ")";
    tokens.push_back(source + " AS " + cell_name(c) + ", " + token + " AS " + token_name(c));
    // A categorical column needs a number only to match numeric categories.
    const bool needs_number =
        column.kind == ColumnKind::Numeric ||
        std::any_of(column.categories.begin(), column.categories.end(), [](const Category& k) { return k.number; });
    numbers.push_back(cell_name(c) + ", " + token_name(c) + ", " +
                      (!needs_number ? "NULL"
                       : typed       ? sql_number_of_typed(d, token_name(c))
                                     : sql_number_of_token(d, token_name(c))) +
                      " AS " + number_name(c));
    const bool numeric = column.kind == ColumnKind::Numeric;
    fixed.push_back(cell_name(c) + ", " + token_name(c) + ", " + number_name(c) + ", " +
                    (numeric ? fixed_value_sql(d, column, number_name(c)) : "NULL") + " AS " + fixed_name(c));
    CellExpressions cell;
    cell.cell = cell_name(c);
    cell.token = token_name(c);
    cell.number = number_name(c);
    cell.fixed = fixed_name(c);
    cell.typed = typed;
    cell.null_text = null_text;
    codes.push_back(column_code_sql(d, column, cell, rules) + " AS " + code_name(c));
  }
  std::vector<std::string> all_kept;
  for (size_t c = 0; c < columns.size(); ++c) all_kept.push_back(code_name(c) + " >= 0");
  std::vector<std::string> code_names;
  for (size_t c = 0; c < columns.size(); ++c) code_names.push_back(code_name(c));
  const std::string steps = "privsynth_tokens AS (\n  SELECT " + joined(tokens, ",\n    ") + "\n  FROM " + target.from +
                            "\n),\nprivsynth_numbers AS (\n  SELECT " + joined(numbers, ",\n    ") +
                            "\n  FROM privsynth_tokens\n),\nprivsynth_fixed AS (\n  SELECT " +
                            joined(fixed, ",\n    ") +
                            "\n  FROM privsynth_numbers\n),\nprivsynth_codes AS (\n  SELECT " +
                            joined(codes, ",\n    ") + "\n  FROM privsynth_fixed\n)";
  if (persons) return steps + bounded_encoding(columns, rules, d, *persons, joined(all_kept, " AND "), target.draw_key);
  return steps + ",\nprivsynth_encoded AS (\n  SELECT CASE WHEN " + joined(all_kept, " AND ") +
         " THEN 1 ELSE 0 END AS " + kKeptColumn + ", " + joined(code_names, ", ") + "\n  FROM privsynth_codes\n)";
}

// The SELECT list of one grouping: the table's code columns, NULL for the others.
std::string select_list(const std::vector<Column>& columns, const std::vector<bool>& output, const AttributeSet* table,
                        SqlDialect d) {
  std::vector<std::string> items{kKeptColumn};
  for (size_t c = 0; c < columns.size(); ++c) {
    if (!output[c]) continue;
    const bool grouped = !table || std::find(table->begin(), table->end(), int(c)) != table->end();
    items.push_back((grouped ? code_name(c) : "CAST(NULL AS INTEGER)") + " AS " + sql_identifier(d, columns[c].name));
  }
  items.push_back(std::string("COUNT(*) AS ") + kCountColumn);
  return joined(items, ", ");
}

std::string group_list(const AttributeSet& table) {
  std::vector<std::string> items{kKeptColumn};
  for (int c : table) items.push_back(code_name(size_t(c)));
  return joined(items, ", ");
}

}  // namespace

Result<CountQueryTarget> read_count_query_target(OptionReader& reader) {
  CountQueryTarget target;
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("dialect", target.dialect, kSqlDialects, {"The SQL engine's dialect."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.text("from", target.from, {"The table: a name or any table expression.", OptionDefault::Required}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.choice("nulls", target.nulls, kSqlNulls,
                    {"What an SQL NULL is: a missing value, or an empty cell of a CSV read as text."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.text_list("typedColumns", target.typed_columns,
                       {"Numeric columns the engine holds as numbers, read directly rather than through their text.",
                        OptionDefault::None}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("grouping", target.grouping, kSqlGroupings,
                                          {"One pass with GROUPING SETS, or a UNION ALL of one GROUP BY per table."}));
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.integer("firstTable", target.first_table, 0, 1LL << 40, {"The first of the tables this query computes."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("tableCount", target.table_count, 0, 1LL << 40,
                                           {"How many tables this query computes; all the rest when 0."}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.text(
      "drawKey", target.draw_key,
      {"With a privacy unit: a secret random text of the run that orders each person's records the same way in "
       "every pass; without it the engine's random(), for a query computed in one pass.",
       OptionDefault::None}));
  PRIVSYNTH_RETURN_IF_ERROR(reader.check_all_used());
  if (target.from.find_first_not_of(" \t\r\n") == std::string::npos) {
    return invalid("the query needs \"from\": the table (a name, or a table expression such as read_parquet(...))");
  }
  return target;
}

Result<std::string> count_query_sql(const std::vector<Column>& columns, const EncodingRules& rules,
                                    const std::vector<AttributeSet>& all_tables, const CountQueryTarget& target,
                                    const PersonBoundingSql* persons) {
  if (size_t(target.first_table) >= all_tables.size()) {
    return invalid("\"firstTable\" is " + std::to_string(target.first_table) + " but the run reads " +
                   std::to_string(all_tables.size()) + " tables");
  }
  const size_t first = size_t(target.first_table);
  const size_t last =
      target.table_count > 0 ? std::min(all_tables.size(), first + size_t(target.table_count)) : all_tables.size();
  const std::vector<AttributeSet> tables(all_tables.begin() + long(first), all_tables.begin() + long(last));
  const bool totals = first == 0;
  for (const std::string& name : target.typed_columns) {
    const auto at = std::find_if(columns.begin(), columns.end(), [&](const Column& c) { return c.name == name; });
    if (at == columns.end() || at->kind != ColumnKind::Numeric) {
      return invalid("\"typedColumns\" names \"" + name + "\", which is not a chosen numeric column");
    }
  }
  for (const Column& column : columns) {
    if (column.time) {
      return invalid("column \"" + column.name + "\" is a " + (column.time->with_time ? "datetime" : "date") +
                     ": the count query does not read dates in SQL yet; leave it out with \"columns\", or use the "
                     "row engine");
    }
    if (column.name == kKeptColumn || column.name == kCountColumn || column.name == kPersonColumn) {
      return invalid("a column is named \"" + column.name + "\", which the count query uses for itself");
    }
  }
  const SqlDialect d = target.dialect;
  std::vector<bool> output(columns.size(), false);
  for (const AttributeSet& table : tables) {
    for (int c : table) output[size_t(c)] = true;
  }
  std::string body;
  if (target.grouping == SqlGrouping::Sets) {
    std::vector<std::string> sets;
    if (totals) sets.push_back("(" + std::string(kKeptColumn) + ")");
    for (const AttributeSet& table : tables) sets.push_back("(" + group_list(table) + ")");
    body = "SELECT " + select_list(columns, output, nullptr, d) +
           "\nFROM privsynth_encoded\nGROUP BY GROUPING SETS (\n  " + joined(sets, ",\n  ") + "\n)";
  } else {
    const AttributeSet none;
    std::vector<std::string> parts;
    if (totals) {
      parts.push_back("SELECT " + select_list(columns, output, &none, d) + " FROM privsynth_encoded GROUP BY " +
                      kKeptColumn);
    }
    for (const AttributeSet& table : tables) {
      parts.push_back("SELECT " + select_list(columns, output, &table, d) + " FROM privsynth_encoded GROUP BY " +
                      group_list(table));
    }
    body = joined(parts, "\nUNION ALL\n");
  }
  return "-- privsynth: the exact count tables of one run (docs/scale.md). THE RESULT IS AS SENSITIVE AS THE\n"
         "-- ROWS: keep it inside the data owner's perimeter; privsynth adds the noise.\n"
         "WITH " +
         encoded_rows(columns, rules, target, persons) + "\n" + body + "\n";
}

Result<std::string> rows_per_person_sql(const std::vector<Column>& columns, const EncodingRules& rules,
                                        const CountQueryTarget& target, const PersonBoundingSql& persons) {
  const SqlDialect d = target.dialect;
  std::vector<std::string> all_kept;
  for (size_t c = 0; c < columns.size(); ++c) all_kept.push_back(code_name(c) + " >= 0");
  // Each person keeps min(their encodable records, k), whichever of them the draw keeps.
  return "-- privsynth: the numbers of persons with 1 .. k kept records (docs/privacy/privacy-unit.md). AS\n"
         "-- SENSITIVE AS THE ROWS: privsynth adds the noise.\n"
         "WITH " +
         encoded_rows(columns, rules, target, &persons) + ",\nprivsynth_persons AS (\n  SELECT " + kPersonColumn +
         ", COUNT(*) AS privsynth_records\n  FROM privsynth_codes\n  WHERE " + joined(all_kept, " AND ") + " AND " +
         has_person(rules, d) + "\n  GROUP BY " + kPersonColumn + "\n)\nSELECT LEAST(privsynth_records, " +
         std::to_string(persons.rows_per_person) +
         ") AS privsynth_rows, COUNT(*) AS privsynth_persons\nFROM privsynth_persons\nGROUP BY "
         "LEAST(privsynth_records, " +
         std::to_string(persons.rows_per_person) + ")\n";
}

}  // namespace privsynth
