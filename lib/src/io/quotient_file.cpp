// Misère quotient files (grundy/io/quotient_file.hpp): written by Boost.JSON, read through
// quotient_file_parse.cpp and checked against their rule here.

#include "quotient_file_parse.hpp"

#include <grundy/io/output_file.hpp>
#include <grundy/io/quotient_file.hpp>
#include <grundy/io/text.hpp>
#include <grundy/stop.hpp>

#include <boost/json.hpp>
#include <fmt/format.h>

#include <limits>
#include <ostream>
#include <variant>

namespace grundy::io {
namespace {

constexpr const char* format_name = "grundy misere quotient";

using detail::refuse_quotient_file;
using element = misere_quotient::element;

std::string sum_text(const std::vector<heap_size>& heaps) {
  std::string text;
  for (auto h : heaps) {
    if (!text.empty()) text += ' ';
    text += std::to_string(h);
  }
  return text;
}

// The fields present, of the format's version, and of the sizes the order and the largest heap
// give: what from_tables takes.
void check_fields(const std::string& path, const detail::quotient_fields& f) {
  const auto need = [&](bool present, const char* key) {
    if (!present) refuse_quotient_file(path, fmt::format("has no \"{}\"", key));
  };
  need(f.format.has_value(), "format");
  if (*f.format != format_name) refuse_quotient_file(path, "is not a misère quotient file");
  need(f.version.has_value(), "version");
  if (*f.version != quotient_file_version)
    refuse_quotient_file(path, fmt::format("has format version {}; this version reads version {}", *f.version,
                                           quotient_file_version));
  need(f.rule.has_value(), "rule");
  need(f.max_heap.has_value(), "max_heap");
  need(f.order.has_value(), "order");
  need(f.decides_every_heap.has_value(), "decides_every_heap");
  need(f.heaps.has_value(), "heaps");
  need(f.p.has_value(), "p");
  need(f.products.has_value(), "products");
  const auto order = *f.order;
  // Every quotient holds the identity; an order of 0 would leave no element to index below.
  if (order == 0) refuse_quotient_file(path, "has order 0 (a quotient holds at least the identity)");
  if (f.heaps->size() != *f.max_heap + 1)
    refuse_quotient_file(path,
                         fmt::format("has {} heap classes for heaps 0 to {}", f.heaps->size(), *f.max_heap));
  for (element x : *f.heaps)
    if (x >= order)
      refuse_quotient_file(path, fmt::format("has a heap class {} past the last element {}", x, order - 1));
  if (f.products->size() != order)
    refuse_quotient_file(path, fmt::format("has {} product rows for order {}", f.products->size(), order));
  // The rows all have row 0's length (checked as they were read), so the order is now no larger
  // than what was read and charged.
  if (!f.products->empty() && f.products->front().size() != order)
    refuse_quotient_file(
        path, fmt::format("has product rows of {} entries for order {}", f.products->front().size(), order));
  std::vector<bool> in_p(order);
  for (element x : *f.p) {
    if (x >= order)
      refuse_quotient_file(path, fmt::format("has a P element {} past the last element {}", x, order - 1));
    if (in_p[x]) refuse_quotient_file(path, fmt::format("names P element {} twice", x));
    in_p[x] = true;
  }
}

// A stop of the checks in the reading's words: the engines' messages speak of a computation.
[[noreturn]] void rethrow_stop(const stopped& e, const std::string& path, std::uint64_t max_memory) {
  if (!e.by_limit())
    throw stopped(fmt::format("interrupted while checking the quotient file {}", path),
                  stop_reason::interrupted, {});
  throw stopped(fmt::format("checking the quotient file {} needs more than the memory limit of {}", path,
                            memory_limit_text(max_memory)),
                stop_reason::memory, {});
}

misere_quotient read_quotient(detail::reading& r, const quotient_read_options& options) {
  const auto& path = r.shown_path();
  detail::quotient_fields f;
  try {
    f = detail::read_quotient_fields(r);
  } catch (const graph_file_error& e) {
    throw quotient_file_error(e.what(), e.system_error());
  }
  check_fields(path, f);
  std::optional<heap_rule> rule;
  try {
    rule = heap_rule::parse(*f.rule);
  } catch (const std::invalid_argument& e) {
    // The rule's message shows the file's text as a portable name (heap_rule::parse).
    refuse_quotient_file(path, fmt::format("has a rule that does not read: {}", e.what()));
  }
  const std::uint64_t order = *f.order;
  std::vector<bool> p(order);
  for (element x : *f.p)
    p[x] = true;
  // from_tables copies the rows into one table before it lets them go.
  const auto table_bytes = order * order * sizeof(element) + order / 8 + f.heaps->size() * sizeof(element);
  r.charge(static_cast<std::int64_t>(table_bytes));
  const auto rows_bytes = f.bytes();
  std::optional<misere_quotient> q;
  try {
    q = misere_quotient::from_tables(std::move(*rule), std::move(*f.products), std::move(p),
                                     std::move(*f.heaps), *f.decides_every_heap, options.stop);
  } catch (const stopped& e) {
    rethrow_stop(e, path, options.max_memory);
  } catch (const std::invalid_argument& e) {
    throw quotient_file_error(fmt::format("the quotient file {}: {}", path, e.what()));
  }
  f = {};
  r.charge(-static_cast<std::int64_t>(rows_bytes));
  // Tables that form a quotient may still be false for their rule (a P-portion, a heap's class
  // or a rule edited): the verification of computed candidates finds the least sum they get
  // wrong, within what the reading has left of the memory limit.
  quotient_options verify;
  verify.stop = options.stop;
  if (options.max_memory != 0)
    verify.max_memory = options.max_memory > r.held() ? options.max_memory - r.held() : 1;
  else
    verify.max_memory = 0;
  std::optional<std::vector<heap_size>> wrong;
  try {
    wrong = least_misclassified_sum(*q, verify);
  } catch (const stopped& e) {
    rethrow_stop(e, path, options.max_memory);
  }
  if (wrong) {
    const bool said_p = q->misere_outcome(*wrong) == outcome::p;
    refuse_quotient_file(
        path,
        fmt::format("is false for {}: its tables make {} a misère {}-position, but it is "
                    "{}-position",
                    q->rule().str(),
                    wrong->size() == 1 ? "heap " + sum_text(*wrong) : "the sum of heaps " + sum_text(*wrong),
                    said_p ? 'P' : 'N', said_p ? "an N" : "a P"));
  }
  return std::move(*q);
}

read_options reading_options(const quotient_read_options& options) {
  read_options o;
  o.stop = options.stop;
  o.max_memory = options.max_memory;
  o.max_input_bytes = options.max_input_bytes;
  return o;
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

misere_quotient read_quotient_file(const std::string& path, const quotient_read_options& options) {
  detail::reading r(path, reading_options(options), "quotient file");
  return read_quotient(r, options);
}

misere_quotient read_quotient_text(const std::string& name, std::string_view text,
                                   const quotient_read_options& options) {
  detail::reading r(name, text, reading_options(options), "quotient file");
  return read_quotient(r, options);
}

} // namespace grundy::io
