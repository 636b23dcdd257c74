// grundy octal RULE for heap rules other than octal codes, run as a user runs it.
#define BOOST_TEST_MODULE heap_sequence_cli
#include <boost/test/unit_test.hpp>

#include "cli_runner.hpp"

#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using grundy_test::count_lines;
using grundy_test::slurp;

grundy_test::cli_result run(const std::string& args) { return grundy_test::run_cli(args); }

} // namespace

BOOST_AUTO_TEST_CASE(subtraction_set_text) {
  const auto r = run("octal 'S(1,3,4)'");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find("rule       S(1,3,4)\n") != std::string::npos);
  BOOST_TEST(r.out.find("period     7 from heap 0 on (proven: the theorem needs 11 values)") !=
             std::string::npos);
  BOOST_TEST(r.out.find("first      0 1 0 1 2 3 2 0 1 0 1 2 3 2") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(all_but_json_has_its_saltus) {
  const auto r = run("octal 'allbut(1,2)' --format json");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(count_lines(r.out) == 1u);
  BOOST_TEST(r.out.find("\"rule\": \"allbut(1,2)\"") != std::string::npos);
  BOOST_TEST(r.out.find("\"preperiod\": 0, \"period\": 3, \"proven\": true") != std::string::npos);
  BOOST_TEST(r.out.find("\"saltus\": 1, \"periodicity_checked\": true}") != std::string::npos);
  const auto text = run("octal 'allbut(1,2)'");
  BOOST_TEST(text.out.find("period     arithmetic period 3, saltus 1, from heap 0 on (proven:") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(hexadecimal_saltus_in_text_and_json) {
  const auto r = run("octal 0.8 --max 300");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find("code       0.8\n") != std::string::npos);
  BOOST_TEST(
      r.out.find("period     arithmetic period 3, saltus 1, from heap 1 on (proven: the theorem needs 6 "
                 "values)") != std::string::npos);
  // 0.3F's saltus, 3, is no power of two: seen, not proven.
  BOOST_TEST(
      run("octal 0.3F --max 300").out.find("arithmetic period 6, saltus 3, from heap 0 on, not proven") !=
      std::string::npos);
  const auto json = run("octal 0.8 --max 300 --format json");
  BOOST_TEST(json.out.find("\"saltus\": 1, \"periodicity_checked\": true}") != std::string::npos);
  // Ordinary periods keep their words and a saltus of 0.
  const auto kayles = run("octal 0.77");
  BOOST_TEST(kayles.out.find("period     12 from heap 71 on (proven: the theorem needs") !=
             std::string::npos);
  BOOST_TEST(run("octal 0.77 --format json").out.find("\"saltus\": 0, \"periodicity_checked\": true}") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(grundys_game_and_squares_run_to_max) {
  const auto r = run("octal grundy --max 3000 --format json");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.out.find("\"values\": 3000,") != std::string::npos);
  BOOST_TEST(r.out.find("\"proven\": false") != std::string::npos);
  BOOST_TEST(r.out.find("\"method\": \"rare/common\"") != std::string::npos);
  const auto squares = run("octal squares --max 200");
  BOOST_TEST(squares.status == 0);
  BOOST_TEST(squares.out.find("first      0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(out_file_holds_the_values) {
  const auto file = fs::temp_directory_path() / "grundy-heap-sequence-values.txt";
  const auto r = run("octal grundy --max 21 --out '" + file.string() + "'");
  BOOST_TEST(r.status == 0);
  BOOST_TEST(slurp(file) == "0\n0\n0\n1\n0\n2\n1\n0\n2\n1\n0\n2\n1\n3\n2\n1\n3\n2\n4\n3\n0\n");
  fs::remove(file);
}

BOOST_AUTO_TEST_CASE(refusals) {
  const auto bad = run("octal 'S(1,x)'");
  BOOST_TEST(bad.status == 2);
  BOOST_TEST(bad.err == "grundy: invalid heap rule 'S(1,x)': 'x' is not a whole number\n");
  const auto name = run("octal nonsense");
  BOOST_TEST(name.status == 2);
  BOOST_TEST(count_lines(name.err) == 1u);
  const auto method = run("octal grundy --method sparse");
  BOOST_TEST(method.status == 2);
  BOOST_TEST(method.err == "grundy: --method chooses an engine for octal codes only\n");
  const auto checkpoint = run("octal squares --checkpoint x.ckpt");
  BOOST_TEST(checkpoint.status == 2);
  BOOST_TEST(checkpoint.err == "grundy: --checkpoint and --resume are for octal codes only\n");
  // Octal codes are still refused in the words of codes.
  const auto code = run("octal 0.9x");
  BOOST_TEST(code.status == 2);
  BOOST_TEST(code.err.find("invalid octal code '0.9x'") != std::string::npos);
}
