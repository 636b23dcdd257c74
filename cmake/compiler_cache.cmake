# A compiler cache when one is installed: rebuilding after a pull, or in a second build folder
# (a sanitized one, a package's), then compiles only what changed.
option(GRUNDY_CCACHE "Compile through ccache when it is installed" ON)
# ccache sees the paths under this folder as relative ones (its base_dir), so that a build
# folder at build/'s depth (the Debian package's build-deb/) or a copy of the sources laid out
# the same way (the toy game's test) hits build/'s objects instead of compiling them again.
set(GRUNDY_CCACHE_BASEDIR "${PROJECT_SOURCE_DIR}" CACHE PATH
    "Folder under which ccache rewrites absolute paths as relative ones")

if(GRUNDY_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(GRUNDY_CCACHE_PROGRAM ccache)
  if(GRUNDY_CCACHE_PROGRAM)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${GRUNDY_CCACHE_PROGRAM})
  endif()
endif()

if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "(^|/)ccache$")
  set(grundy_ccache_settings CCACHE_BASEDIR=${GRUNDY_CCACHE_BASEDIR})
  # Units that use a precompiled header are cached only with these sloppiness settings
  # (ccache's manual, "Precompiled headers"): without them every such unit is a miss.
  if(GRUNDY_PCH)
    list(APPEND grundy_ccache_settings
         CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime)
  endif()
  find_program(GRUNDY_ENV_PROGRAM env)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${GRUNDY_ENV_PROGRAM} ${grundy_ccache_settings}
      ${CMAKE_CXX_COMPILER_LAUNCHER})
endif()
