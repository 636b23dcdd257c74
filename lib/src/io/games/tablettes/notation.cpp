#include <grundy/io/games/tablettes/entry.hpp>
#include <grundy/io/games/tablettes/notation.hpp>
#include <grundy/portable_name.hpp>

#include <grundy/strategy/moves.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <numeric>

namespace grundy {

namespace {

// A cursor over text written in the bracket notation, skipping spaces.
class reader {
public:
  explicit reader(std::string_view text) : text_(text) {}

  bool at_end() {
    skip();
    return pos_ == text_.size();
  }
  bool accept(char c) {
    skip();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c, std::string_view what) {
    if (!accept(c)) fail(fmt::format("'{}' expected", c), what);
  }
  unsigned number(std::string_view what) {
    skip();
    unsigned value = 0;
    const auto* begin = text_.data() + pos_;
    const auto [end, ec] = std::from_chars(begin, text_.data() + text_.size(), value);
    if (ec != std::errc{} || end == begin) fail("a whole number expected", what);
    pos_ += static_cast<std::size_t>(end - begin);
    return value;
  }
  [[noreturn]] void fail(std::string_view problem, std::string_view what) const {
    throw notation_error(fmt::format("cannot read {} '{}': {} at character {}", what, portable_name(text_),
                                     problem, pos_ + 1));
  }

private:
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }
  std::string_view text_;
  std::size_t pos_ = 0;
};

pile read_pile(reader& r, std::string_view what) {
  const bool bracket = r.accept('[');
  const unsigned colour = r.number(what);
  r.expect(',', what);
  const unsigned height = r.number(what);
  if (bracket) r.expect(']', what);
  if (colour > 255 || height > 255 || height == 0)
    r.fail(fmt::format("a pile [{},{}] cannot exist", colour, height), what);
  return {static_cast<std::uint8_t>(colour), static_cast<std::uint8_t>(height)};
}

} // namespace

std::vector<pile> parse_piles_text(std::string_view text) {
  constexpr std::string_view what = "the piles";
  reader r(text);
  std::vector<pile> piles;
  r.expect('[', what);
  if (!r.accept(']')) {
    do {
      if (piles.size() == 255) r.fail("too many piles", what);
      r.expect('[', what);
      const auto p = read_pile(r, what);
      r.expect(']', what);
      piles.push_back(p);
    } while (r.accept(','));
    r.expect(']', what);
  }
  if (!r.at_end()) r.fail("nothing may follow the last ']'", what);
  return piles;
}

pile parse_pile_text(std::string_view text) {
  reader r(text);
  const auto p = read_pile(r, "a pile");
  if (!r.at_end()) r.fail("one pile [colour,height] expected", "a pile");
  return p;
}

std::string show_piles(const tablettes_game& g, const tablettes_game::state_type& s) {
  std::string text;
  for (auto p : g.piles(s))
    text += fmt::format("  [{},{}]  colour {}, height {}  {}\n", p.colour, p.height, p.colour, p.height,
                        std::string(p.height, '#'));
  return text;
}

tablettes_game::state_type read_tablettes_move(const tablettes_game& g,
                                               const tablettes_game::state_type& before,
                                               std::string_view text) {
  const auto on = text.find(" on ");
  std::vector<pile> piles;
  if (on == std::string_view::npos) {
    piles = parse_piles_text(text);
  } else {
    const pile top = parse_pile_text(text.substr(0, on));
    const pile bottom = parse_pile_text(text.substr(on + 4));
    const auto current = g.piles(before);
    piles.assign(current.begin(), current.end());
    for (auto p : {top, bottom}) {
      const auto it = std::find(piles.begin(), piles.end(), p);
      if (it == piles.end())
        throw notation_error(fmt::format("there is no pile [{},{}]", p.colour, p.height));
      piles.erase(it);
    }
    piles.push_back({top.colour, static_cast<std::uint8_t>(top.height + bottom.height)});
  }
  try {
    return g.make_state(piles);
  } catch (const std::invalid_argument& e) {
    throw notation_error(e.what());
  }
}

std::vector<unsigned> parse_tablets(unsigned colors, std::string_view tablets, std::string_view colors_name,
                                    std::string_view tablets_name) {
  if (tablets.empty())
    throw notation_error(fmt::format("tablettes need {} C and {} N", colors_name, tablets_name));
  std::vector<unsigned> counts;
  for (std::size_t begin = 0;;) {
    const auto comma = tablets.find(',', begin);
    const auto word =
        tablets.substr(begin, comma == std::string_view::npos ? std::string_view::npos : comma - begin);
    // "2," or ",": the whole list quoted, as "not ''" would not show where the count is missing.
    if (word.empty() && tablets.find(',') != std::string_view::npos)
      throw notation_error(fmt::format("{} '{}' has an empty count", tablets_name, portable_name(tablets)));
    const auto n = io::parse_whole(word, tablets_name, 1, tablettes_entry::max_tablets); // per colour
    // Refused here, before a vector of millions of counts is built from a long argument.
    if (counts.size() == tablettes_entry::max_colors)
      throw notation_error(
          fmt::format("{} lists at most {} colours", tablets_name, tablettes_entry::max_colors));
    counts.push_back(static_cast<unsigned>(n));
    if (comma == std::string_view::npos) break;
    begin = comma + 1;
  }
  if (counts.size() == 1) {
    if (colors == 0)
      throw notation_error(
          fmt::format("tablettes need {} C (at least 1) with {} N", colors_name, tablets_name));
    if (colors > tablettes_entry::max_colors)
      throw notation_error(
          fmt::format("{} {} is too many (at most {})", colors_name, colors, tablettes_entry::max_colors));
    return std::vector<unsigned>(colors, counts[0]);
  }
  if (colors != 0 && colors != counts.size())
    throw notation_error(fmt::format("{} {} does not match the {} counts of {}", colors_name, colors,
                                     counts.size(), tablets_name));
  return counts;
}

game_position<tablettes_game> tablettes_entry::make(const position_text& t) {
  const auto colors = t.find("colors") ? static_cast<unsigned>(t.whole("colors", 1, max_colors)) : 0u;
  const auto* tablets = t.find("tablets");
  const std::string tablets_text = tablets ? *tablets : std::string{};
  const auto counts = parse_tablets(colors, tablets_text, t.name("colors"), t.name("tablets"));
  // The game's own limit, in the words of the parameters.
  const auto total = std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
  if (2 * total + counts.size() > 128)
    throw notation_error(
        fmt::format("tablettes with {} colours and {} tablets in all are too large: positions "
                    "are packed in 128 bits, which allows 2 x tablets + colours <= 128",
                    counts.size(), total));
  tablettes_game g(counts, {.symmetry = t.flag("symmetry")});
  if (t.words.empty()) return {g, g.start(), {}};
  // "[[0,1], [1,2]]" typed without quotes arrives as several words.
  const std::string text = std::accumulate(t.words.begin(), t.words.end(), std::string{});
  const auto piles = parse_piles_text(text);
  try {
    return {g, g.canonical(g.make_state(piles)), {}};
  } catch (const std::invalid_argument& e) {
    throw notation_error(fmt::format("position '{}' is not one of tablettes with {} {} {} {}: {}",
                                     portable_name(text), t.name("colors"), counts.size(), t.name("tablets"),
                                     portable_name(tablets_text), e.what()));
  }
}

game_fields tablettes_entry::head(const tablettes_game& g) {
  const auto& counts = g.tablets_per_color();
  return {{"game", "tablettes"},
          {"colors", std::to_string(counts.size())},
          {"tablets", std::adjacent_find(counts.begin(), counts.end(), std::not_equal_to<>{}) == counts.end()
                          ? std::to_string(counts[0])
                          : fmt::format("{}", fmt::join(counts, ","))}};
}

std::string tablettes_entry::title(const tablettes_game& g) {
  return fmt::format("tablettes with {} colours", g.colors());
}

bool tablettes_entry::has_move(const tablettes_game& g, const tablettes_game::state_type& s) {
  return !legal_moves(g, s).empty();
}

} // namespace grundy
