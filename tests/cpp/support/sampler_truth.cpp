#include "sampler_truth.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "mechanisms/sampler/laplace_histogram.hpp"
#include "mechanisms/sampler/sampler_distribution.hpp"

namespace privsynth {
namespace {

using Real = long double;
constexpr double kLn2Pi = 1.837877066409345483560659472811;  // ln(2 pi)

// ---- Loader's binomial pmf (C. Loader, "Fast and accurate computation of binomial probabilities",
// 2000; the algorithm of R's dbinom) ----

// ln(x!) - ln(sqrt(2 pi x) (x/e)^x), the error of Stirling's formula, for integer x >= 1.
double stirlerr(double x) {
  constexpr double S0 = 1.0 / 12, S1 = 1.0 / 360, S2 = 1.0 / 1260, S3 = 1.0 / 1680, S4 = 1.0 / 1188;
  if (x <= 15) {
    // lgamma is accurate to about 1e-16 absolute here (values below 28).
    return static_cast<double>(std::lgamma(static_cast<Real>(x) + 1) -
                               (static_cast<Real>(x) + 0.5L) * std::log(static_cast<Real>(x)) + static_cast<Real>(x) -
                               0.5L * static_cast<Real>(kLn2Pi));
  }
  const double xx = x * x;
  if (x > 500) return (S0 - S1 / xx) / x;
  if (x > 80) return (S0 - (S1 - S2 / xx) / xx) / x;
  if (x > 35) return (S0 - (S1 - (S2 - S3 / xx) / xx) / xx) / x;
  return (S0 - (S1 - (S2 - (S3 - S4 / xx) / xx) / xx) / xx) / x;
}

// x ln(x / np) + np - x, without cancellation when x is near np.
double bd0(double x, double np) {
  if (std::abs(x - np) < 0.1 * (x + np)) {
    double v = (x - np) / (x + np);
    double s = (x - np) * v;
    double ej = 2 * x * v;
    v *= v;
    for (int j = 1; j < 1000; ++j) {
      ej *= v;
      const double s1 = s + ej / (2 * j + 1);
      if (s1 == s) return s1;
      s = s1;
    }
    return s;
  }
  return x * std::log(x / np) + np - x;
}

// ---- Probability vectors and count vectors ----

Status check_distribution(const std::vector<double>& p) {
  if (p.size() < 2) return Status::error(ErrorCode::InvalidArgument, "the alphabet needs at least 2 symbols");
  double sum = 0;
  for (double value : p) {
    if (!(value >= 0) || !std::isfinite(value)) {
      return Status::error(ErrorCode::InvalidArgument, "the true distribution's probabilities must be finite and >= 0");
    }
    sum += value;
  }
  if (std::abs(sum - 1) > 1e-9) return Status::error(ErrorCode::InvalidArgument, "the true distribution must sum to 1");
  return Status::ok();
}

Status check_epsilon(double epsilon) {
  if (!(epsilon > 0) || !std::isfinite(epsilon)) {
    return Status::error(ErrorCode::InvalidArgument, "epsilon must be a finite number > 0");
  }
  return Status::ok();
}

Status check_counts(const std::vector<uint64_t>& counts) {
  if (counts.size() < 2) return Status::error(ErrorCode::InvalidArgument, "the alphabet needs at least 2 symbols");
  if (std::all_of(counts.begin(), counts.end(), [](uint64_t c) { return c == 0; })) {
    return Status::error(ErrorCode::EmptyData, "the counts are all 0");
  }
  return Status::ok();
}

double tv_to_uniform(const std::vector<double>& p) {
  const double u = 1.0 / static_cast<double>(p.size());
  double sum = 0;
  for (double value : p) sum += std::abs(value - u);
  return sum / 2;
}

uint64_t positive_symbols(const std::vector<double>& p) {
  return static_cast<uint64_t>(std::count_if(p.begin(), p.end(), [](double v) { return v > 0; }));
}

// Calls visit(counts, probability) for every count vector of n records with positive probability
// under Mult(n, p), the probability computed in log space: ln n! - sum ln c_x! + sum c_x ln p_x.
template <class Visit>
void enumerate_count_vectors(const std::vector<double>& p, uint64_t n, Visit&& visit) {
  std::vector<Real> log_factorial(n + 1, 0);
  for (uint64_t i = 2; i <= n; ++i) log_factorial[i] = log_factorial[i - 1] + std::log(static_cast<Real>(i));
  std::vector<size_t> support;
  std::vector<Real> log_p(p.size(), 0);
  for (size_t x = 0; x < p.size(); ++x) {
    if (p[x] > 0) {
      support.push_back(x);
      log_p[x] = std::log(static_cast<Real>(p[x]));
    }
  }
  std::vector<uint64_t> counts(p.size(), 0);
  // depth: the index into support; left: records still to place; log_weight so far.
  const std::function<void(size_t, uint64_t, Real)> place = [&](size_t depth, uint64_t left, Real log_weight) {
    const size_t x = support[depth];
    if (depth + 1 == support.size()) {
      counts[x] = left;
      visit(counts,
            static_cast<double>(std::exp(log_weight + static_cast<Real>(left) * log_p[x] - log_factorial[left])));
      return;
    }
    for (uint64_t c = 0; c <= left; ++c) {
      counts[x] = c;
      place(depth + 1, left - c, log_weight + static_cast<Real>(c) * log_p[x] - log_factorial[c]);
    }
    counts[x] = 0;
  };
  place(0, n, log_factorial[n]);
}

// Monte Carlo summary. Each replication r gives a row V_r (k values) and, for a control variate,
// a row W_r whose mean E[W] is known exactly; rows not stored are all 0 (`stored` of `total`). The
// estimate of Q - P is
//   D = mean(V) + c mean(W) + (1 - c) E[W]      (c = 1 without control variate: D = mean(V + W)),
// and tv = 1/2 sum_x |D_x| with the delta-method standard error from L_r = sum_x s_x (V_rx + c W_rx),
// s_x = sign(D_x). With `optimize`, c = -Cov(L_V, L_W) / Var(L_W), the variance-minimising
// coefficient (ordinary regression control variate; its O(1/R) bias is far below the standard error),
// recomputed once after the signs settle.
struct RowSummary {
  double tv = 0, standard_error = 0, coefficient = 1;
};
RowSummary summarize_rows(const std::vector<double>& v, const std::vector<double>& w, size_t k, size_t total,
                          const std::vector<double>& expected_w, bool optimize) {
  const size_t stored = v.size() / k;
  const bool has_w = !w.empty();
  std::vector<Real> mean_v(k, 0), mean_w(k, 0);
  for (size_t r = 0; r < stored; ++r) {
    for (size_t x = 0; x < k; ++x) {
      mean_v[x] += v[r * k + x];
      if (has_w) mean_w[x] += w[r * k + x];
    }
  }
  const Real n = static_cast<Real>(total);
  for (size_t x = 0; x < k; ++x) {
    mean_v[x] /= n;
    mean_w[x] /= n;
  }
  std::vector<double> sign(k, 0);
  const auto estimate = [&](Real c, RowSummary& summary) {
    summary.tv = 0;
    summary.coefficient = static_cast<double>(c);
    for (size_t x = 0; x < k; ++x) {
      const Real known = has_w ? static_cast<Real>(expected_w[x]) : 0;
      const Real difference = mean_v[x] + c * mean_w[x] + (1 - c) * known;
      summary.tv += static_cast<double>(std::abs(difference) / 2);
      sign[x] = difference > 0 ? 1.0 : difference < 0 ? -1.0 : 0.0;
    }
  };
  // Sums for L_V and L_W under the current signs.
  Real sv = 0, sw = 0, svv = 0, sww = 0, svw = 0;
  const auto accumulate = [&]() {
    sv = sw = svv = sww = svw = 0;
    for (size_t r = 0; r < stored; ++r) {
      Real lv = 0, lw = 0;
      for (size_t x = 0; x < k; ++x) {
        lv += sign[x] * v[r * k + x];
        if (has_w) lw += sign[x] * w[r * k + x];
      }
      sv += lv;
      sw += lw;
      svv += lv * lv;
      sww += lw * lw;
      svw += lv * lw;
    }
  };
  RowSummary summary;
  Real c = has_w && optimize ? 0 : 1;
  estimate(c, summary);
  if (has_w && optimize) {
    for (int round = 0; round < 2; ++round) {
      accumulate();
      const Real var_w = sww - sw * sw / n;
      c = var_w > 0 ? -(svw - sv * sw / n) / var_w : 0;
      estimate(c, summary);
    }
  }
  accumulate();
  if (total > 1) {
    // Var(L_V + c L_W) from the sums.
    const Real sum = sv + c * sw;
    const Real square = svv + 2 * c * svw + c * c * sww;
    const Real variance = std::max<Real>(0, (square - sum * sum / n) / (n - 1));
    summary.standard_error = static_cast<double>(std::sqrt(variance / n) / 2);
  }
  return summary;
}

struct MeanSe {
  Real sum = 0, square = 0;
  size_t count = 0;
  void add(double value) {
    sum += value;
    square += static_cast<Real>(value) * value;
    ++count;
  }
  double mean() const { return count ? static_cast<double>(sum / static_cast<Real>(count)) : 0.0; }
  double standard_error() const {
    if (count < 2) return 0;
    const Real n = static_cast<Real>(count);
    const Real variance = std::max<Real>(0, (square - sum * sum / n) / (n - 1));
    return static_cast<double>(std::sqrt(variance / n));
  }
};

// Var Z of the discrete Laplace noise P(z) ~ a^|z|, a = exp(-1/scale): 2a / (1 - a)^2.
double discrete_laplace_variance(const RationalScale& scale) {
  const Real a = std::exp(-1 / static_cast<Real>(scale.value()));
  const Real one_minus_a = -std::expm1(-1 / static_cast<Real>(scale.value()));
  return static_cast<double>(2 * a / (one_minus_a * one_minus_a));
}

// One noisy release of the counts, with its rows V = Y - W and W (see laplace_histogram_truth):
// Y = proj(c + Z) - c/n and W = (c + Z)/n (1 - u + u^2) - c/n, u = S/n. Without clamping,
// proj = (c + Z)/(n + S) and V = (c + Z)/n * (-u^3 / (1 + u)), computed so (no cancellation).
// Returns proj; appends V to v_rows and W to w_rows.
std::vector<double> noisy_release_row(const std::vector<uint64_t>& counts, uint64_t n, const RationalScale& scale,
                                      RandomSource& random, std::vector<double>& v_rows, std::vector<double>& w_rows) {
  const size_t k = counts.size();
  std::vector<int64_t> noisy(k);
  int64_t noise_sum = 0;
  bool clamped = false;
  for (size_t x = 0; x < k; ++x) {
    const int64_t noise = sample_discrete_laplace(random, scale);
    noise_sum += noise;
    noisy[x] = static_cast<int64_t>(counts[x]) + noise;
    clamped = clamped || noisy[x] < 0;
  }
  const std::vector<double> projected = project_onto_simplex(noisy);
  const Real N = static_cast<Real>(n);
  const Real u = static_cast<Real>(noise_sum) / N;
  const bool closed_form = !clamped && N + static_cast<Real>(noise_sum) > 0;
  for (size_t x = 0; x < k; ++x) {
    const Real share = static_cast<Real>(counts[x]) / N;
    const Real w = static_cast<Real>(noisy[x]) / N * (1 - u + u * u) - share;
    const Real v = closed_form ? static_cast<Real>(noisy[x]) / N * (-u * u * u / (1 + u))
                               : (static_cast<Real>(projected[x]) - share) - w;
    v_rows.push_back(static_cast<double>(v));
    w_rows.push_back(static_cast<double>(w));
  }
  return projected;
}

// The Laplace histogram's one-sample law by Monte Carlo: the rows of noisy_release_row with the
// control variate centred on `centre` (P, or the data's shares): E[W] = (k s2 / n^2)(centre - U).
TruthTv histogram_law_tv(const std::vector<double>& v_rows, const std::vector<double>& w_rows,
                         const std::vector<double>& centre, uint64_t n, const RationalScale& scale, size_t replications,
                         bool control_variate) {
  const size_t k = centre.size();
  std::vector<double> expected_w(k, 0);
  const double factor =
      static_cast<double>(k) * discrete_laplace_variance(scale) / (static_cast<double>(n) * static_cast<double>(n));
  for (size_t x = 0; x < k; ++x) expected_w[x] = factor * (centre[x] - 1.0 / static_cast<double>(k));
  const RowSummary summary = summarize_rows(v_rows, w_rows, k, replications, expected_w, control_variate);
  TruthTv tv;
  tv.tv = summary.tv;
  tv.standard_error = summary.standard_error;
  tv.method = TruthMethod::MonteCarlo;
  tv.replications = replications;
  tv.contributing = replications;
  return tv;
}

}  // namespace

// ---- Binomial helpers --------------------------------------------------------------------------

double binomial_pmf(uint64_t j, uint64_t n, double p) {
  if (j > n) return 0;
  if (p <= 0) return j == 0 ? 1.0 : 0.0;
  if (p >= 1) return j == n ? 1.0 : 0.0;
  const double q = 1 - p;  // for p near 1 this loses bits of q; the callers' p are well inside (0, 1)
  const double N = static_cast<double>(n), x = static_cast<double>(j);
  if (j == 0) return std::exp(p < 0.1 ? -bd0(N, N * q) - N * p : N * std::log1p(-p));
  if (j == n) return std::exp(q < 0.1 ? -bd0(N, N * p) - N * q : N * std::log(p));
  const double lc = stirlerr(N) - stirlerr(x) - stirlerr(N - x) - bd0(x, N * p) - bd0(N - x, N * q);
  const double lf = kLn2Pi + std::log(x) + std::log1p(-x / N);
  return std::exp(lc - 0.5 * lf);
}

double binomial_cdf(uint64_t m, uint64_t n, double p) {
  if (m >= n || p <= 0) return 1;
  if (p >= 1) return 0;
  const double q = 1 - p;
  const double N = static_cast<double>(n);
  if (static_cast<double>(m) < N * p) {
    // Lower tail: pmf(j - 1) = pmf(j) j q / ((n - j + 1) p), decreasing as j goes down.
    double term = binomial_pmf(m, n, p);
    Real sum = term;
    for (uint64_t j = m; j > 0 && term > 0; --j) {
      term *= static_cast<double>(j) * q / ((N - static_cast<double>(j) + 1) * p);
      const Real next = sum + term;
      if (next == sum) break;
      sum = next;
    }
    return static_cast<double>(std::min<Real>(1, sum));
  }
  // Upper tail from m + 1: pmf(j + 1) = pmf(j) (n - j) p / ((j + 1) q), decreasing for j >= n p.
  double term = binomial_pmf(m + 1, n, p);
  Real sum = term;
  for (uint64_t j = m + 1; j < n && term > 0; ++j) {
    term *= (N - static_cast<double>(j)) * p / ((static_cast<double>(j) + 1) * q);
    const Real next = sum + term;
    if (next == sum) break;
    sum = next;
  }
  return static_cast<double>(std::max<Real>(0, 1 - sum));
}

uint64_t sample_binomial(uint64_t n, double p, RandomSource& random) {
  if (n == 0 || p <= 0) return 0;
  if (p >= 1) return n;
  const double q = 1 - p;
  const double N = static_cast<double>(n);
  const uint64_t mode = std::min<uint64_t>(n, static_cast<uint64_t>(std::floor((N + 1) * p)));
  double u = random.uniform_unit();
  const double at_mode = binomial_pmf(mode, n, p);
  if (u < at_mode) return mode;
  u -= at_mode;
  uint64_t low = mode, high = mode;
  double p_low = at_mode, p_high = at_mode;
  while (low > 0 || high < n) {
    if (high < n) {
      p_high *= (N - static_cast<double>(high)) * p / ((static_cast<double>(high) + 1) * q);
      ++high;
      if (u < p_high) return high;
      u -= p_high;
    }
    if (low > 0) {
      p_low *= static_cast<double>(low) * q / ((N - static_cast<double>(low) + 1) * p);
      --low;
      if (u < p_low) return low;
      u -= p_low;
    }
    if (p_low == 0 && p_high == 0) break;  // u beyond the computed mass by rounding
  }
  return mode;
}

std::vector<uint64_t> sample_multinomial(uint64_t n, const std::vector<double>& p, RandomSource& random) {
  const size_t k = p.size();
  std::vector<double> suffix(k + 1, 0);  // sum_{z >= x} p_z
  for (size_t x = k; x-- > 0;) suffix[x] = suffix[x + 1] + p[x];
  std::vector<uint64_t> counts(k, 0);
  uint64_t left = n;
  for (size_t x = 0; x < k && left > 0; ++x) {
    if (p[x] <= 0) continue;
    const bool last =
        std::all_of(p.begin() + static_cast<std::ptrdiff_t>(x) + 1, p.end(), [](double v) { return v <= 0; });
    counts[x] = last ? left : sample_binomial(left, std::min(1.0, p[x] / suffix[x]), random);
    left -= counts[x];
  }
  return counts;
}

uint64_t truth_count_vectors(uint64_t n, uint64_t k) {
  if (k == 0) return 0;
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  uint64_t value = 1;  // C(n + i, i) after step i
  for (uint64_t i = 1; i < k; ++i) {
    if (n > kMax - i) return kMax;
    // value (n + i) / i is an integer; with g = gcd(value, i), i / g divides n + i.
    const uint64_t g = std::gcd(value, i);
    const uint64_t factor = (n + i) / (i / g);
    if (value / g > kMax / factor) return kMax;
    value = value / g * factor;
  }
  return value;
}

const char* truth_method_name(TruthMethod method) {
  switch (method) {
    case TruthMethod::ClosedForm: return "closed form";
    case TruthMethod::Exact: return "exact";
    case TruthMethod::MonteCarlo: return "Monte Carlo";
  }
  return "?";
}

// ---- Against P ---------------------------------------------------------------------------------

Result<std::vector<double>> expected_output_law(const std::vector<double>& p, uint64_t n, const CountsToLaw& law,
                                                const TruthSettings& settings) {
  PRIVSYNTH_RETURN_IF_ERROR(check_distribution(p));
  if (n == 0) return Status::error(ErrorCode::EmptyData, "the sampler needs at least one record");
  if (truth_count_vectors(n, positive_symbols(p)) > settings.max_count_vectors) {
    return Status::error(ErrorCode::DomainTooLarge, "too many count vectors to enumerate");
  }
  std::vector<Real> sum(p.size(), 0);
  enumerate_count_vectors(p, n, [&](const std::vector<uint64_t>& counts, double weight) {
    const std::vector<double> output = law(counts);
    for (size_t x = 0; x < p.size(); ++x) sum[x] += static_cast<Real>(weight) * output[x];
  });
  std::vector<double> q(p.size());
  for (size_t x = 0; x < p.size(); ++x) q[x] = static_cast<double>(sum[x]);
  return q;
}

Result<double> roo_true_tv(const std::vector<double>& p, uint64_t n, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_distribution(p));
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon));
  if (n == 0) return Status::error(ErrorCode::EmptyData, "the sampler needs at least one record");
  return roo_gamma(epsilon, n, p.size()) * tv_to_uniform(p);
}

Result<double> subsampled_rr_true_tv(const std::vector<double>& p, uint64_t n, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_distribution(p));
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon));
  if (n == 0) return Status::error(ErrorCode::EmptyData, "the sampler needs at least one record");
  return randomized_response_gamma(subsampled_rr_epsilon0(epsilon, n), p.size()) * tv_to_uniform(p);
}

Result<double> ds_roo_union_bound(const std::vector<double>& p, uint64_t n, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_distribution(p));
  PRIVSYNTH_ASSIGN_OR_RETURN(DsRooTable table, ds_roo_table(epsilon, n, p.size()));
  const DsRooTable& g = table;
  const double k = static_cast<double>(p.size());
  Real bound = 0;
  for (uint64_t m = 0; m < g.gamma.size(); ++m) {
    const double step = g.at(m) - g.at(m + 1);
    if (step == 0) continue;
    Real union_probability = 0;  // sum_x Pr[c_x <= m] >= Pr[M <= m]
    for (double px : p) union_probability += binomial_cdf(m, n, px);
    bound += static_cast<Real>(step) * std::min<Real>(1, union_probability);
  }
  return static_cast<double>((1 - 1 / static_cast<Real>(k)) * bound);
}

Result<DsRooTruth> ds_roo_truth(const std::vector<double>& p, uint64_t n, double epsilon, const TruthSettings& settings,
                                RandomSource& random) {
  PRIVSYNTH_RETURN_IF_ERROR(check_distribution(p));
  PRIVSYNTH_ASSIGN_OR_RETURN(DsRooTable made, ds_roo_table(epsilon, n, p.size()));
  const DsRooTable& table = made;
  const size_t k = p.size();
  const Real K = static_cast<Real>(k), N = static_cast<Real>(n);
  DsRooTruth truth;
  truth.zero_from = table.zero_from();
  truth.worst_case_bound = table.at(0) * static_cast<double>(1 - 1 / K);
  truth.union_bound = ds_roo_union_bound(p, n, epsilon).value();

  const uint64_t vectors = truth_count_vectors(n, positive_symbols(p));
  if (!settings.force_monte_carlo && vectors <= settings.max_count_vectors) {
    // Q(x) - P(x) = E[g(M) (1/k - c_x/n)], summed over the count vectors.
    std::vector<Real> difference(k, 0);
    Real mean_g = 0, refined = 0;
    enumerate_count_vectors(p, n, [&](const std::vector<uint64_t>& counts, double weight) {
      ++truth.tv.count_vectors;
      const uint64_t smallest = *std::min_element(counts.begin(), counts.end());
      const Real g = table.at(smallest);
      if (g == 0 || weight == 0) return;
      const Real wg = static_cast<Real>(weight) * g;
      for (size_t x = 0; x < k; ++x) difference[x] += wg * (1 / K - static_cast<Real>(counts[x]) / N);
      mean_g += wg;
      refined += wg * (K - 1) * (1 / K - static_cast<Real>(smallest) / N);
    });
    Real tv = 0;
    for (Real d : difference) tv += std::abs(d);
    truth.tv.tv = static_cast<double>(tv / 2);
    truth.tv.method = TruthMethod::Exact;
    truth.simple_bound = static_cast<double>((1 - 1 / K) * mean_g);
    truth.refined_bound = static_cast<double>(refined);
    return truth;
  }

  // Monte Carlo: rows Y = g(M) (1/k - c/n) of the datasets with g(M) > 0.
  const size_t replications = std::max<size_t>(2, settings.replications);
  std::vector<double> rows;
  MeanSe simple, refined;
  for (size_t r = 0; r < replications; ++r) {
    const std::vector<uint64_t> counts = sample_multinomial(n, p, random);
    const uint64_t smallest = *std::min_element(counts.begin(), counts.end());
    const double g = table.at(smallest);
    simple.add(g * static_cast<double>(1 - 1 / K));
    refined.add(g * static_cast<double>((K - 1) * (1 / K - static_cast<Real>(smallest) / N)));
    if (g == 0) continue;
    ++truth.tv.contributing;
    for (size_t x = 0; x < k; ++x) rows.push_back(static_cast<double>(g * (1 / K - static_cast<Real>(counts[x]) / N)));
  }
  const RowSummary summary = summarize_rows(rows, {}, k, replications, {}, false);
  truth.tv.tv = summary.tv;
  truth.tv.standard_error = summary.standard_error;
  truth.tv.method = TruthMethod::MonteCarlo;
  truth.tv.replications = replications;
  truth.simple_bound = simple.mean();
  truth.simple_bound_se = simple.standard_error();
  truth.refined_bound = refined.mean();
  truth.refined_bound_se = refined.standard_error();
  return truth;
}

Result<LaplaceHistogramTruth> laplace_histogram_truth(const std::vector<double>& p, uint64_t n,
                                                      const RationalScale& scale, const TruthSettings& settings,
                                                      RandomSource& random) {
  PRIVSYNTH_RETURN_IF_ERROR(check_distribution(p));
  if (n == 0) return Status::error(ErrorCode::EmptyData, "the sampler needs at least one record");
  const size_t k = p.size();
  const size_t replications = std::max<size_t>(2, settings.replications);
  std::vector<double> v_rows, w_rows;
  v_rows.reserve(replications * k);
  w_rows.reserve(replications * k);
  MeanSe release, empirical;
  for (size_t r = 0; r < replications; ++r) {
    const std::vector<uint64_t> counts = sample_multinomial(n, p, random);
    const std::vector<double> projected = noisy_release_row(counts, n, scale, random, v_rows, w_rows);
    release.add(total_variation(projected, p));
    empirical.add(total_variation(projected, empirical_distribution(counts)));
  }
  LaplaceHistogramTruth truth;
  truth.tv = histogram_law_tv(v_rows, w_rows, p, n, scale, replications, settings.control_variate);
  truth.expected_release_tv = release.mean();
  truth.expected_release_tv_se = release.standard_error();
  truth.expected_empirical_tv = empirical.mean();
  truth.expected_empirical_tv_se = empirical.standard_error();
  return truth;
}

// ---- Against the empirical distribution --------------------------------------------------------

Result<double> roo_empirical_tv(const std::vector<uint64_t>& counts, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_counts(counts));
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon));
  return total_variation(roo_distribution(counts, epsilon), empirical_distribution(counts));
}

Result<double> subsampled_rr_empirical_tv(const std::vector<uint64_t>& counts, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_counts(counts));
  PRIVSYNTH_RETURN_IF_ERROR(check_epsilon(epsilon));
  const uint64_t n = std::accumulate(counts.begin(), counts.end(), uint64_t{0});
  const double gamma = randomized_response_gamma(subsampled_rr_epsilon0(epsilon, n), counts.size());
  return total_variation(reveal_or_obscure_distribution(counts, gamma), empirical_distribution(counts));
}

Result<double> ds_roo_empirical_tv(const std::vector<uint64_t>& counts, double epsilon) {
  PRIVSYNTH_RETURN_IF_ERROR(check_counts(counts));
  const uint64_t n = std::accumulate(counts.begin(), counts.end(), uint64_t{0});
  PRIVSYNTH_ASSIGN_OR_RETURN(DsRooTable table, ds_roo_table(epsilon, n, counts.size()));
  return total_variation(ds_roo_distribution(counts, table), empirical_distribution(counts));
}

Result<LaplaceHistogramEmpirical> laplace_histogram_empirical_tv(const std::vector<uint64_t>& counts,
                                                                 const RationalScale& scale,
                                                                 const TruthSettings& settings, RandomSource& random) {
  PRIVSYNTH_RETURN_IF_ERROR(check_counts(counts));
  const size_t k = counts.size();
  const uint64_t n = std::accumulate(counts.begin(), counts.end(), uint64_t{0});
  const std::vector<double> shares = empirical_distribution(counts);
  const size_t replications = std::max<size_t>(2, settings.replications);
  std::vector<double> v_rows, w_rows;
  v_rows.reserve(replications * k);
  w_rows.reserve(replications * k);
  MeanSe expected;
  for (size_t r = 0; r < replications; ++r) {
    const std::vector<double> projected = noisy_release_row(counts, n, scale, random, v_rows, w_rows);
    expected.add(total_variation(projected, shares));
  }
  LaplaceHistogramEmpirical result;
  result.tv = histogram_law_tv(v_rows, w_rows, shares, n, scale, replications, settings.control_variate);
  result.expected_tv = expected.mean();
  result.expected_tv_se = expected.standard_error();
  return result;
}

}  // namespace privsynth
