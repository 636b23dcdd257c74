#include <grundy/io/json_writer.hpp>

#include <algorithm>
#include <stdexcept>

namespace grundy::io {

void json_writer::append_quoted(std::string_view text) {
  // Most strings (every key, outcomes, codes, moves) need no escaping, and json_quoted would
  // only add the quotes: those skip the serializer, which an export calls for every vertex.
  const bool plain = std::all_of(text.begin(), text.end(),
                                 [](char c) { return c >= ' ' && c <= '~' && c != '"' && c != '\\'; });
  if (!plain) {
    out_ += json_quoted(text);
    return;
  }
  out_ += '"';
  out_ += text;
  out_ += '"';
}

void json_writer::next_item() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  auto& l = levels_.back();
  out_ += l.empty ? l.layout.first : l.layout.between;
  l.empty = false;
}

json_writer& json_writer::open(char bracket, const json_layout& layout) {
  next_item();
  out_ += bracket;
  levels_.push_back({layout});
  return *this;
}

json_writer& json_writer::close(char bracket) {
  // A writer misused is a bug of the library, never a user's mistake.
  if (levels_.empty() || after_key_) throw std::logic_error("json_writer: nothing to close");
  out_ += levels_.back().layout.last;
  out_ += bracket;
  levels_.pop_back();
  return *this;
}

json_writer& json_writer::key(std::string_view name) {
  if (levels_.empty() || after_key_) throw std::logic_error("json_writer: a key outside an object");
  next_item();
  append_quoted(name);
  out_ += levels_.back().layout.colon;
  after_key_ = true;
  return *this;
}

json_writer& json_writer::value(std::string_view text) {
  next_item();
  append_quoted(text);
  return *this;
}

json_writer& json_writer::raw(std::string_view json) {
  next_item();
  out_ += json;
  return *this;
}

json_writer& json_writer::raw_members(std::string_view json) {
  if (json.empty()) return *this;
  if (levels_.empty() || after_key_) throw std::logic_error("json_writer: members outside an object");
  return raw(json);
}

} // namespace grundy::io
