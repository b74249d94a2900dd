# Helpers for the CTest entries of tests/cpp/CMakeLists.txt.

# The entries' costs, in seconds: CTest starts the costliest entries first as long as it has no
# timings of its own (a fresh clone; later runs use their measured times), so that no long entry
# starts last while the other core idles. Only the order depends on these figures; an entry not
# listed runs after the listed ones. Timed by `ctest --preset native` on 29 Nov 2026, on a 2-core
# machine shared with other builds (so longer than on a quiet one, and unevenly so).
set(PRIVSYNTH_CTEST_SECONDS
  privsynth_dp_audit_direct_models 1246
  privsynth_dp_audit_adaptive_marginals 704
  privsynth_dp_audit_reduced_space_lp 663
  privsynth_dp_audit_marginal_lp 305
  privsynth_dp_audit_space_partition 233
  privsynth_dp_audit_samplers 168
  privsynth_dp_audit_schema_free 135
  privsynth_tests/pipeline/test_synthesis_from_counts 131
  privsynth_dp_audit_count_tables 121
  privsynth_dp_audit_dp_gd 83
  privsynth_dp_audit_domain_discovery 78
  privsynth_dp_audit_time_columns 68
  privsynth_tests/reference/test_reference_measures 58
  privsynth_tests/mechanisms/adaptive_marginals/test_adaptive_marginals 43
  privsynth_tests/report/test_ml_report 37
  privsynth_tests/mechanisms/marginal_lp/test_marginal_lp 34
  privsynth_tests/pipeline/test_real_world_table 29
  privsynth_tests/forecast/test_run_forecast 14
  privsynth_tests/mechanisms/space_partition/test_space_partition 12
  privsynth_tests/mechanisms/sampler/test_sampler_audit 12
  privsynth_tests/lp/test_row_generation 12
  privsynth_tests/report/test_logistic_regression 10
  privsynth_tests/report/test_distinct_records 10
  privsynth_tests/report/test_kernel_metrics 9
  privsynth_tests/lp/test_mirror_prox 7
  privsynth_tests/statistics/test_marginal_measurement 6
  privsynth_tests/pipeline/test_synthesis 5
)

function(privsynth_set_test_cost test)
  list(FIND PRIVSYNTH_CTEST_SECONDS ${test} index)
  if(index GREATER_EQUAL 0)
    math(EXPR index "${index} + 1")
    list(GET PRIVSYNTH_CTEST_SECONDS ${index} seconds)
    set_tests_properties(${test} PROPERTIES COST ${seconds})
  endif()
endfunction()
