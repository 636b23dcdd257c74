#pragma once
// Positions of an octal game: a multiset of heaps played under an octal (or hexadecimal) code.

#include <grundy/games/nim/rules.hpp>
#include <grundy/octal/code.hpp>

#include <span>
#include <string>
#include <vector>

namespace grundy {

// One move acts on one heap: remove n tokens (n may be 0 when the code has a digit before the
// point) and leave 0, 1, 2 or 3 non-empty heaps as the digit d_n allows. A position's value is
// the XOR of its heaps' values, which the tests check against this game graph.
class octal_game {
public:
  using state_type = heaps;

  explicit octal_game(octal_code code) : code_(code) {}
  const octal_code& code() const noexcept { return code_; }

  static state_type position(std::span<const heap_size> sizes) { return nim_game::position(sizes); }

  state_type canonical(const state_type& s) const { return canonical_heaps(s); }
  void successors(const state_type& s, std::vector<state_type>& out) const;
  std::string format(const state_type& s) const { return format_heaps(s); }

  // Calls f(a, b, c) for every way one move may leave a heap of size h: the heaps left,
  // 0 standing for none, with a <= b <= c when several are left.
  template <class F> void for_each_split(heap_size h, F&& f) const;

private:
  octal_code code_;
};

template <class F> void octal_game::for_each_split(heap_size h, F&& f) const {
  const heap_size first = code_.splits_without_removing() ? 0 : 1;
  const heap_size last = std::min<heap_size>(h, static_cast<heap_size>(code_.length()));
  for (heap_size n = first; n <= last; ++n) {
    const auto d = code_.digit(n);
    const heap_size r = h - n;
    if ((d & octal_bits::vanish) && r == 0) f(0, 0, 0);
    if ((d & octal_bits::one_heap) && r >= 1 && n >= 1) f(0, 0, r);
    if (d & octal_bits::two_heaps)
      for (heap_size a = 1; 2 * a <= r; ++a)
        f(0, a, r - a);
    if (d & octal_bits::three_heaps)
      for (heap_size a = 1; 3 * a <= r; ++a)
        for (heap_size b = a; a + 2 * b <= r; ++b)
          f(a, b, r - a - b);
  }
}

} // namespace grundy
