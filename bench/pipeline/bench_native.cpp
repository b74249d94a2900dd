// Native half of `npm run bench`: runs the synthesis pipeline on a CSV and prints one JSON line
// with the time of each phase (measured here from progress events: core reads no clock), the LP
// size and the utility. Usage: privsynth_bench_native <schema.json> <data.csv> <options-json>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "csv_file.hpp"
#include "privsynth/synthesis.hpp"

using namespace privsynth;
using Clock = std::chrono::steady_clock;

namespace {

double worst_tv(const nlohmann::json& distances) {
  double worst = 0;
  for (const nlohmann::json& d : distances) worst = std::max(worst, d["tv"].get<double>());
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s <schema.json> <data.csv> <options-json>\n", argv[0]);
    return 2;
  }
  const auto schema = testing::read_text_file(argv[1]);
  const auto read_start = Clock::now();
  const auto cells = testing::read_csv_file(argv[2]);
  if (!schema || !cells) {
    std::fprintf(stderr, "cannot read %s or %s\n", argv[1], argv[2]);
    return 2;
  }
  const double parse_seconds = std::chrono::duration<double>(Clock::now() - read_start).count();

  std::map<std::string, double> seconds;
  std::string current;
  auto phase_start = Clock::now();
  const auto start = phase_start;
  const ProgressSink progress = [&](const Progress& p) {
    const std::string name = phase_name(p.phase);
    if (name != current) {
      const auto now = Clock::now();
      if (!current.empty()) seconds[current] += std::chrono::duration<double>(now - phase_start).count();
      current = name;
      phase_start = now;
    }
    return true;
  };
  const Result<SynthesisOutput> result = synthesize(SynthesisInput{*schema, cells->view(), argv[3]}, progress);
  const auto end = Clock::now();
  if (!current.empty()) seconds[current] += std::chrono::duration<double>(end - phase_start).count();
  if (!result.is_ok()) {
    std::printf("%s\n", nlohmann::json({{"error", error_code_name(result.status().code())},
                                        {"message", result.status().message()}})
                            .dump()
                            .c_str());
    return 1;
  }
  const auto receipt = nlohmann::json::parse(result.value().receipt_json);
  const auto report = nlohmann::json::parse(result.value().report_json);
  nlohmann::json line = {{"platform", "native"},
                         {"csvParseSeconds", parse_seconds},
                         {"phaseSeconds", seconds},
                         {"totalSeconds", std::chrono::duration<double>(end - start).count()},
                         {"parameters", receipt["parameters"]},
                         {"released", receipt["released"]},
                         {"meanTwoWayTV", report["marginals"]["meanTwoWayTV"]},
                         {"meanOneWayTV", report["marginals"]["meanOneWayTV"]},
                         {"worstTwoWayTV", worst_tv(report["marginals"]["twoWay"])},
                         {"twoWay", report["marginals"]["twoWay"]},
                         {"meanThreeWaySampleTV", report["marginals"]["meanThreeWaySampleTV"]},
                         {"maxStatisticError", report["maxStatisticError"]["value"]},
                         {"distinctRecords", report["rows"]["distinctSynthetic"]}};
  for (const char* key : {"ml", "mlExtraTargets", "workloadError"}) {
    if (report.contains(key)) line[key] = report[key];
  }
  if (report.contains("kernel")) line["kernel"] = report["kernel"];
  std::printf("%s\n", line.dump().c_str());
  return 0;
}
