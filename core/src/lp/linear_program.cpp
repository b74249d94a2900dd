#include "lp/linear_program.hpp"

#include <glpk.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <utility>

namespace privsynth {
namespace {

// Every glp_free_env() invalidates all problem objects; the epoch tells a LinearProgram whether
// its pointer is still valid.
unsigned long g_environment_epoch = 1;

enum class Escape { None = 0, GlpkError = 1, Cancelled = 2 };

// State shared with GLPK's hooks while one guarded call runs.
struct GuardState {
  std::jmp_buf jump;
  char last_lines[2048] = {0};  // recent terminal output, for error messages
  char line[256] = {0};         // the display line being assembled
  size_t line_length = 0;
  const LpProgressSink* progress = nullptr;
  LpProgress latest;
};

void append_text(char* buffer, size_t capacity, const char* text) {
  size_t used = std::strlen(buffer);
  size_t add = std::strlen(text);
  if (add >= capacity) {
    text += add - capacity + 1;
    add = capacity - 1;
  }
  if (used + add >= capacity) {  // keep the tail
    const size_t drop = used + add - capacity + 1;
    std::memmove(buffer, buffer + drop, used - drop + 1);
    used -= drop;
  }
  std::memcpy(buffer + used, text, add + 1);
}

void on_glpk_error(void* info) {
  std::longjmp(static_cast<GuardState*>(info)->jump, static_cast<int>(Escape::GlpkError));
}

// Parses simplex display lines ("*   123: obj = 1.0e+00 inf = 0.0e+00 (2)") into progress events.
void on_display_line(GuardState& state) {
  int iterations = 0;
  double objective = 0, infeasibility = 0;
  if (state.line_length > 1 &&
      std::sscanf(state.line + 1, "%d: obj = %lf inf = %lf", &iterations, &objective, &infeasibility) == 3) {
    state.latest = LpProgress{iterations, objective, infeasibility};
    if (state.progress && *state.progress && !(*state.progress)(state.latest)) {
      std::longjmp(state.jump, static_cast<int>(Escape::Cancelled));
    }
  }
}

int on_terminal_output(void* info, const char* text) {
  GuardState& state = *static_cast<GuardState*>(info);
  append_text(state.last_lines, sizeof state.last_lines, text);
  for (const char* c = text; *c; ++c) {
    if (*c == '\n') {
      state.line[state.line_length] = '\0';
      on_display_line(state);
      state.line_length = 0;
    } else if (state.line_length + 1 < sizeof state.line) {
      state.line[state.line_length++] = *c;
    }
  }
  return 1;  // nonzero: GLPK prints nothing itself
}

void free_environment() {
  glp_free_env();
  ++g_environment_epoch;
}

// Runs `call` (which must only make GLPK calls: no C++ object with a destructor may live across
// them, since longjmp skips destructors) with GLPK's error and terminal hooks pointed at `state`.
template <class Call>
Escape run_guarded(GuardState& state, Call&& call) {
  const int escape = setjmp(state.jump);
  if (escape == 0) {
    glp_error_hook(on_glpk_error, &state);
    glp_term_hook(on_terminal_output, &state);
    call();
    glp_error_hook(nullptr, nullptr);
    glp_term_hook(nullptr, nullptr);
    return Escape::None;
  }
  // GLPK's state after a jump is undefined: drop the whole environment (all problem objects).
  free_environment();
  return static_cast<Escape>(escape);
}

Status guarded(const char* what, void (*call)(void*), void* context) {
  GuardState state;
  const Escape escape = run_guarded(state, [&] { call(context); });
  if (escape == Escape::None) return Status::ok();
  return Status::error(ErrorCode::LpFailed, std::string("GLPK failed while ") + what + ": " + state.last_lines);
}

int glpk_bound_type(LpBound kind) {
  switch (kind) {
    case LpBound::Free: return GLP_FR;
    case LpBound::Lower: return GLP_LO;
    case LpBound::Upper: return GLP_UP;
    case LpBound::Range: return GLP_DB;
    case LpBound::Fixed: return GLP_FX;
  }
  return GLP_FR;
}

}  // namespace

LinearProgram::LinearProgram() = default;

LinearProgram::~LinearProgram() {
  if (problem_ && environment_epoch_ == g_environment_epoch) {
    glp_prob* problem = problem_;
    // A destructor cannot report: a failure to free is left to the environment's reset.
    (void)guarded(
        "deleting a problem", [](void* p) { glp_delete_prob(static_cast<glp_prob*>(p)); }, problem);
  }
}

LinearProgram::LinearProgram(LinearProgram&& other) noexcept { *this = std::move(other); }

LinearProgram& LinearProgram::operator=(LinearProgram&& other) noexcept {
  std::swap(problem_, other.problem_);
  std::swap(environment_epoch_, other.environment_epoch_);
  std::swap(rows_, other.rows_);
  std::swap(columns_, other.columns_);
  std::swap(nonzeros_, other.nonzeros_);
  std::swap(has_basis_, other.has_basis_);
  std::swap(iterations_used_, other.iterations_used_);
  std::swap(milliseconds_used_, other.milliseconds_used_);
  return *this;
}

Status LinearProgram::ensure_alive() const {
  if (problem_ && environment_epoch_ != g_environment_epoch) {
    return Status::error(ErrorCode::LpFailed, "the LP was discarded after an earlier GLPK failure");
  }
  return Status::ok();
}

Status LinearProgram::ensure_problem() {
  PRIVSYNTH_RETURN_IF_ERROR(ensure_alive());
  if (problem_) return Status::ok();
  struct Context {
    glp_prob** problem;
  } context{&problem_};
  PRIVSYNTH_RETURN_IF_ERROR(guarded(
      "creating a problem",
      [](void* c) {
    glp_prob* p = glp_create_prob();
    glp_set_obj_dir(p, GLP_MIN);
    *static_cast<Context*>(c)->problem = p;
      },
      &context));
  environment_epoch_ = g_environment_epoch;
  return Status::ok();
}

Status LinearProgram::grow(const char* what, int (*add)(glp_prob*, int), int count) {
  PRIVSYNTH_RETURN_IF_ERROR(ensure_problem());
  if (count <= 0) return Status::ok();
  struct Context {
    glp_prob* problem;
    int (*add)(glp_prob*, int);
    int count;
  } context{problem_, add, count};
  return guarded(
      what,
      [](void* c) {
    auto* x = static_cast<Context*>(c);
    x->add(x->problem, x->count);
      },
      &context);
}

Status LinearProgram::add_rows(int count) {
  PRIVSYNTH_RETURN_IF_ERROR(grow("adding rows", glp_add_rows, count));
  rows_ += std::max(count, 0);
  return Status::ok();
}

Status LinearProgram::add_columns(int count) {
  PRIVSYNTH_RETURN_IF_ERROR(grow("adding columns", glp_add_cols, count));
  columns_ += std::max(count, 0);
  return Status::ok();
}

namespace {
struct BoundContext {
  glp_prob* problem;
  int index, type;
  double lower, upper;
};
}  // namespace

Status LinearProgram::set_row_bounds(int row, LpBound kind, double lower, double upper) {
  PRIVSYNTH_RETURN_IF_ERROR(ensure_alive());
  BoundContext context{problem_, row + 1, glpk_bound_type(kind), lower, upper};
  return guarded(
      "setting row bounds",
      [](void* c) {
    auto* x = static_cast<BoundContext*>(c);
    glp_set_row_bnds(x->problem, x->index, x->type, x->lower, x->upper);
      },
      &context);
}

Status LinearProgram::set_column_bounds(int column, LpBound kind, double lower, double upper) {
  PRIVSYNTH_RETURN_IF_ERROR(ensure_alive());
  BoundContext context{problem_, column + 1, glpk_bound_type(kind), lower, upper};
  return guarded(
      "setting column bounds",
      [](void* c) {
    auto* x = static_cast<BoundContext*>(c);
    glp_set_col_bnds(x->problem, x->index, x->type, x->lower, x->upper);
      },
      &context);
}

Status LinearProgram::set_objective(int column, double coefficient) {
  PRIVSYNTH_RETURN_IF_ERROR(ensure_alive());
  BoundContext context{problem_, column + 1, 0, coefficient, 0};
  return guarded(
      "setting an objective coefficient",
      [](void* c) {
    auto* x = static_cast<BoundContext*>(c);
    glp_set_obj_coef(x->problem, x->index, x->lower);
      },
      &context);
}

Status LinearProgram::load_matrix(const std::vector<LpEntry>& entries) {
  PRIVSYNTH_RETURN_IF_ERROR(ensure_alive());
  // GLPK arrays are 1-based: element 0 is unused.
  std::vector<int> row_index(entries.size() + 1), column_index(entries.size() + 1);
  std::vector<double> values(entries.size() + 1);
  for (size_t i = 0; i < entries.size(); ++i) {
    row_index[i + 1] = entries[i].row + 1;
    column_index[i + 1] = entries[i].column + 1;
    values[i + 1] = entries[i].value;
  }
  struct Context {
    glp_prob* problem;
    int count;
    const int *rows, *columns;
    const double* values;
  } context{problem_, static_cast<int>(entries.size()), row_index.data(), column_index.data(), values.data()};
  PRIVSYNTH_RETURN_IF_ERROR(guarded(
      "loading the constraint matrix",
      [](void* c) {
    auto* x = static_cast<Context*>(c);
    glp_load_matrix(x->problem, x->count, x->rows, x->columns, x->values);
      },
      &context));
  nonzeros_ = entries.size();
  return Status::ok();
}

Status LinearProgram::append_rows(const std::vector<LpRow>& rows) {
  const int first = rows_;
  size_t longest = 0;
  for (const LpRow& row : rows) {
    if (row.columns.size() != row.values.size())
      return Status::error(ErrorCode::Internal, "row columns and values differ");
    for (int column : row.columns) {
      if (column < 0 || column >= columns_)
        return Status::error(ErrorCode::InvalidArgument, "row entry of a missing column");
    }
    longest = std::max(longest, row.columns.size());
  }
  PRIVSYNTH_RETURN_IF_ERROR(add_rows(static_cast<int>(rows.size())));
  std::vector<int> index(longest + 1);  // GLPK arrays are 1-based
  std::vector<double> value(longest + 1);
  struct Context {
    glp_prob* problem;
    int first;
    const std::vector<LpRow>* rows;
    int* index;
    double* value;
  } context{problem_, first, &rows, index.data(), value.data()};
  PRIVSYNTH_RETURN_IF_ERROR(guarded(
      "adding rows",
      [](void* c) {
    auto* x = static_cast<Context*>(c);
    for (size_t i = 0; i < x->rows->size(); ++i) {
      const LpRow& row = (*x->rows)[i];
      const int number = x->first + static_cast<int>(i) + 1;
      glp_set_row_bnds(x->problem, number, glpk_bound_type(row.kind), row.lower, row.upper);
      if (row.columns.empty()) continue;
      for (size_t k = 0; k < row.columns.size(); ++k) {
        x->index[k + 1] = row.columns[k] + 1;
        x->value[k + 1] = row.values[k];
      }
      glp_set_mat_row(x->problem, number, static_cast<int>(row.columns.size()), x->index, x->value);
    }
      },
      &context));
  for (const LpRow& row : rows) nonzeros_ += row.columns.size();
  return Status::ok();
}

Status LinearProgram::append_columns(const std::vector<LpColumn>& columns) {
  const int first = columns_;
  PRIVSYNTH_RETURN_IF_ERROR(add_columns(static_cast<int>(columns.size())));
  // GLPK arrays are 1-based; one scratch buffer serves every column.
  size_t longest = 0;
  for (const LpColumn& column : columns) {
    if (column.rows.size() != column.values.size())
      return Status::error(ErrorCode::Internal, "column rows and values differ");
    longest = std::max(longest, column.rows.size());
  }
  std::vector<int> index(longest + 1);
  std::vector<double> value(longest + 1);
  struct Context {
    glp_prob* problem;
    int first;
    const std::vector<LpColumn>* columns;
    int* index;
    double* value;
  } context{problem_, first, &columns, index.data(), value.data()};
  PRIVSYNTH_RETURN_IF_ERROR(guarded(
      "adding columns",
      [](void* c) {
    auto* x = static_cast<Context*>(c);
    for (size_t j = 0; j < x->columns->size(); ++j) {
      const LpColumn& column = (*x->columns)[j];
      const int number = x->first + static_cast<int>(j) + 1;
      glp_set_col_bnds(x->problem, number, glpk_bound_type(column.kind), column.lower, column.upper);
      glp_set_obj_coef(x->problem, number, column.objective);
      for (size_t k = 0; k < column.rows.size(); ++k) {
        x->index[k + 1] = column.rows[k] + 1;
        x->value[k + 1] = column.values[k];
      }
      glp_set_mat_col(x->problem, number, static_cast<int>(column.rows.size()), x->index, x->value);
    }
      },
      &context));
  for (const LpColumn& column : columns) nonzeros_ += column.rows.size();
  return Status::ok();
}

Result<LpSolution> LinearProgram::solve(const SimplexOptions& options, const LpProgressSink& progress) {
  PRIVSYNTH_RETURN_IF_ERROR(ensure_alive());
  if (!problem_ || rows_ == 0 || columns_ == 0) {
    return Status::error(ErrorCode::LpFailed, "the LP has no rows or no columns");
  }
  glp_smcp parameters;
  glp_init_smcp(&parameters);
  parameters.msg_lev = GLP_MSG_ON;  // display lines feed progress; the terminal hook swallows them
  parameters.meth = options.method == SimplexMethod::Dual ? GLP_DUALP : GLP_PRIMAL;
  parameters.out_frq = options.progress_interval_ms;
  // Limits cover all solves of this problem together (a growing reduced space re-solves).
  const auto limit_reached = [&](const char* what, long long limit) {
    return Status::error(ErrorCode::LpLimitReached,
                         std::string("the LP solver stopped at its ") + what + " (" + std::to_string(limit) + ")");
  };
  if (options.iteration_limit > 0) {
    if (iterations_used_ >= options.iteration_limit) return limit_reached("iteration limit", options.iteration_limit);
    parameters.it_lim = static_cast<int>(options.iteration_limit - iterations_used_);
  }
  if (options.time_limit_ms > 0) {
    if (milliseconds_used_ >= options.time_limit_ms) return limit_reached("time limit in ms", options.time_limit_ms);
    parameters.tm_lim = static_cast<int>(options.time_limit_ms - milliseconds_used_);
  }

  struct Context {
    glp_prob* problem;
    glp_smcp* parameters;
    bool warm;
    int code, status, iterations_before, iterations_after;
    double start_ms, end_ms;
  } context{problem_, &parameters, has_basis_, 0, 0, 0, 0, 0, 0};
  GuardState state;
  state.progress = &progress;
  const Escape escape = run_guarded(state, [&] {
    context.iterations_before = glp_get_it_cnt(context.problem);
    context.start_ms = glp_time();
    if (!context.warm) glp_adv_basis(context.problem, 0);
    context.code = glp_simplex(context.problem, context.parameters);
    context.status = glp_get_status(context.problem);
    context.end_ms = glp_time();
    context.iterations_after = glp_get_it_cnt(context.problem);
  });
  if (escape == Escape::Cancelled) return Status::error(ErrorCode::Cancelled, "cancelled while solving the LP");
  if (escape == Escape::GlpkError) {
    return Status::error(ErrorCode::LpFailed, std::string("GLPK failed while solving: ") + state.last_lines);
  }
  const int iterations = context.iterations_after - context.iterations_before;
  iterations_used_ += iterations;
  milliseconds_used_ += static_cast<long long>(context.end_ms - context.start_ms);
  switch (context.code) {
    case 0: break;
    case GLP_EITLIM: return limit_reached("iteration limit", options.iteration_limit);
    case GLP_ETMLIM: return limit_reached("time limit in ms", options.time_limit_ms);
    default:
      return Status::error(ErrorCode::LpFailed,
                           "GLPK's simplex failed (code " + std::to_string(context.code) + "): " + state.last_lines);
  }
  if (context.status == GLP_NOFEAS || context.status == GLP_INFEAS) {
    return Status::error(ErrorCode::LpInfeasible, "the LP has no feasible solution");
  }
  if (context.status == GLP_UNBND) return Status::error(ErrorCode::LpFailed, "the LP is unbounded");
  if (context.status != GLP_OPT) {
    return Status::error(ErrorCode::LpFailed,
                         "GLPK ended without an optimal solution (status " + std::to_string(context.status) + ")");
  }
  has_basis_ = true;
  LpSolution solution;
  solution.objective = glp_get_obj_val(problem_);
  solution.iterations = iterations;
  solution.columns.resize(static_cast<size_t>(columns_));
  for (int j = 0; j < columns_; ++j) solution.columns[static_cast<size_t>(j)] = glp_get_col_prim(problem_, j + 1);
  solution.row_duals.resize(static_cast<size_t>(rows_));
  for (int i = 0; i < rows_; ++i) solution.row_duals[static_cast<size_t>(i)] = glp_get_row_dual(problem_, i + 1);
  return solution;
}

}  // namespace privsynth
