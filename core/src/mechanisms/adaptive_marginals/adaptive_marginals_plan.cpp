// adaptive-marginals' plan and candidates: everything decided from public inputs before the data
// is read (AIM's constants, docs/spec/algorithms.md §6).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "mechanisms/adaptive_marginals/adaptive_marginals.hpp"
#include "privacy/zcdp.hpp"

namespace privsynth {
namespace {

std::vector<std::vector<int>> subsets_of_size(int columns, int size) {
  std::vector<std::vector<int>> out;
  std::vector<int> current;
  const auto recurse = [&](const auto& self, int start) -> void {
    if (int(current.size()) == size) {
      out.push_back(current);
      return;
    }
    for (int c = start; c < columns; ++c) {
      current.push_back(c);
      self(self, c + 1);
      current.pop_back();
    }
  };
  recurse(recurse, 0);
  return out;
}

}  // namespace

Result<AdaptivePlan> plan_adaptive_marginals(const AdaptiveMarginalsOptions& options, size_t columns,
                                             double measure_share) {
  if (columns == 0) return Status::error(ErrorCode::InvalidArgument, "adaptive marginals need at least one column");
  AdaptivePlan plan;
  PRIVSYNTH_ASSIGN_OR_RETURN(plan.rho, cdp_rho(options.epsilon, options.delta));
  plan.rounds = options.rounds > 0 ? options.rounds : 4 * static_cast<long long>(columns);
  const double rounds = double(plan.rounds);
  plan.noise_std = std::sqrt(rounds / (2 * measure_share * plan.rho));
  plan.selection_epsilon = std::sqrt(8 * (1 - measure_share) * plan.rho / rounds);
  plan.one_way_rho = double(columns) / (2 * plan.noise_std * plan.noise_std);
  return plan;
}

size_t scoring_rows(const AdaptiveMarginalsOptions& options, double records, size_t scored) {
  constexpr double kMostRows = 50000, kWorkPerRound = 3e7, kFewestRows = 5000;
  if (!(options.scoring_sample_factor > 0)) return 0;
  const double wanted = std::min(options.scoring_sample_factor * std::max(records, 1000.0), kMostRows);
  return size_t(
      std::ceil(std::min(wanted, std::max(kFewestRows, kWorkPerRound / double(std::max<size_t>(scored, 1))))));
}

Result<std::vector<std::pair<AttributeSet, double>>> adaptive_workload(const AdaptiveMarginalsOptions& options,
                                                                       const std::vector<std::string>& column_names,
                                                                       int target) {
  const int p = int(column_names.size());
  // The workload: marginals with weights c_s.
  std::vector<std::pair<AttributeSet, double>> workload;
  const auto add_all = [&](int size) {
    for (std::vector<int>& set : subsets_of_size(p, std::min(size, p))) workload.emplace_back(std::move(set), 1.0);
  };
  switch (options.workload) {
    case AdaptiveWorkload::AllPairs: add_all(2); break;
    case AdaptiveWorkload::AllTriples: add_all(3); break;
    case AdaptiveWorkload::UpToFourWay:
      for (int size = 1; size <= 4 && size <= p; ++size) add_all(size);
      break;
    case AdaptiveWorkload::Listed:
      for (const WeightedColumnSet& listed : options.listed) {
        AttributeSet set;
        for (const std::string& name : listed.columns) {
          const auto at = std::find(column_names.begin(), column_names.end(), name);
          if (at == column_names.end()) {
            return Status::error(ErrorCode::InvalidArgument, "option \"workloadMarginals\" names \"" + name +
                                                                 "\", which is not among the chosen columns");
          }
          set.push_back(int(at - column_names.begin()));
        }
        std::sort(set.begin(), set.end());
        if (std::adjacent_find(set.begin(), set.end()) != set.end()) {
          return Status::error(ErrorCode::InvalidArgument,
                               "option \"workloadMarginals\" has a marginal that names a column twice");
        }
        workload.emplace_back(set, listed.weight);
      }
      break;
  }
  if (target >= 0) {
    for (auto& [set, weight] : workload) {
      if (std::binary_search(set.begin(), set.end(), target)) weight *= options.target_weight;
    }
  }
  return workload;
}

Result<std::vector<AttributeSet>> adaptive_count_tables(const AdaptiveMarginalsOptions& options,
                                                        const std::vector<std::string>& column_names, int target) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const auto workload, adaptive_workload(options, column_names, target));
  std::set<AttributeSet> sets;
  for (int c = 0; c < int(column_names.size()); ++c) sets.insert({c});  // the 1-way marginals are always read
  for (const auto& [set, weight] : workload) sets.insert(set);
  std::vector<AttributeSet> maximal;
  for (const AttributeSet& set : sets) {
    const bool contained = std::any_of(sets.begin(), sets.end(), [&](const AttributeSet& other) {
      return other.size() > set.size() && std::includes(other.begin(), other.end(), set.begin(), set.end());
    });
    if (!contained) maximal.push_back(set);
  }
  return maximal;
}

Result<std::vector<Candidate>> adaptive_candidates(const AdaptiveMarginalsOptions& options,
                                                   const std::vector<std::string>& column_names, int target) {
  PRIVSYNTH_ASSIGN_OR_RETURN(const auto workload, adaptive_workload(options, column_names, target));
  // Downward closure, ordered by size then columns; w_r = sum_s c_s |r ∩ s| (AIM).
  std::set<AttributeSet> closure;
  for (const auto& [set, weight] : workload) {
    const int k = int(set.size());
    for (int mask = 1; mask < (1 << k); ++mask) {
      AttributeSet subset;
      for (int i = 0; i < k; ++i) {
        if (mask & (1 << i)) subset.push_back(set[size_t(i)]);
      }
      closure.insert(subset);
    }
  }
  std::vector<Candidate> candidates;
  for (const AttributeSet& r : closure) {
    Candidate candidate{r, 0.0};
    for (const auto& [set, weight] : workload) candidate.weight += weight * double(set_intersection(r, set).size());
    candidates.push_back(candidate);
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.columns.size() < b.columns.size(); });
  return candidates;
}

}  // namespace privsynth
