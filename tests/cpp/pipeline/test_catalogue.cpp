// The catalogue of mechanisms is read off the options readers: every registry entry reads an empty
// object, an option given to a run is one the catalogue lists, a choice refuses values outside its
// list, and the registry's own facts (ids, privacy) come through.
#include <catch2/catch.hpp>
#include <optional>
#include <set>
#include <string>

#include "base/options.hpp"
#include "mechanisms/registry.hpp"
#include "privsynth/mechanisms.hpp"
#include "privsynth/run_forecast.hpp"

using namespace privsynth;

namespace {

const char* const kSchema = R"({"version":1,"name":"tiny","columns":[
  {"name":"a","type":"categorical","categories":["x","y","z"]},
  {"name":"b","type":"categorical","categories":["no","yes"]}]})";

const MechanismCatalogue& catalogue() {
  static const MechanismCatalogue made = [] {
    Result<MechanismCatalogue> read = mechanism_catalogue();
    INFO(read.status().message());
    REQUIRE(read.is_ok());
    return read.value();
  }();
  return made;
}

}  // namespace

TEST_CASE("catalogue: every registry entry, in order, with its privacy and its options", "[catalogue]") {
  REQUIRE(catalogue().mechanisms.size() == mechanism_registry().size());
  for (size_t i = 0; i < mechanism_registry().size(); ++i) {
    const MechanismDescriptor& entry = *mechanism_registry()[i];
    const MechanismInfo& info = catalogue().mechanisms[i];
    CHECK(info.id == entry.id);
    CHECK(info.id == mechanism_ids()[i]);
    CHECK(info.label == entry.label);
    CHECK(info.neighbours == neighbours_id(entry.privacy.neighbours));
    CHECK(info.accounting == accounting_id(entry.privacy.accounting));
    CHECK_FALSE(info.options.empty());
    std::set<std::string> names;
    for (const OptionInfo& option : info.options) {
      CHECK(names.insert(option.name).second);  // each once
      CHECK((option.type == "choice") == !option.values.empty());
    }
  }
  CHECK(catalogue().mechanisms.front().id == "reduced-space-lp");  // the default
  CHECK(catalogue().mechanisms.back().privacy ==
        "pure epsilon-DP, replace one record (the number of records is public)");
}

TEST_CASE("catalogue: a run accepts each listed option, and a choice only its listed values", "[catalogue]") {
  for (const MechanismInfo& mechanism : catalogue().mechanisms) {
    for (const OptionInfo& option : mechanism.options) {
      if (option.type != "choice") continue;
      for (const std::string& value : option.values) {
        const std::string options =
            R"({"epsilon":1,"mechanism":")" + mechanism.id + R"(",")" + option.name + R"(":")" + value + R"("})";
        const Result<std::string> forecast = forecast_run_json(kSchema, options);
        // Other options may refuse a combination, but never as an unknown option or value.
        INFO(options << ": " << forecast.status().message());
        CHECK(forecast.status().message().find("unknown option") == std::string::npos);
        CHECK(forecast.status().message().find("must be") == std::string::npos);
      }
      const std::string bad =
          R"({"epsilon":1,"mechanism":")" + mechanism.id + R"(",")" + option.name + R"(":"nonsense"})";
      const Result<std::string> refused = forecast_run_json(kSchema, bad);
      REQUIRE_FALSE(refused.is_ok());
      CHECK(refused.status().message().find("not \"nonsense\"") != std::string::npos);
    }
  }
}

TEST_CASE("options reader: every read declares its option, present or not, once", "[catalogue]") {
  const nlohmann::json object = {{"k", "b"}};
  OptionReader reader(object);
  constexpr Choice<int> kChoices[] = {{"a", 1}, {"b", 2}};
  int chosen = 1;
  double x = 0.25;
  REQUIRE(reader.choice("k", chosen, kChoices, {"The k."}).is_ok());
  REQUIRE(reader.number("x", x, 0, 1, {"The x."}).is_ok());
  REQUIRE(reader.number("x", x, 0, 1, {"Another x."}).is_ok());
  CHECK(chosen == 2);
  REQUIRE(reader.declarations().size() == 2);
  CHECK(reader.declarations()[0].values == std::vector<std::string>{"a", "b"});
  CHECK(reader.declarations()[1].maximum == 1.0);
  CHECK(reader.declarations()[1].doc == "The x.");  // the first read declares
  CHECK(reader.check_all_used().is_ok());
}

TEST_CASE("options reader: the default declared is the value the code keeps when the option is absent", "[catalogue]") {
  const nlohmann::json object = {{"given", 3}};
  OptionReader reader(object);
  constexpr Choice<int> kChoices[] = {{"a", 1}, {"b", 2}};
  int chosen = 2, sentinel = 0;
  long long given = 5, computed = 0;
  std::optional<double> none;
  REQUIRE(reader.choice("chosen", chosen, kChoices, {"A choice."}).is_ok());
  REQUIRE(reader.choice("sentinel", sentinel, kChoices, {"No such value: no default."}).is_ok());
  REQUIRE(reader.integer("given", given, 0, 9, {"Given: the default is still the code's."}).is_ok());
  REQUIRE(reader.integer("computed", computed, 1, 9, {"Worked out later.", OptionDefault::Computed}).is_ok());
  REQUIRE(reader.number("none", none, 0, 1, {"Absent means none."}).is_ok());
  const std::vector<OptionDeclaration>& declared = reader.declarations();
  REQUIRE(declared.size() == 5);
  CHECK(declared[0].default_value == "b");
  CHECK(declared[1].default_value.is_null());
  CHECK(given == 3);
  CHECK(declared[2].default_value == 5);
  CHECK(declared[3].default_value.is_null());
  CHECK(declared[3].default_from == OptionDefault::Computed);
  CHECK(declared[4].default_value.is_null());
}

TEST_CASE("catalogue: every option states what it means, and its default or how it is found", "[catalogue]") {
  std::vector<OptionInfo> options = catalogue().common_options;
  for (const MechanismInfo& mechanism : catalogue().mechanisms) {
    options.insert(options.end(), mechanism.options.begin(), mechanism.options.end());
  }
  size_t with_default = 0;
  for (const OptionInfo& option : options) {
    INFO(option.name);
    CHECK(option.doc.size() > 10);
    CHECK(option.doc.back() == '.');
    CHECK_FALSE((option.default_computed && !option.default_json.empty()));
    if (!option.default_json.empty()) ++with_default;
  }
  CHECK(with_default > options.size() / 2);
  const auto find = [&](const std::vector<OptionInfo>& list, const std::string& name) {
    for (const OptionInfo& option : list) {
      if (option.name == name) return option;
    }
    FAIL("no option " << name);
    return OptionInfo{};
  };
  CHECK(find(catalogue().common_options, "epsilon").required);
  CHECK(find(catalogue().common_options, "mechanism").default_json == "\"auto\"");
  CHECK(find(catalogue().common_options, "outOfDomain").default_json == "\"clamp\"");
  // The LP's second stage: on by default for reduced-space-lp, off for marginal-lp.
  CHECK(find(catalogue().mechanisms[0].options, "lpStage2").default_json == "\"max-entropy\"");
  CHECK(find(catalogue().mechanisms[1].options, "lpStage2").default_json == "\"none\"");
  CHECK(find(catalogue().mechanisms[1].options, "lpObjective").default_json == "\"sum-error\"");
  CHECK(find(catalogue().mechanisms[0].options, "countBudgetFraction").default_computed);
}
