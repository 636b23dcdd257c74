// grundy octal, run as a user runs it: output, exit status and error lines.
#define BOOST_TEST_MODULE octal_cli
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using grundy_test::count_lines;
using grundy_test::slurp;

grundy_test::cli_result run(const std::string& args) { return grundy_test::run_cli(args); }

fs::path scratch() {
  static const fs::path dir = grundy_test::scratch_directory("grundy-octal-cli");
  return dir;
}

} // namespace

BOOST_AUTO_TEST_CASE(json_of_known_games) {
  const auto r = run("octal 0.07 --format json");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err.empty()); // no progress line when stderr is not a terminal
  BOOST_TEST(count_lines(r.out) == 1u);
  // Every key, in order.
  std::vector<std::string> keys;
  for (std::size_t p = r.out.find('"'); p != std::string::npos; p = r.out.find('"', p)) {
    const auto q = r.out.find('"', p + 1);
    const auto word = r.out.substr(p + 1, q - p - 1);
    if (r.out[q + 1] == ':') keys.push_back(word);
    p = q + 1;
  }
  // The keys octal codes always had, in their order, then the saltus, then whether the period
  // was looked for.
  const std::vector<std::string> expected{"code",    "values", "max_value", "preperiod",
                                          "period",  "proven", "rare_mask", "rare_count",
                                          "seconds", "method", "saltus",    "periodicity_checked"};
  BOOST_TEST(keys == expected, boost::test_tools::per_element());
  BOOST_TEST(r.out.find("\"code\": \"0.07\"") != std::string::npos);
  BOOST_TEST(r.out.find("\"preperiod\": 53,") != std::string::npos);
  BOOST_TEST(r.out.find("\"period\": 34,") != std::string::npos);
  BOOST_TEST(r.out.find("\"proven\": true") != std::string::npos);
  BOOST_TEST(r.out.find("\"max_value\": 9,") != std::string::npos);

  const auto kayles = run("octal .77 --format json --method naive");
  BOOST_TEST(kayles.status == 0);
  BOOST_TEST(kayles.out.find("\"preperiod\": 71, \"period\": 12, \"proven\": true") != std::string::npos);
  BOOST_TEST(kayles.out.find("\"method\": \"naive\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(unsettled_within_max) {
  const auto r = run("octal 0.16 --max 5000 --format json --quiet");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find("\"values\": 5000,") != std::string::npos);
  BOOST_TEST(r.out.find("\"period\": null") != std::string::npos);
  BOOST_TEST(r.out.find("\"proven\": false") != std::string::npos);
  BOOST_TEST(r.out.find("\"method\": \"sparse\"") != std::string::npos);
  BOOST_TEST(r.out.find("\"rare_mask\": 0,") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(keep_going_and_out_file) {
  const auto file = scratch() / "values.txt";
  const auto r = run("octal 0.77 --max 500 --keep-going --out '" + file.string() + "' --format json");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find("\"values\": 500,") != std::string::npos);
  const auto text = slurp(file);
  BOOST_TEST(count_lines(text) == 500u);
  BOOST_TEST(text.substr(0, 24) == "0\n1\n2\n3\n1\n4\n3\n2\n1\n4\n2\n6\n"); // Kayles
  for (const auto& entry : fs::directory_iterator(scratch()))
    BOOST_TEST(entry.path().filename().string().find(".tmp-") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(threads_give_the_same_values) {
  // -j gives one sequence a second thread; what it writes must not change.
  const auto one = scratch() / "one.txt", two = scratch() / "two.txt";
  const auto a = run("octal 0.6 --max 30000 --keep-going -j 1 --quiet --out '" + one.string() + "'");
  const auto b = run("octal 0.6 --max 30000 --keep-going -j 2 --quiet --out '" + two.string() + "'");
  BOOST_TEST(a.status == 0);
  BOOST_TEST(b.status == 0);
  BOOST_TEST(count_lines(slurp(two)) == 30000u);
  BOOST_TEST(slurp(one) == slurp(two));
  const auto zero = run("octal 0.6 -j 0");
  BOOST_TEST(zero.status != 0);
  BOOST_TEST(count_lines(zero.err) == 1u);
}

BOOST_AUTO_TEST_CASE(text_output) {
  const auto r = run("octal 0.137");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find("34 from heap 52 on (proven") != std::string::npos);
  BOOST_TEST(r.out.find("0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(survey) {
  const auto r = run("octal --survey 1 --max 2000 --format csv");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(count_lines(r.out) == 8u); // header and 0.1 to 0.7
  BOOST_TEST(r.out.find("code,status,preperiod,period,max_value,values,seconds\n") == 0u);
  BOOST_TEST(r.out.find("\n0.3,periodic,0,2,1,") != std::string::npos);
  const auto md = run("octal --survey 2 --max 3000");
  BOOST_TEST(md.status == 0);
  BOOST_TEST(md.out.find("| 0.77 | periodic | 71 | 12 | 8 |") != std::string::npos);
  const auto json = run("octal --survey 1 --max 100 --format json");
  BOOST_TEST(json.status == 0);
  BOOST_TEST(json.out.find("{\"code\": \"0.1\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_input_gets_one_line_and_a_failing_status) {
  struct bad {
    std::string args;
    int status;
  };
  const auto missing_dir = (scratch() / "no such directory" / "values.txt").string();
  for (const auto& b : {bad{"octal 0.9x", 2}, bad{"octal 137", 2}, bad{"octal 0.07 --max 0", 2},
                        bad{"octal 0.07 --max lots", 2}, bad{"octal 0.07 --max 4294967296", 2},
                        bad{"octal 0.07 --max 18446744073709551615", 2}, bad{"octal 0.07 --format md", 2},
                        bad{"octal 0.07 --method fast", 2}, bad{"octal", 2}, bad{"octal --survey 1", 2},
                        bad{"octal --survey 0 --max 10", 2}, bad{"octal 0.07 --survey 1 --max 10", 2},
                        bad{"octal 0.07 --out '" + missing_dir + "'", 1}}) {
    BOOST_TEST_CONTEXT(b.args) {
      const auto r = run(b.args);
      BOOST_TEST(r.status == b.status);
      BOOST_TEST(count_lines(r.err) == 1u);
      BOOST_TEST(r.err.rfind("grundy: ", 0) == 0u);
      BOOST_TEST(r.out.empty());
    }
  }
  BOOST_TEST(!fs::exists(missing_dir));
}
