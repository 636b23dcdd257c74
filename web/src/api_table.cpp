// /api/table: the tablettes C x N table, as `grundy table --format json` gives it; with progress,
// each cell as soon as it is solved, so that a page fills the table cell by cell.

#include "endpoints.hpp"

#include <grundy/games/tablettes.hpp>
#include <grundy/io/graph_report.hpp>
#include <grundy/io/json_writer.hpp>
#include <grundy/io/notation.hpp>

#include <fmt/format.h>

#include <array>
#include <string>

namespace grundy::web {

answer api_table(const endpoint_request& r) {
  static constexpr std::array<std::string_view, 6> known{"colors", "tablets",    "symmetry",
                                                         "misere", "max_states", "progress"};
  r.params.refuse_unknown(known);
  const auto range_of = [&](std::string_view name) {
    try {
      return io::parse_range(r.params.find(name) ? *r.params.find(name) : "1..4", name);
    } catch (const io::notation_error& e) {
      throw http_error(400, e.what());
    }
  };
  const auto colors = range_of("colors"), tablets = range_of("tablets");
  const bool symmetry = r.params.flag("symmetry"), misere = r.params.flag("misere");
  // Each cell is a game graph under the request's bounds; the bounds are per cell, the time the
  // whole table's.
  auto options = exploration_options(r);
  options.progress = {};
  const std::uint64_t total =
      std::uint64_t{colors.last - colors.first + 1} * (tablets.last - tablets.first + 1);
  io::json_writer rows;
  rows.begin_array();
  // Every cell is checked before the first is solved: a table some of whose games cannot be
  // played (past the notation's 64 bits) is refused at once, not after its smaller cells.
  for (auto c = colors.first; c <= colors.last; ++c)
    for (auto n = tablets.first; n <= tablets.last; ++n)
      tablettes_game(c, n, {.symmetry = symmetry});
  std::uint64_t done = 0;
  for (auto c = colors.first; c <= colors.last; ++c)
    for (auto n = tablets.first; n <= tablets.last; ++n) {
      tablettes_game game(c, n, {.symmetry = symmetry});
      with_tablettes(game, [&](const auto& g, const auto& start) {
        const auto solution = io::solve_for_report(g, start, options, misere);
        const auto row = io::table_row_json(c, n, solution.solved.statistics, solution.misere);
        rows.raw(row);
        ++done;
        io::json_writer line;
        line.begin_object().member("done", done).member("total", total).key("row").raw(row);
        r.work.progress_kept(line.end_object().take());
      });
    }
  return json_answer(rows.end_array().take());
}

} // namespace grundy::web
