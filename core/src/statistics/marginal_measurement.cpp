#include "statistics/marginal_measurement.hpp"

#include <algorithm>
#include <string>

namespace privsynth {

Result<MarginalNoise> marginal_noise(size_t marginals, double epsilon, double count_fraction) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "epsilon"));
  if (!(count_fraction > 0 && count_fraction < 1)) {
    return Status::error(ErrorCode::InvalidArgument, "the record count's share of epsilon must be in (0, 1)");
  }
  MarginalNoise noise;
  noise.count_epsilon = epsilon * count_fraction;
  noise.cell_epsilon = epsilon - noise.count_epsilon;
  noise.sensitivity = static_cast<double>(marginals);
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale count_scale, rational_scale_at_least(1.0 / noise.count_epsilon));
  Result<RationalScale> cell_scale = rational_scale_at_least(noise.sensitivity / noise.cell_epsilon);
  if (!cell_scale.is_ok()) return cell_scale.status();
  noise.count_scale = count_scale;
  noise.cell_scale = cell_scale.value();
  return noise;
}

Result<NoisyMarginals> measure_marginals(const EncodedTable& table, const MarginalWorkload& workload, double epsilon,
                                         double count_fraction, Accountant& accountant, RandomSource& random,
                                         bool disable_noise) {
  return measure_marginals(MarginalSource::from_rows(table), workload, epsilon, count_fraction, accountant, random,
                           disable_noise);
}

Result<NoisyMarginals> measure_marginals(const MarginalSource& data, const MarginalWorkload& workload, double epsilon,
                                         double count_fraction, Accountant& accountant, RandomSource& random,
                                         bool disable_noise) {
  PRIVSYNTH_ASSIGN_OR_RETURN(MarginalNoise calibration,
                             marginal_noise(workload.marginals().size(), epsilon, count_fraction));
  const double sensitivity = calibration.sensitivity;  // = workload.l1_sensitivity_add_remove()
  NoisyMarginals result;
  result.count_epsilon = calibration.count_epsilon;
  result.cell_epsilon = calibration.cell_epsilon;
  result.count_scale = calibration.count_scale;
  result.cell_scale = calibration.cell_scale;
  // Every table is read before anything is charged: a missing one refuses the run unspent.
  PRIVSYNTH_ASSIGN_OR_RETURN(const std::vector<int64_t> counts, count_workload(data, workload));

  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
      {"noisy record count", "discrete Laplace", LaplaceCost{1.0, result.count_scale.value(), result.count_epsilon}}));
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
      {"noisy cell counts of all " + std::to_string(workload.marginals().size()) + " marginals of degree 1.." +
           std::to_string(workload.degree()) + " (" + std::to_string(workload.statistic_count()) + " cells)",
       "discrete Laplace", LaplaceCost{sensitivity, result.cell_scale.value(), result.cell_epsilon}}));

  const auto noise = [&](const RationalScale& scale) {
    return disable_noise ? 0.0 : static_cast<double>(sample_discrete_laplace(random, scale));
  };
  result.noisy_count = data.records() + noise(result.count_scale);
  result.noisy_cells.resize(counts.size());
  for (size_t i = 0; i < counts.size(); ++i)
    result.noisy_cells[i] = static_cast<double>(counts[i]) + noise(result.cell_scale);
  return result;
}

std::vector<double> noisy_frequencies(const NoisyMarginals& measurement) {
  const double normalizer = std::max(1.0, measurement.noisy_count);
  std::vector<double> frequencies(measurement.noisy_cells.size());
  for (size_t i = 0; i < frequencies.size(); ++i) {
    frequencies[i] = std::clamp(measurement.noisy_cells[i] / normalizer, 0.0, 1.0);
  }
  return frequencies;
}

}  // namespace privsynth
