#pragma once
// Memory for the builders' many small containers: carved from large mappings in huge pages.

#include <grundy/detail/page_allocator.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

namespace grundy::detail {

// The graded builder keeps a hash table and a list per shard, and a bucket per shard in each
// unit of work: thousands of containers that grow as levels do, to hundreds of kilobytes each
// in a large exploration. From malloc those are in 4 KB pages, and growing them costs tens of
// thousands of page faults; the arena packs them into mappings advised for 2 MB pages, so the
// same growth costs a fault per 2 MB. Blocks of a page or more are whole pages handed out in
// order. Containers grow geometrically and keep their capacity, so a freed block of 64 KB or
// more is smaller than what its container asks for next, and its pages go back to the system
// at once; smaller ones are kept for the next container to reach their size (see min_release).
// Smaller blocks come from malloc, which reuses them: the first steps of thousands of growing
// containers would otherwise leave as many partly used pages behind.
// Allocation takes a lock, which is cheap at the rate containers grow (thousands of times in a
// whole exploration), and the page faults that the threads used to queue on are gone.
class arena {
public:
  arena() = default;
  arena(const arena&) = delete;
  arena& operator=(const arena&) = delete;
  ~arena() {
    for (auto [p, n] : mappings_)
      page_allocator<std::byte>().deallocate(p, n);
  }

  void* allocate(std::size_t bytes) {
    if (bytes < page_bytes) return ::operator new (bytes, std::align_val_t{alignment});
    bytes = whole_pages(bytes);
    const std::lock_guard lock(mutex_);
    if (bytes < min_release && !free_[bytes / page_bytes].empty()) {
      auto* p = free_[bytes / page_bytes].back();
      free_[bytes / page_bytes].pop_back();
      return p;
    }
    if (static_cast<std::size_t>(end_ - next_) < bytes) {
      // Mappings double from 4 MB (two huge pages: the least page_allocator aligns and advises),
      // so a small exploration maps little and a large one maps a few dozen times.
      const std::size_t size = std::max(bytes, mapped_ < min_mapping ? min_mapping : mapped_);
      next_ = page_allocator<std::byte>().allocate(size);
      end_ = next_ + size;
      mappings_.emplace_back(next_, size);
      mapped_ += size;
    }
    return std::exchange(next_, next_ + bytes);
  }

  void deallocate(void* p, std::size_t bytes) noexcept {
    if (bytes < page_bytes) {
      ::operator delete (p, std::align_val_t{alignment});
      return;
    }
    bytes = whole_pages(bytes);
    if (bytes >= min_release) {
      release_tail(p, 0, bytes);
      return;
    }
    const std::lock_guard lock(mutex_);
    try {
      free_[bytes / page_bytes].push_back(static_cast<std::byte*>(p));
    } catch (const std::bad_alloc&) {
      release_tail(p, 0, bytes); // no room to remember it: its pages go back instead
    }
  }

  // Gives back the pages of the kept blocks once they add up to max_kept: the caller's
  // containers have stopped growing for a while (a level is over), and those not taken again
  // are memory held for nothing. Less than that stays for the next level, where giving it back
  // would cost a system call per block now and a fault per page later (a small exploration
  // made 362 such calls for single pages). Blocks that lie side by side go back in one call.
  void release_kept() noexcept {
    const std::lock_guard lock(mutex_);
    std::size_t kept = 0;
    for (std::size_t pages = 1; pages < free_.size(); ++pages)
      kept += free_[pages].size() * pages * page_bytes;
    if (kept < max_kept) return;
    try {
      blocks_.clear();
      for (std::size_t pages = 1; pages < free_.size(); ++pages)
        for (auto* p : free_[pages])
          blocks_.emplace_back(p, pages * page_bytes);
      std::sort(blocks_.begin(), blocks_.end());
      for (std::size_t i = 0; i < blocks_.size();) {
        std::byte* const begin = blocks_[i].first;
        std::byte* end = begin + blocks_[i].second;
        for (++i; i < blocks_.size() && blocks_[i].first == end; ++i)
          end += blocks_[i].second;
        release_tail(begin, 0, static_cast<std::size_t>(end - begin));
      }
    } catch (const std::bad_alloc&) { // no room to sort them: one call each
      for (std::size_t pages = 1; pages < free_.size(); ++pages)
        for (auto* p : free_[pages])
          release_tail(p, 0, pages * page_bytes);
    }
    for (auto& list : free_)
      list.clear();
  }

private:
  static constexpr std::size_t alignment = 64; // a cache line: blocks of two threads never share one
  static constexpr std::size_t min_mapping = 2 * huge_page_bytes;
  // Giving pages back costs a system call and, once the process has a second thread, a flush of
  // every core's address translations. Freed blocks under this size are kept for blocks of the
  // same size instead: thousands of containers grow through the same sizes, one after another,
  // so a kept block is soon taken again, its pages already faulted in.
  static constexpr std::size_t min_release = 16 * page_bytes;
  // Kept blocks that release_kept leaves alone, at most.
  static constexpr std::size_t max_kept = std::size_t{1} << 20;

  std::mutex mutex_;
  std::array<std::vector<std::byte*>, min_release / page_bytes> free_; // free_[n]: kept blocks of n pages
  std::vector<std::pair<std::byte*, std::size_t>> mappings_;
  std::vector<std::pair<std::byte*, std::size_t>> blocks_; // release_kept's, sorted by address
  std::byte* next_ = nullptr;
  std::byte* end_ = nullptr;
  std::size_t mapped_ = 0;
};

// A standard allocator drawing from an arena, for vectors and Boost's hash tables.
template <class T> struct arena_allocator {
  using value_type = T;

  explicit arena_allocator(arena& a) noexcept : source(&a) {}
  template <class U> arena_allocator(const arena_allocator<U>& other) noexcept : source(other.source) {}

  T* allocate(std::size_t n) { return static_cast<T*>(source->allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { source->deallocate(p, n * sizeof(T)); }

  template <class U> friend bool operator==(const arena_allocator& a, const arena_allocator<U>& b) noexcept {
    return a.source == b.source;
  }

  arena* source;
};

} // namespace grundy::detail
