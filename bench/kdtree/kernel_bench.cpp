// Native half of `npm run bench -- kdtree`: a synthesis on an all-numeric CSV, then the MMD between
// the real rows and the synthetic rows in the data's own units with Balog et al.'s kernel
// exp(-gamma |x - y|^2), gamma = 1e-4 / D (their experiments; Kreačić et al. Fig. 3 use the same data).
// Exact MMD when the pairs fit, else random Fourier features (kernel_metrics.hpp), with its standard
// error. Prints one JSON line. Usage: privsynth_kernel_bench <schema.json> <data.csv> <options-json> [gamma]
// (gamma: another kernel width, e.g. 1/2 for Kreačić et al.'s exp(-|x - y|^2 / 2) of Fig. 4).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <nlohmann/json.hpp>

#include "base/random.hpp"
#include "csv_file.hpp"
#include "data/encoding.hpp"
#include "privsynth/synthesis.hpp"
#include "report/kernel_metrics.hpp"

using namespace privsynth;

int main(int argc, char** argv) {
  if (argc != 4 && argc != 5) {
    std::fprintf(stderr, "usage: %s <schema.json> <data.csv> <options-json> [gamma]\n", argv[0]);
    return 2;
  }
  const auto schema = testing::read_text_file(argv[1]);
  const auto cells = testing::read_csv_file(argv[2]);
  if (!schema || !cells) {
    std::fprintf(stderr, "cannot read %s or %s\n", argv[1], argv[2]);
    return 2;
  }
  const CellGridView grid = cells->view();
  const size_t d = grid.columns;
  std::vector<double> real;
  real.reserve((grid.rows - 1) * d);
  for (size_t row = 1; row < grid.rows; ++row) {
    for (size_t c = 0; c < d; ++c) {
      double value = 0;
      if (!parse_cell_number(cell_token(grid.cell(row, c)), value)) {
        std::fprintf(stderr, "row %zu column %zu is not a number\n", row, c);
        return 2;
      }
      real.push_back(value);
    }
  }
  // Seconds until the utility report starts (parsing, the mechanism, decoding), not the report's own.
  const auto start = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point> evaluation_start;
  const ProgressSink progress = [&](const Progress& p) {
    if (p.phase == Phase::Evaluate && !evaluation_start) evaluation_start = std::chrono::steady_clock::now();
    return true;
  };
  const Result<SynthesisOutput> result = synthesize(SynthesisInput{*schema, grid, argv[3]}, progress);
  const double seconds =
      std::chrono::duration<double>(evaluation_start.value_or(std::chrono::steady_clock::now()) - start).count();
  if (!result.is_ok()) {
    std::printf("%s\n", nlohmann::json({{"error", error_code_name(result.status().code())},
                                        {"message", result.status().message()}})
                            .dump()
                            .c_str());
    return 1;
  }
  const SynthesisOutput& output = result.value();
  std::vector<double> synthetic(output.rows * d);
  for (size_t c = 0; c < d; ++c) {
    for (size_t row = 0; row < output.rows; ++row) synthetic[row * d + c] = output.columns[c].numbers[row];
  }
  const double gamma = argc == 5 ? std::atof(argv[4]) : balog_experiment_gamma(d);
  const WeightedPoints p{d, real, {}};
  const WeightedPoints q{d, synthetic, {}};
  SystemRandom random;
  const Result<MmdResult> mmd = mmd_auto(p, q, gamma, random, 4096);
  if (!mmd.is_ok()) {
    std::printf("%s\n", nlohmann::json({{"error", "MMD"}, {"message", mmd.status().message()}}).dump().c_str());
    return 1;
  }
  const auto receipt = nlohmann::json::parse(output.receipt_json);
  const auto report = nlohmann::json::parse(output.report_json);
  std::printf("%s\n", nlohmann::json({{"seconds", seconds},
                                      {"rows", output.rows},
                                      {"mmd", mmd.value().value},
                                      {"mmdStandardError", mmd.value().standard_error},
                                      {"mmdMethod", mmd_method_name(mmd.value().method)},
                                      {"gamma", gamma},
                                      {"meanOneWayTV", report["marginals"]["meanOneWayTV"]},
                                      {"meanTwoWayTV", report["marginals"]["meanTwoWayTV"]},
                                      {"distinctRecords", report["rows"]["distinctSynthetic"]},
                                      {"released", receipt["released"]},
                                      {"parameters", receipt["parameters"]}})
                          .dump()
                          .c_str());
  return 0;
}
