#include <grundy/detail/memory_accounts_in_use.hpp>
#include <grundy/memory.hpp>
#include <grundy/memory_account.hpp>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>

namespace grundy {

namespace {

// The account of the computation this thread works for: constant-initialised, so that reading
// it in operator new, even before main, needs no initialisation of its own.
thread_local memory_account* current_account = nullptr;

} // namespace

namespace detail {

constinit std::atomic<bool> memory_accounts_opened{false};

} // namespace detail

memory_account* current_memory_account() noexcept { return current_account; }

memory_account_scope::memory_account_scope(memory_account* account) noexcept : previous_(current_account) {
  if (account && !detail::memory_accounts_opened.load(std::memory_order_relaxed))
    detail::memory_accounts_opened.store(true, std::memory_order_relaxed);
  current_account = account;
}

memory_account_scope::~memory_account_scope() { current_account = previous_; }

std::uint64_t peak_memory_bytes() {
  if (const auto* account = current_account) return account->peak();
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024; // Linux reports kilobytes
}

std::uint64_t current_memory_bytes() {
  if (const auto* account = current_account) return account->bytes();
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long size = 0, resident = 0;
  const int read = std::fscanf(f, "%lu %lu", &size, &resident);
  std::fclose(f);
  if (read != 2) return 0;
  return static_cast<std::uint64_t>(resident) * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

std::uint64_t available_memory_bytes() {
  std::FILE* f = std::fopen("/proc/meminfo", "r");
  if (!f) return 0;
  char line[256];
  unsigned long long kilobytes = 0;
  bool found = false;
  while (!found && std::fgets(line, sizeof line, f))
    found = std::sscanf(line, "MemAvailable: %llu kB", &kilobytes) == 1;
  std::fclose(f);
  return found ? static_cast<std::uint64_t>(kilobytes) * 1024 : 0;
}

std::uint64_t default_memory_limit() {
  const std::uint64_t physical = physical_memory_bytes(), available = available_memory_bytes();
  if (physical == 0) return available / 4 * 3;
  if (available == 0) return physical / 4 * 3;
  return std::min(physical, available) / 4 * 3;
}

} // namespace grundy
