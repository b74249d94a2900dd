#include "privacy/definition.hpp"

#include <cmath>

#include "base/number_text.hpp"

namespace privsynth {

const char* neighbours_id(Neighbours neighbours) {
  return neighbours == Neighbours::ReplaceOne ? "replace-one" : "add-remove";
}

const char* accounting_id(Accounting accounting) { return accounting == Accounting::Zcdp ? "zcdp" : "basic"; }

std::string neighbours_text(const PrivacyDefinition& definition) {
  if (definition.neighbours == Neighbours::AddRemove) return "add/remove one record";
  return "replace one record (the number of records, " + std::to_string(definition.public_records.value_or(0)) +
         ", is public)";
}

PrivacyDefinition PrivacyModel::with_budget(double epsilon, double delta) const {
  return PrivacyDefinition{neighbours, accounting, epsilon, delta, std::nullopt};
}

std::string privacy_model_text(const PrivacyModel& model) {
  const std::string definition =
      model.accounting == Accounting::Zcdp ? "(epsilon, delta)-DP accounted as rho-zCDP" : "pure epsilon-DP";
  return definition + (model.neighbours == Neighbours::AddRemove
                           ? ", add/remove one record"
                           : ", replace one record (the number of records is public)");
}

Status check_privacy_definition(const PrivacyDefinition& definition) {
  if (!std::isfinite(definition.epsilon) || definition.epsilon <= 0) {
    return Status::error(ErrorCode::InvalidArgument,
                         "epsilon must be a finite number > 0 (got " + format_number(definition.epsilon) + ")");
  }
  const bool zcdp = definition.accounting == Accounting::Zcdp;
  if (zcdp ? !(definition.delta > 0 && definition.delta < 1) : !(definition.delta >= 0 && definition.delta < 1)) {
    return Status::error(ErrorCode::InvalidArgument, std::string("delta must be ") +
                                                         (zcdp ? "strictly between 0 and 1" : "in [0, 1)") + " (got " +
                                                         format_number(definition.delta) + ")");
  }
  if ((definition.neighbours == Neighbours::ReplaceOne) != definition.public_records.has_value()) {
    return Status::error(ErrorCode::Internal, "the number of records is public exactly under replace-one neighbours");
  }
  return Status::ok();
}

}  // namespace privsynth
