#include <grundy/io/games/heap_notation.hpp>
#include <grundy/portable_name.hpp>

#include <grundy/graph.hpp>
#include <grundy/io/games/registry.hpp>
#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace grundy {

namespace {

// A size up to `largest`, named `what` ("heap size") in messages.
std::uint64_t parse_size(std::string_view word, std::uint64_t largest, std::string_view what) {
  if (!word.empty() && word.front() == '-')
    throw notation_error(fmt::format("{}s cannot be negative, not '{}'", what, portable_name(word)));
  const bool digits = !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos;
  std::uint64_t n = 0;
  try {
    n = io::parse_count(word, fmt::format("a {}", what));
  } catch (const notation_error&) {
    if (!digits) throw;
    n = largest + 1; // past 2^64 - 1: too large too, not a malformed number
  }
  if (n > largest)
    throw notation_error(fmt::format("{} {} is too large (at most {})", what, portable_name(word), largest));
  return n;
}

heap_size parse_heap(std::string_view word) {
  return static_cast<heap_size>(parse_size(word, 0xFFFF'FFFFu, "heap size"));
}

// The words of `text` between blanks, once `separators` are read as blanks too.
template <class F> void for_each_word(std::string_view text, std::string_view separators, F&& f) {
  std::string words(text);
  for (auto& c : words)
    if (separators.find(c) != std::string_view::npos) c = ' ';
  std::size_t pos = 0;
  while ((pos = words.find_first_not_of(" \t\r\n", pos)) != std::string::npos) {
    const auto end = std::min(words.find_first_of(" \t\r\n", pos), words.size());
    f(std::string_view(words).substr(pos, end - pos));
    pos = end;
  }
}

} // namespace

heaps parse_heaps_text(std::string_view text) {
  heaps h;
  for_each_word(text, "[],", [&](std::string_view word) { h.push_back(parse_heap(word)); });
  return h;
}

std::vector<std::uint64_t> parse_sizes_text(std::string_view text, std::uint64_t largest,
                                            std::string_view what) {
  std::vector<std::uint64_t> sizes;
  for_each_word(text, "[],",
                [&](std::string_view word) { sizes.push_back(parse_size(word, largest, what)); });
  return sizes;
}

std::vector<std::uint64_t> parse_size_words(const std::vector<std::string>& words, std::string_view example,
                                            std::uint64_t largest, std::string_view what) {
  std::vector<std::uint64_t> sizes;
  if (words.empty()) throw notation_error(fmt::format("give at least one {}, as in: {}", what, example));
  for (auto& w : words) {
    // A blank word ('' from a shell variable left empty) is no position; [] is the empty one.
    if (w.find_first_not_of(" \t") == std::string::npos)
      throw notation_error(fmt::format("a {} cannot be blank: give sizes as in: {}", what, example));
    for (auto n : parse_sizes_text(w, largest, what))
      sizes.push_back(n);
  }
  return sizes;
}

std::vector<heap_size> parse_heap_words(const std::vector<std::string>& words, std::string_view example) {
  std::vector<heap_size> sizes;
  for (auto n : parse_size_words(words, example, 0xFFFF'FFFFu, "heap size"))
    sizes.push_back(static_cast<heap_size>(n));
  return sizes;
}

heaps read_heap_move(const heaps& before, std::string_view text) {
  if (text.find('>') == std::string_view::npos) return canonical_heaps(parse_heaps_text(text));
  heaps after = before;
  for_each_word(text, ",", [&](std::string_view change) {
    const auto arrow = change.find('>');
    if (arrow == std::string_view::npos || arrow == 0)
      throw notation_error(
          fmt::format("cannot read '{}': write a change as HEAP>LEFT, as in 8>5", portable_name(change)));
    const heap_size from = parse_heap(change.substr(0, arrow));
    const auto it = std::find(after.begin(), after.end(), from);
    if (it == after.end()) throw notation_error(fmt::format("there is no heap of {}", from));
    after.erase(it);
    std::string parts(change.substr(arrow + 1));
    std::replace(parts.begin(), parts.end(), '+', ' ');
    for (auto part : parse_heaps_text(parts))
      after.push_back(part);
  });
  return canonical_heaps(after);
}

std::string show_heaps(const heaps& h) {
  if (h.empty()) return "  (no heap left)\n";
  // Rows stop at 60 bars so that a large heap still fits a terminal line; its size is written.
  constexpr heap_size widest = 60;
  const auto width = std::to_string(*std::max_element(h.begin(), h.end())).size();
  std::string text;
  for (auto size : h)
    text += fmt::format("  {:>{}}  {}{}\n", size, width, std::string(std::min(size, widest), '|'),
                        size > widest ? "..." : "");
  return text;
}

void refuse_too_many_moves(std::string_view why) {
  throw notation_error(fmt::format("this position has too many moves ({}); try smaller heaps", why));
}

void check_heap_moves(const heaps& h, bool listing) {
  constexpr std::uint64_t most_tokens = 100'000; // about 10^5 one-heap moves
  if (listing && std::accumulate(h.begin(), h.end(), std::uint64_t{0}) > most_tokens)
    refuse_too_many_moves("more than 100000 tokens");
}

void check_listing_memory(std::uint64_t moves, std::uint64_t bytes_per_move, std::uint64_t max_memory,
                          std::string_view advice) {
  const auto limit = max_memory == 0 ? default_memory_limit() : max_memory;
  if (moves > limit / bytes_per_move)
    throw notation_error(
        fmt::format("this position has {} winning moves, too many to list in {} MB of memory; {}", moves,
                    limit >> 20, advice));
}

} // namespace grundy
