#include "sampler_privacy_audit.hpp"

#include "special_functions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

namespace privsynth {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kDistributionSumTolerance = 1e-9;

Status invalid(std::string message) { return Status::error(ErrorCode::InvalidArgument, std::move(message)); }

// ---- Exact audit -------------------------------------------------------------------------------

// Steps `counts` to the next vector with the same total in reverse lexicographic order, from
// (n, 0, ..., 0) to (0, ..., 0, n): the last count's units plus one move to the right of the last
// other non-zero count. False after the last vector.
bool next_count_vector(std::vector<uint64_t>& counts) {
  const size_t last = counts.size() - 1;
  const uint64_t tail = counts[last];
  counts[last] = 0;
  for (size_t j = last; j-- > 0;) {
    if (counts[j] > 0) {
      --counts[j];
      counts[j + 1] = tail + 1;
      return true;
    }
  }
  return false;
}

// A probability vector over the k outputs (the audit's input can be any function).
Status check_distribution(const std::vector<double>& p, uint64_t k) {
  if (p.size() != k)
    return invalid("the distribution has " + std::to_string(p.size()) + " entries for k = " + std::to_string(k));
  double sum = 0;
  for (double value : p) {
    if (!(value >= 0) || !std::isfinite(value)) return invalid("the distribution has a negative or non-finite entry");
    sum += value;
  }
  if (std::abs(sum - 1) > kDistributionSumTolerance) return invalid("the distribution does not sum to 1");
  return Status::ok();
}

// ln(p / q), the privacy loss of an output with probability p on D and q on D'. An output D cannot
// produce carries no loss (-infinity); one only D can produce has an unbounded loss.
double log_ratio(double p, double q) {
  if (p <= 0) return -kInfinity;
  if (q <= 0) return kInfinity;
  return std::log(p / q);
}

// Records a larger loss of output x from `from` against `to` as the report's worst case.
void consider_loss(const std::vector<double>& p_from, const std::vector<double>& p_to,
                   const std::vector<uint64_t>& from, const std::vector<uint64_t>& to, ExactAuditReport& report) {
  for (size_t x = 0; x < p_from.size(); ++x) {
    const double loss = log_ratio(p_from[x], p_to[x]);
    if (loss > report.worst_loss) {
      report.worst_loss = loss;
      report.worst_counts = from;
      report.worst_neighbour_counts = to;
      report.worst_output = static_cast<uint32_t>(x);
    }
  }
}

// ---- Empirical audit ---------------------------------------------------------------------------

Status check_records(const std::vector<uint32_t>& symbols, uint32_t k, const char* which) {
  if (symbols.empty()) return invalid(std::string("the ") + which + " has no records");
  for (uint32_t symbol : symbols) {
    if (symbol >= k) return invalid(std::string("the ") + which + " has a symbol >= k");
  }
  return Status::ok();
}

// Replace-one neighbours as record sequences: same length and exactly one position differs. (The
// draw sees the records in order, so a draw that depends on the order is audited as it runs.)
Status check_replace_one(const std::vector<uint32_t>& dataset, const std::vector<uint32_t>& neighbour) {
  if (dataset.size() != neighbour.size()) return invalid("replace-one neighbours have the same number of records");
  size_t differing = 0;
  for (size_t i = 0; i < dataset.size(); ++i) differing += dataset[i] != neighbour[i] ? 1 : 0;
  if (differing != 1)
    return invalid("replace-one neighbours differ in exactly one record, not " + std::to_string(differing));
  return Status::ok();
}

std::vector<uint64_t> symbol_counts(const std::vector<uint32_t>& symbols, uint32_t k) {
  std::vector<uint64_t> counts(k, 0);
  for (uint32_t symbol : symbols) ++counts[symbol];
  return counts;
}

// T draws on one dataset, tallied per symbol.
Result<std::vector<uint64_t>> tally_draws(const std::vector<uint32_t>& symbols, uint32_t k, const SymbolDraw& draw,
                                          RandomSource& random, uint64_t draws) {
  std::vector<uint64_t> hits(k, 0);
  for (uint64_t t = 0; t < draws; ++t) {
    const uint32_t output = draw(symbols, random);
    if (output >= k) return invalid("the draw returned a symbol >= k");
    ++hits[output];
  }
  return hits;
}

// Per symbol: frequency, Clopper-Pearson interval, and whether the exact probability (if any) is in it.
std::vector<SymbolFrequency> frequencies(const std::vector<uint64_t>& hits, uint64_t draws, double interval_confidence,
                                         const std::vector<double>& exact) {
  std::vector<SymbolFrequency> result(hits.size());
  for (size_t x = 0; x < hits.size(); ++x) {
    SymbolFrequency& symbol = result[x];
    symbol.hits = hits[x];
    symbol.frequency = static_cast<double>(hits[x]) / static_cast<double>(draws);
    const ProportionInterval interval = clopper_pearson_interval(hits[x], draws, interval_confidence);
    symbol.lower = interval.lower;
    symbol.upper = interval.upper;
    if (!exact.empty()) {
      symbol.exact = exact[x];
      symbol.consistent = symbol.lower <= exact[x] && exact[x] <= symbol.upper;
    }
  }
  return result;
}

// For each output and both directions, the lower confidence bound of one side over the upper bound
// of the other (a lower bound on the loss), and the plain frequencies' ratio (a point estimate).
void bound_losses(EmpiricalAuditReport& report) {
  report.loss_lower_bound = -kInfinity;
  report.observed_loss = -kInfinity;
  for (size_t x = 0; x < report.on_dataset.size(); ++x) {
    const SymbolFrequency& on_dataset = report.on_dataset[x];
    const SymbolFrequency& on_neighbour = report.on_neighbour[x];
    for (bool from_neighbour : {false, true}) {
      const SymbolFrequency& from = from_neighbour ? on_neighbour : on_dataset;
      const SymbolFrequency& to = from_neighbour ? on_dataset : on_neighbour;
      const double bound = log_ratio(from.lower, to.upper);
      if (bound > report.loss_lower_bound) {
        report.loss_lower_bound = bound;
        report.loss_output = static_cast<uint32_t>(x);
        report.loss_from_neighbour = from_neighbour;
      }
      report.observed_loss = std::max(report.observed_loss, log_ratio(from.frequency, to.frequency));
    }
  }
}

Result<std::vector<double>> exact_distribution_of(const std::vector<uint32_t>& symbols, uint32_t k,
                                                  const CountsToDistribution& exact) {
  if (!exact) return std::vector<double>{};
  std::vector<double> p = exact(symbol_counts(symbols, k));
  PRIVSYNTH_RETURN_IF_ERROR(check_distribution(p, k));
  return p;
}

}  // namespace

uint64_t count_vector_total(uint64_t n, uint64_t k) {
  if (k == 0) return n == 0 ? 1 : 0;
  // C(n + k - 1, r) with r = min(n, k - 1); after step i the value is C(n + k - 1 - r + i, i).
  const uint64_t r = std::min(n, k - 1);
  const uint64_t base = n + k - 1 - r;
  uint64_t value = 1;
  for (uint64_t i = 1; i <= r; ++i) {
    const uint64_t factor = base + i;
    if (value > std::numeric_limits<uint64_t>::max() / factor) return std::numeric_limits<uint64_t>::max();
    value = value * factor / i;  // exact: value * factor is i * C(base + i, i)
  }
  return value;
}

Result<ExactAuditReport> audit_privacy_exactly(uint64_t n, uint64_t k, double claimed_epsilon,
                                               const CountsToDistribution& distribution) {
  if (n == 0) return invalid("the exact audit needs n >= 1 records");
  if (k < 2) return invalid("the exact audit needs an alphabet of k >= 2 symbols");
  if (!(claimed_epsilon >= 0) || !std::isfinite(claimed_epsilon))
    return invalid("the claimed epsilon must be finite and >= 0");
  if (!distribution) return invalid("the exact audit needs a distribution");
  const uint64_t total = count_vector_total(n, k);
  if (total > kMaxAuditedCountVectors) {
    return Status::error(
        ErrorCode::DomainTooLarge,
        "the exact audit would enumerate C(n + k - 1, k - 1) = " +
            (total == std::numeric_limits<uint64_t>::max() ? std::string("more than 2^64") : std::to_string(total)) +
            " count vectors, more than " + std::to_string(kMaxAuditedCountVectors));
  }
  ExactAuditReport report;
  report.n = n;
  report.k = k;
  report.claimed_epsilon = claimed_epsilon;
  // Every sampler audited here sees the data only through its counts (ROO and subsampled RR reveal
  // a uniformly chosen record, DS-ROO also reads the smallest count, the Laplace histogram noises
  // the counts), so the output distribution is a function of the count vector and every pair of
  // replace-one neighbouring datasets is a pair of count vectors with one unit moved from a symbol
  // a to a symbol b. Each unordered pair is visited once, from the D with the move a -> b, a < b,
  // and checked in both directions.
  std::vector<uint64_t> counts(k, 0);
  counts[0] = n;
  do {
    const std::vector<double> p = distribution(counts);
    PRIVSYNTH_RETURN_IF_ERROR(check_distribution(p, k));
    ++report.count_vectors;
    for (size_t a = 0; a < k; ++a) {
      if (counts[a] == 0) continue;
      for (size_t b = a + 1; b < k; ++b) {
        std::vector<uint64_t> neighbour = counts;
        --neighbour[a];
        ++neighbour[b];
        const std::vector<double> q = distribution(neighbour);
        PRIVSYNTH_RETURN_IF_ERROR(check_distribution(q, k));
        ++report.neighbour_pairs;
        consider_loss(p, q, counts, neighbour, report);
        consider_loss(q, p, neighbour, counts, report);
      }
    }
  } while (next_count_vector(counts));
  return report;
}

Result<EmpiricalAuditReport> audit_privacy_empirically(const std::vector<uint32_t>& dataset,
                                                       const std::vector<uint32_t>& neighbour, uint32_t k,
                                                       const SymbolDraw& draw, RandomSource& random,
                                                       const EmpiricalAuditOptions& options,
                                                       const CountsToDistribution& exact) {
  if (k < 2) return invalid("the empirical audit needs an alphabet of k >= 2 symbols");
  if (!draw) return invalid("the empirical audit needs a draw function");
  if (options.draws_per_dataset == 0) return invalid("the empirical audit needs at least one draw per dataset");
  if (!(options.confidence > 0 && options.confidence < 1)) return invalid("the confidence must be in (0, 1)");
  PRIVSYNTH_RETURN_IF_ERROR(check_records(dataset, k, "dataset"));
  PRIVSYNTH_RETURN_IF_ERROR(check_records(neighbour, k, "neighbour"));
  PRIVSYNTH_RETURN_IF_ERROR(check_replace_one(dataset, neighbour));
  PRIVSYNTH_ASSIGN_OR_RETURN(std::vector<double> exact_on_dataset, exact_distribution_of(dataset, k, exact));
  Result<std::vector<double>> exact_on_neighbour = exact_distribution_of(neighbour, k, exact);
  if (!exact_on_neighbour.is_ok()) return exact_on_neighbour.status();

  Result<std::vector<uint64_t>> hits_on_dataset = tally_draws(dataset, k, draw, random, options.draws_per_dataset);
  if (!hits_on_dataset.is_ok()) return hits_on_dataset.status();
  Result<std::vector<uint64_t>> hits_on_neighbour = tally_draws(neighbour, k, draw, random, options.draws_per_dataset);
  if (!hits_on_neighbour.is_ok()) return hits_on_neighbour.status();
  PRIVSYNTH_RETURN_IF_ERROR(random.health());

  EmpiricalAuditReport report;
  report.draws_per_dataset = options.draws_per_dataset;
  report.confidence = options.confidence;
  // Bonferroni: 2k intervals, each missing with probability <= (1 - confidence) / (2k), so all hold
  // together with probability >= confidence.
  report.per_interval_confidence = 1 - (1 - options.confidence) / (2.0 * k);
  report.on_dataset =
      frequencies(hits_on_dataset.value(), options.draws_per_dataset, report.per_interval_confidence, exact_on_dataset);
  report.on_neighbour = frequencies(hits_on_neighbour.value(), options.draws_per_dataset,
                                    report.per_interval_confidence, exact_on_neighbour.value());
  bound_losses(report);
  for (const auto* side : {&report.on_dataset, &report.on_neighbour}) {
    for (const SymbolFrequency& symbol : *side)
      report.consistent_with_exact = report.consistent_with_exact && symbol.consistent;
  }
  return report;
}

Result<NeighbouringRecords> neighbouring_records(const std::vector<uint64_t>& counts,
                                                 const std::vector<uint64_t>& neighbour_counts) {
  if (counts.size() != neighbour_counts.size() || counts.size() < 2) {
    return invalid("neighbouring count vectors have the same k >= 2 symbols");
  }
  size_t losing = counts.size(), gaining = counts.size(), changed = 0;
  for (size_t x = 0; x < counts.size(); ++x) {
    if (counts[x] == neighbour_counts[x]) continue;
    ++changed;
    if (counts[x] == neighbour_counts[x] + 1) losing = x;
    if (counts[x] + 1 == neighbour_counts[x]) gaining = x;
  }
  if (changed != 2 || losing == counts.size() || gaining == counts.size()) {
    return invalid("the count vectors are not replace-one neighbours (one unit moved between two symbols)");
  }
  NeighbouringRecords records;
  for (size_t x = 0; x < counts.size(); ++x)
    records.dataset.insert(records.dataset.end(), counts[x], static_cast<uint32_t>(x));
  records.neighbour = records.dataset;
  const auto first_losing =
      std::find(records.neighbour.begin(), records.neighbour.end(), static_cast<uint32_t>(losing));
  *first_losing = static_cast<uint32_t>(gaining);
  return records;
}

}  // namespace privsynth
