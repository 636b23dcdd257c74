#pragma once
// An allocator that takes whole pages from the kernel and gives them back when freed.

#include <sys/mman.h>

#include <cstddef>
#include <new>

namespace grundy::detail {

// The builders hold per-level buffers of tens of megabytes that are freed one by one while
// the graph's final arrays fill up. Through malloc, buffers under its mmap threshold (up to
// 32 MB in glibc) stay in the heap after being freed, so the process would hold both copies
// of the graph at the end; pages mapped here return to the system as soon as they are freed.
template <class T> struct page_allocator {
  using value_type = T;

  page_allocator() = default;
  template <class U> page_allocator(const page_allocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    void* p = ::mmap(nullptr, n * sizeof(T), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) noexcept { ::munmap(p, n * sizeof(T)); }

  template <class U> friend bool operator==(const page_allocator&, const page_allocator<U>&) noexcept {
    return true;
  }
};

} // namespace grundy::detail
