// The one JSON writer (grundy/io/json_writer.hpp): the exact bytes of each layout, strings escaped
// as json_quoted escapes them, nesting, numbers, empty containers and a list taken item by item;
// each document is also read back by Boost.JSON.
#define BOOST_TEST_MODULE json_writer
#include <boost/test/unit_test.hpp>

#include <grundy/io/json_writer.hpp>

#include <boost/json.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace io = grundy::io;
namespace json = boost::json;

BOOST_AUTO_TEST_CASE(members_spaced_as_the_documents_are) {
  io::json_writer w;
  w.begin_object().member("game", "nim").member("k", 3).member("proven", true).key("period").value(nullptr);
  w.end_object();
  BOOST_TEST(w.text() == R"({"game": "nim", "k": 3, "proven": true, "period": null})");
  const auto v = json::parse(w.text()).as_object();
  BOOST_TEST(v.at("game").as_string() == "nim");
  BOOST_TEST(v.at("period").is_null());
}

BOOST_AUTO_TEST_CASE(strings_escaped_by_json_quoted) {
  const std::string hostile = "a\"b\\c\n\td\x01 é \xff";
  io::json_writer w;
  w.begin_array().value(hostile).value('P').value(std::string_view("x")).end_array();
  std::string expected = "[";
  expected += grundy::json_quoted(hostile);
  expected += R"(, "P", "x"])";
  BOOST_TEST(w.text() == expected);
  const auto a = json::parse(w.text()).as_array();
  BOOST_TEST(a.at(0).as_string() == "a\"b\\c\n\td\x01 é \xef\xbf\xbd"); // invalid UTF-8 as U+FFFD
  BOOST_TEST(a.at(1).as_string() == "P");
}

BOOST_AUTO_TEST_CASE(every_byte_written_as_json_quoted_writes_it) {
  // Strings that need no escaping skip json_quoted: the bytes must be the same either way.
  for (int c = 0; c < 256; ++c) {
    std::string text = "a";
    text += static_cast<char>(c);
    text += 'b';
    io::json_writer w;
    w.value(text);
    BOOST_TEST(w.text() == grundy::json_quoted(text), "byte " << c);
  }
}

BOOST_AUTO_TEST_CASE(keys_escaped_as_strings_are) {
  io::json_writer w;
  w.begin_object().member("plain_key", 1).member("a \"b\"\\", 2).member("tab\there", 3).end_object();
  BOOST_TEST(w.text() == R"({"plain_key": 1, "a \"b\"\\": 2, "tab\there": 3})");
  BOOST_TEST(json::parse(w.text()).as_object().at("tab\there").as_int64() == 3);
}

BOOST_AUTO_TEST_CASE(numbers_as_fmt_writes_them) {
  io::json_writer w;
  w.begin_array()
      .value(std::uint64_t{18446744073709551615ull})
      .value(-7)
      .value(static_cast<unsigned char>(200)) // a number, not a character
      .fixed(0.25, 6)
      .fixed(1.23456789, 3)
      .value(0.5)
      .value(std::optional<std::size_t>(4))
      .value(std::optional<std::size_t>())
      .end_array();
  BOOST_TEST(w.text() == "[18446744073709551615, -7, 200, 0.250000, 1.235, 0.5, 4, null]");
  BOOST_TEST(json::parse(w.text()).as_array().size() == 8u);
}

BOOST_AUTO_TEST_CASE(nesting_and_empty_containers) {
  io::json_writer w;
  w.begin_object()
      .key("a")
      .begin_object()
      .end_object()
      .key("b")
      .begin_array()
      .end_array()
      .key("c")
      .values(std::vector<int>{1, 2, 3})
      .key("d")
      .begin_array()
      .begin_object()
      .member("x", 1)
      .end_object()
      .begin_object()
      .member("y", 2)
      .end_object()
      .end_array()
      .end_object();
  BOOST_TEST(w.text() == R"({"a": {}, "b": [], "c": [1, 2, 3], "d": [{"x": 1}, {"y": 2}]})");
  BOOST_TEST(json::parse(w.text()).as_object().size() == 4u);
}

BOOST_AUTO_TEST_CASE(compact_layout_and_raw_parts) {
  io::json_writer w(io::json_compact);
  w.begin_object()
      .member("a", 1)
      .key("b")
      .raw(R"({"c": 2})")
      .raw_members(R"("d": 3, "e": 4)")
      .raw_members("");
  w.key("f").values(std::vector<int>{5, 6}).end_object();
  BOOST_TEST(w.text() == R"({"a":1,"b":{"c": 2},"d": 3, "e": 4,"f":[5,6]})");
  BOOST_TEST(json::parse(w.text()).as_object().size() == 5u);
}

BOOST_AUTO_TEST_CASE(a_list_streamed_one_line_an_item) {
  std::ostringstream os;
  io::json_writer w;
  w.begin_object().member("count", 3).key("items").begin_array(io::json_lines);
  os << w.take();
  for (int i = 0; i < 3; ++i) {
    w.begin_object().member("i", i).end_object();
    // Each item leaves the writer as soon as it is written.
    BOOST_TEST(w.text().size() < 20u);
    os << w.take();
  }
  w.end_array().end_object();
  os << w.take();
  BOOST_TEST(os.str() == "{\"count\": 3, \"items\": [\n  {\"i\": 0},\n  {\"i\": 1},\n  {\"i\": 2}\n]}");
  BOOST_TEST(json::parse(os.str()).as_object().at("items").as_array().size() == 3u);

  io::json_writer empty;
  empty.begin_array(io::json_lines).end_array();
  BOOST_TEST(empty.text() == "[\n]");
}

BOOST_AUTO_TEST_CASE(misuse_is_refused) {
  io::json_writer w;
  BOOST_CHECK_THROW(w.end_object(), std::logic_error);
  BOOST_CHECK_THROW(w.key("a"), std::logic_error);
  w.begin_object().key("a");
  BOOST_CHECK_THROW(w.end_object(), std::logic_error);
  BOOST_CHECK_THROW(w.raw_members("\"b\": 1"), std::logic_error);
}
