#include <grundy/games/tablettes.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace grundy {

namespace {

using state = tablettes_game::state_type;

// The position with piles i and j replaced by `merged`, kept sorted.
state merge(const state& s, std::size_t i, std::size_t j, pile merged) {
  state r;
  r.reserve(s.size() - 1);
  bool placed = false;
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (k == i || k == j) continue;
    if (!placed && merged < s[k]) {
      r.push_back(merged);
      placed = true;
    }
    r.push_back(s[k]);
  }
  if (!placed) r.push_back(merged);
  return r;
}

pile on_top(pile upper, pile lower) {
  return {upper.colour, static_cast<std::uint8_t>(upper.height + lower.height)};
}

} // namespace

tablettes_game::tablettes_game(unsigned colours, unsigned tablets) : colours_(colours), tablets_(tablets) {
  if (colours == 0) throw std::invalid_argument("tablettes need at least one colour");
  if (tablets == 0) throw std::invalid_argument("tablettes need at least one tablet per colour");
  if (colours > 255 || colours * tablets > 255)
    throw std::invalid_argument(
        fmt::format("tablettes with {} colours of {} tablets: at most 255 tablets in all", colours, tablets));
}

state tablettes_game::start() const {
  state s;
  for (unsigned c = 0; c < colours_; ++c)
    for (unsigned t = 0; t < tablets_; ++t)
      s.push_back(pile{static_cast<std::uint8_t>(c), 1});
  return s;
}

state tablettes_game::make_state(std::span<const pile> piles) const {
  // Colours and heights alone cannot tell which tablets lie under a top, so the check is the
  // one that can be made: valid colours, positive heights, C * N tablets in all, and no more
  // piles topped by a colour than it has tablets.
  std::vector<unsigned> tops(colours_, 0);
  unsigned total = 0;
  for (auto p : piles) {
    if (p.colour >= colours_)
      throw std::invalid_argument(
          fmt::format("colour {} does not exist with {} colours", p.colour, colours_));
    if (p.height == 0) throw std::invalid_argument("a pile has at least one tablet");
    if (++tops[p.colour] > tablets_)
      throw std::invalid_argument(fmt::format("more than {} piles topped by colour {}", tablets_, p.colour));
    total += p.height;
  }
  if (total != colours_ * tablets_)
    throw std::invalid_argument(fmt::format("the piles hold {} tablets, not {} ({} colours of {})", total,
                                            colours_ * tablets_, colours_, tablets_));
  state s(piles.begin(), piles.end());
  std::sort(s.begin(), s.end());
  return s;
}

state tablettes_game::canonical(const state& s) const {
  state r = s;
  if (!std::is_sorted(r.begin(), r.end())) std::sort(r.begin(), r.end());
  return r;
}

void tablettes_game::successors(const state& s, std::vector<state>& out) const {
  // Identical piles make identical moves, so only the first of a run of equal piles is paired
  // with later ones, and with its own twin once.
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && s[i] == s[i - 1]) continue;
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      if (j > i + 1 && s[j] == s[j - 1]) continue;
      if (!can_stack(s[i], s[j])) continue;
      out.push_back(merge(s, i, j, on_top(s[i], s[j])));
      if (s[i].colour != s[j].colour) out.push_back(merge(s, i, j, on_top(s[j], s[i])));
    }
  }
}

std::vector<state> tablettes_game::stack(const state& s, std::size_t i, std::size_t j) {
  std::vector<state> r;
  if (i == j || i >= s.size() || j >= s.size() || !can_stack(s[i], s[j])) return r;
  auto sorted = [&](pile merged) {
    state t = merge(s, i, j, merged);
    std::sort(t.begin(), t.end());
    return t;
  };
  r.push_back(sorted(on_top(s[i], s[j])));
  if (auto other = sorted(on_top(s[j], s[i])); other != r.front()) r.push_back(other);
  return r;
}

std::string tablettes_game::format(const state& s) const {
  std::string text = "[";
  for (std::size_t k = 0; k < s.size(); ++k)
    text += fmt::format("{}[{},{}]", k ? "," : "", s[k].colour, s[k].height);
  return text + "]";
}

} // namespace grundy
