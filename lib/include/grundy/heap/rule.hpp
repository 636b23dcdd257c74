#pragma once
// The rules of a heap game: what one move may leave of one heap.

#include <grundy/games/nim/rules.hpp>
#include <grundy/octal/code.hpp>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace grundy {

// Thrown for a rule that does not describe a heap game (text that reads as none, an empty
// subtraction set, a user rule whose option holds a heap not smaller than the heap it came
// from); what() is one line meant for the user.
class invalid_heap_rule : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

// Subtraction games: remove s tokens from one heap for s in the set (`all_but` false), or for
// any s >= 1 not in it (`all_but` true). The set is kept sorted, without repeats or zero.
struct subtraction_rule {
  std::vector<heap_size> set;
  bool all_but = false;
  friend bool operator==(const subtraction_rule&, const subtraction_rule&) = default;
};

// Grundy's game: split one heap into two non-empty heaps of different sizes.
struct grundys_game_rule {
  friend bool operator==(const grundys_game_rule&, const grundys_game_rule&) = default;
};

// Take-a-square: remove a positive square number of tokens from one heap.
struct take_a_square_rule {
  friend bool operator==(const take_a_square_rule&, const take_a_square_rule&) = default;
};

// A rule written by the user (in C++ or through the Python module): `options(h, emit)` calls
// emit once per option of a heap of h tokens, with the heaps that option leaves (zero sizes
// are dropped; every other heap must be smaller than h, which makes every game finite and lets
// the engines compute heap sizes in increasing order). `name` is what reports print.
struct user_heap_rule {
  using emit_function = std::function<void(std::span<const heap_size>)>;
  std::string name;
  std::function<void(heap_size, const emit_function&)> options;
  friend bool operator==(const user_heap_rule& a, const user_heap_rule& b) { return &a == &b; }
};

// Any heap game in which a move changes one heap into a multiset of smaller heaps: octal and
// hexadecimal codes, subtraction games, Grundy's game, take-a-square and rules users write.
// The value of a sum of heaps is the XOR of the heaps' values, so one sequence G(0), G(1), ...
// answers every sum; the misère genus and quotients are computed from the same options.
//
// A value type over a closed variant rather than an interface with virtual calls: the engines
// switch once per sequence on the kind and run a loop written for it, and only the user rule
// pays an indirect call per option.
class heap_rule {
public:
  using kind_type = std::variant<octal_code, subtraction_rule, grundys_game_rule, take_a_square_rule,
                                 std::shared_ptr<const user_heap_rule>>;

  heap_rule(octal_code code) : kind_(code) {} // NOLINT: every octal code is a heap rule
  static heap_rule subtraction(std::vector<heap_size> set, bool all_but = false);
  static heap_rule grundys_game() { return heap_rule(grundys_game_rule{}); }
  static heap_rule take_a_square() { return heap_rule(take_a_square_rule{}); }
  static heap_rule user(std::string name,
                        std::function<void(heap_size, const user_heap_rule::emit_function&)> options);

  // Reads a rule as people write it: an octal or hexadecimal code ("0.07", "4.7", "0.8"),
  // "S(1,3,4)" for a subtraction set, "allbut(1,3,4)" for all but those ("allbut()" is Nim),
  // "grundy" for Grundy's game and "squares" for take-a-square (names in any case, spaces
  // allowed after commas). Throws invalid_heap_rule or invalid_code with one line saying what is wrong.
  static heap_rule parse(std::string_view text);

  // The rule as parse reads it back: "0.07", "S(1,3,4)", "allbut(1,3,4)", "grundy",
  // "squares"; a user rule's name.
  std::string str() const;

  const kind_type& kind() const noexcept { return kind_; }
  const octal_code* octal() const noexcept { return std::get_if<octal_code>(&kind_); }

  // Calls f(std::span<const heap_size>) once per option of a heap of h tokens, with the heaps
  // that option leaves, none of them zero and each smaller than h. Options leaving the same
  // heaps may be reported more than once (octal digits overlap). A user rule's option that
  // breaks the contract throws invalid_heap_rule.
  template <class F> void for_each_option(heap_size h, F&& f) const;

  friend bool operator==(const heap_rule&, const heap_rule&) = default;

private:
  explicit heap_rule(kind_type k) : kind_(std::move(k)) {}
  kind_type kind_;
};

// How many options a heap of h tokens has under `rule`, counted from the rule without listing
// them (saturating at 2^64 - 1): |S| at most for a subtraction set, (h - 1) / 2 for Grundy's
// game, floor(sqrt(h)) for take-a-square, per digit of an octal code its own count (one for a
// removal, r / 2 for a split of r tokens in two, round(r^2 / 12) in three). A user rule's
// options are known only by asking it: h is taken as its count.
std::uint64_t heap_option_count(const heap_rule& rule, heap_size h);

namespace detail {
// Checks a user rule's option and drops its zero heaps; throws invalid_heap_rule naming the rule.
std::span<const heap_size> checked_user_option(const user_heap_rule& rule, heap_size h,
                                               std::span<const heap_size> option,
                                               std::vector<heap_size>& scratch);
} // namespace detail

template <class F> void heap_rule::for_each_option(heap_size h, F&& f) const {
  std::visit(
      [&](const auto& k) {
        using kind = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<kind, octal_code>) {
          const heap_size first = k.splits_without_removing() ? 0 : 1;
          const heap_size last = std::min<heap_size>(h, static_cast<heap_size>(k.length()));
          for (heap_size n = first; n <= last; ++n) {
            const auto d = k.digit(n);
            const heap_size r = h - n;
            if ((d & octal_bits::vanish) && r == 0) f(std::span<const heap_size>{});
            if ((d & octal_bits::one_heap) && r >= 1 && n >= 1) {
              const heap_size one[1] = {r};
              f(std::span<const heap_size>(one));
            }
            if (d & octal_bits::two_heaps)
              for (heap_size a = 1; 2 * a <= r; ++a) {
                const heap_size two[2] = {a, r - a};
                f(std::span<const heap_size>(two));
              }
            if (d & octal_bits::three_heaps)
              for (heap_size a = 1; 3 * a <= r; ++a)
                for (heap_size b = a; a + 2 * b <= r; ++b) {
                  const heap_size three[3] = {a, b, r - a - b};
                  f(std::span<const heap_size>(three));
                }
          }
        } else if constexpr (std::is_same_v<kind, subtraction_rule>) {
          auto take = [&](heap_size s) {
            const heap_size one[1] = {h - s};
            f(h == s ? std::span<const heap_size>{} : std::span<const heap_size>(one));
          };
          if (!k.all_but) {
            for (heap_size s : k.set) {
              if (s > h) break;
              take(s);
            }
          } else {
            auto excluded = k.set.begin();
            for (heap_size s = 1; s <= h; ++s) {
              while (excluded != k.set.end() && *excluded < s)
                ++excluded;
              if (excluded != k.set.end() && *excluded == s) continue;
              take(s);
            }
          }
        } else if constexpr (std::is_same_v<kind, grundys_game_rule>) {
          for (heap_size a = 1; 2 * a < h; ++a) {
            const heap_size two[2] = {a, h - a};
            f(std::span<const heap_size>(two));
          }
        } else if constexpr (std::is_same_v<kind, take_a_square_rule>) {
          for (heap_size k2 = 1; k2 * k2 <= h; ++k2) {
            const heap_size one[1] = {h - k2 * k2};
            f(h == k2 * k2 ? std::span<const heap_size>{} : std::span<const heap_size>(one));
          }
        } else {
          std::vector<heap_size> scratch;
          k->options(h, [&](std::span<const heap_size> option) {
            f(detail::checked_user_option(*k, h, option, scratch));
          });
        }
      },
      kind_);
}

} // namespace grundy
