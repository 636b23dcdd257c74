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

// One JSON object. `head` values are already JSON (quoted strings or numbers).
std::string statistics_json(const fields& head, const graph_statistics& s);

std::string format_bytes(std::uint64_t bytes);

} // namespace grundy::cli
