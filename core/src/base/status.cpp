#include "privsynth/status.hpp"

namespace privsynth {

const char* error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::Ok: return "OK";
    case ErrorCode::InvalidArgument: return "INVALID_ARGUMENT";
    case ErrorCode::InvalidSchema: return "INVALID_SCHEMA";
    case ErrorCode::InvalidData: return "INVALID_DATA";
    case ErrorCode::EmptyData: return "EMPTY_DATA";
    case ErrorCode::DomainTooLarge: return "DOMAIN_TOO_LARGE";
    case ErrorCode::BudgetExceeded: return "BUDGET_EXCEEDED";
    case ErrorCode::LpInfeasible: return "LP_INFEASIBLE";
    case ErrorCode::LpLimitReached: return "LP_LIMIT_REACHED";
    case ErrorCode::LpFailed: return "LP_FAILED";
    case ErrorCode::Cancelled: return "CANCELLED";
    case ErrorCode::Internal: return "INTERNAL";
  }
  return "INTERNAL";
}

}  // namespace privsynth
