#include <grundy/games/tablettes/rules.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <stdexcept>
#include <type_traits>

namespace grundy {

namespace {

using piles_type = tablettes_game::piles_type;

// Appends bits to a state: `zeros` zero bits then a one bit.
struct bit_writer {
  tablettes_state state;
  unsigned position = 0;

  void one_after(unsigned zeros) noexcept {
    position += zeros;
    if (position < 64)
      state.low |= std::uint64_t{1} << position;
    else
      state.high |= std::uint64_t{1} << (position - 64);
    ++position;
  }
};

__extension__ using u128 = unsigned __int128;

// Positions of up to 64 bits (2T + C <= 64, as for 5 colours of 4) are handled in one machine
// word, where shifts are single instructions; larger ones in 128 bits.
template <class Word> Word to_bits(const tablettes_state& s) {
  if constexpr (sizeof(Word) == 8)
    return s.low;
  else
    return (Word{s.high} << 64) | s.low;
}

template <class State, class Word> State from_bits(Word x) {
  if constexpr (std::is_same_v<State, compact_tablettes_state>)
    return {static_cast<std::uint64_t>(x)};
  else if constexpr (sizeof(Word) == 8)
    return {x, 0};
  else
    return {static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(x >> 64)};
}

// Shifts that give 0 at a shift by the word's full width, which x >> 64 would not.
template <class Word> Word shift_down(Word x, unsigned n) { return n >= 8 * sizeof(Word) ? Word{0} : x >> n; }

template <class Word> Word below(unsigned a) { return a >= 8 * sizeof(Word) ? ~Word{0} : (Word{1} << a) - 1; }

// The bits with the `length` bits at `at` cut out; the cut lies inside the word and is not
// empty, so every shift below is by less than the word's width (no test needed for it).
template <class Word> Word cut(Word x, unsigned at, unsigned length) {
  return (x & ((Word{1} << at) - 1)) | ((x >> (at + length - 1) >> 1) << at);
}

// The bits with `piece` (of `length` bits) put in at `at` < the word's width; the result must
// fit in the word.
template <class Word> Word insert(Word x, unsigned at, Word piece, unsigned length) {
  return (x & ((Word{1} << at) - 1)) | (piece << at) | ((x >> at) << at << length);
}

// Calls f(colour, height) for every pile, in (colour, height) order.
template <class F> void for_each_pile(const tablettes_state& s, F&& f) {
  unsigned colour = 0;
  int previous = -1;
  auto scan = [&](std::uint64_t word, int base) {
    while (word) {
      const int q = base + std::countr_zero(word);
      word &= word - 1;
      const int gap = q - previous - 1;
      previous = q;
      if (gap == 0)
        ++colour;
      else
        f(colour, static_cast<unsigned>(gap));
    }
  };
  scan(s.low, 0);
  scan(s.high, 64);
}

pile on_top(pile upper, pile lower) {
  return {upper.colour, static_cast<std::uint8_t>(upper.height + lower.height)};
}

std::uint64_t checked_multiply(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) throw std::overflow_error("orbit sizes exceed 64 bits");
  return r;
}

// n! / (m1! m2! ...) for multiplicities summing to n, as a product of binomials.
std::uint64_t multinomial(std::span<const unsigned> multiplicities) {
  std::uint64_t result = 1;
  unsigned n = 0;
  for (unsigned m : multiplicities)
    for (unsigned k = 1; k <= m; ++k) {
      ++n;
      result = checked_multiply(result, n) / k; // exact: C(n, k) * k is divisible by k
    }
  return result;
}

} // namespace

namespace {

// Positions are packed in 128 bits (see tablettes_state). Counted in 64 bits, so that the
// counts of a huge request cannot wrap round.
void check_fits(std::uint64_t colours, std::uint64_t tablets) {
  if (2 * tablets + colours > 128)
    throw std::invalid_argument(fmt::format(
        "tablettes with {} colours and {} tablets are too large: positions are packed in 128 bits, "
        "which allows 2 x tablets + colours <= 128",
        colours, tablets));
}

// Checked before the vector is built, so that a huge colour count is refused, not allocated.
std::vector<unsigned> equal_counts(unsigned colours, unsigned tablets) {
  check_fits(colours, std::uint64_t{colours} * tablets);
  return std::vector<unsigned>(colours, tablets);
}

} // namespace

tablettes_game::tablettes_game(unsigned colours, unsigned tablets, tablettes_options options)
    : tablettes_game(equal_counts(colours, tablets), options) {}

tablettes_game::tablettes_game(std::vector<unsigned> tablets_per_colour, tablettes_options options)
    : counts_(std::move(tablets_per_colour)), options_(options) {
  if (counts_.empty()) throw std::invalid_argument("tablettes need at least one colour");
  for (unsigned n : counts_) {
    if (n == 0) throw std::invalid_argument("tablettes need at least one tablet per colour");
    if (n > 63)
      throw std::invalid_argument(fmt::format("{} tablets of one colour are too many (at most 63)", n));
    total_ += n;
  }
  check_fits(colors(), total_);
  group_.resize(colors());
  for (unsigned c = 0; c < colors(); ++c)
    group_[c] =
        static_cast<std::uint8_t>(std::find(counts_.begin(), counts_.end(), counts_[c]) - counts_.begin());
}

tablettes_state tablettes_game::encode(const piles_type& sorted) const {
  bit_writer w;
  std::size_t k = 0;
  for (unsigned c = 0; c < colors(); ++c) {
    for (; k < sorted.size() && sorted[k].colour == c; ++k)
      w.one_after(sorted[k].height);
    w.one_after(0);
  }
  return w.state;
}

tablettes_game::piles_type tablettes_game::piles(const state_type& s) const {
  piles_type p;
  for_each_pile(s, [&](unsigned c, unsigned h) {
    p.push_back(pile{static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(h)});
  });
  return p;
}

tablettes_state tablettes_game::start() const {
  piles_type p;
  for (unsigned c = 0; c < colors(); ++c)
    for (unsigned t = 0; t < counts_[c]; ++t)
      p.push_back(pile{static_cast<std::uint8_t>(c), 1});
  return encode(p);
}

tablettes_state tablettes_game::make_state(std::span<const pile> piles) const {
  // Tops and heights alone do not tell which tablets lie under a top, so the checks are those
  // that can be made: known colours, positive heights, all tablets present, and no more piles
  // topped by a colour than it has tablets.
  std::vector<unsigned> tops(colors(), 0);
  unsigned total = 0;
  if (piles.size() > max_piles) throw std::invalid_argument("too many piles");
  for (auto p : piles) {
    if (p.colour >= colors())
      throw std::invalid_argument(
          fmt::format("colour {} does not exist with {} colours", p.colour, colors()));
    if (p.height == 0) throw std::invalid_argument("a pile holds at least one tablet");
    if (++tops[p.colour] > counts_[p.colour])
      throw std::invalid_argument(
          fmt::format("more piles topped by colour {} than its {} tablets", p.colour, counts_[p.colour]));
    total += p.height;
  }
  if (total != total_)
    throw std::invalid_argument(fmt::format("the piles hold {} tablets, not the game's {}", total, total_));
  piles_type sorted(piles.begin(), piles.end());
  std::sort(sorted.begin(), sorted.end());
  return encode(sorted);
}

namespace {

// The lowest set bit of x != 0: std::countr_zero, for 128 bits too.
template <class Word> unsigned lowest_bit(Word x) {
  if constexpr (sizeof(Word) == 8)
    return static_cast<unsigned>(std::countr_zero(x));
  else {
    const auto low = static_cast<std::uint64_t>(x);
    return low ? static_cast<unsigned>(std::countr_zero(low))
               : 64u + static_cast<unsigned>(std::countr_zero(static_cast<std::uint64_t>(x >> 64)));
  }
}

// The number of bits up to the highest set bit of x: std::bit_width, for 128 bits too.
template <class Word> unsigned bit_width(Word x) {
  if constexpr (sizeof(Word) == 8)
    return static_cast<unsigned>(std::bit_width(x));
  else {
    const auto high = static_cast<std::uint64_t>(x >> 64);
    return high ? 64u + static_cast<unsigned>(std::bit_width(high))
                : static_cast<unsigned>(std::bit_width(static_cast<std::uint64_t>(x)));
  }
}

// A colour's segment of the encoding (its piles and closing bit) is its signature: colours
// with equal segments top equal piles. Relabelling colours in the order of their segments
// (any fixed order will do) is a concatenation of sorted segments. A segment's highest bit is
// its closing one, so segments compare as numbers, by length and then by bits. The closing
// bits are the ones that follow a one directly (or lie at bit 0): they are found all at once,
// and the segments are cut out one per colour, without a step per pile.
template <class Word> using segments = std::array<Word, 64>;

// Cuts s into its colours' segments, in colour order, and returns how many (the colour count).
template <class Word> unsigned cut_segments(const tablettes_state& s, segments<Word>& seg) {
  const Word bits = to_bits<Word>(s);
  unsigned n = 0, start = 0;
  for (Word closing = bits & ((bits << 1) | 1u); closing; closing &= closing - 1) {
    const unsigned q = lowest_bit(closing);
    seg[n++] = shift_down(bits, start) & below<Word>(q + 1 - start);
    start = q + 1;
  }
  return n;
}

template <class Word>
tablettes_state relabelled(const tablettes_state& s, std::span<const std::uint8_t> group) {
  segments<Word> seg;
  const unsigned n = cut_segments(s, seg);
  // Sort each group of interchangeable colours in place: a group's members keep their labels
  // as a set, so only the order of their segments among those labels changes.
  for (unsigned g = 0; g < n; ++g) {
    if (group[g] != g) continue;
    // Insertion sort over the members of group g, in label order: groups are small.
    for (unsigned i = g + 1; i < n; ++i) {
      if (group[i] != g) continue;
      const auto key = seg[i];
      unsigned j = i;
      for (;;) {
        unsigned k = j; // the previous member of the group before j
        do
          --k;
        while (group[k] != g);
        if (!(key < seg[k])) break;
        seg[j] = seg[k];
        j = k;
        if (j == g) break;
      }
      seg[j] = key;
    }
  }
  Word out = 0;
  unsigned at = 0;
  for (unsigned c = 0; c < n; ++c) {
    out |= seg[c] << at;
    at += bit_width(seg[c]);
  }
  return from_bits<tablettes_state>(out);
}

// Within each group of interchangeable colours, |group|! / the product of m! over the sets of m
// colours with identical segments (colours topping nothing included).
template <class Word> std::uint64_t orbit_of(const tablettes_state& s, std::span<const std::uint8_t> group) {
  segments<Word> seg, members;
  const unsigned n = cut_segments(s, seg);
  std::array<unsigned, 64> runs;
  std::uint64_t orbit = 1;
  for (unsigned g = 0; g < n; ++g) {
    if (group[g] != g) continue;
    unsigned count = 0, r = 0;
    for (unsigned c = g; c < n; ++c)
      if (group[c] == g) members[count++] = seg[c];
    std::sort(members.begin(), members.begin() + count);
    for (unsigned i = 0; i < count; ++i) {
      if (i == 0 || members[i] != members[i - 1]) runs[r++] = 0;
      ++runs[r - 1];
    }
    orbit = checked_multiply(orbit, multinomial(std::span<const unsigned>(runs.data(), r)));
  }
  return orbit;
}

} // namespace

tablettes_state tablettes_game::representative(const state_type& s) const {
  if (compact_tablettes_game::fits(*this)) return relabelled<std::uint64_t>(s, group_);
  return relabelled<u128>(s, group_);
}

namespace {

template <class Word, class State> void stack_moves(const tablettes_state& s, std::vector<State>& out) {
  // Each successor is the parent's bits with two pile segments cut out and the merged pile's
  // segment put in: a few shifts, with no list of piles built per move. Piles are indexed by
  // (colour, height) through bit masks, so that only pairs that may be stacked are visited (two
  // piles of one colour, or of one height in two colours) and the merged pile's place is found
  // with one count of trailing zeros.
  struct located {
    std::uint8_t height;
    std::uint8_t at; // first bit of the pile's segment
  };
  // The scan below has no branch but its loop's, and calls nothing: closing bits are written
  // as piles of height 0 (bit 0 of the heights, masked out where they are used, and
  // overwritten in `piles` by the next pile), and a (colour, height) met again writes its first
  // pile's index to a spare row of `first`. Branches there were mispredicted at every colour's
  // end and every run of equal piles. The current colour's heights stay in a register and are
  // only stored: read back from memory, they made every step wait for the previous one.
  std::array<located, tablettes_game::max_piles + 1> piles;
  std::array<std::uint8_t, 64> colour_end;            // bit of each colour's closing one
  std::array<std::uint64_t, 64> heights_of;           // per colour: the heights it tops
  std::array<std::uint64_t, 64> colours_at;           // per height: the colours topping one
  std::array<std::array<std::uint8_t, 64>, 65> first; // [colour][height]: its first pile
  std::uint64_t all_heights = 0, heights = 0;
  std::size_t n = 0;
  unsigned colour = 0, at = 0;
  int previous = -1;
  auto scan = [&](std::uint64_t word, int base) {
    while (word) {
      const int q = base + std::countr_zero(word);
      word &= word - 1;
      const auto gap = static_cast<unsigned>(q - previous - 1);
      previous = q;
      const std::uint64_t bit = std::uint64_t{1} << gap;
      const bool fresh = !(heights & bit);
      first[fresh ? colour : 64][gap] = static_cast<std::uint8_t>(n);
      heights |= bit;
      heights_of[colour] = heights;
      all_heights |= bit;
      piles[n] = {static_cast<std::uint8_t>(gap), static_cast<std::uint8_t>(at)};
      colour_end[colour] = static_cast<std::uint8_t>(at); // last written at the closing bit
      n += gap != 0;
      colour += gap == 0;
      heights = gap == 0 ? 0 : heights;
      at = static_cast<unsigned>(q) + 1;
    }
  };
  scan(s.low, 0);
  scan(s.high, 64);
  all_heights &= ~std::uint64_t{1};
  for (std::uint64_t hs = all_heights; hs; hs &= hs - 1)
    colours_at[std::countr_zero(hs)] = 0;

  const Word bits = to_bits<Word>(s);
  // Piles i and j (i before j in bit order) merged into a pile of `height` topped by `top`.
  auto emit = [&](std::size_t i, std::size_t j, unsigned top, unsigned height) {
    // It goes before the first taller pile of its colour, or before the colour's closing bit;
    // piles i and j are shorter, so that place is neither of theirs.
    const std::uint64_t taller = height >= 63 ? 0 : heights_of[top] & ~((std::uint64_t{2} << height) - 1);
    unsigned to = taller ? piles[first[top][std::countr_zero(taller)]].at : colour_end[top];
    const unsigned li = piles[i].height + 1u, lj = piles[j].height + 1u;
    const unsigned ai = piles[i].at, aj = piles[j].at;
    const Word x = cut(cut(bits, aj, lj), ai, li);
    if (to > aj) to -= lj;
    if (to > ai) to -= li;
    out.push_back(from_bits<State>(insert(x, to, Word{1} << height, height + 1u)));
  };
  // Equal piles make equal moves, so each (colour, height) is represented by its first pile,
  // paired with its twin when it has one. Distinct pairs then give distinct positions: the
  // merged pile is taller than both, so no other pair can leave the same multiset.
  for (unsigned c = 0; c < colour; ++c)
    for (std::uint64_t low = heights_of[c] & ~std::uint64_t{1}; low; low &= low - 1) {
      const unsigned h = static_cast<unsigned>(std::countr_zero(low));
      colours_at[h] |= std::uint64_t{1} << c;
      const std::size_t i = first[c][h];
      if (i + 1 < n && piles[i + 1].height == h && piles[i + 1].at == piles[i].at + h + 1)
        emit(i, i + 1, c, 2 * h);
      for (std::uint64_t high = low & (low - 1); high; high &= high - 1) {
        const unsigned k = static_cast<unsigned>(std::countr_zero(high));
        emit(i, first[c][k], c, h + k);
      }
    }
  for (std::uint64_t hs = all_heights; hs; hs &= hs - 1) {
    const unsigned h = static_cast<unsigned>(std::countr_zero(hs));
    for (std::uint64_t as = colours_at[h]; as; as &= as - 1) {
      const unsigned a = static_cast<unsigned>(std::countr_zero(as));
      for (std::uint64_t bs = as & (as - 1); bs; bs &= bs - 1) {
        const unsigned b = static_cast<unsigned>(std::countr_zero(bs));
        emit(first[a][h], first[b][h], a, 2 * h);
        emit(first[a][h], first[b][h], b, 2 * h);
      }
    }
  }
}

} // namespace

void tablettes_game::successors(const state_type& s, std::vector<state_type>& out) const {
  if (compact_tablettes_game::fits(*this))
    stack_moves<std::uint64_t>(s, out);
  else
    stack_moves<u128>(s, out);
}

compact_tablettes_game::compact_tablettes_game(tablettes_game g) : game_(std::move(g)) {
  if (!fits(game_))
    throw std::invalid_argument(fmt::format("tablettes of {} tablets in {} colours do not fit in 64 bits",
                                            game_.total_tablets(), game_.colors()));
}

compact_tablettes_game::state_type compact_tablettes_game::canonical(const state_type& s) const {
  return game_.symmetry() ? narrow(relabelled<std::uint64_t>(widen(s), game_.group_)) : s;
}

void compact_tablettes_game::successors(const state_type& s, std::vector<state_type>& out) const {
  stack_moves<std::uint64_t>(widen(s), out);
}

std::uint64_t tablettes_game::orbit_size(const state_type& s) const {
  if (!options_.symmetry) return 1;
  if (compact_tablettes_game::fits(*this)) return orbit_of<std::uint64_t>(s, group_);
  return orbit_of<u128>(s, group_);
}

std::vector<piles_type> tablettes_game::stack(const piles_type& piles, std::size_t i, std::size_t j) {
  std::vector<piles_type> r;
  if (i == j || i >= piles.size() || j >= piles.size() || !can_stack(piles[i], piles[j])) return r;
  auto result = [&](pile merged) {
    piles_type t;
    for (std::size_t k = 0; k < piles.size(); ++k)
      if (k != i && k != j) t.push_back(piles[k]);
    t.push_back(merged);
    std::sort(t.begin(), t.end());
    return t;
  };
  r.push_back(result(on_top(piles[i], piles[j])));
  if (auto other = result(on_top(piles[j], piles[i])); other != r.front()) r.push_back(other);
  return r;
}

std::string tablettes_game::format(const state_type& s) const {
  std::string text = "[";
  bool first = true;
  for_each_pile(s, [&](unsigned c, unsigned h) {
    text += fmt::format("{}[{},{}]", first ? "" : ",", c, h);
    first = false;
  });
  return text + "]";
}

} // namespace grundy
