#pragma once
// Grundy values G(0), G(1), ... of single heaps of one octal game, stored compactly.

#include <grundy/labelling.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <variant>
#include <vector>

namespace grundy {

namespace detail {
struct sequence_access;
}

// Octal games are computed to hundreds of millions of heap sizes while their values stay small
// (most never pass 255), so memory, not time, is what first limits a long run. Values are kept
// in the narrowest unsigned type that holds the largest one so far: one byte per value for
// nearly every game, two or four bytes only once a value needs them. Widening copies the
// values once per step (at most twice in a run), which costs far less than storing every value
// in 32 bits from the start.
class grundy_sequence {
public:
  grundy_sequence() = default;

  // A sequence holding `values` (for tests and for values read back from a file).
  explicit grundy_sequence(std::span<const grundy_value> values);

  std::size_t size() const noexcept;
  bool empty() const noexcept { return size() == 0; }

  grundy_value operator[](std::size_t n) const noexcept {
    switch (values_.index()) {
    case 0:
      return std::get<0>(values_)[n];
    case 1:
      return std::get<1>(values_)[n];
    default:
      return std::get<2>(values_)[n];
    }
  }

  // The largest value stored (0 for an empty sequence).
  grundy_value max_value() const noexcept { return max_; }

  // 1, 2 or 4: the width every value is stored in at present.
  std::size_t bytes_per_value() const noexcept;

  // Bytes held for the values, unused reserved capacity included.
  std::size_t memory_bytes() const noexcept;

  // Room for n values at the current width, so that appending up to n values never reallocates.
  void reserve(std::size_t n);

  // Appends one value, widening the storage when it does not fit.
  void push_back(grundy_value g);

  // Keeps the first n values (n <= size()).
  void truncate(std::size_t n);

  std::vector<grundy_value> to_vector() const;

  // Calls f with the values as a std::span<const T>, T the storage type, so that a loop over
  // many values can be compiled for the actual width instead of switching per value.
  template <class F> decltype(auto) visit(F&& f) const {
    return std::visit([&](const auto& v) -> decltype(auto) { return f(std::span(v.data(), v.size())); },
                      values_);
  }

  // Equal values, whatever the widths they are stored in.
  friend bool operator==(const grundy_sequence& a, const grundy_sequence& b);

private:
  friend struct detail::sequence_access;

  std::variant<std::vector<std::uint8_t>, std::vector<std::uint16_t>, std::vector<std::uint32_t>> values_;
  grundy_value max_ = 0;
};

namespace detail {

// The engines append to the storage vector directly from their hot loops; this is their only
// way in, which keeps the public interface free of mutable access to the raw values.
struct sequence_access {
  template <class F> static decltype(auto) visit(grundy_sequence& s, F&& f) {
    return std::visit([&](auto& v) -> decltype(auto) { return f(v); }, s.values_);
  }
  // Records values appended through visit(): they all fit the current width.
  static void appended(grundy_sequence& s, grundy_value largest) noexcept {
    if (largest > s.max_) s.max_ = largest;
  }
};

} // namespace detail

} // namespace grundy
