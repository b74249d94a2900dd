// The pre-run data summary: the same encoding counts a run reports, without a run.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "privsynth/data_summary.hpp"

using namespace privsynth;

namespace {
const char* kSchema = R"({"version":1,"columns":[
  {"name":"age","type":"numeric","min":17,"max":90,"integer":true,"bins":8,"nullable":true},
  {"name":"sex","type":"categorical","categories":["Female","Male"]}],"missing":["?",""]})";

CellGrid grid() {
  CellGrid cells(3);
  cells.add_row({"age", "sex", "note"});
  cells.add_row({"30", "Male", "x"});
  cells.add_row({"?", "Female", "y"});
  cells.add_row({"120", "Male", "z"});    // clamped to 90
  cells.add_row({"40", "Unknown", "w"});  // not a category, column not nullable: rejected under clamp
  return cells;
}
}  // namespace

TEST_CASE("the data summary counts missing, clamped and rejected values per column", "[summary]") {
  const CellGrid cells = grid();
  const nlohmann::json summary = nlohmann::json::parse(summarize_data(kSchema, cells.view(), "clamp").value());
  CHECK(summary["inputRows"] == 4);
  CHECK(summary["keptRows"] == 3);
  CHECK(summary["rejectedRows"] == 1);
  CHECK(summary["ignoredColumns"] == nlohmann::json({"note"}));
  CHECK(summary["columns"][0]["missing"] == 1);
  CHECK(summary["columns"][0]["clamped"] == 1);
  CHECK(summary["columns"][1]["rejectedRows"] == 1);
  CHECK(summary["outOfDomainPolicy"] == "clamp");
  CHECK_THAT(summary["notice"].get<std::string>(), Catch::Contains("your eyes only"));
}

TEST_CASE("the data summary fails as a run would", "[summary][errors]") {
  const CellGrid cells = grid();
  CHECK(summarize_data(kSchema, cells.view(), "error").status().code() == ErrorCode::InvalidData);
  CHECK(summarize_data(kSchema, cells.view(), "guess").status().code() == ErrorCode::InvalidArgument);
  CHECK(summarize_data("{}", cells.view(), "clamp").status().code() == ErrorCode::InvalidSchema);
}
