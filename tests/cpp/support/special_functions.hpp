#pragma once
// The Beta distribution's CDF and the exact binomial confidence interval built on it, for the
// statistical tests and DP audits (they bound a release's privacy loss from observed frequencies).
#include <cstdint>

namespace privsynth {

// The regularized incomplete beta I_x(a, b) (the Beta(a, b) CDF); a, b > 0.
double regularized_incomplete_beta(double a, double b, double x);

// The exact (Clopper-Pearson) two-sided interval for a binomial proportion: `hits` of `trials`,
// at `confidence` (each tail (1 - confidence) / 2). trials > 0, hits <= trials.
struct ProportionInterval {
  double lower = 0, upper = 1;
};
ProportionInterval clopper_pearson_interval(uint64_t hits, uint64_t trials, double confidence);

}  // namespace privsynth
