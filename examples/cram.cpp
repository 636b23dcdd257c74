// Cram: players take turns covering two adjacent empty cells of a rectangular board with a
// domino, across or down; the player who cannot move loses. A position is the set of covered
// cells, and positions that a symmetry of the board maps onto each other are one vertex.
//
// The example checks three things known independently of this code:
//  - the symmetry strategy theorems: on an even x even board the second player wins (answer
//    each domino with its image through the centre), on an even x odd board the first player
//    wins (cover the two central cells, then answer the same way);
//  - a 1 x n board is the octal game 0.07 (Dawson's Kayles) on a heap of n;
//  - symmetry reduction changes no value: every position of the graph explored without it has
//    the value of its canonical form in the reduced graph, which has fewer vertices.
//
// Usage: cram [DOT file]   (default cram.dot, the graph of the 3 x 3 board)

#include "example_checks.hpp"

#include <grundy/games/octal.hpp>
#include <grundy/io/export_dot.hpp>
#include <grundy/solve.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cram {

class cram_game {
public:
  // Bit r * columns + c is set when the cell in row r, column c is covered.
  using state_type = std::uint64_t;

  // Boards of up to 64 cells. Without symmetry, canonical() is the identity: that version
  // exists to check the reduced one.
  cram_game(unsigned rows, unsigned columns, bool use_symmetry = true) : rows_(rows), columns_(columns) {
    if (rows == 0 || columns == 0 || rows * columns > 64)
      throw std::invalid_argument("a Cram board has 1 to 64 cells");
    if (!use_symmetry) return;
    // The symmetries of a rectangle are the reflections in its two axes and the half turn;
    // a square adds the quarter turns and the reflections in its diagonals. Each is written as
    // where (row, column) goes, and kept as the cell each cell goes to.
    const unsigned r1 = rows - 1, c1 = columns - 1;
    add_symmetry([=](unsigned r, unsigned c) { return std::pair{r1 - r, c}; });
    add_symmetry([=](unsigned r, unsigned c) { return std::pair{r, c1 - c}; });
    add_symmetry([=](unsigned r, unsigned c) { return std::pair{r1 - r, c1 - c}; });
    if (rows == columns) {
      add_symmetry([=](unsigned r, unsigned c) { return std::pair{c, r}; });
      add_symmetry([=](unsigned r, unsigned c) { return std::pair{c1 - c, r1 - r}; });
      add_symmetry([=](unsigned r, unsigned c) { return std::pair{c, r1 - r}; });
      add_symmetry([=](unsigned r, unsigned c) { return std::pair{c1 - c, r}; });
    }
  }

  // The smallest image of the board under its symmetries, so that all boards of one orbit
  // have the same canonical form.
  state_type canonical(const state_type& s) const {
    state_type best = s;
    for (const auto& to : symmetries_) {
      state_type image = 0;
      for (unsigned i = 0; i < to.size(); ++i)
        if ((s >> i) & 1) image |= state_type{1} << to[i];
      best = std::min(best, image);
    }
    return best;
  }

  void successors(const state_type& s, std::vector<state_type>& out) const {
    for (unsigned r = 0; r < rows_; ++r)
      for (unsigned c = 0; c < columns_; ++c) {
        const state_type here = bit(r, c);
        if (s & here) continue;
        if (c + 1 < columns_ && !(s & bit(r, c + 1))) out.push_back(s | here | bit(r, c + 1));
        if (r + 1 < rows_ && !(s & bit(r + 1, c))) out.push_back(s | here | bit(r + 1, c));
      }
  }

  // Rows from top to bottom, '#' for covered and '.' for empty, separated by '/'.
  std::string format(const state_type& s) const {
    std::string text;
    for (unsigned r = 0; r < rows_; ++r) {
      if (r > 0) text += '/';
      for (unsigned c = 0; c < columns_; ++c)
        text += (s & bit(r, c)) ? '#' : '.';
    }
    return text;
  }

  // The symmetries used, the identity included: 1, 2 or 4 for a rectangle (a single row or
  // column has fewer distinct ones), 8 for a square.
  std::size_t symmetry_count() const noexcept { return symmetries_.size() + 1; }

private:
  unsigned cell(unsigned r, unsigned c) const noexcept { return r * columns_ + c; }
  state_type bit(unsigned r, unsigned c) const noexcept { return state_type{1} << cell(r, c); }

  // Keeps a symmetry unless it is the identity or one already kept (on one row, the half turn
  // is the left-right reflection): duplicates would only slow canonical() down.
  template <class F> void add_symmetry(F image) {
    std::vector<std::uint8_t> to;
    for (unsigned r = 0; r < rows_; ++r)
      for (unsigned c = 0; c < columns_; ++c) {
        const auto [r2, c2] = image(r, c);
        to.push_back(static_cast<std::uint8_t>(cell(r2, c2)));
      }
    bool identity = true;
    for (unsigned i = 0; i < to.size(); ++i)
      identity = identity && to[i] == i;
    if (!identity && std::find(symmetries_.begin(), symmetries_.end(), to) == symmetries_.end())
      symmetries_.push_back(std::move(to));
  }

  unsigned rows_;
  unsigned columns_;
  std::vector<std::vector<std::uint8_t>> symmetries_; // without the identity
};

static_assert(grundy::game<cram_game>);

} // namespace cram

namespace {

grundy::grundy_value start_value(unsigned rows, unsigned columns) {
  return grundy::solve(cram::cram_game(rows, columns), 0).values.front();
}

} // namespace

int main(int argc, char** argv) {
  // Symmetry strategy theorems.
  for (auto [rows, columns] : {std::pair{2u, 2u}, {2u, 4u}, {4u, 4u}, {2u, 6u}, {4u, 6u}, {2u, 8u}}) {
    const auto g = start_value(rows, columns);
    check(g == 0, fmt::format("{} x {} is a second-player win (value {})", rows, columns, g));
  }
  for (auto [rows, columns] : {std::pair{2u, 1u}, {2u, 3u}, {3u, 4u}, {2u, 5u}, {4u, 5u}, {2u, 7u}}) {
    const auto g = start_value(rows, columns);
    check(g != 0, fmt::format("{} x {} is a first-player win (value {})", rows, columns, g));
  }

  // One row: a domino takes two adjacent cells out of a run of empty ones and leaves no run,
  // one or two, so it is the octal game whose only move removes two tokens from a heap and
  // leaves 0, 1 or 2 heaps: digit 1 + 2 + 4 = 7 in position 2, the code 0.07.
  const grundy::octal_game dawson(grundy::octal_code::parse("0.07"));
  std::vector<grundy::grundy_value> row_values, octal_values;
  for (unsigned n = 1; n <= 24; ++n) {
    row_values.push_back(start_value(1, n));
    const grundy::heap_size heap[] = {n};
    octal_values.push_back(grundy::solve(dawson, grundy::octal_game::position(heap)).values.front());
  }
  check(row_values == octal_values,
        fmt::format("1 x n for n = 1..24 is 0.07 on a heap of n: {}", fmt::join(row_values, ",")));

  // Symmetry reduction: same values, fewer vertices.
  for (auto [rows, columns] : {std::pair{2u, 3u}, {3u, 3u}, {2u, 5u}, {3u, 4u}, {4u, 4u}, {3u, 5u}}) {
    const cram::cram_game plain(rows, columns, false), reduced(rows, columns);
    const auto all = grundy::solve(plain, 0);
    const auto few = grundy::solve(reduced, 0);
    std::unordered_map<cram::cram_game::state_type, grundy::grundy_value> value_of;
    for (grundy::vertex_id v = 0; v < few.graph.vertex_count(); ++v)
      value_of.emplace(few.graph.states[v], few.values[v]);
    std::size_t mismatches = 0;
    for (grundy::vertex_id v = 0; v < all.graph.vertex_count(); ++v) {
      const auto it = value_of.find(reduced.canonical(all.graph.states[v]));
      if (it == value_of.end() || it->second != all.values[v]) ++mismatches;
    }
    check(mismatches == 0 && few.graph.vertex_count() < all.graph.vertex_count(),
          fmt::format("{} x {}: {} symmetries, {} vertices instead of {}, the same values", rows, columns,
                      reduced.symmetry_count(), few.graph.vertex_count(), all.graph.vertex_count()));
  }

  const cram::cram_game game(3, 3);
  const auto solved = grundy::solve(game, 0);
  print_graph("Cram on the 3 x 3 board", solved);
  const std::string dot_path = argc > 1 ? argv[1] : "cram.dot";
  std::ofstream dot(dot_path);
  grundy::write_dot(dot, game, solved.graph, solved.values);
  dot.close();
  check(static_cast<bool>(dot), "DOT diagram of the 3 x 3 board written to " + dot_path);

  return failures == 0 ? 0 : 1;
}
