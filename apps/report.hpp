#pragma once
// How graph statistics are shown: aligned text for people, JSON for scripts.

#include <grundy/statistics.hpp>

#include <string>
#include <utility>
#include <vector>

namespace grundy::cli {

// Fields printed before the statistics, such as the game and its start position.
using fields = std::vector<std::pair<std::string, std::string>>;

std::string statistics_text(const fields& head, const graph_statistics& s);

// One JSON object. `head` values are already JSON (quoted strings or numbers): json_fields
// makes them so.
std::string statistics_json(const fields& head, const graph_statistics& s);

// A game's head fields (as statistics_text prints them) as JSON values, each typed by what the
// field is, never by how its text looks: colors and k are numbers, tablets a number or one per
// colour in an array, start the start position's portable name (grundy/io/text.hpp), and every
// other field (game, code, graph...) a string.
fields json_fields(const fields& head);

std::string format_bytes(std::uint64_t bytes);

} // namespace grundy::cli
