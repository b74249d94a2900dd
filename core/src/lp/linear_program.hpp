#pragma once
// RAII wrapper over GLPK's simplex. GLPK reports fatal errors by calling abort(); here an error
// hook jumps back to the wrapper instead, the whole GLPK environment is freed, and the caller gets
// an error Status. Nothing in GLPK can abort the module.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "privsynth/status.hpp"

struct glp_prob;

namespace privsynth {

enum class LpBound { Free, Lower, Upper, Range, Fixed };

struct LpEntry {
  int row = 0;     // 0-based
  int column = 0;  // 0-based
  double value = 0;
};

// A row with its bounds, or a column with its bounds, objective coefficient and entries, for
// building large problems in one call.
struct LpRow {
  LpBound kind = LpBound::Free;
  double lower = 0, upper = 0;
  std::vector<int> columns;  // 0-based; entries of existing columns (may be empty)
  std::vector<double> values;
};
struct LpColumn {
  LpBound kind = LpBound::Lower;
  double lower = 0, upper = 0;
  double objective = 0;
  std::vector<int> rows;  // 0-based
  std::vector<double> values;
};

enum class SimplexMethod { Primal, Dual };

struct SimplexOptions {
  SimplexMethod method = SimplexMethod::Primal;
  long long iteration_limit = 0;  // over all solves of one LinearProgram; 0: none
  long long time_limit_ms = 0;    // over all solves of one LinearProgram (GLPK's clock); 0: none
  int progress_interval_ms = 250;
};

struct LpProgress {
  int iterations = 0;
  double objective = 0;
  double infeasibility = 0;  // sum of primal infeasibilities; 0 once the search is feasible
};
// Return false to cancel the solve.
using LpProgressSink = std::function<bool(const LpProgress&)>;

struct LpSolution {
  double objective = 0;
  std::vector<double> columns;    // primal values
  std::vector<double> row_duals;  // pi_i, so that column j's reduced cost is c_j - sum_i pi_i a_ij
  int iterations = 0;             // in this solve
};

class LinearProgram {
 public:
  LinearProgram();
  ~LinearProgram();
  LinearProgram(LinearProgram&& other) noexcept;
  LinearProgram& operator=(LinearProgram&& other) noexcept;
  LinearProgram(const LinearProgram&) = delete;
  LinearProgram& operator=(const LinearProgram&) = delete;

  // Model building. Indices are 0-based. Each returns an error Status instead of aborting on misuse.
  Status add_rows(int count);
  Status add_columns(int count);
  Status set_row_bounds(int row, LpBound kind, double lower, double upper);
  Status set_column_bounds(int column, LpBound kind, double lower, double upper);
  Status set_objective(int column, double coefficient);  // the problem is a minimization
  Status load_matrix(const std::vector<LpEntry>& entries);
  // Appends rows / columns with everything they need; both may be added after a solve (a warm
  // re-solve then starts from the previous basis, new rows basic, new columns non-basic at 0).
  Status append_rows(const std::vector<LpRow>& rows);
  Status append_columns(const std::vector<LpColumn>& columns);

  int rows() const { return rows_; }
  int columns() const { return columns_; }
  size_t nonzeros() const { return nonzeros_; }

  // Solves with GLPK's simplex. Infeasible or unbounded problems, limits, cancellation and GLPK
  // errors are error Statuses (LpInfeasible, LpLimitReached, Cancelled, LpFailed). A second solve
  // starts from the previous optimal basis (columns added since then enter as non-basic at 0).
  Result<LpSolution> solve(const SimplexOptions& options, const LpProgressSink& progress = {});

 private:
  Status ensure_alive() const;
  Status ensure_problem();
  Status grow(const char* what, int (*add)(glp_prob*, int), int count);
  glp_prob* problem_ = nullptr;
  unsigned long environment_epoch_ = 0;
  int rows_ = 0, columns_ = 0;
  size_t nonzeros_ = 0;
  bool has_basis_ = false;
  long long iterations_used_ = 0;
  long long milliseconds_used_ = 0;
};

}  // namespace privsynth
