// The catalogue of mechanisms is read off the options readers: every registry entry reads an empty
// object, an option given to a run is one the catalogue lists, a choice refuses values outside its
// list, and the registry's own facts (ids, privacy) come through.
#include <catch2/catch.hpp>
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
  int chosen = 0;
  double x = 0;
  REQUIRE(reader.choice("k", chosen, kChoices).is_ok());
  REQUIRE(reader.number("x", x, 0, 1).is_ok());
  REQUIRE(reader.number("x", x, 0, 1).is_ok());
  CHECK(chosen == 2);
  REQUIRE(reader.declarations().size() == 2);
  CHECK(reader.declarations()[0].values == std::vector<std::string>{"a", "b"});
  CHECK(reader.declarations()[1].maximum == 1.0);
  CHECK(reader.check_all_used().is_ok());
}
