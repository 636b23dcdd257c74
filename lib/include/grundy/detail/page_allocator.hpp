#pragma once
// Memory for the builders' large arrays: whole pages from the kernel, in huge pages where the
// kernel allows, given back as soon as they are freed.

#include <grundy/memory.hpp>
#include <grundy/memory_account.hpp>

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <new>
#include <utility>
#include <vector>

namespace grundy::detail {

// A first touch of a 4 KB page costs a fault, and on some virtual machines a fault costs
// microseconds: an exploration that writes half a gigabyte takes a hundred thousand of them,
// a third of its time, with every thread queuing on the same lock. A 2 MB huge page takes one
// fault for 512 of those. Transparent huge pages are commonly set to "madvise", where the kernel
// uses them only for ranges a program asks for, so the builders ask for every large array.
inline constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;
inline constexpr std::size_t page_bytes = 4096;

// n rounded up to whole pages.
constexpr std::size_t whole_pages(std::size_t n) noexcept { return (n + page_bytes - 1) & ~(page_bytes - 1); }

// Gives `advice` for the pages of `size` bytes (4 KB or 2 MB) that lie wholly inside [begin,
// end): madvise takes whole pages, and those at either end may hold other data.
inline void advise_inside(std::uintptr_t begin, std::uintptr_t end, std::size_t size, int advice) noexcept {
  begin = (begin + size - 1) & ~(size - 1);
  end &= ~(size - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, advice);
}

// Asks for huge pages in the part of [p, p + bytes) made of whole 2 MB pages (the kernel maps a
// huge page only at a 2 MB boundary). Harmless where the kernel has no transparent huge pages.
inline void advise_huge_pages(void* p, std::size_t bytes) noexcept {
#ifdef MADV_HUGEPAGE
  const auto begin = reinterpret_cast<std::uintptr_t>(p);
  advise_inside(begin, begin + bytes, huge_page_bytes, MADV_HUGEPAGE);
#else
  (void)p, (void)bytes;
#endif
}

// The same for a vector's storage, once it has been reserved and before it is written.
template <class Vector> void advise_huge_pages(Vector& v) noexcept {
  advise_huge_pages(v.data(), v.capacity() * sizeof(typename Vector::value_type));
}

// Whether this is built with AddressSanitizer (gcc says so by a macro, clang by a feature).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool address_sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool address_sanitized = true;
#else
inline constexpr bool address_sanitized = false;
#endif
#else
inline constexpr bool address_sanitized = false;
#endif

// AddressSanitizer keeps a shadow byte for every 8 bytes malloc hands out and writes it on
// allocation and on release, so under it a reservation of address space is not free: it costs
// an eighth of its size in written memory. Sanitized builds grow their arrays by doubling.
inline constexpr bool reserve_address_space = !address_sanitized;

// Half of the machine's memory: no single array of a process that fits in memory is larger.
inline std::size_t half_physical_memory() {
  const auto bytes = physical_memory_bytes();
  return bytes ? static_cast<std::size_t>(bytes / 2) : std::size_t{1} << 32;
}

// Faults in the whole pages of [p, p + bytes) for writing, zeroed, without writing them. One
// call does in the kernel what would otherwise take a fault per 4 KB page, and on some virtual
// machines each fault is a trap to the host: there, writing fresh memory page by page costs
// about 16 us a page, and after this call 4 to 5 (measured on this project's 2-core machines).
// It also lets a thread other than the one that will write the pages pay for them. Only a
// hint: kernels older than Linux 5.14 ignore it, and the writes then fault as they would have.
inline void prefault(void* p, std::size_t bytes) noexcept {
#ifdef MADV_POPULATE_WRITE
  const auto begin = reinterpret_cast<std::uintptr_t>(p);
  advise_inside(begin, begin + bytes, page_bytes, MADV_POPULATE_WRITE);
#else
  (void)p, (void)bytes;
#endif
}

// Moves the elements of `v` to fresh storage for `capacity` of them, advised for huge pages,
// whose part that receives them is faulted in beforehand in one call (see prefault) rather
// than page by page as they are copied.
template <class T> void move_to_fresh(std::vector<T>& v, std::size_t capacity) {
  std::vector<T> fresh;
  fresh.reserve(capacity);
  advise_huge_pages(fresh);
  prefault(fresh.data(), v.size() * sizeof(T));
  fresh.insert(fresh.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
  v.swap(fresh);
}

// Makes room in `v` for `more` elements. A growing array that is copied at each doubling has
// every element written twice on average and its pages faulted twice, and holds both copies
// while it moves. So once an array passes 256 KB, its storage is reserved at once for
// as many elements as it may ever hold: `limit`, and no more than half of physical memory. That
// takes address space only, pages becoming resident as they are written (in huge pages), and
// the array grows in place from then on. Where such a reservation is refused (a strict
// overcommit policy, a limit on address space), and past it, the array doubles.
template <class T>
void grow_for(std::vector<T>& v, std::size_t more,
              std::size_t limit = std::numeric_limits<std::size_t>::max()) {
  const std::size_t needed = v.size() + more;
  if (needed <= v.capacity()) return;
  const std::size_t doubled = std::max(needed, 2 * v.capacity());
  // Under a memory account (a server's computation), a reservation would be charged whole as
  // held: such arrays double, and are charged for what they hold.
  if (reserve_address_space && doubled * sizeof(T) >= huge_page_bytes / 8 &&
      v.capacity() * sizeof(T) < half_physical_memory() && current_memory_account() == nullptr) {
    try {
      move_to_fresh(v, std::max(needed, std::min(limit, half_physical_memory() / sizeof(T))));
      return;
    } catch (const std::bad_alloc&) {
    }
  }
  move_to_fresh(v, doubled);
}

// The same for the storage of the `more` elements that are about to be appended to `v`, whose
// capacity the caller has made room for.
template <class Vector> void prefault_tail(Vector& v, std::size_t more) noexcept {
  prefault(v.data() + v.size(), more * sizeof(typename Vector::value_type));
}

// A vector of n copies of `fill` whose pages come in huge pages where it is large, and are
// faulted in all at once before they are written.
template <class T> std::vector<T> huge_vector(std::size_t n, T fill) {
  std::vector<T> v;
  v.reserve(n);
  advise_huge_pages(v);
  prefault_tail(v, n);
  v.assign(n, fill);
  return v;
}

// Gives back the pages of a buffer beyond its first `used` bytes. Once a huge page is touched all
// of it is resident, so a buffer kept with slack at its end would otherwise hold up to 2 MB more
// than it uses; the kernel splits the last huge page and frees the rest.
inline void release_tail(void* p, std::size_t used, std::size_t bytes) noexcept {
  const auto start = reinterpret_cast<std::uintptr_t>(p);
  advise_inside(start + used, start + bytes, page_bytes, MADV_DONTNEED);
}

// The builders hold per-level buffers of tens of megabytes that are freed one by one while
// the graph's final arrays fill up. Through malloc, buffers under its mmap threshold (up to
// 32 MB in glibc) stay in the heap after being freed, so the process would hold both copies
// of the graph at the end; pages mapped here return to the system as soon as they are freed.
// Buffers of several huge pages are mapped at a 2 MB boundary and advised as above. Elements
// are default-initialised: a buffer resized to be written through is not cleared first (the
// kernel's pages are zero already, and the builders overwrite every element).
template <class T> struct page_allocator {
  using value_type = T;

  page_allocator() = default;
  template <class U> page_allocator(const page_allocator<U>&) noexcept {}

  // Mappings are charged to the computation's memory account (grundy/memory_account.hpp) as
  // mapped, which overstates the pages not yet touched: an account never understates.
  T* allocate(std::size_t n) {
    T* p = map_pages(n * sizeof(T));
    grundy::detail::charge_memory(static_cast<std::int64_t>(n * sizeof(T)));
    return p;
  }

  void deallocate(T* p, std::size_t n) noexcept {
    ::munmap(p, n * sizeof(T));
    grundy::detail::charge_memory(-static_cast<std::int64_t>(n * sizeof(T)));
  }

  template <class U, class... Args> void construct(U* p, Args&&... args) {
    if constexpr (sizeof...(Args) == 0)
      ::new (static_cast<void*>(p)) U;
    else
      ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  template <class U> friend bool operator==(const page_allocator&, const page_allocator<U>&) noexcept {
    return true;
  }

private:
  static T* map_pages(std::size_t bytes) {
    // A small buffer is faulted in as it is mapped, in one call (see prefault): a vector that
    // grows into it copies its elements there at once.
    if (bytes < 2 * huge_page_bytes) return static_cast<T*>(map(bytes, MAP_POPULATE));
    // Map one huge page more than needed and unmap what lies outside the aligned range: `offset`
    // bytes before it, and the rest of the extra huge page after it.
    auto* raw = static_cast<char*>(map(bytes + huge_page_bytes));
    const auto offset =
        (huge_page_bytes - reinterpret_cast<std::uintptr_t>(raw) % huge_page_bytes) % huge_page_bytes;
    if (offset) ::munmap(raw, offset);
    auto* aligned = raw + offset;
    const std::size_t length = whole_pages(bytes);
    ::munmap(aligned + length, huge_page_bytes - offset);
    advise_huge_pages(aligned, length);
    return reinterpret_cast<T*>(aligned);
  }

  static void* map(std::size_t bytes, int flags = 0) {
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return p;
  }
};

} // namespace grundy::detail
