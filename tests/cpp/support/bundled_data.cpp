#include "bundled_data.hpp"

#include "csv_file.hpp"

namespace privsynth::testing {
namespace {

BundledData load(const std::string& schema, const std::string& csv) {
  return BundledData{read_text_file(data_path(schema)).value_or(""),
                     read_csv_file(data_path(csv)).value_or(CellGrid(1))};
}

}  // namespace

const BundledData& adult_data() {
  static const BundledData data = load("adult/adult.schema.json", "adult/adult.csv");
  return data;
}

const BundledData& visits_data() {
  static const BundledData data = load("visits/visits.schema.json", "visits/visits.csv");
  return data;
}

const BundledData& mixture_data() {
  static const BundledData data = load("mixture-of-gaussians/mixture_of_Gaussians_N100000_D2.schema.json",
                                       "mixture-of-gaussians/mixture_of_Gaussians_N100000_D2.csv");
  return data;
}

Result<SynthesisOutput> synthesize_on(const BundledData& data, const std::string& options,
                                      const ProgressSink& progress) {
  return synthesize(SynthesisInput{data.schema, data.cells.view(), options}, progress);
}

}  // namespace privsynth::testing
