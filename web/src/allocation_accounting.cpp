// The global operator new and delete of a program that runs the web server: each allocation is
// charged to the memory account of the computation the allocating thread works for
// (grundy/memory_account.hpp), so that a request's memory limit counts its own memory and not
// the other requests'. Until the first account opens (the first request served), an allocation
// pays one read of a global; after it, threads without an account pay one thread-local read.
//
// Linked into the executable (an object library), never into the library: replacing operator new
// is the program's choice, not a library's.

#include <grundy/detail/memory_accounts_in_use.hpp>
#include <grundy/memory_account.hpp>

#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <new>

namespace {

inline void charge(void* p) noexcept {
  if (!grundy::detail::memory_accounts_in_use()) return;
  if (auto* account = grundy::current_memory_account())
    account->charge(static_cast<std::int64_t>(malloc_usable_size(p)));
}

inline void discharge(void* p) noexcept {
  if (!p || !grundy::detail::memory_accounts_in_use()) return;
  if (auto* account = grundy::current_memory_account())
    account->charge(-static_cast<std::int64_t>(malloc_usable_size(p)));
}

void* allocate(std::size_t size) {
  for (;;) {
    if (void* p = std::malloc(size ? size : 1)) {
      charge(p);
      return p;
    }
    auto handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

void* allocate_aligned(std::size_t size, std::align_val_t alignment) {
  const auto align = static_cast<std::size_t>(alignment);
  // aligned_alloc wants a size that is a multiple of the alignment.
  if (size > SIZE_MAX - align) throw std::bad_alloc(); // rounding up would wrap around
  const auto rounded = (size + align - 1) / align * align;
  for (;;) {
    if (void* p = std::aligned_alloc(align, rounded ? rounded : align)) {
      charge(p);
      return p;
    }
    auto handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

void release(void* p) noexcept {
  discharge(p);
  std::free(p);
}

} // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return allocate(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return allocate(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t size, std::align_val_t a) { return allocate_aligned(size, a); }
void* operator new[](std::size_t size, std::align_val_t a) { return allocate_aligned(size, a); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  try {
    return allocate_aligned(size, a);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  try {
    return allocate_aligned(size, a);
  } catch (...) {
    return nullptr;
  }
}

void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
