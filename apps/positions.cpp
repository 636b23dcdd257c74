#include "positions.hpp"

#include "cli.hpp"
#include "exploration.hpp"
#include "options.hpp"

#include <grundy/io/read_digraph.hpp>
#include <grundy/memory.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <numeric>

namespace grundy::cli {

namespace {

heap_size parse_heap(std::string_view word) {
  if (!word.empty() && word.front() == '-')
    throw usage_error(fmt::format("heap sizes cannot be negative, not '{}'", word));
  const auto n = parse_count(word, "a heap size");
  if (n > 0xFFFF'FFFFu) throw usage_error(fmt::format("heap size {} is too large", word));
  return static_cast<heap_size>(n);
}

std::vector<heap_size> parse_heap_words(const std::vector<std::string>& words, std::string_view example) {
  std::vector<heap_size> sizes;
  if (words.empty()) throw usage_error(fmt::format("give at least one heap size, as in: {}", example));
  for (auto& w : words) {
    // A blank word ('' from a shell variable left empty) is no position; [] is the empty one.
    if (w.find_first_not_of(" \t") == std::string::npos)
      throw usage_error(fmt::format("a heap size cannot be blank: give sizes as in: {}", example));
    for (auto h : parse_heaps_text(w))
      sizes.push_back(h);
  }
  return sizes;
}

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
    throw usage_error(fmt::format("cannot read {} '{}': {} at character {}", what, text_, problem, pos_ + 1));
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

game_position<tablettes_game> tablettes_position(const position_words& w) {
  const auto counts = parse_tablets(w.colors, w.tablets);
  // The game's own limit, in the words of the options.
  const auto tablets = std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
  if (2 * tablets + counts.size() > 128)
    throw usage_error(fmt::format("tablettes with {} colours and {} tablets in all are too large: positions "
                                  "are packed in 128 bits, which allows 2 x tablets + colours <= 128",
                                  counts.size(), tablets));
  tablettes_game g(counts, {.symmetry = w.symmetry});
  if (w.args.empty()) return {g, g.start(), {}};
  // "[[0,1], [1,2]]" typed without quotes arrives as several words.
  const std::string text = std::accumulate(w.args.begin(), w.args.end(), std::string{});
  const auto piles = parse_piles_text(text);
  try {
    return {g, g.canonical(g.make_state(piles)), {}};
  } catch (const std::invalid_argument& e) {
    throw usage_error(fmt::format("position {} is not one of tablettes with --colors {} --tablets {}: {}",
                                  text, counts.size(), w.tablets, e.what()));
  }
}

unsigned moore_k(const position_words& w, std::vector<std::string>& heap_words) {
  if (w.k != 0) return w.k;
  if (heap_words.empty())
    throw usage_error(
        fmt::format("moore needs k and heap sizes, as in: grundy {} moore --k 2 3 4 5", w.command));
  const auto k = parse_whole(heap_words.front(), "moore's k", 1, 64);
  heap_words.erase(heap_words.begin());
  return static_cast<unsigned>(k);
}

digraph_game read_digraph_file(const std::string& path, const digraph_file_options& file) {
  io::read_options options;
  options.undirected = file.undirected;
  options.max_memory = file.max_memory;
  const interruption stop; // a big file, or a pipe that never ends, stops on Ctrl-C
  options.stop = stop.flag();
  try {
    return io::read_digraph(path, options);
  } catch (const undirected_digraph_error& e) {
    throw usage_error(
        fmt::format("{}; give --undirected to let a token move both ways along each edge", e.description()));
  } catch (const interrupted&) {
    throw interrupted_error(fmt::format("interrupted while reading the graph file {}", path));
  } catch (const limit_exceeded& e) {
    if (file.memory_option.empty()) throw run_error(e.what());
    throw run_error(fmt::format("{} (set by {})", e.what(), file.memory_option));
  }
}

} // namespace

void add_position_arguments(CLI::App& cmd, position_words& w) {
  cmd.add_option("game", w.game, "nim, octal, moore, tablettes or digraph")
      ->required()
      ->check(CLI::IsMember({"nim", "octal", "moore", "tablettes", "digraph"}));
  // The position's words are collected as extras, not by a CLI11 positional, which would read
  // a word in brackets ("[[0,1],[1,2]]") as a list and drop its commas, and would take a
  // negative heap for an unknown option.
  cmd.allow_extras();
  cmd.footer(
      "POSITION: nim: heap sizes; octal: the code, then heap sizes; moore: k (unless --k), then heap "
      "sizes; tablettes: piles as [[colour,height],...] (default: every tablet alone); digraph: a graph "
      "file (.dot, .graphml, or an edge list 'u v' per line) with --start V or --tokens a,b,c");
  add_whole_option(cmd, "--colors,-c", w.colors, "tablettes: number of colours C", 1, 128);
  // '' is refused as a count, not read as --tablets left out.
  cmd.add_option("--tablets,-n", w.tablets,
                 "tablettes: tablets per colour N, or one count per colour: 3,3,2,4")
      ->each([](const std::string& text) {
        if (text.empty()) parse_whole(text, "--tablets", 1, 63);
      });
  add_whole_option(cmd, "--k,-k", w.k, "moore: the most heaps one move may take from", 1, 64);
  refuse_empty(cmd.add_option("--start", w.start, "digraph: the vertex the token starts on"),
               "a vertex name");
  refuse_empty(
      cmd.add_option("--tokens", w.tokens, "digraph: several tokens' vertices, as a,b,c (a sum of games)"),
      "vertex names, as a,b,c");
  cmd.add_flag("--undirected", w.undirected,
               "digraph: read an undirected graph file (DOT graph, GraphML edgedefault=\"undirected\"), each "
               "edge both ways");
}

void take_position_words(const CLI::App& cmd, position_words& w) {
  w.command = cmd.get_name();
  w.args = cmd.remaining();
  for (auto& word : w.args)
    if (word.size() > 1 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1])))
      throw usage_error(fmt::format("unknown option '{}' (see grundy {} --help)", word, cmd.get_name()));
}

build_options graph_limits(std::uint64_t max_states, const std::atomic<bool>* stop) {
  build_options options;
  options.max_states = max_states;
  options.max_memory = default_memory_limit();
  options.stop = stop;
  return options;
}

octal_code parse_octal_code(std::string_view text) {
  if (!text.empty() && (text.front() == '-' || text.front() == '+'))
    throw usage_error(
        fmt::format("an octal code has no sign: write it as 0.07, .07, 4.7 or 0.F, not '{}'", text));
  return octal_code::parse(text);
}

game_position<digraph_game> digraph_position(const std::vector<std::string>& words, const std::string& start,
                                             const std::string& tokens, const digraph_file_options& file,
                                             std::string_view command) {
  if (words.size() != 1)
    throw usage_error(
        fmt::format("digraph needs one graph file, as in: grundy {} digraph game.dot --start a", command));
  if (words[0].empty()) throw usage_error("digraph needs a graph file name, not ''");
  if (!start.empty() && !tokens.empty())
    throw usage_error("digraph takes --start V (one token) or --tokens a,b,c (several), not both");
  if (start.empty() && tokens.empty())
    throw usage_error("digraph needs --start V (one token) or --tokens a,b,c (several)");
  std::vector<std::string> names;
  if (!start.empty())
    names.push_back(start);
  else
    for (std::size_t pos = 0; pos <= tokens.size();) {
      const auto comma = std::min(tokens.find(',', pos), tokens.size());
      if (comma == pos) throw usage_error(fmt::format("--tokens '{}' has an empty vertex name", tokens));
      names.push_back(tokens.substr(pos, comma - pos));
      pos = comma + 1;
    }
  const auto g = read_digraph_file(words[0], file);
  return {g, g.position(names), {}};
}

digraph_game::state_type read_digraph_move(const digraph_game& g, const digraph_game::state_type& before,
                                           std::string_view text) {
  const auto arrow = text.find('>');
  std::vector<std::string> names;
  if (arrow == std::string_view::npos) {
    for (std::size_t pos = 0; pos <= text.size();) {
      const auto plus = std::min(text.find('+', pos), text.size());
      names.emplace_back(text.substr(pos, plus - pos));
      pos = plus + 1;
    }
    return g.position(names);
  }
  const std::string from(text.substr(0, arrow)), to(text.substr(arrow + 1));
  const auto u = g.find(from), v = g.find(to);
  if (!u) throw usage_error(fmt::format("the graph has no vertex '{}'", from));
  if (!v) throw usage_error(fmt::format("the graph has no vertex '{}'", to));
  auto after = before;
  const auto it = std::find(after.begin(), after.end(), *u);
  if (it == after.end()) throw usage_error(fmt::format("there is no token on {}", from));
  *it = *v;
  return g.canonical(std::move(after));
}

any_position parse_position(const position_words& w) {
  if (w.game != "tablettes" && (w.colors != 0 || !w.tablets.empty()))
    throw usage_error("--colors and --tablets are for tablettes only");
  if (w.game != "tablettes" && w.symmetry) throw usage_error("--symmetry is for tablettes only");
  if (w.game != "moore" && w.k != 0) throw usage_error("--k is for moore only");
  if (w.game != "digraph" && (!w.start.empty() || !w.tokens.empty()))
    throw usage_error("--start and --tokens are for digraph only");
  if (w.game == "tablettes") return tablettes_position(w);
  if (w.game != "digraph" && w.undirected) throw usage_error("--undirected is for digraph only");
  if (w.game == "digraph")
    return digraph_position(
        w.args, w.start, w.tokens,
        {w.undirected, w.max_memory ? w.max_memory : default_memory_limit(), w.memory_option}, w.command);
  if (w.game == "nim") {
    const auto typed = parse_heap_words(w.args, fmt::format("grundy {} nim 3 4 5", w.command));
    return game_position<nim_game>{nim_game{}, nim_game::position(typed), typed};
  }
  if (w.game == "octal") {
    const auto example = fmt::format("grundy {} octal 0.07 5 7", w.command);
    if (w.args.empty())
      throw usage_error(fmt::format("octal needs a code and heap sizes, as in: {}", example));
    const octal_game g(parse_octal_code(w.args[0]));
    const auto typed = parse_heap_words({w.args.begin() + 1, w.args.end()}, example);
    return game_position<octal_game>{g, octal_game::position(typed), typed};
  }
  if (w.game == "moore") {
    auto words = w.args;
    const moore_game g(moore_k(w, words));
    const auto typed = parse_heap_words(words, fmt::format("grundy {} moore --k 2 3 4 5", w.command));
    return game_position<moore_game>{g, moore_game::position(typed), typed};
  }
  throw usage_error(fmt::format("unknown game '{}': nim, octal, moore, tablettes or digraph", w.game));
}

void check_moves_fit(const any_position& position, bool listing) {
  constexpr std::uint64_t most_tokens = 100'000;   // about 10^5 one-heap moves
  constexpr heap_size most_for_three_heaps = 1000; // a heap of h splits into three about h^2/12 ways
  constexpr std::uint64_t most_moore_moves = 2'000'000;
  const auto tokens = [](const heaps& h) { return std::accumulate(h.begin(), h.end(), std::uint64_t{0}); };
  const auto refuse = [](std::string_view what) {
    throw usage_error(fmt::format("this position has too many moves ({}); try smaller heaps", what));
  };
  if (const auto* p = std::get_if<game_position<nim_game>>(&position)) {
    if (listing && tokens(p->start) > most_tokens) refuse("more than 100000 tokens");
  } else if (const auto* q = std::get_if<game_position<octal_game>>(&position)) {
    if (listing && tokens(q->start) > most_tokens) refuse("more than 100000 tokens");
    if (q->game.code().max_heaps_left() == 3 && !q->start.empty() && q->start.back() > most_for_three_heaps)
      refuse("a heap of more than 1000 tokens in a game that splits heaps in three");
  } else if (const auto* m = std::get_if<game_position<moore_game>>(&position)) {
    if (moore_move_choices(m->start, m->game.k(), most_moore_moves + 1) > most_moore_moves)
      refuse("more than 2000000 ways to take");
  }
}

void check_expansion_fits(const any_position& position, std::uint64_t max_memory) {
  if (max_memory == 0) return;
  // Moves of one position, at most: every heap's moves (for an octal game, each digit's
  // removal splits a heap in at most h + 1 ways), or Moore's count of ways to take.
  std::uint64_t moves = 0;
  std::size_t heap_count = 0;
  const auto heap_moves = [&](const heaps& h, std::uint64_t per_token) {
    heap_count = h.size();
    for (auto x : h)
      moves += (std::uint64_t{x} + 1) * per_token;
  };
  if (const auto* p = std::get_if<game_position<nim_game>>(&position))
    heap_moves(p->start, 1);
  else if (const auto* q = std::get_if<game_position<octal_game>>(&position))
    heap_moves(q->start, q->game.code().length());
  else if (const auto* m = std::get_if<game_position<moore_game>>(&position)) {
    heap_count = m->start.size();
    moves = moore_move_choices(m->start, m->game.k(), std::uint64_t{1} << 40);
  } else
    return; // tablettes and digraph positions have few moves each
  // A move's position is held as a vector of heaps until the exploration takes it.
  const std::uint64_t bytes = moves * (sizeof(heaps) + 4 * heap_count);
  if (bytes / 2 > max_memory) {
    throw limit_exceeded(
        fmt::format("the position has about {} moves, whose positions need about {} MB at once, "
                    "more than the memory limit of {} MB",
                    moves, bytes >> 20, max_memory >> 20),
        build_progress{}, limit_kind::memory);
  }
}

heaps parse_heaps_text(std::string_view text) {
  std::string words(text);
  for (auto& c : words)
    if (c == '[' || c == ']' || c == ',') c = ' ';
  heaps h;
  std::size_t pos = 0;
  while ((pos = words.find_first_not_of(" \t\r\n", pos)) != std::string::npos) {
    const auto end = std::min(words.find_first_of(" \t\r\n", pos), words.size());
    h.push_back(parse_heap(std::string_view(words).substr(pos, end - pos)));
    pos = end;
  }
  return h;
}

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

std::string show_piles(const tablettes_game& g, const tablettes_game::state_type& s) {
  std::string text;
  for (auto p : g.piles(s))
    text += fmt::format("  [{},{}]  colour {}, height {}  {}\n", p.colour, p.height, p.colour, p.height,
                        std::string(p.height, '#'));
  return text;
}

heaps read_heap_move(const heaps& before, std::string_view text) {
  if (text.find('>') == std::string_view::npos) return canonical_heaps(parse_heaps_text(text));
  std::string changes(text);
  for (auto& c : changes)
    if (c == ',') c = ' ';
  heaps after = before;
  std::size_t pos = 0;
  while ((pos = changes.find_first_not_of(" \t\r\n", pos)) != std::string::npos) {
    const auto end = std::min(changes.find_first_of(" \t\r\n", pos), changes.size());
    const std::string_view change = std::string_view(changes).substr(pos, end - pos);
    pos = end;
    const auto arrow = change.find('>');
    if (arrow == std::string_view::npos || arrow == 0)
      throw usage_error(fmt::format("cannot read '{}': write a change as HEAP>LEFT, as in 8>5", change));
    const heap_size from = parse_heap(change.substr(0, arrow));
    const auto it = std::find(after.begin(), after.end(), from);
    if (it == after.end()) throw usage_error(fmt::format("there is no heap of {}", from));
    after.erase(it);
    std::string parts(change.substr(arrow + 1));
    for (auto& c : parts)
      if (c == '+') c = ' ';
    for (auto part : parse_heaps_text(parts))
      after.push_back(part);
  }
  return canonical_heaps(after);
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
      if (it == piles.end()) throw usage_error(fmt::format("there is no pile [{},{}]", p.colour, p.height));
      piles.erase(it);
    }
    piles.push_back({top.colour, static_cast<std::uint8_t>(top.height + bottom.height)});
  }
  try {
    return g.make_state(piles);
  } catch (const std::invalid_argument& e) {
    throw usage_error(e.what());
  }
}

} // namespace grundy::cli
