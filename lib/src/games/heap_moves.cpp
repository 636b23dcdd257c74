#include <grundy/games/heap_moves.hpp>

#include <grundy/stop.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

namespace grundy {

namespace {

std::string join_words(const std::vector<std::string>& parts) {
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i)
    text += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text;
}

std::string one_heap_move(heap_size h, const heaps& parts) {
  heap_size kept = 0;
  for (auto p : parts)
    kept += p;
  const heap_size taken = h - kept;
  if (parts.empty()) return fmt::format("take the whole heap of {}", h);
  if (parts.size() == 1) return fmt::format("take {} from the heap of {}, leaving {}", taken, h, parts[0]);
  std::vector<std::string> sizes;
  for (auto p : parts) // largest first
    sizes.push_back(std::to_string(p));
  if (taken == 0) return fmt::format("split the heap of {} into {}", h, join_words(sizes));
  return fmt::format("take {} from the heap of {} and split the rest into {}", taken, h, join_words(sizes));
}

} // namespace

heap_change heap_difference(const heaps& before, const heaps& after) {
  heaps b = canonical_heaps(before), a = canonical_heaps(after);
  heap_change change;
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(change.removed));
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(change.added));
  std::reverse(change.removed.begin(), change.removed.end());
  std::reverse(change.added.begin(), change.added.end());
  return change;
}

std::string describe_heap_move(const heaps& before, const heaps& after) {
  const auto change = heap_difference(before, after);
  const auto& removed = change.removed;
  const auto& added = change.added;
  if (removed.empty()) return "move to " + format_heaps(canonical_heaps(after));
  if (removed.size() == 1) {
    heap_size kept = 0;
    for (auto p : added)
      kept += p;
    if (kept <= removed[0]) return one_heap_move(removed[0], added);
  }
  // Several heaps lowered at once (Moore's Nim): pairing the largest heaps that went with the
  // largest that came is a valid reading whenever any is.
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < removed.size(); ++i) {
    const heap_size h = removed[i];
    if (i >= added.size()) {
      parts.push_back(fmt::format("all of the heap of {}", h));
      continue;
    }
    if (added[i] >= h) return "move to " + format_heaps(canonical_heaps(after));
    parts.push_back(fmt::format("{} from the heap of {} (leaving {})", h - added[i], h, added[i]));
  }
  if (added.size() > removed.size()) return "move to " + format_heaps(canonical_heaps(after));
  return "take " + join_words(parts);
}

namespace {

// Equal heaps give the same moves, which the games list once (heap_game::successors).
template <class F> std::uint64_t moves_of_distinct_heaps(const heaps& h, F&& count) {
  __extension__ using u128 = unsigned __int128;
  u128 moves = 0;
  for (std::size_t i = 0; i < h.size(); ++i)
    if (std::find(h.begin(), h.begin() + static_cast<std::ptrdiff_t>(i), h[i]) == h.begin() + i)
      moves += count(h[i]);
  return moves > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                           : static_cast<std::uint64_t>(moves);
}

} // namespace

void check_heap_expansion(const heaps& h, std::uint64_t moves_per_token, std::uint64_t max_memory) {
  __extension__ using u128 = unsigned __int128;
  const auto moves = moves_of_distinct_heaps(h, [&](heap_size x) { return u128{x} * moves_per_token; });
  check_expansion_memory(moves, heap_move_bytes(h.size()), max_memory);
}

void check_heap_expansion(const heaps& h, const heap_rule& rule, std::uint64_t max_memory) {
  const auto moves = moves_of_distinct_heaps(h, [&](heap_size x) { return heap_option_count(rule, x); });
  // A move may leave up to three heaps where there was one (hexadecimal codes).
  check_expansion_memory(moves, heap_move_bytes(h.size() + 2), max_memory);
}

std::uint64_t heap_move_bytes(std::size_t heap_count) {
  // A move's position is held as a vector of heaps until the exploration takes it.
  return sizeof(heaps) + 4 * heap_count;
}

void check_expansion_memory(std::uint64_t moves, std::uint64_t bytes_per_move, std::uint64_t max_memory) {
  if (max_memory == 0) return;
  __extension__ using u128 = unsigned __int128;
  const u128 bytes = u128{moves} * bytes_per_move;
  if (bytes / 2 > max_memory)
    throw stopped(fmt::format("the position has about {} moves, whose positions need about {} MB at "
                              "once, more than the memory limit of {} MB",
                              moves,
                              static_cast<std::uint64_t>(std::min<u128>(bytes >> 20, ~std::uint64_t{0})),
                              max_memory >> 20),
                  stop_reason::memory, build_progress{});
}

} // namespace grundy
