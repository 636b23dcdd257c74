#pragma once
// How states travel between ranks as bytes.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

namespace grundy::distributed {

// How a state travels between ranks: write() appends its bytes, read() reads one back and moves
// the pointer past it. Trivially copyable states (integers, arrays, packed structs such as
// tablettes_state) travel as their bytes, and contiguous containers of trivially copyable
// values (grundy::heaps, std::vector<int>) as their length and elements. Other state types
// specialise this template with the same two members.
template <class S> struct state_codec;

namespace detail {

template <class S>
concept copied_whole = std::is_trivially_copyable_v<S>;

template <class S>
concept element_container = requires(const S& s) {
  typename S::value_type;
  { s.data() } -> std::convertible_to<const typename S::value_type*>;
  { s.size() } -> std::convertible_to<std::size_t>;
};

template <class S>
concept copied_by_element =
    !copied_whole<S> && element_container<S> && copied_whole<typename S::value_type> &&
    std::constructible_from<S, const typename S::value_type*, const typename S::value_type*>;

} // namespace detail

template <detail::copied_whole S> struct state_codec<S> {
  static void write(const S& s, std::vector<std::byte>& out) {
    const auto* bytes = reinterpret_cast<const std::byte*>(&s);
    out.insert(out.end(), bytes, bytes + sizeof(S));
  }
  static S read(const std::byte*& in) {
    S s;
    std::memcpy(&s, in, sizeof(S));
    in += sizeof(S);
    return s;
  }
};

template <detail::copied_by_element S> struct state_codec<S> {
  using value_type = typename S::value_type;
  static void write(const S& s, std::vector<std::byte>& out) {
    const auto n = static_cast<std::uint32_t>(s.size());
    const auto* length = reinterpret_cast<const std::byte*>(&n);
    const auto* items = reinterpret_cast<const std::byte*>(s.data());
    out.insert(out.end(), length, length + sizeof n);
    out.insert(out.end(), items, items + n * sizeof(value_type));
  }
  static S read(const std::byte*& in) {
    std::uint32_t n = 0;
    std::memcpy(&n, in, sizeof n);
    in += sizeof n;
    // The bytes may sit at any alignment in the message, so they are copied out first.
    value_type small[16];
    std::unique_ptr<value_type[]> large;
    value_type* items = small;
    if (n > 16) items = (large = std::make_unique<value_type[]>(n)).get();
    if (n) std::memcpy(items, in, n * sizeof(value_type));
    in += n * sizeof(value_type);
    return S(items, items + n);
  }
};

template <class S>
concept transferable_state = requires(const S& s, std::vector<std::byte>& out, const std::byte*& in) {
  state_codec<S>::write(s, out);
  { state_codec<S>::read(in) } -> std::same_as<S>;
};

} // namespace grundy::distributed
