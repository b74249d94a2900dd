# Catch2 v2 from Debian's catch2 package (header-only: catch2/catch.hpp) for the C++ tests of both
# builds, as the interface target privsynth_catch2.
#
# Debian installs Catch2's CMake package in the host's /usr/lib/cmake, which the Emscripten
# toolchain's find root (its sysroot only) hides, so the package is looked up on the host with
# NO_CMAKE_FIND_ROOT_PATH. Its include directory is /usr/include, which the wasm build must not
# search (glibc's headers would shadow Emscripten's libc), so only the catch2/ header folder is
# exposed, through a directory of its own, as cmake/header-deps.cmake does for nlohmann/json.
find_package(Catch2 2 REQUIRED CONFIG NO_CMAKE_FIND_ROOT_PATH)
get_target_property(PRIVSYNTH_CATCH2_INCLUDE_DIR Catch2::Catch2 INTERFACE_INCLUDE_DIRECTORIES)
if(NOT EXISTS "${PRIVSYNTH_CATCH2_INCLUDE_DIR}/catch2/catch.hpp")
  message(FATAL_ERROR "catch2/catch.hpp not found under ${PRIVSYNTH_CATCH2_INCLUDE_DIR}; run scripts/setup.sh")
endif()

set(PRIVSYNTH_CATCH2_HEADERS_DIR "${CMAKE_BINARY_DIR}/header-deps/catch2-include")
file(MAKE_DIRECTORY "${PRIVSYNTH_CATCH2_HEADERS_DIR}")
file(CREATE_LINK "${PRIVSYNTH_CATCH2_INCLUDE_DIR}/catch2" "${PRIVSYNTH_CATCH2_HEADERS_DIR}/catch2" SYMBOLIC)

add_library(privsynth_catch2 INTERFACE)
target_include_directories(privsynth_catch2 SYSTEM INTERFACE "${PRIVSYNTH_CATCH2_HEADERS_DIR}")
