// Solves one instance of the ladder with one solver and prints a JSON line. Built natively and as
// a Node wasm program from the same source, so `npm run bench -- lp` compares like with like.
// Usage: privsynth_lp_solve <instance.json> <row-generation|simplex|simplex-dual|mirror-prox> [options-json]
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "instance.hpp"
#include "lp/min_max_fit.hpp"
#include "lp/reweighting.hpp"
#include "privsynth/warm_up.hpp"
#include "statistics/marginal_operator.hpp"

using namespace privsynth;
using Clock = std::chrono::steady_clock;

namespace {

int fail(const std::string& message) {
  std::printf("%s\n", nlohmann::json({{"error", message}}).dump().c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: %s <instance.json> <row-generation|simplex|simplex-dual|mirror-prox> [options-json]\n",
                 argv[0]);
    return 2;
  }
  std::ifstream file(argv[1]);
  std::stringstream text;
  text << file.rdbuf();
  const Result<bench::LpInstance> loaded = bench::instance_from_json(text.str());
  if (!loaded.is_ok()) return fail(loaded.status().message());
  const bench::LpInstance& instance = loaded.value();
  const std::string solver = argv[2];
  const nlohmann::json options = argc == 4 ? nlohmann::json::parse(argv[3]) : nlohmann::json::object();
  const Result<MarginalWorkload> workload = MarginalWorkload::from_column_sets(instance.levels, instance.column_sets);
  if (!workload.is_ok()) return fail(workload.status().message());

  const LpSize size = reweighting_lp_size(workload.value(), instance.points.rows);
  nlohmann::json line = {{"instance", instance.name},
                         {"solver", solver},
#ifdef __EMSCRIPTEN__
                         {"platform", "wasm"},
#else
                         {"platform", "native"},
#endif
                         {"statistics", workload.value().statistic_count()},
                         {"points", instance.points.rows},
                         {"rows", size.rows},
                         {"columns", size.columns},
                         {"nonzeros", size.nonzeros}};
  const double time_limit = options.value("timeLimitSeconds", 0.0);
  FitOptions fit_options;
  if (solver == "simplex" || solver == "simplex-dual") {
    fit_options.method = FitMethod::Simplex;
    fit_options.simplex.method = solver == "simplex" ? SimplexMethod::Primal : SimplexMethod::Dual;
  } else if (solver == "row-generation") {
    fit_options.method = FitMethod::RowGeneration;
  } else if (solver == "mirror-prox") {
    fit_options.method = FitMethod::MirrorProx;
    fit_options.mirror_prox.step = options.value("step", 1.0);
    fit_options.mirror_prox.time_limit_ms = static_cast<long long>(time_limit * 1000);
  } else {
    return fail("unknown solver " + solver);
  }
  fit_options.relative_gap = options.value("relativeGap", fit_options.method == FitMethod::MirrorProx ? 0.01 : 0.0);
  fit_options.simplex.time_limit_ms = static_cast<long long>(time_limit * 1000);
  if (options.value("warmUp", false)) {
    const auto warm_start = Clock::now();
    const Status warmed = warm_up_solvers();
    if (!warmed.is_ok()) return fail(warmed.message());
    line["warmUpSeconds"] = std::chrono::duration<double>(Clock::now() - warm_start).count();
  }
  const auto start = Clock::now();
  if (fit_options.method == FitMethod::MirrorProx) {  // directly, to report its bounds when a limit stops it
    MirrorProxOptions first_order = fit_options.mirror_prox;
    first_order.relative_gap = fit_options.relative_gap;
    const MarginalOperator statistics(workload.value(), instance.points);
    const Result<MirrorProxSolution> solved = solve_min_max_mirror_prox(statistics, instance.targets, first_order);
    line["seconds"] = std::chrono::duration<double>(Clock::now() - start).count();
    if (!solved.is_ok()) return fail(solved.status().message());
    line["objective"] = solved.value().objective;
    line["lowerBound"] = solved.value().lower_bound;
    line["iterations"] = solved.value().iterations;
    line["converged"] = solved.value().converged;
    std::printf("%s\n", line.dump().c_str());
    return 0;
  }
  Result<Reweighting> fit = fit_min_max_error(workload.value(), instance.points, instance.targets, fit_options);
  line["seconds"] = std::chrono::duration<double>(Clock::now() - start).count();
  // "repeat": solve again in the same process; in wasm the later runs show the speed after the JIT
  // has compiled the hot functions with its optimizing tier (a page that solves twice sees this).
  for (int again = 1; again < options.value("repeat", 1) && fit.is_ok(); ++again) {
    const auto warm_start = Clock::now();
    fit = fit_min_max_error(workload.value(), instance.points, instance.targets, fit_options);
    line["warmSeconds"] = std::chrono::duration<double>(Clock::now() - warm_start).count();
  }
  if (!fit.is_ok()) {
    line["error"] = error_code_name(fit.status().code());
    line["message"] = fit.status().message();
  } else {
    line["objective"] = fit.value().lp_objective;
    line["lowerBound"] = fit.value().lower_bound;
    line["iterations"] = fit.value().iterations;
    line["activeStatistics"] = fit.value().active_statistics;
    line["solvedRows"] = fit.value().size.rows;
    line["rounds"] = fit.value().rounds.size();
  }
  std::printf("%s\n", line.dump().c_str());
  return 0;
}
