#pragma once
// A numeric column's public domain found privately with no range typed by anyone
// (docs/privacy/domain-discovery.md, "Numbers with no rough range"): its bounds, and bin edges
// placed at its private quantiles, from three Gaussian histograms of its values on public grids:
//  1. the whole real line in half-octaves (±2^(k/2), from 2^-20, or 1 for whole numbers, to
//     2^50.5, and one bucket around 0): the range spans the buckets whose noisy count clears 4.5
//     noise deviations (none: the column has too few numbers), grown outwards while buckets clear
//     2.5 (stepping over one gap), so a thin tail is clipped rather than chased, and a far bucket
//     lifted by noise is not reached; a range across 0 is found whole;
//  2. that range in 8 equal parts, its outermost parts clearing 3 deviations: the bounds narrowed;
//  3. the narrowed bounds in 64 equal parts (whole numbers in an integer column): the bin edges at
//     the quantiles 1/B, ..., (B-1)/B of the noisy histogram, read off its cumulative sum.
// Each histogram is a count per bucket of a public partition: one record moves one count by 1 (L2
// sensitivity 1), so each is the Gaussian mechanism; the grids of 2 and 3 depend only on released
// outputs. An integer column whose narrowed range holds at most B whole numbers gets one bin per
// number and skips histogram 3.
#include <string>
#include <vector>

#include "base/random.hpp"
#include "privacy/accountant.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct NumericDomainBudget {
  double bounds_rho = 0, narrowing_rho = 0, edges_rho = 0;
};

struct NumericDomain {
  double min = 0, max = 0;
  std::vector<double> edges;  // min, ..., max (strictly increasing); empty: one bin per whole number
  int bins = 0;
};

// `values`: the column's numbers, one per record (common values left out); `name` labels the
// ledger's charges. EmptyData when no bucket of histogram 1 clears its threshold.
Result<NumericDomain> discover_numeric_domain(const std::vector<double>& values, bool integer, int bins,
                                              const NumericDomainBudget& budget, const std::string& name,
                                              Accountant& accountant, RandomSource& random);

}  // namespace privsynth
