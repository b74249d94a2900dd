// Hidden benchmark (run with "[kd-tree-bench]"): the KD-tree on the 5-D mixture of Gaussians of
// Balog et al. / Kreačić et al. (§4), scaled to the unit cube by the schema's public bounds.
// The data file is read from $PRIVSYNTH_MOG_D5 (path without extension) or data/mixture-of-gaussians.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "csv_file.hpp"
#include "kd_tree_space.hpp"
#include "mechanisms/space_partition/kd_tree_partition.hpp"
#include "privsynth/schema.hpp"

using namespace privsynth;

namespace {

// Test-only: numeric CSV columns scaled by the schema's public [min, max] to [0, 1] (clipped).
bool read_unit_rows(const std::string& stem, std::vector<std::vector<double>>& rows, size_t& columns) {
  const auto schema_text = testing::read_text_file(stem + ".schema.json");
  std::ifstream csv(stem + ".csv");
  if (!schema_text || !csv) return false;
  const Schema schema = parse_schema_json(*schema_text).value();
  columns = schema.columns.size();
  std::string line;
  std::getline(csv, line);  // header
  while (std::getline(csv, line)) {
    std::stringstream fields(line);
    std::vector<double> row;
    std::string field;
    for (const Column& column : schema.columns) {
      std::getline(fields, field, ',');
      const double x = (std::stod(field) - column.min) / (column.max - column.min);
      row.push_back(std::min(1.0, std::max(0.0, x)));
    }
    rows.push_back(std::move(row));
  }
  return true;
}

}  // namespace

TEST_CASE("KD-tree on the 5-D mixture of Gaussians", "[.][kd-tree-bench]") {
  const char* override_stem = std::getenv("PRIVSYNTH_MOG_D5");
  const std::string stem =
      override_stem ? override_stem : testing::data_path("mixture-of-gaussians/mixture_of_Gaussians_N100000_D5");
  std::vector<std::vector<double>> rows;
  size_t columns = 0;
  if (!read_unit_rows(stem, rows, columns)) {
    WARN("no data at " << stem);
    SUCCEED();
    return;
  }
  const testing::KdSpace space(std::vector<SpaceAxis>(columns, SpaceAxis{false, 0}), rows);
  for (const int64_t threshold : {10, 20, 30}) {
    KdTreeSettings settings;
    settings.split_epsilon = 0.5;
    settings.leaf_noise = testing::kd_noise(1 / 0.5, threshold);
    settings.max_edge = 0.25;
    settings.min_edge = 1.0 / 32;
    const KdTreeLevels levels = kd_tree_levels(columns, settings.max_edge, settings.min_edge);
    const double level_boxes = std::ldexp(1.0, static_cast<int>(levels.data_independent));
    settings.tau = lemma10_tau(levels.decisions, settings.split_epsilon, level_boxes, 100000, 1e-6);
    SeededTestRandom random(2024);
    const auto start = std::chrono::steady_clock::now();
    const KdTreeRelease release = release_kd_tree(space.points, settings, random).value();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "d=%zu n=%zu h=%zu L=%zu b=%g tau=%.1f t=%lld: leaves=%.0f released=%zu empty released=%llu empty split=%llu "
        "time=%.3fs\n",
        columns, rows.size(), release.data_independent_levels, release.decision_levels, release.decision_scale,
        settings.tau, static_cast<long long>(threshold), release.leaves, release.bins.size(),
        static_cast<unsigned long long>(release.empty_bins_released),
        static_cast<unsigned long long>(release.empty_boxes_split), seconds);
    CHECK(release.empty_boxes_split == 0);
  }
}
