# GLPK 5.0 compiled from its source for both the native and the wasm build, so both builds run
# exactly the same solver code. GLPK's configure does not work under emconfigure, so the sources
# are compiled directly; config.h only enables gettimeofday, which both platforms have.
if(NOT EXISTS "${PRIVSYNTH_GLPK_DIR}/src/glpk.h")
  message(FATAL_ERROR "GLPK source not found at ${PRIVSYNTH_GLPK_DIR}; run scripts/setup.sh")
endif()

file(GLOB_RECURSE PRIVSYNTH_GLPK_SOURCES CONFIGURE_DEPENDS "${PRIVSYNTH_GLPK_DIR}/src/*.c")
# proxy/main.c is a stand-alone test program (it has a main()); libglpk's Makefile.am leaves it out.
list(REMOVE_ITEM PRIVSYNTH_GLPK_SOURCES "${PRIVSYNTH_GLPK_DIR}/src/proxy/main.c")
set(PRIVSYNTH_GLPK_CONFIG_DIR "${CMAKE_CURRENT_BINARY_DIR}/glpk-config")
# file(CONFIGURE) rewrites config.h only when its content changes; file(WRITE) touched it at every
# configure, so every build recompiled all of GLPK.
file(CONFIGURE OUTPUT "${PRIVSYNTH_GLPK_CONFIG_DIR}/config.h"
  CONTENT "#define HAVE_SYS_TIME_H 1\n#define HAVE_GETTIMEOFDAY 1\n")

add_library(glpk STATIC ${PRIVSYNTH_GLPK_SOURCES})
file(GLOB PRIVSYNTH_GLPK_SUBDIRS LIST_DIRECTORIES true "${PRIVSYNTH_GLPK_DIR}/src/*")
set(PRIVSYNTH_GLPK_INCLUDE_DIRS "${PRIVSYNTH_GLPK_DIR}/src")
foreach(dir ${PRIVSYNTH_GLPK_SUBDIRS})
  if(IS_DIRECTORY "${dir}")
    list(APPEND PRIVSYNTH_GLPK_INCLUDE_DIRS "${dir}")
  endif()
endforeach()
target_include_directories(glpk PRIVATE ${PRIVSYNTH_GLPK_INCLUDE_DIRS} "${PRIVSYNTH_GLPK_CONFIG_DIR}")
target_include_directories(glpk SYSTEM INTERFACE "${PRIVSYNTH_GLPK_DIR}/src")
target_compile_definitions(glpk PRIVATE HAVE_CONFIG_H)
# Third-party code: silence its warnings so ours stay visible.
target_compile_options(glpk PRIVATE -w)
set_target_properties(glpk PROPERTIES C_STANDARD 99)
