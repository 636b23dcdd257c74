// Take-a-square: G(n) = mex{G(n - k^2)}, about sqrt(n) options per heap.

#include "engines.hpp"

#include <vector>

namespace grundy::detail {

namespace {

class take_a_square_engine final : public heap_engine {
public:
  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) override {
    for (std::size_t n = values.size(); n < count; ++n) {
      // G(n) is at most the number of options, so only values below it need a slot.
      const auto mark = static_cast<std::uint64_t>(n) + 1;
      std::size_t options = 0;
      for (std::size_t k = 1; k * k <= n; ++k) {
        const grundy_value v = values[n - k * k];
        if (v >= stamp_.size()) stamp_.resize(v + 1, 0);
        stamp_[v] = mark;
        ++options;
      }
      grundy_value g = 0;
      while (g < stamp_.size() && stamp_[g] == mark)
        ++g;
      append(values, g);
      if (meter_.due(options + 1)) check_sequence_stop(stop);
    }
  }
  std::string_view name() const noexcept override { return "squares"; }

private:
  std::vector<std::uint64_t> stamp_;
  work_meter meter_;
};

} // namespace

std::unique_ptr<heap_engine> make_take_a_square_engine() { return std::make_unique<take_a_square_engine>(); }

} // namespace grundy::detail
