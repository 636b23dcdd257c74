#pragma once
// The one writer of the JSON documents every front end gives (reports, hints, move lists,
// sequences, quotients, the web API's answers). Boost.JSON's serializer writes no spaces, and the
// documents keep the layout scripts already read: `{"key": value, "key": value}` on one line, or
// one item a line for lists written while they are computed. Strings go through json_quoted
// (grundy/io/text.hpp), the one escaping function.
//
//   json_writer w;
//   w.begin_object().member("game", "nim").key("values").values(counts).end_object();
//   std::string text = w.take();
//
// A streamed list is written item by item and flushed after each (`w.flush_to(os)`), so that it
// is never whole in memory.

#include <grundy/io/text.hpp>

#include <fmt/format.h>

#include <concepts>
#include <cstddef>
#include <iterator>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace grundy::io {

// Where the bytes between a container's items go. `last` comes before the closing bracket
// whether there were items or not.
struct json_layout {
  std::string_view first;          // before the first item
  std::string_view between = ", "; // between two items
  std::string_view last;           // before the closing bracket
  std::string_view colon = ": ";   // between a key and its value
};

// {"key": value, "key": value}: the documents' usual layout.
inline constexpr json_layout json_spaced{};
// {"key":value,"key":value}
inline constexpr json_layout json_compact{"", ",", "", ":"};
// [\n  item,\n  item\n]: one item a line, for lists read line by line.
inline constexpr json_layout json_lines{"\n  ", ",\n  ", "\n"};

class json_writer {
public:
  // `layout` is that of every container opened without one of its own.
  explicit json_writer(json_layout layout = json_spaced) : layout_(layout) {}

  json_writer& begin_object() { return begin_object(layout_); }
  json_writer& begin_object(const json_layout& layout) { return open('{', layout); }
  json_writer& end_object() { return close('}'); }
  json_writer& begin_array() { return begin_array(layout_); }
  json_writer& begin_array(const json_layout& layout) { return open('[', layout); }
  json_writer& end_array() { return close(']'); }

  // A member's name; its value is the next thing written.
  json_writer& key(std::string_view name);

  json_writer& value(std::string_view text);
  json_writer& value(const char* text) { return value(std::string_view(text)); }
  json_writer& value(const std::string& text) { return value(std::string_view(text)); }
  // A character as a string of one: outcomes ("P"), conventions.
  json_writer& value(char c) { return value(std::string_view(&c, 1)); }
  json_writer& value(bool b) { return raw(b ? "true" : "false"); }
  json_writer& value(std::nullptr_t) { return raw("null"); }
  template <class N>
  requires(std::integral<N> && !std::same_as<N, bool> && !std::same_as<N, char>) json_writer& value(N n) {
    next_item();
    // format_int, not format_to into the string: an export writes two numbers an edge.
    const fmt::format_int text(n);
    out_.append(text.data(), text.size());
    return *this;
  }
  // The shortest text that reads back as the same double.
  json_writer& value(double x) {
    next_item();
    fmt::format_to(std::back_inserter(out_), "{}", x);
    return *this;
  }
  // null when there is none.
  template <class T> json_writer& value(const std::optional<T>& v) { return v ? value(*v) : value(nullptr); }

  // A number with `digits` decimals, as seconds are written ("%.6f").
  json_writer& fixed(double x, int digits) {
    next_item();
    fmt::format_to(std::back_inserter(out_), "{:.{}f}", x, digits);
    return *this;
  }

  // A value already written as JSON (a report embedded in a longer document).
  json_writer& raw(std::string_view json);
  // Members already written as JSON ("\"a\": 1, \"b\": 2"), added to the object being written;
  // nothing when empty.
  json_writer& raw_members(std::string_view json);

  template <class T> json_writer& member(std::string_view name, const T& v) { return key(name).value(v); }

  // A range of values as one array.
  template <class Range> json_writer& values(const Range& range) {
    begin_array();
    for (const auto& x : range)
      value(x);
    return end_array();
  }
  template <class Range> json_writer& values(const Range& range, const json_layout& layout) {
    begin_array(layout);
    for (const auto& x : range)
      value(x);
    return end_array();
  }

  // What was written since the last take, handed over and forgotten.
  std::string take() { return std::exchange(out_, std::string()); }
  // The same written to `os`, the buffer kept for what comes next: a list streamed item by
  // item then costs no allocation an item.
  void flush_to(std::ostream& os) {
    os.write(out_.data(), static_cast<std::streamsize>(out_.size()));
    out_.clear();
  }
  const std::string& text() const { return out_; }

private:
  struct level {
    json_layout layout;
    bool empty = true;
  };

  json_writer& open(char bracket, const json_layout& layout);
  json_writer& close(char bracket);
  // The separator due before the next item of the innermost container.
  void next_item();
  // `text` as json_quoted writes it.
  void append_quoted(std::string_view text);

  json_layout layout_;
  std::vector<level> levels_;
  bool after_key_ = false;
  std::string out_;
};

} // namespace grundy::io
