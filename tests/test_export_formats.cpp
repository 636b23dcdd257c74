// The one table of export formats (grundy/io/export_formats.hpp): each entry is found by its
// name and by each of its extensions, and written by the writer its content names.
#define BOOST_TEST_MODULE export_formats
#include <boost/test/unit_test.hpp>

#include <grundy/games/nim.hpp>
#include <grundy/io/export.hpp>
#include <grundy/solve.hpp>

#include <set>
#include <sstream>
#include <string>

using grundy::export_content;
using grundy::export_format;
using grundy::export_formats;

namespace {

// nim 1 2, as the library writes it in `format`.
std::string library_export(export_format format) {
  const grundy::nim_game g;
  const auto s = grundy::solve(g, grundy::heaps{1, 2});
  std::ostringstream os;
  grundy::write_labelled_graph(os, format, g, s.graph, s.values, &s.infinite);
  return os.str();
}

} // namespace

BOOST_AUTO_TEST_CASE(every_entry_is_found_by_its_name_and_its_extensions) {
  std::set<std::string_view> names, extensions;
  std::set<export_format> formats;
  for (const auto& f : export_formats) {
    BOOST_TEST(names.insert(f.name).second, f.name);
    BOOST_TEST(formats.insert(f.format).second, f.name);
    BOOST_TEST(&grundy::export_format_info(f.format) == &f, f.name);
    BOOST_TEST(!f.mime_type.empty(), f.name);
    BOOST_TEST_REQUIRE(grundy::export_format_named(f.name).has_value(), f.name);
    BOOST_TEST((grundy::export_format_named(f.name)->format == f.format), f.name);
    BOOST_TEST(!f.extensions[0].empty(), f.name);
    for (auto e : f.extensions) {
      if (e.empty()) continue;
      BOOST_TEST(extensions.insert(e).second, e);
      const auto path = "some/where/g" + std::string(e);
      BOOST_TEST((grundy::export_format_of(path) == f.format), e);
      BOOST_TEST((grundy::export_format_of_path(path)->format == f.format), e);
    }
  }
  BOOST_TEST(!grundy::export_format_named("txt").has_value());
  BOOST_TEST(!grundy::export_format_of_path("g.json.txt").has_value());
  BOOST_CHECK_THROW(grundy::export_format_of("g.txt"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_dot_entry_is_write_dot_and_a_picture_is_drawn_not_written) {
  const grundy::nim_game g;
  const auto s = grundy::solve(g, grundy::heaps{1, 2});
  std::ostringstream dot;
  grundy::write_dot(dot, g, s.graph, s.values, &s.infinite);
  BOOST_TEST(library_export(export_format::dot) == dot.str());
  for (const auto& f : export_formats)
    if (f.content == export_content::picture)
      BOOST_CHECK_THROW(library_export(f.format), std::invalid_argument);
}
