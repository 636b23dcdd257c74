# Precompiled headers: the Boost, fmt and standard headers that grundy/graph.hpp and
# grundy/io/games/builtin.hpp pull into nearly every unit take some 4 of the 5 seconds a unit
# including builtin.hpp spends before its own code (GCC 12, -O3), once per unit; compiled once
# per target, they are read in a fraction of that. Only outside headers are listed, so that a
# change to grundy's own headers rebuilds what includes them and no more. Boost.Container stays
# out: GCC 12 reports its false -Warray-bounds on a small_vector's move (the one that
# -Wno-stringop-overread hides, CMakeLists.txt) when the header comes from a precompiled one,
# where it no longer counts as a system header.
option(GRUNDY_PCH "Precompile the outside headers most units include" ON)

set(GRUNDY_PCH_HEADERS
  <algorithm> <atomic> <chrono> <deque> <functional> <map> <memory> <mutex> <optional> <span>
  <string> <thread> <variant> <vector>
  <boost/container_hash/hash.hpp> <boost/graph/compressed_sparse_row_graph.hpp>
  <boost/graph/depth_first_search.hpp> <boost/graph/topological_sort.hpp>
  <boost/range/iterator_range.hpp> <boost/unordered/unordered_flat_map.hpp>
  <boost/unordered/unordered_flat_set.hpp>
  <fmt/format.h> <fmt/ranges.h>)

# grundy_precompile_headers(target [header...]): the list above and the target's own heavy
# outside headers (CLI11, Beast, pybind11: first, as pybind11 wants Python.h before the
# standard headers), compiled with the target's own flags.
function(grundy_precompile_headers target)
  if(GRUNDY_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN} ${GRUNDY_PCH_HEADERS})
  endif()
endfunction()
