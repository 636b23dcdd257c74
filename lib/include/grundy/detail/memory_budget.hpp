#pragma once
// A computation's containers counted by their allocator: each allocation takes its bytes from a
// budget before it is made, so that a memory limit is refused before it is passed.

#include <grundy/detail/page_allocator.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace grundy::detail {

// Blocks from this size on are mapped from the kernel (page_allocator, which also charges a
// memory account, as malloc's replacement would) and go back to it when freed. Through malloc,
// glibc raises its own mapping threshold to the size of each large block freed, so that later
// ones come from its heap and stay resident after they are freed: 0.07 under a limit of 32 MB,
// never holding more, reached 51 MB resident, and 40 MB with these blocks mapped (the process's
// own 6 MB included). Mapping smaller ones (from 128 KB) saved nothing more.
inline constexpr std::uint64_t mapped_block_bytes = std::uint64_t{1} << 20;

// What a request of n bytes takes: whole pages when mapped; otherwise malloc's chunk (glibc): n
// and an 8-byte header rounded up to 16, at least 32.
constexpr std::uint64_t heap_block_bytes(std::uint64_t n) noexcept {
  if (n >= mapped_block_bytes) return whole_pages(n);
  return std::max<std::uint64_t>(32, (n + 8 + 15) & ~std::uint64_t{15});
}

// Gives back to the kernel the free pages inside malloc's heap. A block under mapped_block_bytes
// comes from that heap, and once freed stays resident unless it lies at the heap's top: glibc
// returns the top only, and a small block allocated later and still held pins everything below
// it. A step that made and freed many small blocks (the verification's states, 50 MB under a
// limit of 100 MB for 0.8) would otherwise leave them resident, uncounted, while the next step
// takes the budget again for fresh mapped blocks: 0.8 under 100 MB reached 149 MB resident.
inline void return_free_heap() noexcept {
#if defined(__GLIBC__)
  ::malloc_trim(0);
#endif
}

// Why count at the allocator rather than estimate between steps: the misère engines grow in
// steps (a candidate's product table, a hash set of states, a heap's options) that are each
// a large part of a limit, and estimates checked between them were passed by a third and more
// before they were read. Counting every block with its capacity before it is allocated keeps
// the bytes held within the limit, whatever the step.
class memory_budget {
public:
  // `refuse(bytes)` is called, and must throw, when holding `bytes` would pass `limit` (0: none).
  memory_budget(std::uint64_t limit, std::function<void(std::uint64_t bytes)> refuse)
      : limit_(limit), refuse_(std::move(refuse)) {}
  memory_budget(const memory_budget&) = delete;
  memory_budget& operator=(const memory_budget&) = delete;

  void take(std::uint64_t bytes) {
    if (limit_ != 0 && held_ + bytes > limit_) refuse_(held_ + bytes);
    held_ += bytes;
    peak_ = std::max(peak_, held_);
  }
  void give(std::uint64_t bytes) noexcept { held_ -= std::min(held_, bytes); }

  std::uint64_t held() const noexcept { return held_; }
  std::uint64_t peak() const noexcept { return peak_; }
  std::uint64_t limit() const noexcept { return limit_; }

private:
  std::uint64_t limit_;
  std::function<void(std::uint64_t)> refuse_;
  std::uint64_t held_ = 0, peak_ = 0;
};

// The budget containers constructed on this thread are charged to (null: none).
inline memory_budget*& current_memory_budget() noexcept {
  static thread_local memory_budget* budget = nullptr;
  return budget;
}

// While alive, containers constructed on this thread with a counted_allocator are charged to
// `budget` for their whole life. Scopes nest.
class memory_budget_scope {
public:
  explicit memory_budget_scope(memory_budget* budget) noexcept : previous_(current_memory_budget()) {
    current_memory_budget() = budget;
  }
  ~memory_budget_scope() { current_memory_budget() = previous_; }
  memory_budget_scope(const memory_budget_scope&) = delete;
  memory_budget_scope& operator=(const memory_budget_scope&) = delete;

private:
  memory_budget* previous_;
};

// std::allocator charging the budget current when the allocator was made (so a container keeps
// its budget wherever it is used, and one made outside any scope is not counted). It travels
// with the contents: a container moved or copied into another charges the same budget.
template <class T> class counted_allocator {
public:
  using value_type = T;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;

  counted_allocator() noexcept : budget_(current_memory_budget()) {}
  explicit counted_allocator(memory_budget* budget) noexcept : budget_(budget) {}
  template <class U>
  counted_allocator(const counted_allocator<U>& other) noexcept : budget_(other.budget()) {}

  T* allocate(std::size_t n) {
    const std::uint64_t bytes = std::uint64_t{n} * sizeof(T);
    if (budget_) budget_->take(heap_block_bytes(bytes));
    try {
      return bytes >= mapped_block_bytes ? page_allocator<T>().allocate(n) : std::allocator<T>().allocate(n);
    } catch (...) {
      if (budget_) budget_->give(heap_block_bytes(bytes));
      throw;
    }
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::uint64_t bytes = std::uint64_t{n} * sizeof(T);
    if (bytes >= mapped_block_bytes)
      page_allocator<T>().deallocate(p, n);
    else
      std::allocator<T>().deallocate(p, n);
    if (budget_) budget_->give(heap_block_bytes(bytes));
  }

  memory_budget* budget() const noexcept { return budget_; }
  template <class U>
  friend bool operator==(const counted_allocator& a, const counted_allocator<U>& b) noexcept {
    return a.budget_ == b.budget();
  }

private:
  memory_budget* budget_;
};

template <class T> using counted_vector = std::vector<T, counted_allocator<T>>;

} // namespace grundy::detail
