# Header-only dependencies from Debian's packages: Eigen 3.4 (libeigen3-dev) and nlohmann/json
# (nlohmann-json3-dev). The Emscripten toolchain must not search /usr/include (glibc headers), so
# each library is exposed through its own include directory.
set(PRIVSYNTH_EIGEN_INCLUDE_DIR "/usr/include/eigen3" CACHE PATH "Eigen 3 headers")
set(PRIVSYNTH_NLOHMANN_HEADERS "/usr/include/nlohmann" CACHE PATH "nlohmann/json headers")

foreach(required "${PRIVSYNTH_EIGEN_INCLUDE_DIR}/Eigen/Core" "${PRIVSYNTH_NLOHMANN_HEADERS}/json.hpp")
  if(NOT EXISTS "${required}")
    message(FATAL_ERROR "${required} not found; run scripts/setup.sh")
  endif()
endforeach()

set(PRIVSYNTH_NLOHMANN_INCLUDE_DIR "${CMAKE_CURRENT_BINARY_DIR}/header-deps")
file(MAKE_DIRECTORY "${PRIVSYNTH_NLOHMANN_INCLUDE_DIR}")
file(CREATE_LINK "${PRIVSYNTH_NLOHMANN_HEADERS}" "${PRIVSYNTH_NLOHMANN_INCLUDE_DIR}/nlohmann" SYMBOLIC)

add_library(header_deps INTERFACE)
target_include_directories(header_deps SYSTEM INTERFACE
  "${PRIVSYNTH_EIGEN_INCLUDE_DIR}" "${PRIVSYNTH_NLOHMANN_INCLUDE_DIR}")
