#pragma once
// The release paths the DP audit runs whole: synthesize() from CSV cells (encoding, out-of-domain
// policy, holdout, mechanism, decoding, receipt) and discover_schema(), on two tables.
#include <string>
#include <vector>

#include "discovery/automatic_discovery.hpp"
#include "dp_audit.hpp"
#include "pipeline/synthesis_steps.hpp"

namespace privsynth::audit {

using Rows = std::vector<std::vector<std::string>>;  // header first

struct SynthesisPath {
  std::string schema_json;
  Rows d, d_prime;
  std::string options_json;        // without testSeed; evaluate is turned off (the report is not released)
  PipelineSteps steps = {};        // production, unless a broken variant
  double numeric_key_step = 0.25;  // synthetic numbers are counted in buckets of this width
};
Release synthesis_release(const SynthesisPath& path);
// The synthetic table and the models trained directly under DP for its targets (the path's options
// set mlTarget, and mlExtraTargets for more), published together. Features: the table's (rows and
// receipt), the models file's receipt, every weight and intercept, and the statistic that shows the
// models' rho: per model, its noisy gradient sum along `record` (the record D' adds), and their
// sum over the models. With a one-step descent from 0 (the path's steps.dp_gradient_descent), a
// model's weights are -learning rate x (noisy gradient sum) / (noisy count), so the weights on the
// record's levels and the intercept, times the count, give the noisy sum along the record.
Release joint_release(const SynthesisPath& path, const std::vector<std::string>& record);

// A release with a privacy unit (the schema's privacyUnit `unit`): the synthetic records without
// the unit's column, the receipt, and the synthetic people (how many, and how many have j rows).
Release person_release(const SynthesisPath& path, const std::string& unit);

// The broken variant "every noise scale halved": the same path run at twice its epsilon, audited
// against the claim of the original.
SynthesisPath at_twice_epsilon(SynthesisPath path);

// A release from count tables (synthesize_from_counts): the exact count tables of D and D' that
// the run reads, counted from their rows by the core's encoder, as an SQL engine would count them.
struct CountsPath {
  std::string schema_json;
  Rows d, d_prime;
  std::string options_json;  // without testSeed
};
Release counts_release(const CountsPath& path);
CountsPath at_twice_epsilon(CountsPath path);

// A release of two files as an engine read them (the DuckDB path from file bytes, the CLI's engine
// choice; tests/js/dp-audit-files.test.ts writes them): for each table, its records ({"source":
// "csv", "cells": [[header...], [cells...], ...]}) or its count tables ({"source": "duckdb-csv",
// "counts": {"tables": [...]}}), the source becoming the run's inputSource.
struct FileInputsPath {
  std::string schema_json;
  std::string options_json;  // without testSeed and inputSource
  std::string inputs[2];     // each table's input, as JSON
};
Release file_inputs_release(const FileInputsPath& path);

// A release from CSV cells alone (docs/privacy/domain-discovery.md, "One release, no schema"): the
// schema found privately with a share of the budget, then synthesize() with it spending the rest.
// Features: the schema (every category, bound, bin edge and common value), the synthetic records
// and the run's receipt.
struct SchemaFreePath {
  Rows d, d_prime;
  AutomaticDiscoveryRequest request;  // the release's epsilon, delta and the discovery's share
  std::string options_json;           // the run's, with the same epsilon and delta
};
Release schema_free_release(const SchemaFreePath& path);

struct DiscoveryPath {
  Rows d, d_prime;
  std::string request_json;  // without testSeed
};
Release discovery_release(const DiscoveryPath& path);

// Three binary columns c, d, e (its schema) and ten records with dependence between them: the
// table the marginal mechanisms' audits select pairs on.
extern const char* const kThreeBinaryColumnsSchema;
Rows three_binary_columns();

// n copies of a one-cell row.
Rows repeated(const std::string& value, size_t n);
Rows with_header(const std::vector<std::string>& header, Rows rows);
Rows plus(Rows rows, const Rows& more);

}  // namespace privsynth::audit
