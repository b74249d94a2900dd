// The ROO paper's Fig. 2 (Tasnim, Gilani, Sankar & Kosut, "Differentially private sampling via
// Reveal-or-Obscure"): TV(Q, P) between the true distribution P and the law Q of ONE output of each
// sampler, averaged over the data x^n ~ P^n and the mechanism (sampler_truth.hpp), against n:
//   top:    k = 10, eps in {0.1, 0.5, 1, 2};     bottom: eps = 1, k in {5, 10, 50, 100}.
// The paper plots upper bounds for the two baselines (its Table I); here every column is the
// sampler's actual TV (exact, closed form, or Monte Carlo with its standard error) except the two
// marked "bound".
// P: P(0) = 1/2 and the other k - 1 symbols share 1/2 equally (min P = 1/(2(k - 1)) > 0, so DS-ROO's
// exponential decay shows; TV(U, P) = 1/2 - 1/k). A last table uses a point mass (ROO's worst case).
// Prints markdown; asserts nothing. Usage:
//   privsynth_sampler_bench [--ds-reps R] [--laplace-reps R] [--seed S]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "mechanisms/sampler/laplace_histogram.hpp"
#include "mechanisms/sampler/obscuring.hpp"
#include "sampler_truth.hpp"

using namespace privsynth;

namespace {

const std::vector<uint64_t> kSizes = {100, 300, 1000, 3000, 10000, 30000, 100000};

size_t ds_reps = 100000;
size_t laplace_reps = 10000;
uint64_t seed = 20250421;
double worst_subrr_gap = 0;  // max |SubRR - ROO| / ROO over every row printed

std::string sci(double value) {
  char buffer[32];
  if (value == 0) return "0";
  std::snprintf(buffer, sizeof buffer, "%.3e", value);
  return buffer;
}

std::string with_se(double value, double se) {
  if (value == 0 && se == 0) return "0";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.3e ± %.1e", value, se);
  return buffer;
}

std::vector<double> half_and_rest(size_t k) {
  std::vector<double> p(k, 0.5 / static_cast<double>(k - 1));
  p[0] = 0.5;
  return p;
}

std::vector<double> point_mass(size_t k) {
  std::vector<double> p(k, 0);
  p[0] = 1;
  return p;
}

void table(const char* title, const std::vector<double>& p, double epsilon) {
  const auto start = std::chrono::steady_clock::now();
  const uint64_t k = p.size();
  std::printf("\n### %s\n\n", title);
  std::printf(
      "| n | ROO (exact) | ROO bound γ(1−1/k) | DS-ROO m0 | DS-ROO TV | DS-ROO union bound | Laplace hist. TV(E proj, "
      "P) (MC) | Laplace E TV(release, P) (MC) |\n");
  std::printf("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (uint64_t n : kSizes) {
    SeededTestRandom random(seed + n * 131 + k * 7 + static_cast<uint64_t>(epsilon * 1000));
    const double roo = roo_true_tv(p, n, epsilon).value();
    const double subrr = subsampled_rr_true_tv(p, n, epsilon).value();
    if (roo > 0) worst_subrr_gap = std::max(worst_subrr_gap, std::abs(subrr - roo) / roo);
    TruthSettings ds_settings;
    ds_settings.replications = ds_reps;
    const DsRooTruth ds = ds_roo_truth(p, n, epsilon, ds_settings, random).value();
    std::string ds_cell;
    if (ds.tv.method == TruthMethod::Exact) {
      ds_cell = sci(ds.tv.tv) + " (exact)";
    } else if (ds.tv.contributing == 0) {
      ds_cell = "0 (MC: 0/" + std::to_string(ds.tv.replications) + " obscured)";
    } else {
      ds_cell = with_se(ds.tv.tv, ds.tv.standard_error) + " (MC)";
    }
    TruthSettings laplace_settings;
    laplace_settings.replications = laplace_reps;
    const LaplaceHistogramTruth laplace =
        laplace_histogram_truth(p, n, laplace_histogram_scale(epsilon).value(), laplace_settings, random).value();
    std::printf("| %llu | %s | %s | %llu | %s | %s | %s | %s |\n", static_cast<unsigned long long>(n), sci(roo).c_str(),
                sci(roo_worst_tv(epsilon, n, k)).c_str(), static_cast<unsigned long long>(ds.zero_from),
                ds_cell.c_str(), sci(ds.union_bound).c_str(), with_se(laplace.tv.tv, laplace.tv.standard_error).c_str(),
                with_se(laplace.expected_release_tv, laplace.expected_release_tv_se).c_str());
    std::fflush(stdout);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("\n(%.1f s)\n", seconds);
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--ds-reps") == 0) {
      ds_reps = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (std::strcmp(argv[i], "--laplace-reps") == 0) {
      laplace_reps = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (std::strcmp(argv[i], "--seed") == 0) {
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else {
      std::fprintf(stderr, "usage: %s [--ds-reps R] [--laplace-reps R] [--seed S]\n", argv[0]);
      return 2;
    }
  }
  const auto start = std::chrono::steady_clock::now();
  std::printf("# ROO paper, Fig. 2: TV(Q, P) of one output vs n (Q averaged over x^n ~ P^n and the mechanism)\n\n");
  std::printf(
      "P: P(0) = 1/2, the other k-1 symbols 1/(2(k-1)) each (TV(U, P) = 1/2 - 1/k). DS-ROO: exact when at most\n2e6 "
      "count vectors, else Monte Carlo over %zu datasets (± one standard error); m0 = the smallest m with g(m) = "
      "0.\nLaplace histogram: counts + discrete Laplace(2/eps), clamped at 0 and renormalised; %zu (data, noise) "
      "pairs,\nTV of the averaged one-sample law by a control variate (sampler_truth.hpp), and E TV of one release to "
      "P.\n",
      ds_reps, laplace_reps);

  std::printf("\n## Top row: k = 10\n");
  for (double epsilon : {0.1, 0.5, 1.0, 2.0}) {
    const std::string title = "k = 10, ε = " + std::to_string(epsilon).substr(0, 3);
    table(title.c_str(), half_and_rest(10), epsilon);
  }
  std::printf("\n## Bottom row: ε = 1\n");
  for (uint64_t k : {5u, 10u, 50u, 100u}) {
    if (k == 10) {
      std::printf("\n### ε = 1, k = 10\n\nThe top row's ε = 1 table.\n");
      continue;
    }
    const std::string title = "ε = 1, k = " + std::to_string(k);
    table(title.c_str(), half_and_rest(k), 1.0);
  }
  std::printf("\n## Worst case for ROO: P = a point mass\n");
  table("ε = 1, k = 10, P = δ_0", point_mass(10), 1.0);

  std::printf(
      "\nSubsampled randomized response at the matching ε0 = ln(1 + n(e^ε − 1)) has ROO's γ, hence ROO's TV: largest "
      "relative gap over every row above %.1e (column omitted).\n",
      worst_subrr_gap);
  std::printf("Total %.1f s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}
