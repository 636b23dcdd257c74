#include <grundy/statistics.hpp>

#include <sys/resource.h>

namespace grundy {

std::uint64_t peak_memory_bytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024; // Linux reports kilobytes
}

} // namespace grundy
