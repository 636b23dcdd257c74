#pragma once
// What a solve reports, as every front end shows it: graph statistics as aligned text for people
// and JSON for scripts, the figures a stopped exploration reached, and the numbers in them
// (seconds, bytes, thousands).

#include <grundy/graph.hpp>
#include <grundy/statistics.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace grundy::io {

// Fields printed before the statistics, such as the game and its start position.
using fields = std::vector<std::pair<std::string, std::string>>;

// One "key  value" line per field, then per figure, the values aligned.
std::string statistics_text(const fields& head, const graph_statistics& s);

// One JSON object. `head` values are already JSON (quoted strings or numbers): json_fields
// makes them so.
std::string statistics_json(const fields& head, const graph_statistics& s);

// A game's head fields (as statistics_text prints them) as JSON values, each typed by what the
// field is, never by how its text looks: colors and k are numbers, tablets a number or one per
// colour in an array, and every other field (game, code, graph, start...) a string; start is
// given as the start position's portable name (position_name, grundy/portable_name.hpp).
fields json_fields(const fields& head);

// Seconds as people read them: "0.012", "3.4".
std::string format_seconds(double seconds);

// "512.0 KB", "3.4 MB", "1.25 GB" (K = 1024).
std::string format_bytes(std::uint64_t bytes);

// "41,234,567"
std::string with_thousands(std::uint64_t n);

// A stopped exploration as one line: why, the advice given (in brackets, when not empty), and
// the figures reached.
std::string describe_stop(const stopped& e, std::string_view advice = {});

} // namespace grundy::io
