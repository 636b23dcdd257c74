// Graph files (grundy graph digraph FILE): the first byte chooses the format (DOT, GraphML or an
// edge list) and whether undirected graphs are read, the rest is the file, handed to the reader
// as a file in memory. A file is read or refused with graph_file_error or grundy::stopped (a
// limit), quickly and nothing else; nesting past the bound (set low here, so that short inputs
// reach it) is refused, not recursed into. A graph read has names all distinct and edges between
// them; a refusal's message shows the file's words escaped, without a control character.

#include "check.hpp"

#include <grundy/io/graph_readers.hpp>

#include <boost/unordered/unordered_flat_set.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

using grundy::fuzz::require;
namespace io = grundy::io;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto format = data[0] % 3 == 0   ? io::graph_format::dot
                      : data[0] % 3 == 1 ? io::graph_format::graphml
                                         : io::graph_format::edge_list;
  io::read_options options;
  options.undirected = (data[0] & 0x80) != 0;
  options.max_depth = 64;
  options.max_memory = 64u << 20;
  options.max_input_bytes = 1u << 20;
  const int fd = ::memfd_create("graph", MFD_CLOEXEC);
  require(fd >= 0, "a file in memory can be made");
  for (std::size_t done = 1; done < size;) {
    const auto n = ::write(fd, data + done, size - done);
    require(n > 0, "the file in memory takes the input");
    done += static_cast<std::size_t>(n);
  }
  const auto path = "/proc/self/fd/" + std::to_string(fd);
  try {
    const auto g = io::read_graph(path, format, options);
    boost::unordered_flat_set<std::string> names(g.names.begin(), g.names.end());
    require(names.size() == g.names.size(), "vertex names are distinct");
    for (auto [u, v] : g.edges)
      require(u < g.names.size() && v < g.names.size(), "edges join vertices read");
  } catch (const io::graph_file_error& e) {
    require(grundy::fuzz::shown_as_is(e.what()), "a message shows what it echoes as a portable name");
  } catch (const grundy::stopped&) {
  }
  ::close(fd);
  return 0;
}
