#include "statistics/moments.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "privacy/noise.hpp"

namespace privsynth {

std::vector<MomentTerm> moment_terms(int dimensions, int order) {
  std::vector<MomentTerm> terms;
  if (order >= 1) {
    for (int i = 0; i < dimensions; ++i) terms.push_back({i, -1});
  }
  if (order >= 2) {
    for (int i = 0; i < dimensions; ++i) {
      for (int j = i; j < dimensions; ++j) terms.push_back({i, j});
    }
  }
  return terms;
}

std::vector<std::vector<double>> evaluate_moments(const std::vector<MomentTerm>& terms,
                                                  const std::vector<std::vector<double>>& columns, size_t first,
                                                  size_t count) {
  // A missing value (NaN) counts as 0, where the continuous space places it (data/space_layout.hpp): each
  // term stays in [0, 1], so the sensitivity is unchanged.
  const auto value = [](double v) { return std::isnan(v) ? 0.0 : v; };
  std::vector<std::vector<double>> values(terms.size(), std::vector<double>(count));
  for (size_t t = 0; t < terms.size(); ++t) {
    const double* x = columns[size_t(terms[t].first)].data() + first;
    if (terms[t].second < 0) {
      for (size_t row = 0; row < count; ++row) values[t][row] = value(x[row]);
    } else {
      const double* y = columns[size_t(terms[t].second)].data() + first;
      for (size_t row = 0; row < count; ++row) values[t][row] = value(x[row]) * value(y[row]);
    }
  }
  return values;
}

int64_t moment_quanta(double value) {
  return static_cast<int64_t>(std::llround(std::clamp(value, 0.0, 1.0) * kMomentQuanta));
}

Result<MomentNoise> moment_noise(size_t terms, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon, "the moments' epsilon"));
  MomentNoise noise;
  const double count = static_cast<double>(terms);
  // Each value in [0, 1] is rounded to a whole number of quanta of 1/1024 (0 to 1024) and the
  // sums are exact integers, so one record moves each sum by at most 1024 quanta: L1 sensitivity
  // T in value units, T 1024 in quanta.
  noise.sensitivity = count;
  PRIVSYNTH_ASSIGN_OR_RETURN(RationalScale scale, rational_scale_at_least(count * kMomentQuanta / epsilon));
  noise.scale = scale;
  noise.noise_scale = scale.value() / kMomentQuanta;
  return noise;
}

Result<NoisyMoments> measure_moments(const std::vector<MomentTerm>& terms,
                                     const std::vector<std::vector<double>>& columns, size_t rows, double epsilon,
                                     Accountant& accountant, RandomSource& random, bool disable_noise) {
  PRIVSYNTH_ASSIGN_OR_RETURN(MomentNoise calibration, moment_noise(terms.size(), epsilon));
  NoisyMoments result;
  result.epsilon = epsilon;
  result.sensitivity = calibration.sensitivity;
  result.noise_scale = calibration.noise_scale;
  const RationalScale& scale = calibration.scale;
  PRIVSYNTH_RETURN_IF_ERROR(accountant.charge(
      {"noisy sums of " + std::to_string(terms.size()) + " moments (means and second moments on [0,1]^p)",
       "discrete Laplace on sums rounded to 1/1024", LaplaceCost{result.sensitivity, result.noise_scale, epsilon}}));
  const std::vector<std::vector<double>> values = evaluate_moments(terms, columns, 0, rows);
  for (const std::vector<double>& term : values) {
    // Fixed point, as the Bernstein release: a floating-point sum depends on the order of the
    // records and can move by more than the stated sensitivity; an integer sum cannot.
    int64_t quanta = 0;
    for (double v : term) quanta += moment_quanta(v);
    if (!disable_noise) quanta += sample_discrete_laplace(random, scale);
    result.noisy_sums.push_back(static_cast<double>(quanta) / kMomentQuanta);
  }
  return result;
}

std::string moment_term_name(const MomentTerm& term, const std::vector<std::string>& names) {
  const std::string& first = names[size_t(term.first)];
  return term.second < 0 ? first : first + "*" + names[size_t(term.second)];
}

}  // namespace privsynth
