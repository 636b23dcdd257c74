# Installs grundy from a build tree into a fresh prefix, then configures, builds and runs the
# outside project next to this file against that prefix only. Run with cmake -P by the test
# install_and_consume (tests/CMakeLists.txt), which passes:
#   BUILD_DIR      the grundy build tree to install from
#   WORK_DIR       scratch directory, emptied first: WORK_DIR/prefix and WORK_DIR/build
#   CONFIG         the build configuration (may be empty)
#   GENERATOR, MAKE_PROGRAM, CXX_COMPILER, EXE_SUFFIX, BOOST_DIR, FMT_DIR
#                  the main build's choices, so that the consumer uses the same toolchain and
#                  dependencies; nothing is downloaded.
cmake_minimum_required(VERSION 3.20)

foreach(var BUILD_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "consumer_test.cmake: ${var} is not set")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs a command, showing its output only when it fails.
function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${step} failed (${result}):\n${out}")
  endif()
  message(STATUS "${step}: ok")
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

set(config_args)
if(NOT "${CONFIG}" STREQUAL "")
  set(config_args --config ${CONFIG})
endif()

run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} ${config_args})

set(configure_args
  -S ${CMAKE_CURRENT_LIST_DIR} -B ${build} -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
  -DCMAKE_PREFIX_PATH=${prefix}
  # Only the fresh install may satisfy find_package(grundy), never a registered build tree.
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(NOT "${CONFIG}" STREQUAL "")
  list(APPEND configure_args -DCMAKE_BUILD_TYPE=${CONFIG})
endif()
if(NOT "${MAKE_PROGRAM}" STREQUAL "")
  list(APPEND configure_args -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
if(NOT "${BOOST_DIR}" STREQUAL "")
  list(APPEND configure_args -DBoost_DIR=${BOOST_DIR})
endif()
if(NOT "${FMT_DIR}" STREQUAL "")
  list(APPEND configure_args -Dfmt_DIR=${FMT_DIR})
endif()
run("configure the consumer" ${CMAKE_COMMAND} ${configure_args})

# The package must have come from the prefix just installed.
file(STRINGS ${build}/CMakeCache.txt grundy_dir_line REGEX "^grundy_DIR:")
string(REGEX REPLACE "^grundy_DIR:[A-Z]+=" "" grundy_dir "${grundy_dir_line}")
file(REAL_PATH ${prefix} real_prefix)
file(REAL_PATH "${grundy_dir}" real_grundy_dir)
string(FIND "${real_grundy_dir}/" "${real_prefix}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "find_package(grundy) found ${grundy_dir}, not the install in ${prefix}")
endif()
message(STATUS "grundy found in ${grundy_dir}")

run("build the consumer" ${CMAKE_COMMAND} --build ${build} ${config_args})

# Single-configuration generators put the program in the build directory, multi-configuration
# ones in a directory per configuration.
set(app ${build}/app${EXE_SUFFIX})
if(NOT EXISTS ${app})
  set(app ${build}/${CONFIG}/app${EXE_SUFFIX})
endif()
run("run the consumer" ${app})
message(STATUS "${last_output}")
