// A quotient file's JSON read as a stream by Boost.JSON's basic_parser (quotient_file_parse.hpp).

#include "quotient_file_parse.hpp"

#include <grundy/io/quotient_file.hpp>
#include <grundy/io/text.hpp>

#include <boost/json/basic_parser_impl.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <string_view>

namespace grundy::io::detail {

void refuse_quotient_file(const std::string& path, const std::string& why) {
  throw quotient_file_error(fmt::format("the quotient file {} {}", path, why));
}

namespace {

using element = misere_quotient::element;
using boost::json::error_code;

enum class field { none, format, version, rule, max_heap, order, decides, heaps, p, products };

struct field_info {
  std::string_view key;
  field which;
  const char* what; // the field in a message: "has {what} that is not {type}"
  const char* type;
};

constexpr std::array<field_info, 9> fields_known{{
    {"format", field::format, "a format", "a string"},
    {"version", field::version, "a version", "a whole number"},
    {"rule", field::rule, "a rule", "a string"},
    {"max_heap", field::max_heap, "a largest heap", "a whole number"},
    {"order", field::order, "an order", "a whole number"},
    {"decides_every_heap", field::decides, "a decides_every_heap", "true or false"},
    {"heaps", field::heaps, "a list of heap classes", "an array of whole numbers"},
    {"p", field::p, "a P-portion", "an array of whole numbers"},
    {"products", field::products, "a product table", "an array of rows of whole numbers"},
}};

const field_info& info(field f) { return fields_known[static_cast<std::size_t>(f) - 1]; }

// Elements are numbered below the largest order a quotient may have (from_tables's bound).
constexpr std::uint64_t largest_element = std::numeric_limits<std::uint32_t>::max() / 2 - 1;

class fields_handler {
public:
  static constexpr std::size_t max_object_size = 64;
  static constexpr std::size_t max_array_size = std::numeric_limits<std::size_t>::max();
  static constexpr std::size_t max_key_size = 64;
  static constexpr std::size_t max_string_size = 4096;

  fields_handler(reading& r, quotient_fields& out) : r_(r), out_(out) {}

  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }

  bool on_object_begin(error_code&) {
    if (depth_ == 0 && !top_seen_) {
      top_seen_ = true;
      depth_ = 1;
      return true;
    }
    wrong_type();
  }
  bool on_object_end(std::size_t, error_code&) {
    depth_ = 0;
    return true;
  }

  bool on_array_begin(error_code&) {
    if (depth_ == 1 && (current_ == field::heaps || current_ == field::p)) {
      (current_ == field::heaps ? out_.heaps : out_.p).emplace();
      depth_ = 2;
      return true;
    }
    if (depth_ == 1 && current_ == field::products) {
      out_.products.emplace();
      depth_ = 2;
      return true;
    }
    if (depth_ == 2 && current_ == field::products) {
      auto& rows = *out_.products;
      grow(rows);
      rows.emplace_back();
      // Every row has the first one's length: the rows after it take exactly that.
      if (rows.size() > 1) reserve(rows.back(), rows.front().size());
      depth_ = 3;
      return true;
    }
    wrong_type();
  }
  bool on_array_end(std::size_t, error_code&) {
    if (depth_ == 3) {
      auto& rows = *out_.products;
      if (rows.size() == 1)
        shrink(rows.front());
      else if (rows.back().size() != rows.front().size())
        refuse(fmt::format("has product row {} of {} entries, and row 0 of {}", rows.size() - 1,
                           rows.back().size(), rows.front().size()));
      depth_ = 2;
      return true;
    }
    depth_ = 1;
    current_ = field::none;
    return true;
  }

  bool on_key_part(std::string_view s, std::size_t, error_code&) {
    key_.append(s);
    return true;
  }
  bool on_key(std::string_view s, std::size_t, error_code&) {
    key_.append(s);
    const auto it = std::find_if(fields_known.begin(), fields_known.end(),
                                 [&](const field_info& f) { return f.key == key_; });
    if (it == fields_known.end()) refuse(fmt::format("has an unknown key \"{}\"", portable_name(key_)));
    const auto bit = 1u << static_cast<unsigned>(it->which);
    // A parser building a tree keeps the last of two equal keys: which one the writer meant is
    // unknown, so neither is taken.
    if (seen_ & bit) refuse(fmt::format("has the key \"{}\" twice", key_));
    seen_ |= bit;
    current_ = it->which;
    key_.clear();
    return true;
  }

  bool on_string_part(std::string_view s, std::size_t, error_code&) {
    if (depth_ != 1 || (current_ != field::format && current_ != field::rule)) wrong_type();
    text_.append(s);
    return true;
  }
  bool on_string(std::string_view s, std::size_t, error_code& ec) {
    on_string_part(s, 0, ec);
    (current_ == field::format ? out_.format : out_.rule) = std::move(text_);
    text_.clear();
    current_ = field::none;
    return true;
  }

  bool on_number_part(std::string_view, error_code&) { return true; }
  bool on_int64(std::int64_t i, std::string_view, error_code&) {
    if (i < 0) wrong_type();
    number(static_cast<std::uint64_t>(i));
    return true;
  }
  bool on_uint64(std::uint64_t u, std::string_view, error_code&) {
    number(u);
    return true;
  }
  bool on_double(double, std::string_view, error_code&) { wrong_type(); }

  bool on_bool(bool b, error_code&) {
    if (depth_ != 1 || current_ != field::decides) wrong_type();
    out_.decides_every_heap = b;
    current_ = field::none;
    return true;
  }
  bool on_null(error_code&) { wrong_type(); }
  bool on_comment_part(std::string_view, error_code&) { return true; }
  bool on_comment(std::string_view, error_code&) { return true; }

private:
  [[noreturn]] void refuse(const std::string& why) const { refuse_quotient_file(r_.shown_path(), why); }

  // A value of the wrong kind where the current key's value, or one of its entries, stands.
  [[noreturn]] void wrong_type() const {
    if (depth_ == 0) refuse("does not hold a JSON object");
    if (current_ == field::none) refuse("has a value without a key");
    const auto& f = info(current_);
    refuse(fmt::format("has {} that is not {}", f.what, f.type));
  }

  void number(std::uint64_t n) {
    if (depth_ == 0) wrong_type();
    if (depth_ == 1) {
      const auto bound = current_ == field::version ? std::uint64_t{std::numeric_limits<int>::max()}
                         : current_ == field::max_heap
                             ? std::uint64_t{std::numeric_limits<std::uint32_t>::max() - 1}
                         : current_ == field::order ? largest_element + 1
                                                    : 0;
      if (bound == 0) wrong_type();
      if (n > bound) refuse(fmt::format("has {} {}, past {}", info(current_).what, n, bound));
      (current_ == field::version    ? out_.version
       : current_ == field::max_heap ? out_.max_heap
                                     : out_.order) = n;
      current_ = field::none;
      return;
    }
    if (depth_ == 2 && current_ == field::products) wrong_type();
    if (n > largest_element)
      refuse(fmt::format("has {} naming element {}, past {}", info(current_).what, n, largest_element));
    if (depth_ == 2) {
      auto& list = current_ == field::heaps ? *out_.heaps : *out_.p;
      grow(list);
      list.push_back(static_cast<element>(n));
      return;
    }
    auto& row = out_.products->back();
    if (out_.products->size() > 1 && row.size() == row.capacity())
      refuse(fmt::format("has product row {} longer than row 0, of {} entries", out_.products->size() - 1,
                         row.size()));
    grow(row);
    row.push_back(static_cast<element>(n));
  }

  // Room for one more entry, its bytes charged before they are asked for; while a vector moves,
  // its old block is held too.
  template <class T> void grow(std::vector<T>& v) {
    if (v.size() < v.capacity()) return;
    reserve(v, std::max<std::size_t>(16, 2 * v.capacity()));
  }
  template <class T> void reserve(std::vector<T>& v, std::size_t n) {
    const auto old_bytes = static_cast<std::int64_t>(v.capacity() * sizeof(T));
    r_.charge(static_cast<std::int64_t>(n * sizeof(T)));
    v.reserve(n);
    r_.charge(-old_bytes);
  }
  template <class T> void shrink(std::vector<T>& v) {
    const auto old_bytes = static_cast<std::int64_t>(v.capacity() * sizeof(T));
    r_.charge(static_cast<std::int64_t>(v.size() * sizeof(T)));
    v.shrink_to_fit();
    r_.charge(-old_bytes);
  }

  reading& r_;
  quotient_fields& out_;
  int depth_ = 0; // 1: the top object; 2: a field's array; 3: a product row
  bool top_seen_ = false;
  field current_ = field::none;
  unsigned seen_ = 0;
  std::string key_, text_;
};

} // namespace

std::uint64_t quotient_fields::bytes() const noexcept {
  std::uint64_t total = 0;
  if (heaps) total += heaps->capacity() * sizeof(element);
  if (p) total += p->capacity() * sizeof(element);
  if (products) {
    total += products->capacity() * sizeof(products->front());
    for (const auto& row : *products)
      total += row.capacity() * sizeof(element);
  }
  return total;
}

quotient_fields read_quotient_fields(reading& r) {
  quotient_fields out;
  input in(r);
  boost::json::parse_options options;
  options.max_depth = 4; // the object, a field's array, a product row: deeper is refused at once
  boost::json::basic_parser<fields_handler> parser(options, r, out);
  std::vector<char> buffer(chunk_size); // charged by the input
  error_code ec;
  const auto fail = [&] {
    if (ec == boost::json::error::too_deep)
      refuse_quotient_file(r.shown_path(), "nests deeper than a quotient file");
    refuse_quotient_file(r.shown_path(), fmt::format("is not JSON: {}", ec.message()));
  };
  while (const auto n = in.read(buffer.data(), buffer.size())) {
    parser.write_some(true, buffer.data(), n, ec);
    if (ec) fail();
  }
  parser.write_some(false, nullptr, 0, ec);
  if (ec) fail();
  return out;
}

} // namespace grundy::io::detail
