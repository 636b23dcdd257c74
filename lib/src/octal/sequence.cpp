#include <grundy/octal/sequence.hpp>

#include <algorithm>

namespace grundy {

namespace {

template <class To, class From> std::vector<To> widened(const std::vector<From>& from) {
  std::vector<To> to;
  to.reserve(std::max(from.capacity(), from.size() + 1));
  to.assign(from.begin(), from.end());
  return to;
}

} // namespace

grundy_sequence::grundy_sequence(std::span<const grundy_value> values) {
  reserve(values.size());
  for (auto g : values)
    push_back(g);
}

std::size_t grundy_sequence::size() const noexcept {
  return std::visit([](const auto& v) { return v.size(); }, values_);
}

std::size_t grundy_sequence::bytes_per_value() const noexcept {
  return std::visit([](const auto& v) { return sizeof(v[0]); }, values_);
}

std::size_t grundy_sequence::memory_bytes() const noexcept {
  return std::visit([](const auto& v) { return v.capacity() * sizeof(v[0]); }, values_);
}

void grundy_sequence::reserve(std::size_t n) {
  std::visit([n](auto& v) { v.reserve(n); }, values_);
}

void grundy_sequence::push_back(grundy_value g) {
  if (g > std::numeric_limits<std::uint16_t>::max() && values_.index() < 2) {
    values_ = std::visit([](const auto& v) { return widened<std::uint32_t>(v); }, values_);
  } else if (g > std::numeric_limits<std::uint8_t>::max() && values_.index() == 0) {
    values_ = widened<std::uint16_t>(std::get<0>(values_));
  }
  std::visit([g](auto& v) { v.push_back(static_cast<typename std::decay_t<decltype(v)>::value_type>(g)); },
             values_);
  if (g > max_) max_ = g;
}

void grundy_sequence::truncate(std::size_t n) {
  std::visit([n](auto& v) { v.resize(std::min(n, v.size())); }, values_);
  max_ = visit([](auto s) {
    grundy_value m = 0;
    for (auto g : s)
      m = std::max<grundy_value>(m, g);
    return m;
  });
}

std::vector<grundy_value> grundy_sequence::to_vector() const {
  return visit([](auto s) { return std::vector<grundy_value>(s.begin(), s.end()); });
}

bool operator==(const grundy_sequence& a, const grundy_sequence& b) {
  if (a.size() != b.size() || a.max_ != b.max_) return false;
  return a.visit([&](auto x) {
    return b.visit([&](auto y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); });
  });
}

} // namespace grundy
