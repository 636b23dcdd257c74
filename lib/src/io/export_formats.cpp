// The table of export formats walked for names, extensions and the words of a front end.

#include <grundy/io/export_formats.hpp>

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

namespace grundy {

namespace {

std::vector<std::string> extensions_of(export_content content) {
  std::vector<std::string> out;
  for (const auto& f : export_formats)
    if (f.content == content)
      for (auto e : f.extensions)
        if (!e.empty()) out.emplace_back(e);
  return out;
}

// What a file of each content holds, in a front end's explanation of the extensions.
std::string_view content_words(export_content content) {
  switch (content) {
  case export_content::labelled_graph:
    return "the labelled graph";
  case export_content::graph:
    return "the graph";
  case export_content::picture:
    return "the graph drawn by Graphviz";
  }
  return {};
}

} // namespace

const export_format_entry& export_format_info(export_format format) noexcept {
  for (const auto& f : export_formats)
    if (f.format == format) return f;
  return export_formats.front(); // unreachable: every format has its entry (tested)
}

std::optional<export_format_entry> export_format_named(std::string_view name) noexcept {
  for (const auto& f : export_formats)
    if (f.name == name) return f;
  return std::nullopt;
}

std::optional<export_format_entry> export_format_of_path(std::string_view path) noexcept {
  for (const auto& f : export_formats)
    for (auto e : f.extensions)
      if (!e.empty() && path.ends_with(e)) return f; // an entry's unused second slot is empty
  return std::nullopt;
}

namespace io {

std::string or_list(std::span<const std::string> items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

std::string export_format_names() {
  std::vector<std::string> names;
  for (const auto& f : export_formats)
    names.emplace_back(f.name);
  return or_list(names);
}

std::vector<std::string> export_format_names(export_content content) {
  std::vector<std::string> names;
  for (const auto& f : export_formats)
    if (f.content == content) names.emplace_back(f.name);
  return names;
}

std::string export_extensions(export_content content) { return or_list(extensions_of(content)); }

std::string export_extensions_explained() {
  std::string out;
  for (auto c : {export_content::labelled_graph, export_content::graph, export_content::picture})
    out += fmt::format("{}{} ({})", out.empty() ? "" : ", ", export_extensions(c), content_words(c));
  return out;
}

} // namespace io

export_format export_format_of(std::string_view path) {
  if (const auto f = export_format_of_path(path)) return f->format;
  std::vector<std::string> all;
  for (auto c : {export_content::labelled_graph, export_content::graph, export_content::picture})
    for (auto& e : extensions_of(c))
      all.push_back(std::move(e));
  throw std::invalid_argument(
      fmt::format("cannot tell the format of '{}': its name must end in {}", path, io::or_list(all)));
}

} // namespace grundy
