// Subtraction games: a finite set S in O(|S|) per value, all but a finite set in O(|S|) too.

#include "engines.hpp"

#include <algorithm>
#include <vector>

namespace grundy::detail {

namespace {

// G(n) = mex{G(n - s) : s in S, s <= n}: at most |S| options, so G(n) <= |S| and the mex is
// found in a stamp array of |S| + 1 slots (stamped with n + 1 instead of cleared).
class subtraction_engine final : public heap_engine {
public:
  explicit subtraction_engine(const subtraction_rule& rule)
      : set_(rule.set), stamp_(rule.set.size() + 2, 0) {}

  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) override {
    for (std::size_t n = values.size(); n < count; ++n) {
      const auto mark = static_cast<std::uint64_t>(n) + 1;
      for (heap_size s : set_) {
        if (s > n) break;
        const grundy_value v = values[n - s];
        if (v < stamp_.size()) stamp_[v] = mark;
      }
      grundy_value g = 0;
      while (stamp_[g] == mark)
        ++g;
      append(values, g);
      if (meter_.due(set_.size() + 1)) check_sequence_stop(stop);
    }
  }
  std::string_view name() const noexcept override { return "subtraction"; }

private:
  std::vector<heap_size> set_;
  std::vector<std::uint64_t> stamp_;
  work_meter meter_;
};

// All but S: every heap j < n - max(S) is an option of n, so G(n) is the mex of all of
// G(0..n-1) except the values whose every occurrence lies at some n - s, s in S. The engine
// keeps count[v], the occurrences of v among G(0..n-1), and the global mex M of those values
// (it only grows). Removing the |S| excluded positions lowers a few counts: G(n) is M, or the
// least value whose count fell to 0, whichever is smaller.
class all_but_engine final : public heap_engine {
public:
  explicit all_but_engine(const subtraction_rule& rule) : set_(rule.set) {}

  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) override {
    for (std::size_t n = counted_; n < values.size(); ++n) // values the engine has not counted
      add(values[n]);
    for (std::size_t n = values.size(); n < count; ++n) {
      grundy_value g = mex_;
      for (heap_size s : set_) {
        if (s > n) break;
        const grundy_value v = values[n - s];
        if (--count_[v] == 0) g = std::min(g, v);
      }
      for (heap_size s : set_) {
        if (s > n) break;
        ++count_[values[n - s]];
      }
      append(values, g);
      add(g);
      if (meter_.due(2 * set_.size() + 1)) check_sequence_stop(stop);
    }
  }
  std::string_view name() const noexcept override { return "all-but"; }

private:
  void add(grundy_value g) {
    if (g >= count_.size()) count_.resize(std::max<std::size_t>(2 * count_.size(), g + 1), 0);
    ++count_[g];
    while (mex_ < count_.size() && count_[mex_] != 0)
      ++mex_;
    if (mex_ == count_.size()) count_.resize(2 * count_.size() + 1, 0);
    ++counted_;
  }

  std::vector<heap_size> set_;
  std::vector<std::uint64_t> count_;
  grundy_value mex_ = 0;
  std::size_t counted_ = 0;
  work_meter meter_;
};

} // namespace

std::unique_ptr<heap_engine> make_subtraction_engine(const subtraction_rule& rule) {
  return std::make_unique<subtraction_engine>(rule);
}

std::unique_ptr<heap_engine> make_all_but_engine(const subtraction_rule& rule) {
  return std::make_unique<all_but_engine>(rule);
}

} // namespace grundy::detail
