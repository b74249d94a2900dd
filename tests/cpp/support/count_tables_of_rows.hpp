#pragma once
// The exact count tables a run reads, counted from rows by the core's own encoder and marginal
// counting: what an SQL engine computing the count query would return, as synthesize_from_counts
// takes them (tests and the DP audit only).
#include <string>
#include <string_view>

#include "privsynth/cell_grid.hpp"

namespace privsynth::testing {

// `cells`: the header row, then the records. The run's chosen columns are encoded as the pipeline
// encodes them (its outOfDomain policy; a record no policy can fix is left out), and each table the
// run reads (required_count_tables_json) becomes {"columns", "cells": [[codes..., count], ...]}
// with its non-empty cells. Fails (an unchecked Result) only on options the run itself refuses.
std::string count_tables_of_rows(std::string_view schema_json, std::string_view options_json,
                                 const CellGridView& cells);

}  // namespace privsynth::testing
