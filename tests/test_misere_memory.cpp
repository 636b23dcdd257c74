// The misère engines' memory limits, measured from outside the engines: this program's operator
// new charges every allocation, at the size malloc really gave, to the memory account of the
// thread (the web server's own, web/src/allocation_accounting.cpp), so the account's peak is what
// the engine held at its worst, whatever the engine believes it holds. A limit must be refused
// before it is passed: the peak stays within a tenth over it (the rest of the program's
// allocations, a few kilobytes here), where estimates checked between steps once let it pass by
// a third to more than four fifths.
#define BOOST_TEST_MODULE misere_memory
#include <boost/test/unit_test.hpp>

#include <grundy/detail/memory_budget.hpp>
#include <grundy/detail/page_allocator.hpp>
#include <grundy/heap/rule.hpp>
#include <grundy/memory_account.hpp>
#include <grundy/misere/genus.hpp>
#include <grundy/misere/quotient.hpp>
#include <grundy/stop.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>

#include "stop_checks.hpp"

namespace {

using grundy::heap_rule;
using grundy::heap_size;

constexpr std::uint64_t megabyte = std::uint64_t{1} << 20;

// Runs `computation`, which must stop on its memory limit `cap`, under an account of its own;
// returns the account's peak.
std::uint64_t peak_of_refused(const std::function<void()>& computation, std::uint64_t cap,
                              const std::string& name) {
  grundy::memory_account account;
  {
    const grundy::memory_account_scope charged(&account);
    try {
      computation();
      BOOST_ERROR(name << ": no memory limit");
    } catch (const grundy::stopped& e) {
      BOOST_TEST(e.by_limit());
      BOOST_TEST((e.reason() == grundy::stop_reason::memory), name << ": " << e.what());
      BOOST_TEST(std::string(e.what()).find("of memory") != std::string::npos, e.what());
    }
  }
  BOOST_TEST_MESSAGE(name << ": limit " << cap / megabyte << " MB, peak " << account.peak() / 1e6 << " MB");
  BOOST_TEST(account.peak() <= cap + cap / 10, name << ": peak " << account.peak() << " bytes");
  BOOST_TEST(account.bytes() < cap / 10, name << ": left held " << account.bytes() << " bytes");
  return account.peak();
}

// This process's resident memory now, from /proc (0 where there is none).
std::uint64_t resident_bytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

} // namespace

// The budget itself: a vector's blocks are charged with their capacity as malloc rounds them,
// the allocation that would pass the limit is refused before it is made, and everything is
// given back when the containers go.
BOOST_AUTO_TEST_CASE(budget_refuses_before_allocating) {
  int refused = 0;
  grundy::detail::memory_budget budget(1 << 20, [&](std::uint64_t bytes) {
    ++refused;
    BOOST_TEST(bytes > std::uint64_t{1} << 20);
    throw grundy::stopped("refused", grundy::stop_reason::memory, {});
  });
  std::size_t capacity = 0;
  {
    const grundy::detail::memory_budget_scope scope(&budget);
    grundy::detail::counted_vector<std::uint32_t> v;
    v.reserve(1000);
    BOOST_TEST(budget.held() >= 4000u);
    BOOST_TEST(budget.held() <= 4000u + 32u);
    BOOST_CHECK_EXCEPTION(for (;;) v.push_back(1), grundy::stopped, grundy::test::stopped_by_limit);
    capacity = v.capacity();
    BOOST_TEST(budget.peak() <= std::uint64_t{1} << 20);
    BOOST_TEST(budget.held() >= capacity * 4);
  }
  BOOST_TEST(refused == 1);
  BOOST_TEST(capacity * 4 > (std::uint64_t{1} << 20) / 4); // it did grow close to the limit
  BOOST_TEST(budget.held() == 0u);
  // A container made outside any scope is not charged.
  grundy::detail::counted_vector<std::uint32_t> free_of_charge(1000);
  BOOST_TEST(budget.held() == 0u);
}

// Misère quotients: candidates, tables and the verification's hash sets of Dawson's Kayles'
// quotient (order in the thousands past heap 30), and the heaps' options alone for a rule of a
// single option per heap asked for the largest heaps there are.
BOOST_AUTO_TEST_CASE(quotient_limits_hold) {
  for (const std::uint64_t cap : {8 * megabyte, 16 * megabyte}) {
    grundy::quotient_options options;
    options.max_memory = cap;
    peak_of_refused([&] { grundy::compute_misere_quotient(heap_rule::parse("0.07"), 1000, options); }, cap,
                    "0.07 to heap 1000");
    peak_of_refused([&] { grundy::compute_misere_quotient(heap_rule::parse("0.3"), 4294967294u, options); },
                    cap, "0.3 to heap 2^32 - 2");
    peak_of_refused([&] { grundy::compute_misere_quotient(heap_rule::parse("0.8"), 2000, options); }, cap,
                    "0.8 to heap 2000");
  }
}

// What the process keeps resident, not only what the engine holds: the verification's states
// are small blocks of malloc's heap, and once freed they stayed resident while the next
// candidate took the budget again (0.8 under 32 MB reached 47 MB). Run in a child process,
// whose peak resident set the kernel reports; the child starts with this process's pages.
BOOST_AUTO_TEST_CASE(quotient_resident_memory_stays_within_limit) {
  if (grundy::detail::address_sanitized) {
    BOOST_TEST_MESSAGE("not measured: AddressSanitizer keeps freed blocks resident in its quarantine");
    return;
  }
  const std::uint64_t cap = 32 * megabyte;
  const std::uint64_t before = resident_bytes();
  const pid_t child = ::fork();
  BOOST_REQUIRE(child >= 0);
  if (child == 0) {
    int code = 1;
    try {
      grundy::quotient_options options;
      options.max_memory = cap;
      grundy::compute_misere_quotient(heap_rule::parse("0.8"), 64, options);
    } catch (const grundy::stopped& e) {
      BOOST_TEST(e.by_limit());
      if (e.reason() == grundy::stop_reason::memory) code = 0;
    } catch (...) {
    }
    ::_exit(code);
  }
  int status = 0;
  rusage usage{};
  BOOST_REQUIRE(::wait4(child, &status, 0, &usage) == child);
  BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0), "the child was not refused on memory");
  const std::uint64_t peak = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
  BOOST_TEST_MESSAGE("0.8 under 32 MB: " << before / 1e6 << " MB before, peak " << peak / 1e6
                                         << " MB resident");
  BOOST_TEST(peak <= before + cap + cap / 10, "peak " << peak << " bytes resident, " << before << " before");
}

// The genus engine: every sum of heaps Kayles' heaps up to 60 reach, a node each.
BOOST_AUTO_TEST_CASE(genus_limits_hold) {
  for (const std::uint64_t cap : {2 * megabyte, 8 * megabyte}) {
    grundy::genus_options options;
    options.max_memory = cap;
    peak_of_refused([&] { grundy::heap_genera(heap_rule::parse("0.77"), 60, options); }, cap,
                    "genus of 0.77 to heap 60");
  }
}
