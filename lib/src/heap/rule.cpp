#include <grundy/heap/rule.hpp>
#include <grundy/portable_name.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

namespace grundy {

namespace {

std::string lower(std::string_view text) {
  std::string s(text);
  for (auto& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

[[noreturn]] void reject(std::string_view text, std::string_view why) {
  throw invalid_heap_rule(fmt::format("invalid heap rule '{}': {}", portable_name(text), why));
}

// "1,3,4" inside S(...) or allbut(...).
std::vector<heap_size> parse_set(std::string_view whole, std::string_view list) {
  std::vector<heap_size> set;
  while (true) {
    const auto comma = list.find(',');
    const auto item = trim(list.substr(0, comma));
    if (item.empty()) reject(whole, "a number is missing in the set (write it like S(1,3,4))");
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (ec == std::errc::result_out_of_range ||
        (ec == std::errc{} && v > std::numeric_limits<heap_size>::max()))
      reject(whole, fmt::format("{} is too large for a number of tokens", portable_name(item)));
    if (ec != std::errc{} || end != item.data() + item.size())
      reject(whole, fmt::format("'{}' is not a whole number", portable_name(item)));
    if (v == 0) reject(whole, "0 is not a number of tokens one can remove");
    set.push_back(static_cast<heap_size>(v));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return set;
}

} // namespace

heap_rule heap_rule::subtraction(std::vector<heap_size> set, bool all_but) {
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  if (!set.empty() && set.front() == 0)
    throw invalid_heap_rule("a subtraction set holds positive numbers only");
  if (set.empty() && !all_but) throw invalid_heap_rule("a subtraction set needs at least one number");
  return heap_rule(subtraction_rule{std::move(set), all_but});
}

heap_rule heap_rule::user(std::string name,
                          std::function<void(heap_size, const user_heap_rule::emit_function&)> options) {
  if (!options) throw invalid_heap_rule("a heap rule needs a function giving the options of a heap");
  return heap_rule(
      std::make_shared<const user_heap_rule>(user_heap_rule{std::move(name), std::move(options)}));
}

heap_rule heap_rule::parse(std::string_view text) {
  const auto t = trim(text);
  if (t.empty())
    reject(text,
           "the rule is empty (write an octal code like 0.07, or S(1,3,4), allbut(1,3,4), grundy, squares)");
  const auto name = lower(t);
  if (name == "grundy" || name == "grundys-game") return grundys_game();
  if (name == "squares" || name == "take-a-square") return take_a_square();
  const auto open = name.find('(');
  if (open != std::string::npos) {
    const auto head = trim(std::string_view(name).substr(0, open));
    if (head != "s" && head != "allbut") reject(text, "a set is written S(1,3,4) or allbut(1,3,4)");
    if (name.back() != ')') reject(text, "the set is not closed by ')'");
    const auto inside = std::string_view(t).substr(open + 1, t.size() - open - 2);
    // allbut() takes any number, which is Nim: str() writes it so, and it must read back.
    if (head == "allbut" && trim(inside).empty()) return subtraction({}, true);
    return subtraction(parse_set(text, inside), head == "allbut");
  }
  if (t.find('.') != std::string_view::npos) return heap_rule(octal_code::parse(t));
  reject(text, "not an octal code (0.07), a subtraction set (S(1,3,4), allbut(1,3,4)), grundy or squares");
}

std::string heap_rule::str() const {
  return std::visit(
      [](const auto& k) -> std::string {
        using kind = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<kind, octal_code>)
          return k.str();
        else if constexpr (std::is_same_v<kind, subtraction_rule>)
          return fmt::format("{}({})", k.all_but ? "allbut" : "S", fmt::join(k.set, ","));
        else if constexpr (std::is_same_v<kind, grundys_game_rule>)
          return "grundy";
        else if constexpr (std::is_same_v<kind, take_a_square_rule>)
          return "squares";
        else
          return k->name;
      },
      kind_);
}

std::span<const heap_size> detail::checked_user_option(const user_heap_rule& rule, heap_size h,
                                                       std::span<const heap_size> option,
                                                       std::vector<heap_size>& scratch) {
  scratch.clear();
  for (heap_size x : option) {
    if (x == 0) continue;
    if (x >= h)
      throw invalid_heap_rule(
          fmt::format("the rule {} gives a heap of {} as an option of a heap of {}: every heap "
                      "an option leaves must be smaller than the heap it came from",
                      portable_name(rule.name), x, h));
    scratch.push_back(x);
  }
  return scratch;
}

std::uint64_t heap_option_count(const heap_rule& rule, heap_size h) {
  __extension__ using u128 = unsigned __int128;
  const auto saturated = [](u128 n) {
    return n > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                         : static_cast<std::uint64_t>(n);
  };
  return std::visit(
      [&](const auto& k) -> std::uint64_t {
        using kind = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<kind, octal_code>) {
          // As for_each_option lists them, digit by digit.
          u128 count = 0;
          const std::uint64_t first = k.splits_without_removing() ? 0 : 1;
          const std::uint64_t last = std::min<std::uint64_t>(h, k.length());
          for (std::uint64_t n = first; n <= last; ++n) {
            const auto d = k.digit(n);
            const std::uint64_t r = h - n;
            if ((d & octal_bits::vanish) && r == 0) ++count;
            if ((d & octal_bits::one_heap) && r >= 1 && n >= 1) ++count;
            if (d & octal_bits::two_heaps) count += r / 2;
            if (d & octal_bits::three_heaps) count += (u128{r} * r + 6) / 12; // partitions in 3 parts
          }
          return saturated(count);
        } else if constexpr (std::is_same_v<kind, subtraction_rule>) {
          const auto listed =
              static_cast<std::uint64_t>(std::upper_bound(k.set.begin(), k.set.end(), h) - k.set.begin());
          return k.all_but ? h - listed : listed;
        } else if constexpr (std::is_same_v<kind, grundys_game_rule>) {
          return h >= 3 ? (h - 1) / 2 : 0;
        } else if constexpr (std::is_same_v<kind, take_a_square_rule>) {
          std::uint64_t r = 0;
          for (std::uint64_t step = std::uint64_t{1} << 16; step > 0; step >>= 1)
            if ((r + step) * (r + step) <= h) r += step;
          return r;
        } else {
          return h;
        }
      },
      rule.kind());
}

} // namespace grundy
