#pragma once
// Error results: core never throws across its API and never aborts on bad input. Every failure is
// a Status with a stable code (mirrored by the TypeScript PrivsynthError subclasses) and a message
// that names what was wrong.
#include <string>
#include <utility>
#include <variant>

namespace privsynth {

enum class ErrorCode {
  Ok = 0,
  InvalidArgument,  // an option out of range (eps <= 0, degree 7, unknown column, ...)
  InvalidSchema,    // the schema JSON is malformed or inconsistent
  InvalidData,      // the table does not fit the schema (missing column, value outside domain, ...)
  EmptyData,        // no records left to work with
  DomainTooLarge,   // a workload, domain or reduced space would not fit in memory
  BudgetExceeded,   // a spend would exceed the privacy budget
  LpInfeasible,     // the linear program has no feasible solution
  LpLimitReached,   // the solver hit its iteration or time limit
  LpFailed,         // GLPK reported a fatal error or could not solve
  Cancelled,        // the caller asked to stop
  Internal,         // a broken invariant: a bug in privsynth
};

// Stable, upper-snake-case name of a code ("INVALID_SCHEMA"); part of the public API.
const char* error_code_name(ErrorCode code);

// [[nodiscard]]: a Status or Result that is dropped unread is a compile error (-Werror=unused-result),
// so that an unchecked charge or a failed step cannot go unnoticed.
class [[nodiscard]] Status {
 public:
  Status() = default;
  static Status ok() { return Status(); }
  static Status error(ErrorCode code, std::string message) { return Status(code, std::move(message)); }

  bool is_ok() const { return code_ == ErrorCode::Ok; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}
  ErrorCode code_ = ErrorCode::Ok;
  std::string message_;
};

// A value or the Status explaining why there is none.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}         // NOLINT(implicit)
  Result(Status status) : state_(std::move(status)) {}  // NOLINT(implicit)

  bool is_ok() const { return std::holds_alternative<T>(state_); }
  const Status& status() const {
    static const Status ok_status;
    return is_ok() ? ok_status : std::get<Status>(state_);
  }
  T& value() & { return std::get<T>(state_); }
  const T& value() const& { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }

 private:
  std::variant<T, Status> state_;
};

}  // namespace privsynth

// Early return of a failed Status from an expression yielding Status.
#define PRIVSYNTH_RETURN_IF_ERROR(expr)                       \
  do {                                                        \
    ::privsynth::Status privsynth_status_ = (expr);           \
    if (!privsynth_status_.is_ok()) return privsynth_status_; \
  } while (0)

// Declares `lhs` from the value of an expression yielding Result<T>, or returns its error:
//   PRIVSYNTH_ASSIGN_OR_RETURN(Schema schema, parse_schema_json(text));
// The Result is moved from, so `lhs` may be a value, a const value or an rvalue-bound type.
// The expression may contain commas (braced lists, template arguments); `lhs` may not.
#define PRIVSYNTH_ASSIGN_OR_RETURN(lhs, ...) \
  PRIVSYNTH_ASSIGN_OR_RETURN_IMPL(PRIVSYNTH_CONCAT(privsynth_result_, __LINE__), lhs, __VA_ARGS__)
#define PRIVSYNTH_ASSIGN_OR_RETURN_IMPL(result, lhs, ...) \
  auto result = (__VA_ARGS__);                            \
  if (!result.is_ok()) return result.status();            \
  lhs = std::move(result).value()
#define PRIVSYNTH_CONCAT(a, b) PRIVSYNTH_CONCAT_IMPL(a, b)
#define PRIVSYNTH_CONCAT_IMPL(a, b) a##b
