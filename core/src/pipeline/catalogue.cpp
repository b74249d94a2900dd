// The catalogue of mechanisms (privsynth/mechanisms.hpp), read off the code that reads options:
// the common options' reader on the smallest valid object, and each registry entry's prepare on an
// empty one, declare every option they read (base/options.hpp), with its doc and default.
#include "privsynth/mechanisms.hpp"

#include <nlohmann/json.hpp>

#include "base/json_text.hpp"
#include "mechanisms/registry.hpp"
#include "pipeline/run_setup.hpp"

namespace privsynth {
namespace {

using Json = nlohmann::json;

std::vector<OptionInfo> option_infos(const std::vector<OptionDeclaration>& declarations) {
  std::vector<OptionInfo> options;
  for (const OptionDeclaration& declared : declarations) {
    OptionInfo info;
    info.name = declared.name;
    info.type = option_type_name(declared.type);
    info.values = declared.values;
    info.minimum = declared.minimum;
    info.maximum = declared.maximum;
    info.minimum_excluded = declared.minimum_excluded;
    info.test_only = declared.test_only;
    info.doc = declared.doc;
    if (!declared.default_value.is_null()) info.default_json = declared.default_value.dump();
    info.default_computed = declared.default_from == OptionDefault::Computed;
    info.required = declared.default_from == OptionDefault::Required;
    options.push_back(std::move(info));
  }
  return options;
}

Status not_catalogued(const std::string& what, const Status& status) {
  return Status::error(ErrorCode::Internal, what + " refuses an empty options object (" + status.message() +
                                                "): the catalogue reads its options from one");
}

Json bound_json(const OptionInfo& option, double bound) {
  return option.type == "integer" ? Json(static_cast<long long>(bound)) : Json(bound);
}

Json options_json(const std::vector<OptionInfo>& options) {
  Json list = Json::array();
  for (const OptionInfo& option : options) {
    Json item = {{"name", option.name}, {"type", option.type}};
    if (!option.values.empty()) item["values"] = option.values;
    if (option.minimum) item["minimum"] = bound_json(option, *option.minimum);
    if (option.maximum) item["maximum"] = bound_json(option, *option.maximum);
    if (option.minimum_excluded) item["minimumExcluded"] = true;
    if (option.test_only) item["testOnly"] = true;
    item["doc"] = option.doc;
    if (!option.default_json.empty()) item["default"] = Json::parse(option.default_json);
    if (option.default_computed) item["defaultComputed"] = true;
    if (option.required) item["required"] = true;
    list.push_back(std::move(item));
  }
  return list;
}

}  // namespace

Result<MechanismCatalogue> mechanism_catalogue() {
  MechanismCatalogue catalogue;
  const Json common = {{"epsilon", 1}};  // the one option every run must give
  OptionReader common_reader(common);
  const Result<RunCommonOptions> read = read_run_common_options(common_reader);
  if (!read.is_ok()) return not_catalogued("the common options' reader", read.status());
  catalogue.common_options = option_infos(common_reader.declarations());
  const Json empty = Json::object();
  for (const MechanismDescriptor* mechanism : mechanism_registry()) {
    OptionReader reader(empty);
    const Result<PreparedMechanism> prepared = mechanism->prepare(reader, 1.0);
    if (!prepared.is_ok()) return not_catalogued(std::string("mechanism \"") + mechanism->id + "\"", prepared.status());
    MechanismInfo info;
    info.id = mechanism->id;
    info.label = mechanism->label;
    info.neighbours = neighbours_id(mechanism->privacy.neighbours);
    info.accounting = accounting_id(mechanism->privacy.accounting);
    info.privacy = privacy_model_text(mechanism->privacy);
    info.options = option_infos(reader.declarations());
    catalogue.mechanisms.push_back(std::move(info));
  }
  return catalogue;
}

Result<std::string> mechanism_catalogue_json() {
  PRIVSYNTH_ASSIGN_OR_RETURN(MechanismCatalogue catalogue, mechanism_catalogue());
  Json mechanisms = Json::array();
  for (const MechanismInfo& mechanism : catalogue.mechanisms) {
    mechanisms.push_back(
        {{"id", mechanism.id},
         {"label", mechanism.label},
         {"privacy",
          {{"neighbours", mechanism.neighbours}, {"accounting", mechanism.accounting}, {"summary", mechanism.privacy}}},
         {"options", options_json(mechanism.options)}});
  }
  const Json out = {{"kind", "privsynth mechanism catalogue"},
                    {"commonOptions", options_json(catalogue.common_options)},
                    {"mechanisms", mechanisms}};
  return to_json_text(out, 1);
}

}  // namespace privsynth
