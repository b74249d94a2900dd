#pragma once
// The kernel distances of the utility report (Kreačić et al.'s measures, §1.3.1 and §4) between the
// real and the synthetic records of a run whose chosen columns are all numeric: both as points of
// [0, 1]^d (each column scaled by its public bounds), with the Gaussian kernel of bandwidth
// sigma = 0.1 sqrt(d) (gamma = 50 / d: a tenth of each range, widened with d as Balog et al.'s
// gamma = 1e-4 / D is). At most kKernelReportPoints records of each side, drawn without replacement.
// FOR THE DATA OWNER'S EYES ONLY, like the rest of the report.
#include <cstddef>
#include <optional>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/random.hpp"

namespace privsynth {

constexpr size_t kKernelReportPoints = 100000;
constexpr size_t kKernelReportBins = 1024;      // linear-binning nodes per axis for the d = 2 KDE gap
constexpr size_t kKernelReportFeatures = 1024;  // relative error of the MMD about 1 / sqrt(2 x 1024) = 2%

// real[c][row] and synthetic[c][row] in [0, 1], one vector per chosen column; nullopt when a
// column has no unit values on either side (categorical columns, or output drawn in bins).
std::optional<nlohmann::json> kernel_report_json(const std::vector<std::vector<double>>& real,
                                                 const std::vector<std::vector<double>>& synthetic,
                                                 RandomSource& random);

}  // namespace privsynth
