# The core's C++ tests in the WebAssembly build, run under Node (`ctest --preset wasm`): the same
# test files as privsynth_tests, compiled by Emscripten and linked with the privsynth_core the wasm
# module links, so that both builds answer to one suite (a 32-bit size_t, wasm's floating point and
# libc are exercised where the module runs). Folders are chosen for their worth per build second;
# tests/cpp/<folder>/test_*.cpp of each is built, and the single files listed after them (a test of
# what was found wrong in wasm alone).
set(PRIVSYNTH_WASM_TEST_FOLDERS base math privacy data statistics graphical_model sql)
set(PRIVSYNTH_WASM_TEST_FILES mechanisms/test_synthetic_records.cpp)

set(PRIVSYNTH_WASM_TEST_SOURCES ${PRIVSYNTH_WASM_TEST_FILES})
foreach(folder ${PRIVSYNTH_WASM_TEST_FOLDERS})
  file(GLOB sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/${folder}/test_*.cpp")
  list(APPEND PRIVSYNTH_WASM_TEST_SOURCES ${sources})
endforeach()
# Only the support these tests use: libcsv (csv_file.cpp and what reads CSV) is native only.
set(PRIVSYNTH_WASM_TEST_SUPPORT_SOURCES support/statistics.cpp support/special_functions.cpp support/text_file.cpp)

# Catch2 reports a failed REQUIRE by throwing, so the test code catches exceptions (the core throws
# none, and its objects are the module's). Emscripten's JavaScript-based catching: Debian's
# emscripten ships its libc++ built, while WebAssembly exceptions would first build theirs into the
# system's Emscripten cache.
set(PRIVSYNTH_WASM_TEST_EXCEPTIONS -fexceptions)
target_compile_options(privsynth_catch_main PRIVATE ${PRIVSYNTH_WASM_TEST_EXCEPTIONS})
set_target_properties(privsynth_catch_main PROPERTIES EXCLUDE_FROM_ALL ON)

# Not part of `all`: `scripts/build.sh wasm` (and so `npm start`) builds the module alone, and
# `scripts/build.sh wasm-tests` builds this.
add_executable(privsynth_wasm_tests EXCLUDE_FROM_ALL ${PRIVSYNTH_WASM_TEST_SOURCES} ${PRIVSYNTH_WASM_TEST_SUPPORT_SOURCES})
target_include_directories(privsynth_wasm_tests PRIVATE support)
target_compile_definitions(privsynth_wasm_tests PRIVATE PRIVSYNTH_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
target_compile_options(privsynth_wasm_tests PRIVATE -Wall -Wextra ${PRIVSYNTH_WASM_TEST_EXCEPTIONS})
target_link_libraries(privsynth_wasm_tests PRIVATE privsynth_internal privsynth_catch_main privsynth_platform_entropy_web)
# A Node program: NODERAWFS, as the data tests read the bundled schemas from data/; EXIT_RUNTIME,
# so that Catch's exit code is the process's; SINGLE_FILE and .cjs as for bench/'s wasm solver
# (Node would try to fetch() a separate .wasm, and the repository's package.json makes .js ESM).
target_link_options(privsynth_wasm_tests PRIVATE -sDISABLE_EXCEPTION_CATCHING=0 -sENVIRONMENT=node -sNODERAWFS=1
                    -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sEXIT_RUNTIME=1 -sSINGLE_FILE=1)
set_target_properties(privsynth_wasm_tests PROPERTIES SUFFIX ".cjs")

# Run by CMAKE_CROSSCOMPILING_EMULATOR (node, set by Emscripten's toolchain file), with the
# options of the native entries, and without colour (Emscripten's stdout passes for a terminal).
add_test(NAME privsynth_wasm_cpp_tests COMMAND privsynth_wasm_tests --warn NoAssertions --order rand --rng-seed 20221121
                                         --use-colour no)
