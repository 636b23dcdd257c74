// The one table of export formats (grundy/io/export_formats.hpp): each entry is found by its
// name and by each of its extensions, written by the writer its content names, and listed by the
// command line (its help, its error line for a name of no format) and written by --export. The
// Python module's and the web's lists are checked against the same table by their own tests
// (python/tests/test_exports.py, web/tests/test_api_errors.py), which read this header.
#define BOOST_TEST_MODULE export_formats
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <grundy/games/nim.hpp>
#include <grundy/io/export.hpp>
#include <grundy/io/render.hpp>
#include <grundy/solve.hpp>

#include <filesystem>
#include <set>
#include <sstream>
#include <string>

using grundy::export_content;
using grundy::export_format;
using grundy::export_formats;

namespace {

const std::filesystem::path dir = grundy_test::scratch_directory("test-export-formats");

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

// The command line's help and its error line name every extension of the table, and --export
// writes each format: the library's bytes, or for a picture what dot draws of the DOT export.
BOOST_AUTO_TEST_CASE(the_cli_lists_and_writes_every_entry) {
  const auto help = grundy_test::run_cli("graph --help");
  BOOST_TEST_REQUIRE(help.status == 0, help.err);
  const auto refused = grundy_test::run_cli("graph nim 1 2 -q --export '" + (dir / "g.txt").string() + "'");
  BOOST_TEST(refused.status != 0);
  BOOST_TEST(refused.err_lines() == 1u, refused.err);
  BOOST_TEST(!std::filesystem::exists(dir / "g.txt"));
  for (const auto& f : export_formats)
    for (auto e : f.extensions) {
      if (e.empty()) continue;
      BOOST_TEST(help.out.find(std::string(e)) != std::string::npos, e << " in " << help.out);
      BOOST_TEST(refused.err.find(std::string(e)) != std::string::npos, e << " in " << refused.err);
      const auto out = dir / ("g" + std::string(e));
      const auto r = grundy_test::run_cli("graph nim 1 2 -q --export '" + out.string() + "'");
      BOOST_TEST_REQUIRE(r.status == 0, e << ": " << r.err);
      const auto written = grundy_test::slurp(out);
      if (f.content != export_content::picture)
        BOOST_TEST(written == library_export(f.format), e);
      else
        BOOST_TEST(written == grundy::io::render_dot_text(library_export(export_format::dot), f.name), e);
    }
}
