// The sparse engine's driver: the steps run heap after heap, each value taken into account as
// it arrives (counts, rare heaps, reviews of the split), the buffers sized to the values; and
// the public engine, which hands each call over to it.

#include <grundy/octal/sparse.hpp>

#include "sparse_engine.hpp"
#include "sparse_kernels.hpp"

#include <grundy/detail/helper_thread.hpp>
#include <grundy/detail/parallel.hpp>
#include <grundy/detail/work_meter.hpp>

#include "steps.hpp"

#include <algorithm>
#include <optional>

namespace grundy {

using namespace detail::sparse;

sparse_engine::impl::impl(const octal_code& code, const sparse_options& options)
    : moves_(code), options_(options) {
  if (!moves_.two_heaps.empty()) {
    split_parity_ = moves_.two_heaps.front() & 1u;
    parity_allowed_ = std::all_of(moves_.two_heaps.begin(), moves_.two_heaps.end(),
                                  [&](std::uint32_t n) { return (n & 1u) == split_parity_; });
  }
  for (auto& b : blocks_)
    b.first = b.split = b.last = std::vector<std::size_t>(moves_.two_heaps.size(), 0);
  lower_.assign(moves_.two_heaps.size(), 0);
  next_review_ = first_review;
  if (options_.fixed_split) {
    split_ = *options_.fixed_split;
    if (split_.heap_parity && !parity_allowed_) split_ = {};
    fit(split_.mask);
  }
  fit(0);
}

void sparse_engine::impl::fit(grundy_value largest) {
  const unsigned bits =
      std::max(detail::value_bits(largest), static_cast<unsigned>(std::bit_width(split_.mask)));
  if (bits <= bits_ && !seen_.empty()) return;
  bits_ = std::max(bits, bits_);
  seen_.assign(std::size_t{2} << bits_, 0);
  invalidate_blocks(); // the rows are laid out for the old width
  if (bits_ > max_split_bits) {
    counting_ = false;
    counts_[0] = {};
    counts_[1] = {};
    for (auto& b : blocks_)
      b.rows = {}, b.bits = {};
    aux_ = {};
    wanted_ = {};
    positions_ = {};
    frequent_.clear();
    row_ = lanes_ = words_ = 0;
  } else {
    counts_[0].resize(std::size_t{1} << bits_, 0);
    counts_[1].resize(std::size_t{1} << bits_, 0);
    row_ = row_bytes(bits_);
    lanes_ = lanes_for(bits_);
    words_ = ((std::size_t{1} << bits_) + 63) / 64;
    for (auto& b : blocks_) {
      b.rows.assign(lanes_ * row_, 0);
      b.bits.assign(lanes_ * words_, 0);
    }
    aux_.assign(lanes_ * row_, 0);
    wanted_.assign(row_, 0);
  }
  build_patterns();
}

void sparse_engine::impl::invalidate_blocks() noexcept {
  for (auto& b : blocks_)
    b.start = b.end = 0;
}

// Called before anything a block pass reads changes (the split, the width of the rows or of
// the values, what mark_scan marks): waits for the helper's task and forgets every block.
void sparse_engine::impl::drain() noexcept {
  if (helper_) helper_->wait();
  posted_ = {};
  invalidate_blocks();
}

// Whether the helper runs the next heaps: set aside while other work keeps the two threads
// from running (see load_watch.hpp), taken back after a back-off. Values do not depend on it.
void sparse_engine::impl::look_at_load(std::size_t h) {
  next_look_ = h + look_every;
  bool two;
  if (options_.busy_cores) {
    busy_ = options_.busy_cores(h + 1);
    two = !busy_;
  } else {
    two = load_.go_on(available_->system_id(), h, helper_ != nullptr);
  }
  if (two == (helper_ != nullptr)) return;
  drain(); // blocks the helper prepared are forgotten; next_block prepares them anew
  if (!two) ++statistics_.helper_pauses;
  helper_ = two ? available_ : nullptr;
}

// Heap h's value x in `counts` and the lists of heaps by value; the lists first, the one
// allocation, so that a refused one leaves the counts as they were.
void sparse_engine::impl::count_value(std::size_t h, grundy_value x, value_counts& counts) {
  if (x >= positions_.size()) positions_.resize(std::size_t{1} << bits_);
  if (positions_[x].size() < remembered_heaps) positions_[x].push_back(static_cast<std::uint32_t>(h));
  ++counts[h & 1u][x];
}

// Whether the split is to be reviewed early after heap h, with `rare` rare heaps up to it: a
// split that was good can turn bad, most new heaps rare.
bool sparse_engine::impl::drifting(std::size_t h, std::size_t rare) const noexcept {
  return split_.mask != 0 && !options_.fixed_split &&
         2 * (rare - review_rare_) > (h + 1 - review_count_) + 1024;
}

template <class T> void sparse_engine::impl::after(const T* g, std::size_t h, grundy_value x) {
  seen_values_ = h + 1;
  if (x >> bits_) {
    drain();
    fit(x);
  }
  if (h == 0) return;
  if (available_ && h >= next_look_) look_at_load(h);
  if (counting_) count_value(h, x, counts_);
  if (split_.mask != 0 && is_rare(h, x)) {
    rare_.push_back(static_cast<std::uint32_t>(h));
    rare_values_.push_back(x);
  }
  if (h + 1 >= next_review_ || drifting(h, rare_.size())) {
    drain(); // a review may change the split, the patterns and what mark_scan marks
    review(g, h + 1);
  }
}

void sparse_engine::impl::extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) {
  if (values.size() >= count) return;
  values.reserve(count);
  invalidate_blocks(); // a block prepared in an earlier call may belong to other values
  if (seen_values_ < values.size()) {
    fit(values.max_value());
    values.visit([&](auto v) {
      for (std::size_t h = seen_values_; h < v.size(); ++h)
        after(v.data(), h, v[h]);
    });
  }
  available_ = detail::thread_count(options_.threads) > 1 && count - values.size() >= threaded_values &&
                       !moves_.two_heaps.empty() && moves_.three_heaps.empty()
                   ? &kept_.get()
                   : nullptr;
  const bool two =
      available_ && (options_.busy_cores ? !busy_ : load_.begin(available_->system_id(), values.size()));
  helper_ = two ? available_ : nullptr;
  next_look_ = values.size() + look_every;
  next_paired_ = 0;
  timed_from_ = 0; // time between calls is not the split's
  struct release { // the helper's tasks end before extend returns
    impl& engine;
    ~release() {
      engine.drain();
      if (engine.available_ && !engine.options_.busy_cores)
        engine.load_.end(engine.available_->system_id(), engine.seen_values_, engine.helper_ != nullptr);
      engine.helper_ = engine.available_ = nullptr;
    }
  } const released{*this};
  detail::run_steps(
      values, count, stop, [&](const auto* g, std::size_t h) { return step(g, h, stop); },
      [&](const auto* g, std::size_t h, grundy_value x) { after(g, h, x); },
      [&](auto& v, std::size_t end) { return paired(v, end, stop); });
}

// Resuming a saved run (see analysis.cpp). after() widens the buffers itself as values grow,
// so that the heaps are taken into account exactly as when they were computed.
void sparse_engine::impl::catch_up(const grundy_sequence& values, const std::atomic<bool>* stop) {
  if (seen_values_ >= values.size()) return;
  invalidate_blocks();
  detail::work_meter meter;
  values.visit([&](auto v) {
    for (std::size_t h = seen_values_; h < v.size(); ++h) {
      if (meter.stop_due(stop)) return;
      after(v.data(), h, v[h]);
    }
  });
}

sparse_engine::sparse_engine(const octal_code& code, const sparse_options& options)
    : impl_(std::make_unique<impl>(code, options)) {}
sparse_engine::sparse_engine(const sparse_engine& other) : impl_(std::make_unique<impl>(*other.impl_)) {}
sparse_engine::sparse_engine(sparse_engine&&) noexcept = default;
sparse_engine& sparse_engine::operator=(const sparse_engine& other) {
  if (this != &other) impl_ = std::make_unique<impl>(*other.impl_);
  return *this;
}
sparse_engine& sparse_engine::operator=(sparse_engine&&) noexcept = default;
sparse_engine::~sparse_engine() = default;

const octal_code& sparse_engine::code() const noexcept { return impl_->code(); }
void sparse_engine::extend(grundy_sequence& values, std::size_t count, const std::atomic<bool>* stop) {
  impl_->extend(values, count, stop);
}
void sparse_engine::catch_up(const grundy_sequence& values, const std::atomic<bool>* stop) {
  impl_->catch_up(values, stop);
}
void sparse_engine::set_threads(unsigned threads) noexcept { impl_->set_threads(threads); }
rare_split sparse_engine::split() const noexcept { return impl_->split(); }
std::size_t sparse_engine::rare_count() const noexcept { return impl_->rare_count(); }
bool sparse_engine::is_rare(std::size_t h, grundy_value g) const noexcept { return impl_->is_rare(h, g); }
const sparse_statistics& sparse_engine::statistics() const noexcept { return impl_->statistics(); }

grundy_sequence sparse_values(const octal_code& code, std::size_t count, const sparse_options& options) {
  grundy_sequence values;
  sparse_engine(code, options).extend(values, count);
  return values;
}

} // namespace grundy
