// Misère simplest forms on the command line, run as a separate process: grundy graph GAME ...
// --misere-form for any game whose graph is built, agreeing with grundy misere --form and with
// the misère labelling, and grundy misere --born-by N --list, bounded on a terminal.
#define BOOST_TEST_MODULE cli_misere_forms
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <boost/json/src.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace json = boost::json;
using grundy_test::run_cli;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

json::object parse_object(const std::string& text) {
  boost::system::error_code ec;
  auto v = json::parse(text, ec);
  BOOST_TEST_REQUIRE(!ec, "not JSON: " << text);
  BOOST_TEST_REQUIRE(v.is_object(), text);
  return v.as_object();
}

std::filesystem::path scratch(const std::string& name) {
  return grundy_test::fresh_directory("grundy-cli-misere-forms", name);
}

json::object graph_form(const std::string& args) {
  const auto r = run_cli("graph " + args + " --misere --misere-form --format json -q");
  BOOST_TEST_REQUIRE(r.status == 0, args << ": " << r.err);
  return parse_object(r.out);
}

} // namespace

// A heap game's form by grundy graph is the one grundy misere --form makes, and every form's
// misère outcome is the labelling's.
BOOST_AUTO_TEST_CASE(forms_of_built_in_games) {
  for (const char* heaps : {"4", "2 2", "5 3", "7"}) {
    const auto g = graph_form(std::string("octal 0.07 ") + heaps);
    std::string sum = heaps;
    std::replace(sum.begin(), sum.end(), ' ', '+');
    const auto m = parse_object(run_cli("misere 0.07 --form " + sum + " --format json").out);
    BOOST_TEST(g.at("misere_form").as_object().at("form") == m.at("form"), heaps);
  }
  BOOST_TEST(graph_form("nim 1 1").at("misere_form").as_object().at("form").as_string() == "0"); // * + * = 0
  BOOST_TEST(graph_form("nim 3").at("misere_form").as_object().at("form").as_string() == "*3");
  for (const char* game :
       {"tablettes -c 2 -n 3", "moore 2 1 2 3", "wythoff 3 4", "nim 2 3 3", "octal 0.77 6"}) {
    const auto g = graph_form(game);
    const auto& form = g.at("misere_form").as_object();
    BOOST_TEST(form.at("outcome") == g.at("misere_outcome"), game);
    BOOST_TEST(form.at("complete").as_bool(), game);
    BOOST_TEST(form.at("birthday").as_int64() >= 1, game);
  }
  const auto text = run_cli("graph wythoff 1 2 --misere-form");
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(contains(text.out, "\nmisere form  "), text.out);
}

// grundy hint --misere-form gives the form grundy graph gives, heap games included (whose hint
// builds no graph), in the text and as one more member of the JSON object.
BOOST_AUTO_TEST_CASE(hint_gives_the_form) {
  for (const char* position : {"octal 0.07 4 4", "nim 1 2 3", "wythoff 2 3", "tablettes -c 2 -n 3"}) {
    const auto g = graph_form(position);
    const auto h = run_cli(std::string("hint ") + position + " --misere-form --format json");
    BOOST_TEST_REQUIRE(h.status == 0, position << ": " << h.err);
    const auto hint = parse_object(h.out);
    BOOST_TEST(hint.at("misere_form") == g.at("misere_form"), position);
    BOOST_TEST(hint.contains("outcome"), position); // the hint itself still there
    const auto text = run_cli(std::string("hint ") + position + " --misere-form");
    BOOST_TEST_REQUIRE(text.status == 0, text.err);
    const auto form = std::string(g.at("misere_form").as_object().at("form").as_string());
    BOOST_TEST(contains(text.out, "\nmisere form  " + form + " (born on day"), text.out);
  }
}

BOOST_AUTO_TEST_CASE(forms_are_refused_in_one_line) {
  const auto dir = scratch("cycle");
  const auto file = (dir / "cycle.dot").string();
  std::ofstream(file) << "digraph { a -> b; b -> a; b -> c; }\n";
  for (const std::string& bad : std::vector<std::string>{
           "graph digraph '" + file + "' --start a --misere-form", "graph nim 3 --misere-form --no-edges",
           "hint digraph '" + file + "' --start a --misere-form", "misere --born-by 5 --list",
           "misere --born-by 2 --out x.txt", "misere 0.07 --list"}) {
    const auto e = run_cli(bad);
    BOOST_TEST(e.status == 2, bad << ": " << e.err);
    BOOST_TEST(e.err_lines() == 1u, bad << ": " << e.err);
    BOOST_TEST(e.out.empty(), bad);
  }
  BOOST_TEST(contains(run_cli("graph digraph '" + file + "' --start a --misere-form").err, "cycle"));
  BOOST_TEST(contains(run_cli("misere --born-by 5 --list").err, "--out FILE"));
}

// Days 0 to 4 listed: 1, 2, 3, 5 and 22 forms, all different, with the Nim heaps among them.
BOOST_AUTO_TEST_CASE(games_born_by_a_day_listed) {
  const std::size_t expected[] = {1, 2, 3, 5, 22};
  for (unsigned day = 0; day <= 4; ++day) {
    const auto r = run_cli("misere --born-by " + std::to_string(day) + " --list --format json");
    BOOST_TEST_REQUIRE(r.status == 0, r.err);
    const auto j = parse_object(r.out);
    const auto& forms = j.at("forms").as_array();
    BOOST_TEST(forms.size() == expected[day]);
    BOOST_TEST(j.at("count").as_int64() == static_cast<std::int64_t>(expected[day]));
    std::set<std::string> names;
    for (const auto& f : forms) {
      names.insert(std::string(f.as_object().at("form").as_string()));
      BOOST_TEST(f.as_object().at("birthday").as_int64() <= day);
    }
    BOOST_TEST(names.size() == expected[day]);
    if (day == 4) {
      for (const char* nim : {"0", "*", "*2", "*3", "*4"})
        BOOST_TEST(names.count(nim) == 1u, nim);
      BOOST_TEST(names.count("{*2}") == 1u);
    }
  }
  const auto text = run_cli("misere --born-by 2 --list");
  BOOST_TEST(
      text.out ==
          "birthday  outcome  form\n       0  N        0\n       1  P        *\n       2  N        *2\n",
      text.out);
  const auto file = (scratch("list") / "day3.txt").string();
  const auto written = run_cli("misere --born-by 3 --list --out '" + file + "'");
  BOOST_TEST_REQUIRE(written.status == 0, written.err);
  std::ifstream in(file);
  std::stringstream all;
  all << in.rdbuf();
  BOOST_TEST(all.str() == run_cli("misere --born-by 3 --list").out);
}
