#include <grundy/octal/checkpoint.hpp>

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <istream>
#include <limits>
#include <ostream>
#include <string>
#include <string_view>

namespace grundy {

namespace {

constexpr std::string_view magic = "grundy-octal-checkpoint 1";

// Longer header lines are refused before they are read whole: a file that is not a
// checkpoint must not be pulled into memory looking for a newline.
constexpr std::size_t longest_line = 128;

class fnv1a {
public:
  void add(const char* data, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
      hash_ ^= static_cast<unsigned char>(data[i]);
      hash_ *= 0x100000001b3ull;
    }
  }
  void add(std::string_view s) noexcept { add(s.data(), s.size()); }
  std::uint64_t value() const noexcept { return hash_; }

private:
  std::uint64_t hash_ = 0xcbf29ce484222325ull;
};

[[noreturn]] void reject(std::string_view why) {
  throw invalid_checkpoint(fmt::format("not a usable octal checkpoint: {}", why));
}

// Reads one line (without its newline), adding it and the newline to the hash.
std::string read_line(std::istream& in, fnv1a& hash, std::string_view what) {
  std::string line;
  for (;;) {
    const int c = in.get();
    if (c == std::char_traits<char>::eof()) reject(fmt::format("the file ends before {}", what));
    if (c == '\n') break;
    if (line.size() == longest_line) reject(fmt::format("the line of {} is too long", what));
    line += static_cast<char>(c);
  }
  hash.add(line);
  hash.add("\n", 1);
  return line;
}

// "key value" with exactly this key; returns the value.
std::string field(std::istream& in, fnv1a& hash, std::string_view key) {
  const auto line = read_line(in, hash, key);
  if (line.size() <= key.size() || line.compare(0, key.size(), key) != 0 || line[key.size()] != ' ')
    reject(fmt::format("'{}' expected, not '{}'", key, line));
  return line.substr(key.size() + 1);
}

std::uint64_t number(std::string_view text, std::string_view what, std::uint64_t most) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || n > most)
    reject(fmt::format("{} '{}' is not a whole number up to {}", what, text, most));
  return n;
}

constexpr std::uint64_t most_values = std::numeric_limits<std::uint32_t>::max();

} // namespace

void write_checkpoint(std::ostream& out, const octal_checkpoint& c) {
  fnv1a hash;
  const auto text = [&](std::string_view s) {
    hash.add(s);
    out.write(s.data(), static_cast<std::streamsize>(s.size()));
  };
  text(fmt::format("{}\ncode {}\nmethod {}\nmax-values {}\nkeep-going {}\nnext-check {}\nseconds {:.6f}\n"
                   "values {} {}\n",
                   magic, c.code.str(), to_string(c.method), c.max_values, c.keep_going ? 1 : 0, c.next_check,
                   c.seconds, c.values.size(), c.values.bytes_per_value()));
  c.values.visit([&](auto g) {
    // Little-endian whatever the machine, a buffer at a time.
    using T = typename decltype(g)::value_type;
    std::array<char, 1 << 16> buffer;
    std::size_t used = 0;
    for (const T v : g) {
      for (std::size_t b = 0; b < sizeof(T); ++b)
        buffer[used++] = static_cast<char>((v >> (8 * b)) & 0xFF);
      if (used + sizeof(T) > buffer.size()) {
        text({buffer.data(), used});
        used = 0;
      }
    }
    text({buffer.data(), used});
  });
  const auto end = fmt::format("end {:016x}\n", hash.value());
  out.write(end.data(), static_cast<std::streamsize>(end.size()));
}

octal_checkpoint read_checkpoint(std::istream& in) {
  fnv1a hash;
  if (read_line(in, hash, "the first line") != magic)
    reject("the first line is not 'grundy-octal-checkpoint 1'");
  octal_checkpoint c;
  try {
    c.code = octal_code::parse(field(in, hash, "code"));
  } catch (const invalid_code& e) {
    reject(e.what());
  }
  const auto method = field(in, hash, "method");
  if (method == "naive")
    c.method = octal_method::naive;
  else if (method == "sparse")
    c.method = octal_method::sparse;
  else
    reject(fmt::format("the method is naive or sparse, not '{}'", method));
  c.max_values = static_cast<std::size_t>(number(field(in, hash, "max-values"), "max-values", most_values));
  if (c.max_values == 0) reject("max-values is 0");
  const auto keep_going = field(in, hash, "keep-going");
  if (keep_going != "0" && keep_going != "1")
    reject(fmt::format("keep-going is 0 or 1, not '{}'", keep_going));
  c.keep_going = keep_going == "1";
  c.next_check = static_cast<std::size_t>(number(field(in, hash, "next-check"), "next-check", most_values));
  const auto seconds = field(in, hash, "seconds");
  const auto [end, ec] = std::from_chars(seconds.data(), seconds.data() + seconds.size(), c.seconds);
  // A bound keeps the line written back within longest_line: seconds are written in fixed
  // notation, and 1e12 seconds is over thirty thousand years.
  if (ec != std::errc{} || end != seconds.data() + seconds.size() || !std::isfinite(c.seconds) ||
      c.seconds < 0 || c.seconds > 1e12)
    reject(fmt::format("seconds '{}' is not a duration", seconds));

  const auto count_width = field(in, hash, "values");
  const auto space = count_width.find(' ');
  if (space == std::string::npos) reject("'values COUNT WIDTH' expected");
  const auto count = number(std::string_view(count_width).substr(0, space), "the count", most_values);
  const auto width = number(std::string_view(count_width).substr(space + 1), "the width", 4);
  if (width != 1 && width != 2 && width != 4)
    reject(fmt::format("values are 1, 2 or 4 bytes wide, not {}", width));
  if (count > c.max_values)
    reject(fmt::format("{} values saved, more than max-values {}", count, c.max_values));

  // The count is checked against what the file holds before anything is reserved for it.
  const auto here = in.tellg();
  if (here != std::istream::pos_type(-1)) {
    in.seekg(0, std::ios::end);
    const auto size = in.tellg();
    in.seekg(here);
    if (size != std::istream::pos_type(-1) && static_cast<std::uint64_t>(size - here) < count * width)
      reject("the file is shorter than its values");
    c.values.reserve(static_cast<std::size_t>(count));
  }
  std::array<char, 1 << 16> buffer;
  for (std::uint64_t left = count * width; left > 0;) {
    const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(left, buffer.size()));
    in.read(buffer.data(), static_cast<std::streamsize>(n));
    if (static_cast<std::size_t>(in.gcount()) != n) reject("the file is shorter than its values");
    hash.add(buffer.data(), n);
    for (std::size_t i = 0; i < n; i += width) {
      grundy_value v = 0;
      for (std::size_t b = 0; b < width; ++b)
        v |= static_cast<grundy_value>(static_cast<unsigned char>(buffer[i + b])) << (8 * b);
      c.values.push_back(v);
    }
    left -= n;
  }

  const auto expected = hash.value();
  fnv1a ignored;
  const auto end_line = read_line(in, ignored, "the end line");
  if (end_line != fmt::format("end {:016x}", expected))
    reject("its hash does not match: the file is damaged");
  if (in.peek() != std::char_traits<char>::eof()) reject("something follows the end line");
  return c;
}

} // namespace grundy
