// Misère quotient files (grundy/io/quotient_file.hpp): JSON by Boost.JSON.

#include <grundy/io/output_file.hpp>
#include <grundy/io/quotient_file.hpp>

#include <boost/json.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <ostream>
#include <sstream>
#include <variant>

namespace grundy::io {
namespace {

constexpr const char* format_name = "grundy misere quotient";

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw quotient_file_error(fmt::format("the quotient file {} {}", path, why));
}

const boost::json::value& field(const std::string& path, const boost::json::object& o, const char* name) {
  const auto* v = o.if_contains(name);
  if (!v) refuse(path, fmt::format("has no \"{}\"", name));
  return *v;
}

std::uint64_t whole(const std::string& path, const boost::json::value& v, const char* what,
                    std::uint64_t max) {
  std::uint64_t out = 0;
  if (v.is_uint64())
    out = v.as_uint64();
  else if (v.is_int64() && v.as_int64() >= 0)
    out = static_cast<std::uint64_t>(v.as_int64());
  else
    refuse(path, fmt::format("has {} that is not a whole number", what));
  if (out > max) refuse(path, fmt::format("has {} {}, past {}", what, out, max));
  return out;
}

const boost::json::array& array_of(const std::string& path, const boost::json::value& v, const char* what) {
  if (!v.is_array()) refuse(path, fmt::format("has {} that is not an array", what));
  return v.as_array();
}

} // namespace

void write_quotient_file(const std::string& path, const misere_quotient& q, const std::atomic<bool>* stop) {
  if (std::holds_alternative<std::shared_ptr<const user_heap_rule>>(q.rule().kind()))
    throw std::invalid_argument(fmt::format(
        "the quotient of the user rule {} cannot be saved: its rule cannot be read back", q.rule().str()));
  boost::json::object o;
  o["format"] = format_name;
  o["version"] = quotient_file_version;
  o["rule"] = q.rule().str();
  o["max_heap"] = q.max_heap();
  o["order"] = q.order();
  o["decides_every_heap"] = q.decides_every_heap();
  boost::json::array heaps;
  for (heap_size h = 0; h <= q.max_heap(); ++h)
    heaps.push_back(q.heap(h));
  o["heaps"] = std::move(heaps);
  boost::json::array p;
  for (auto x : q.p_portion())
    p.push_back(x);
  o["p"] = std::move(p);
  boost::json::array products;
  for (misere_quotient::element x = 0; x < q.order(); ++x) {
    boost::json::array row;
    row.reserve(q.order());
    for (misere_quotient::element y = 0; y < q.order(); ++y)
      row.push_back(q.multiply(x, y));
    products.push_back(std::move(row));
  }
  o["products"] = std::move(products);
  write_file(
      path, [&](std::ostream& out) { out << boost::json::serialize(o) << '\n'; }, stop);
}

misere_quotient read_quotient_file(const std::string& path, std::uint64_t max_bytes,
                                   const std::atomic<bool>* stop) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) refuse(path, "is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) refuse(path, "cannot be opened");
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes) refuse(path, fmt::format("is larger than {} bytes", max_bytes));
  }
  if (in.bad()) refuse(path, "could not be read");
  boost::json::error_code jec;
  const auto doc = boost::json::parse(text, jec);
  if (jec) refuse(path, fmt::format("is not JSON: {}", jec.message()));
  text = {};
  if (!doc.is_object()) refuse(path, "does not hold a JSON object");
  const auto& o = doc.as_object();
  const auto& format = field(path, o, "format");
  if (!format.is_string() || format.as_string() != format_name) refuse(path, "is not a misère quotient file");
  const auto version = whole(path, field(path, o, "version"), "a version", std::numeric_limits<int>::max());
  if (version != quotient_file_version)
    refuse(path, fmt::format("has format version {}; this version reads version {}", version,
                             quotient_file_version));
  const auto& rule_text = field(path, o, "rule");
  if (!rule_text.is_string()) refuse(path, "has a rule that is not a string");
  std::optional<heap_rule> rule;
  try {
    rule = heap_rule::parse(std::string(rule_text.as_string()));
  } catch (const std::invalid_argument& e) {
    refuse(path, fmt::format("has a rule that does not read: {}", e.what()));
  }
  const auto max_heap = whole(path, field(path, o, "max_heap"), "a largest heap", UINT32_MAX - 1);
  const auto order = whole(path, field(path, o, "order"), "an order", UINT32_MAX / 2);
  // Every quotient holds the identity; an order of 0 would leave no element to index below.
  if (order == 0) refuse(path, "has order 0 (a quotient holds at least the identity)");
  const auto& decides = field(path, o, "decides_every_heap");
  if (!decides.is_bool()) refuse(path, "has a decides_every_heap that is not true or false");
  const auto& heaps_json = array_of(path, field(path, o, "heaps"), "heaps");
  if (heaps_json.size() != max_heap + 1)
    refuse(path, fmt::format("has {} heap classes for heaps 0 to {}", heaps_json.size(), max_heap));
  std::vector<misere_quotient::element> heaps;
  for (const auto& v : heaps_json)
    heaps.push_back(static_cast<misere_quotient::element>(whole(path, v, "a heap class", order - 1)));
  std::vector<bool> p(order);
  for (const auto& v : array_of(path, field(path, o, "p"), "a P-portion"))
    p[whole(path, v, "a P element", order - 1)] = true;
  const auto& rows = array_of(path, field(path, o, "products"), "products");
  if (rows.size() != order) refuse(path, fmt::format("has {} product rows for order {}", rows.size(), order));
  std::vector<std::vector<misere_quotient::element>> products(order);
  for (std::size_t x = 0; x < order; ++x) {
    const auto& row = array_of(path, rows[x], "a product row");
    if (row.size() != order)
      refuse(path, fmt::format("has product row {} of {} entries for order {}", x, row.size(), order));
    products[x].reserve(order);
    for (const auto& v : row)
      products[x].push_back(static_cast<misere_quotient::element>(whole(path, v, "a product", order - 1)));
  }
  try {
    return misere_quotient::from_tables(std::move(*rule), std::move(products), std::move(p), std::move(heaps),
                                        decides.as_bool(), stop);
  } catch (const std::invalid_argument& e) {
    throw quotient_file_error(fmt::format("the quotient file {}: {}", path, e.what()));
  }
}

} // namespace grundy::io
