# cpack -G DEB (scripts/package-deb.sh): one Debian package with the tool and its man page and
# bash completion, grundy-mpi when built with MPI, the library's headers and CMake package, and
# the Python module, where Debian's python3 looks when the build is configured as that script
# does (prefix /usr, GRUNDY_PYTHON_INSTALL_DIR=lib/python3/dist-packages).
set(CPACK_PACKAGE_NAME grundy)
set(CPACK_PACKAGE_VENDOR "grundy")
set(CPACK_PACKAGE_CONTACT "grundy maintainers <maintainers@users.noreply.a-seed-aec7db20.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "The grundy tool (tables, game graphs, hints, play, octal games, misère quotients, and a web page \
served by grundy serve), the C++20 library's headers and CMake package, and the Python module \
`import grundy`.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# The libraries the executables and the module link (fmt, Boost, expat, Open MPI) are found by
# dpkg-shlibdeps; the module is built for one minor version of Python.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(GRUNDY_PYTHON)
  math(EXPR grundy_python_next "${Python3_VERSION_MINOR} + 1")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3 (<< ${Python3_VERSION_MAJOR}.${grundy_python_next})")
endif()
# What building against the headers needs, and what some commands call.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libboost-graph1.81-dev, libboost-json1.81-dev, libfmt-dev, graphviz")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-numpy, python3-networkx, openmpi-bin")
set(CPACK_GENERATOR DEB)
include(CPack)
