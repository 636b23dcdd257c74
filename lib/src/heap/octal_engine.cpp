// Octal and hexadecimal codes: the octal engines (sparse for codes that split heaps in two,
// naive for the others), run in chunks.

#include "engines.hpp"

#include <grundy/octal/moves.hpp>
#include <grundy/octal/naive.hpp>
#include <grundy/octal/sparse.hpp>

#include <algorithm>
#include <chrono>
#include <variant>

namespace grundy::detail {

namespace {

class octal_engine final : public heap_engine {
public:
  explicit octal_engine(const octal_code& code) : engine_(make(code)) {}

  void extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) override {
    // Chunks of about a tenth of a second keep the periodicity checks between them cheap; the
    // engines themselves return within milliseconds of a stop, even inside one heap.
    while (values.size() < count) {
      check_sequence_stop(stop);
      const auto t0 = std::chrono::steady_clock::now();
      const std::size_t target = std::min(count, values.size() + chunk_);
      std::visit([&](auto& e) { e.extend(values, target, stop); }, engine_);
      const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (took < 0.05)
        chunk_ *= 2;
      else if (took > 0.2 && chunk_ > 16)
        chunk_ /= 2;
    }
  }
  std::string_view name() const noexcept override {
    return std::holds_alternative<sparse_engine>(engine_) ? "sparse" : "naive";
  }
  std::size_t rare_count() const noexcept override {
    const auto* s = std::get_if<sparse_engine>(&engine_);
    return s ? s->rare_count() : 0;
  }

private:
  static std::variant<naive_engine, sparse_engine> make(const octal_code& code) {
    const octal_moves moves(code);
    if (moves.two_heaps.empty() || !moves.three_heaps.empty()) return naive_engine(code);
    return sparse_engine(code);
  }

  std::variant<naive_engine, sparse_engine> engine_;
  std::size_t chunk_ = 64;
};

} // namespace

std::unique_ptr<heap_engine> make_octal_engine(const octal_code& code) {
  return std::make_unique<octal_engine>(code);
}

} // namespace grundy::detail
