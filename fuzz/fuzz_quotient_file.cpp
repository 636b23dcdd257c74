// Misère quotient files (grundy misere --load FILE, MisereQuotient.load): the loader reads a file
// or refuses it with quotient_file_error (or grundy::stopped at a memory bound), quickly and nothing
// else. A quotient it reads is
// written back by write_quotient_file to a file that reads as the same quotient: its rule,
// heaps, tables and P-portion.

#include "check.hpp"

#include <grundy/io/quotient_file.hpp>
#include <grundy/stop.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

using grundy::fuzz::require;
namespace io = grundy::io;

namespace {

// A folder of the run's own for the files written back, removed at its end.
class scratch_folder {
public:
  scratch_folder()
      : path_(std::filesystem::temp_directory_path() /
              ("grundy-fuzz-quotient-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~scratch_folder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string file() const { return (path_ / "again.json").string(); }

private:
  std::filesystem::path path_;
};

bool same(const grundy::misere_quotient& a, const grundy::misere_quotient& b) {
  if (!(a.rule() == b.rule()) || a.max_heap() != b.max_heap() || a.order() != b.order() ||
      a.decides_every_heap() != b.decides_every_heap() || a.period() != b.period() ||
      a.p_portion() != b.p_portion())
    return false;
  for (grundy::heap_size h = 0; h <= a.max_heap(); ++h)
    if (a.heap(h) != b.heap(h)) return false;
  for (grundy::misere_quotient::element x = 0; x < a.order(); ++x)
    for (grundy::misere_quotient::element y = 0; y < a.order(); ++y)
      if (a.multiply(x, y) != b.multiply(x, y)) return false;
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const scratch_folder scratch;
  const int fd = ::memfd_create("quotient", MFD_CLOEXEC);
  require(fd >= 0, "a file in memory can be made");
  for (std::size_t done = 0; done < size;) {
    const auto n = ::write(fd, data + done, size - done);
    require(n > 0, "the file in memory takes the input");
    done += static_cast<std::size_t>(n);
  }
  const auto path = "/proc/self/fd/" + std::to_string(fd);
  try {
    // The check against the rule costs with the heaps a file claims: the memory bound keeps an
    // input's run short.
    io::quotient_read_options options;
    options.max_memory = std::uint64_t{64} << 20;
    options.max_input_bytes = std::uint64_t{1} << 20;
    const auto q = io::read_quotient_file(path, options);
    io::write_quotient_file(scratch.file(), q);
    require(same(io::read_quotient_file(scratch.file()), q), "a quotient written back reads the same");
  } catch (const io::quotient_file_error& e) {
    require(grundy::fuzz::shown_as_is(e.what()), "a message shows what it echoes as a portable name");
  } catch (const grundy::stopped&) {
  }
  ::close(fd);
  return 0;
}
