#include "dp_audit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <nlohmann/json.hpp>

#include "privacy/zcdp.hpp"
#include "special_functions.hpp"

namespace privsynth::audit {
namespace {

using Json = nlohmann::json;

// Runs of each table in one phase: a value per feature and run (0 where a run lacks the feature).
struct Sample {
  std::vector<std::string> names;
  std::vector<std::vector<double>> values[2];  // [table][feature][run]
  size_t runs = 0;
};

// The test seeds: one range per phase (search, test) and table, so that no two runs share a seed.
constexpr uint64_t kSearchSeeds = 1'000'000, kTestSeeds = 3'000'000;
uint64_t seed_of(uint64_t phase, int table, size_t run) { return phase + uint64_t(table) * 1'000'000 + run; }

Sample collect(const Release& release, size_t runs, uint64_t phase) {
  std::vector<Features> outputs[2];
  std::set<std::string> names;
  for (int table = 0; table < 2; ++table) {
    for (size_t run = 0; run < runs; ++run) {
      outputs[table].push_back(release(table, seed_of(phase, table, run)));
      for (const auto& entry : outputs[table].back()) names.insert(entry.first);
    }
  }
  Sample sample;
  sample.runs = runs;
  sample.names.assign(names.begin(), names.end());
  for (int table = 0; table < 2; ++table) {
    sample.values[table].assign(sample.names.size(), std::vector<double>(runs, 0.0));
    for (size_t run = 0; run < runs; ++run) {
      for (const auto& [name, value] : outputs[table][run]) {
        const size_t f =
            size_t(std::lower_bound(sample.names.begin(), sample.names.end(), name) - sample.names.begin());
        sample.values[table][f][run] = value;
      }
    }
  }
  return sample;
}

// The claim as (eps_i, delta_i) pairs that all must hold: one for pure and approximate claims, a
// grid of eps' with cdp_delta(rho, eps') for zCDP.
std::vector<std::pair<double, double>> claim_curve(const Claim& claim) {
  if (!claim.is_zcdp()) return {{claim.epsilon, claim.delta}};
  std::vector<std::pair<double, double>> curve;
  for (int i = 0; i <= 100; ++i) curve.push_back({0.05 * i, cdp_delta(claim.rho, 0.05 * i)});
  return curve;
}

// How far hits a (first table) and b (second) of n runs each break p <= e^eps q + delta, in
// standard errors, at the worst point of the claim's curve. (Ranking by an estimate of the loss
// itself prefers rare events whose search frequencies are mostly luck.)
double violation_score(double a, double b, double n, const std::vector<std::pair<double, double>>& curve) {
  const double p = a / n, q = b / n;
  double best = -std::numeric_limits<double>::infinity();
  for (const auto& [eps, delta] : curve) {
    const double scale = std::exp(eps);
    const double se = std::sqrt(p * (1 - p) / n + scale * scale * q * (1 - q) / n + 1 / (n * n));
    best = std::max(best, (p - scale * q - delta) / se);
  }
  return best;
}

// An event: f1 >= t1 (or < t1), and optionally f2 >= t2 (or < t2).
struct Condition {
  size_t feature = 0;
  double threshold = 0;
  bool at_least = true;
};
struct Event {
  std::vector<Condition> conditions;
  bool d_first = true;
  double score = -std::numeric_limits<double>::infinity();
};

// At most `count` thresholds: the distinct values of the feature, or their quantiles.
std::vector<double> thresholds_of(const Sample& sample, size_t f, size_t count) {
  std::vector<double> all = sample.values[0][f];
  all.insert(all.end(), sample.values[1][f].begin(), sample.values[1][f].end());
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  if (all.size() <= count) return all;
  std::vector<double> chosen;
  for (size_t i = 0; i < count; ++i) chosen.push_back(all[(i * (all.size() - 1)) / (count - 1)]);
  chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
  return chosen;
}

// Rank of x among sorted thresholds: how many are <= x (so f >= t_k <=> rank > k).
size_t rank_of(double x, const std::vector<double>& thresholds) {
  return size_t(std::upper_bound(thresholds.begin(), thresholds.end(), x) - thresholds.begin());
}

// Scores both directions of an event with hit counts a (on D) and b (on D').
void consider(Event candidate, double a, double b, double n, const std::vector<std::pair<double, double>>& curve,
              Event& best) {
  for (bool d_first : {true, false}) {
    const double score = d_first ? violation_score(a, b, n, curve) : violation_score(b, a, n, curve);
    if (score > best.score) {
      candidate.d_first = d_first;
      candidate.score = score;
      best = candidate;
    }
  }
}

Event search(const Sample& sample, const std::vector<std::pair<double, double>>& curve) {
  const double n = double(sample.runs);
  Event best;
  // One feature: every threshold, both sides.
  std::vector<std::pair<double, size_t>> per_feature;  // best score, feature
  std::vector<std::vector<double>> thresholds(sample.names.size());
  for (size_t f = 0; f < sample.names.size(); ++f) {
    thresholds[f] = thresholds_of(sample, f, 64);
    std::vector<double> at_rank[2];
    for (int table = 0; table < 2; ++table) {
      at_rank[table].assign(thresholds[f].size() + 1, 0.0);
      for (double x : sample.values[table][f]) at_rank[table][rank_of(x, thresholds[f])] += 1;
    }
    Event feature_best;
    double below[2] = {0, 0};
    for (size_t k = 0; k < thresholds[f].size(); ++k) {
      below[0] += at_rank[0][k];
      below[1] += at_rank[1][k];
      consider(Event{{{f, thresholds[f][k], true}}}, n - below[0], n - below[1], n, curve, feature_best);
      consider(Event{{{f, thresholds[f][k], false}}}, below[0], below[1], n, curve, feature_best);
    }
    per_feature.push_back({feature_best.score, f});
    if (feature_best.score > best.score) best = feature_best;
  }
  // Two features among the most telling: intersections of one-sided conditions.
  std::sort(per_feature.rbegin(), per_feature.rend());
  const size_t top = std::min<size_t>(per_feature.size(), 8);
  for (size_t i = 0; i < top; ++i) {
    for (size_t j = i + 1; j < top; ++j) {
      const size_t f1 = per_feature[i].second, f2 = per_feature[j].second;
      const std::vector<double> t1 = thresholds_of(sample, f1, 16), t2 = thresholds_of(sample, f2, 16);
      const size_t m1 = t1.size() + 1, m2 = t2.size() + 1;
      std::vector<double> grid[2];
      for (int table = 0; table < 2; ++table) {
        grid[table].assign(m1 * m2, 0.0);
        for (size_t run = 0; run < sample.runs; ++run) {
          grid[table][rank_of(sample.values[table][f1][run], t1) * m2 + rank_of(sample.values[table][f2][run], t2)] +=
              1;
        }
      }
      // count(rank1 in [lo1, hi1), rank2 in [lo2, hi2)) by brute force over the small grid.
      const auto count = [&](int table, size_t lo1, size_t hi1, size_t lo2, size_t hi2) {
        double total = 0;
        for (size_t r1 = lo1; r1 < hi1; ++r1) {
          for (size_t r2 = lo2; r2 < hi2; ++r2) total += grid[table][r1 * m2 + r2];
        }
        return total;
      };
      for (size_t k1 = 0; k1 < t1.size(); ++k1) {
        for (size_t k2 = 0; k2 < t2.size(); ++k2) {
          for (bool up1 : {true, false}) {
            for (bool up2 : {true, false}) {
              const size_t lo1 = up1 ? k1 + 1 : 0, hi1 = up1 ? m1 : k1 + 1;
              const size_t lo2 = up2 ? k2 + 1 : 0, hi2 = up2 ? m2 : k2 + 1;
              consider(Event{{{f1, t1[k1], up1}, {f2, t2[k2], up2}}}, count(0, lo1, hi1, lo2, hi2),
                       count(1, lo1, hi1, lo2, hi2), n, curve, best);
            }
          }
        }
      }
    }
  }
  return best;
}

bool consistent(double lower, double upper, const std::vector<std::pair<double, double>>& curve) {
  for (const auto& [eps, delta] : curve) {
    if (lower > std::exp(eps) * upper + delta) return false;
  }
  return true;
}

}  // namespace

std::string OutputEvent::text() const {
  std::ostringstream text;
  for (size_t i = 0; i < conditions.size(); ++i) {
    text << (i ? " and " : "") << conditions[i].feature << (conditions[i].at_least ? " >= " : " < ")
         << conditions[i].threshold;
  }
  return conditions.empty() ? "(no event)" : text.str();
}

std::string AuditResult::summary() const {
  std::ostringstream text;
  text << "event [" << chosen.text() << "] on " << (chosen.d_first ? "D vs D'" : "D' vs D") << ": " << hits_first
       << " and " << hits_second << " of " << runs << " runs; Clopper-Pearson " << lower_first << " vs " << upper_second
       << "; loss lower bound " << loss_lower_bound << (violates ? " (VIOLATES the claim)" : "");
  return text.str();
}

AuditResult test_event(const Release& release, const Claim& claim, const OutputEvent& event,
                       const AuditOptions& options) {
  const std::vector<std::pair<double, double>> curve = claim_curve(claim);
  AuditResult result;
  result.chosen = event;
  result.runs = options.test_runs;
  for (int table = 0; table < 2; ++table) {
    uint64_t hits = 0;
    for (size_t run = 0; run < options.test_runs; ++run) {
      const Features features = release(table, seed_of(kTestSeeds, table, run));
      bool happened = !event.conditions.empty();
      for (const EventCondition& c : event.conditions) {
        const auto found = features.find(c.feature);
        happened = happened && c.holds(found == features.end() ? 0.0 : found->second);
      }
      hits += happened ? 1 : 0;
    }
    ((table == 0) == event.d_first ? result.hits_first : result.hits_second) = hits;
  }
  const double confidence = 1 - options.alpha;  // each one-sided bound at alpha / 2
  result.lower_first = clopper_pearson_interval(result.hits_first, result.runs, confidence).lower;
  result.upper_second = clopper_pearson_interval(result.hits_second, result.runs, confidence).upper;
  result.violates = !consistent(result.lower_first, result.upper_second, curve);
  if (!claim.is_zcdp()) {
    const double excess = result.lower_first - claim.delta;
    result.loss_lower_bound = excess > 0 ? std::log(excess / result.upper_second) : 0;
    return result;
  }
  // The smallest rho whose curve the bounds are consistent with (bisection; monotone in rho).
  const auto fits = [&](double rho) {
    return consistent(result.lower_first, result.upper_second, claim_curve(Claim::zcdp(rho)));
  };
  double low = 0, high = 50;
  if (fits(1e-12)) {
    high = 0;
  } else {
    for (int step = 0; step < 40; ++step) {
      const double middle = (low + high) / 2;
      (fits(middle) ? high : low) = middle;
    }
  }
  result.loss_lower_bound = high;
  return result;
}

AuditResult run_audit(const Release& release, const Claim& claim, const AuditOptions& options) {
  const Sample searched = collect(release, options.search_runs, kSearchSeeds);
  const Event found = search(searched, claim_curve(claim));
  OutputEvent event;
  event.d_first = found.d_first;
  for (const Condition& c : found.conditions)
    event.conditions.push_back({searched.names[c.feature], c.threshold, c.at_least});
  return test_event(release, claim, event, options);
}

namespace {

void flatten(const Json& value, const std::string& path, Features& features) {
  if (value.is_object()) {
    for (const auto& [key, item] : value.items()) flatten(item, path + "." + key, features);
  } else if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) flatten(value[i], path + "[" + std::to_string(i) + "]", features);
  } else if (value.is_boolean()) {
    features[path] = value.get<bool>() ? 1 : 0;
  } else if (value.is_number()) {
    features[path] = value.get<double>();
  } else if (value.is_string()) {
    features[path + "=" + value.get<std::string>()] = 1;
  }
}

}  // namespace

Features output_features(const std::vector<std::string>& synthetic_rows, const std::string& receipt_json,
                         const std::vector<std::pair<std::string, double>>& weighted_centres) {
  Features features;
  features["rows"] = double(synthetic_rows.size());
  for (const std::string& row : synthetic_rows) features["row:" + row] += 1;
  for (const auto& [centre, weight] : weighted_centres) features["centre:" + centre] += weight;
  // The whole receipt: a value in any section that moved with the data would be a leak.
  flatten(Json::parse(receipt_json), "receipt", features);
  return features;
}

Features error_features(const std::string& code_name) { return {{"error:" + code_name, 1.0}}; }

void add_json_features(const std::string& json_text, const std::string& prefix, Features& features) {
  flatten(Json::parse(json_text), prefix, features);
}

Claim claim_stated(const Features& features) {
  const auto value = [&](const std::string& name) {
    const auto found = features.find(name);
    return found == features.end() ? std::nan("") : found->second;
  };
  if (features.count("receipt.privacy.accounting=zcdp")) return Claim::zcdp(value("receipt.privacy.rhoSpent"));
  const double delta = value("receipt.privacy.delta");
  return delta > 0 ? Claim::approximate(value("receipt.privacy.epsilonSpent"), delta)
                   : Claim::pure(value("receipt.privacy.epsilonSpent"));
}

Claim joint_claim_stated(const Features& features) {
  const std::string joint = "receipt.privacy.tableAndDpModels.";
  const auto found = features.find(joint + "rho");
  if (found != features.end()) return Claim::zcdp(found->second);
  const auto value = [&](const std::string& name) {
    const auto at = features.find(joint + name);
    return at == features.end() ? std::nan("") : at->second;
  };
  return Claim::approximate(value("epsilon"), value("delta"));
}

}  // namespace privsynth::audit
