#pragma once
// Goodness-of-fit tests for the statistical tests of the noise samplers.
#include <cstddef>
#include <functional>
#include <vector>

namespace privsynth::testing {

// Upper tail P(X >= statistic) of a chi-square distribution with `dof` degrees of freedom.
double chi_square_upper_tail(double statistic, double dof);

// Pearson chi-square p-value of observed counts against expected probabilities. Cells with an
// expected count below 5 are pooled into one cell first, as the test's approximation requires.
double chi_square_p_value(const std::vector<double>& observed, const std::vector<double>& probabilities);

// Kolmogorov-Smirnov statistic D = sup |F_n - F| of a sample against a continuous CDF.
double kolmogorov_smirnov_statistic(std::vector<double> sample, const std::function<double(double)>& cdf);

// Kolmogorov-Smirnov p-value of a sample against a continuous CDF (asymptotic distribution).
double kolmogorov_smirnov_p_value(std::vector<double> sample, const std::function<double(double)>& cdf);

}  // namespace privsynth::testing
