#include "engines.hpp"

#include <grundy/heap/sequence.hpp>

#include <vector>

namespace grundy {

namespace detail {

namespace {

// Every option of every heap, through heap_rule::for_each_option.
class generic_engine final : public heap_engine {
public:
  explicit generic_engine(heap_rule rule) : rule_(std::move(rule)) {}

  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) override {
    for (std::size_t h = values.size(); h < count; ++h) {
      seen_.assign(seen_.size(), 0);
      rule_.for_each_option(static_cast<heap_size>(h), [&](std::span<const heap_size> option) {
        grundy_value x = 0;
        for (heap_size k : option)
          x ^= values[k];
        if (x >= seen_.size()) seen_.resize(x + 1, 0);
        seen_[x] = 1;
        if (meter_.due(1)) check_sequence_stop(stop);
      });
      if (meter_.due(1)) check_sequence_stop(stop);
      grundy_value g = 0;
      while (g < seen_.size() && seen_[g])
        ++g;
      append(values, g);
    }
  }
  std::string_view name() const noexcept override { return "generic"; }

private:
  heap_rule rule_;
  std::vector<char> seen_;
  work_meter meter_;
};

} // namespace

std::unique_ptr<heap_engine> make_generic_engine(const heap_rule& rule) {
  return std::make_unique<generic_engine>(rule);
}

std::unique_ptr<heap_engine> make_heap_engine(const heap_rule& rule) {
  return std::visit(
      [&](const auto& k) -> std::unique_ptr<heap_engine> {
        using kind = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<kind, octal_code>)
          return make_octal_engine(k);
        else if constexpr (std::is_same_v<kind, subtraction_rule>)
          return k.all_but ? make_all_but_engine(k) : make_subtraction_engine(k);
        else if constexpr (std::is_same_v<kind, grundys_game_rule>)
          return make_grundys_game_engine();
        else if constexpr (std::is_same_v<kind, take_a_square_rule>)
          return make_take_a_square_engine();
        else
          return make_generic_engine(rule);
      },
      rule.kind());
}

} // namespace detail

grundy_sequence heap_values(const heap_rule& rule, std::size_t count, const std::atomic<bool>* stop) {
  grundy_sequence values;
  detail::make_heap_engine(rule)->extend(values, count, stop);
  return values;
}

grundy_sequence generic_heap_values(const heap_rule& rule, std::size_t count, const std::atomic<bool>* stop) {
  grundy_sequence values;
  detail::make_generic_engine(rule)->extend(values, count, stop);
  return values;
}

} // namespace grundy
