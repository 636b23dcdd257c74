#pragma once
// The formats a labelled game graph is exported in, as one table: each one's name, the file
// extensions that ask for it, its MIME type and what writes it. Every front end lists, accepts
// and explains the formats by walking this table, so that a format added here reaches the
// command line, Python and the web at once (docs/architecture.md, "Adding an export format").

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

enum class export_format { json, graphml, csv, dot, svg, png };

// What a format's file holds, which is also what writes it.
enum class export_content {
  labelled_graph, // every vertex with its position, value and outcome, every edge: export_<name>.hpp
  graph,          // the graph in Graphviz DOT, for people and Graphviz: export_dot.hpp
  picture,        // the DOT graph drawn by Graphviz's dot (grundy/io/render.hpp), `name` its -T format
};

struct export_format_entry {
  export_format format;
  std::string_view name;                      // as the web's format= names it, and dot's -T
  std::array<std::string_view, 2> extensions; // the first is the one to write; "" for none
  std::string_view mime_type;
  export_content content;
};

// clang-format off
inline constexpr std::array<export_format_entry, 6> export_formats{{
    {export_format::json,    "json",    {".json", ""},    "application/json; charset=utf-8",
     export_content::labelled_graph},
    {export_format::graphml, "graphml", {".graphml", ""}, "application/graphml+xml; charset=utf-8",
     export_content::labelled_graph},
    {export_format::csv,     "csv",     {".csv", ""},     "text/csv; charset=utf-8",
     export_content::labelled_graph},
    {export_format::dot,     "dot",     {".dot", ".gv"},  "text/vnd.graphviz; charset=utf-8",
     export_content::graph},
    {export_format::svg,     "svg",     {".svg", ""},     "image/svg+xml",
     export_content::picture},
    {export_format::png,     "png",     {".png", ""},     "image/png",
     export_content::picture},
}};
// clang-format on

// The table's entry of `format`.
const export_format_entry& export_format_info(export_format format) noexcept;

// The entry named `name` ("json"), or none.
std::optional<export_format_entry> export_format_named(std::string_view name) noexcept;

// The entry whose extension ends `path` (".json"), or none.
std::optional<export_format_entry> export_format_of_path(std::string_view path) noexcept;

namespace io {

// Words for a list: "a", "a or b", "a, b or c".
std::string or_list(std::span<const std::string> items);

// Every format's name, in the table's order: "json, graphml, csv, dot, svg or png".
std::string export_format_names();

// The names of the formats holding `content`: "svg or png" for the pictures.
std::vector<std::string> export_format_names(export_content content);

// The extensions of the formats holding `content`, in the table's order: ".dot or .gv".
std::string export_extensions(export_content content);

// Every extension with what it holds, as front ends explain them: ".json, .graphml or .csv (the
// labelled graph), .dot or .gv (the graph), .svg or .png (the graph drawn by
// Graphviz)".
std::string export_extensions_explained();

} // namespace io

// The format a file name asks for by its extension. Throws std::invalid_argument, naming every
// extension of the table, for any other.
export_format export_format_of(std::string_view path);

} // namespace grundy
